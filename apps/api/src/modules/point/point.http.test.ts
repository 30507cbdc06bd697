import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/app-error.js';
import { fixedClock } from '../../platform/clock.js';
import { withTx } from '../../platform/db/pool.js';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { registeredUser } from '../../test-support/user-factory.js';
import { createBilling } from '../billing/billing.service.js';
import { auditTrail } from '../audit/audit.service.js';
import { signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';
import {
  confirmCheckoutPoints,
  consumePoints,
  pointBalance,
  recordManualAction,
  refundBillingPoints,
  revokeExpiredPoints,
} from './point.service.js';
import {
  staffCreatePointAction,
  getPointBalance as getPointBalanceMethod,
  listPointActions,
} from '@yado/contract/point.contract';

let t: TestApi;
let staffToken: string;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApi();
  staffToken = (await signInStaff(t)).idToken;
});

async function guest() {
  const u = await registeredUser(t);
  return { token: u.token, accountId: (await t.api.verifyIdToken(u.token)).accountId };
}

const grant = (accountId: string, points: number, reason = 'CONFIRM_MANUAL', key?: string) =>
  t.callRaw(
    staffCreatePointAction,
    { accountId, reason, points, note: 'Apology for the late check-in' },
    { token: staffToken, ...(key ? { headers: { 'idempotency-key': key } } : {}) },
  );

async function billingOf(accountId: string): Promise<string> {
  const b = await withTx(t.pool, (tx) =>
    createBilling(tx, {
      bookingId: `bk-${randomUUID()}`,
      accountId,
      billingType: 'DEFAULT',
      lines: [
        {
          subject: 'ACCOMMODATION',
          category: null,
          titleEn: 'Stay',
          titleJa: '宿泊',
          date: '2031-08-10',
          quantity: 1,
          amount: 20_000,
          taxRateType: 'STANDARD',
          serviceChargeApplicable: false,
        },
      ],
      serviceChargePercentage: '0',
      accommodationTax: 0,
      paymentDeadline: null,
    }),
  );
  return b.billingId;
}

async function reasonOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err.reason;
    throw err;
  }
  return 'none';
}

describe('staff_create_point_action', () => {
  it('grants and takes points with a note, audited; the balance is the sum', async () => {
    const g = await guest();
    const granted = await grant(g.accountId, 1_500);
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ pointAction: { points: 1_500, reason: 'CONFIRM_MANUAL' }, balance: 1_500 });
    expect(granted.body.pointAction.expiresAt).not.toBeNull();
    const taken = await grant(g.accountId, 500, 'REVOKE_MANUAL');
    expect(taken.body).toMatchObject({
      pointAction: { points: -500, reason: 'REVOKE_MANUAL', expiresAt: null },
      balance: 1_000,
    });
    const audit = await auditTrail(t.pool, 'point_action', taken.body.pointAction.pointActionId);
    expect(audit[0]).toMatchObject({
      action: 'point_action.create',
      after: { points: -500, note: 'Apology for the late check-in' },
    });
    const balance = await t.call(getPointBalanceMethod, {}, { token: g.token });
    expect(balance.body.balance).toBe(1_000);
  });

  it('never leaves a balance below zero, refuses unknown accounts and non-staff', async () => {
    const g = await guest();
    await grant(g.accountId, 100);
    const below = await grant(g.accountId, 101, 'CONSUME_MANUAL');
    expect([below.status, below.error.errorInfo.reason]).toEqual([409, 'CodeInsufficientPoints']);
    expect(await pointBalance(t.pool, g.accountId)).toBe(100);
    const unknown = await grant(randomUUID(), 100);
    expect([unknown.status, unknown.error.errorInfo.reason]).toEqual([404, 'CodeUserNotFound']);
    const asGuest = await t.call(
      staffCreatePointAction,
      { accountId: g.accountId, reason: 'CONFIRM_MANUAL', points: 100, note: 'x' },
      { token: g.token },
    );
    expect(asGuest.status).toBe(403);
    const badReason = await grant(g.accountId, 100, 'CONFIRM_CHECK_OUT');
    expect(badReason.status).toBe(400);
  });

  it('is idempotent with an Idempotency-Key', async () => {
    const g = await guest();
    const key = `grant-${randomUUID()}`;
    await grant(g.accountId, 300, 'CONFIRM_MANUAL', key);
    const again = await grant(g.accountId, 300, 'CONFIRM_MANUAL', key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await pointBalance(t.pool, g.accountId)).toBe(300);
  });
});

describe('get_point_balance and list_point_actions', () => {
  it('lists the history newest first, page by page, and only the caller’s', async () => {
    const g = await guest();
    for (const points of [10, 20, 30, 40, 50]) {
      await grant(g.accountId, points);
      t.clock.advance(1_000);
    }
    const first = await t.call(listPointActions, { pageSize: 2 }, { token: g.token });
    expect(first.status).toBe(200);
    expect(first.body.pointActions.map((a: { points: number }) => a.points)).toEqual([50, 40]);
    const second = await t.call(
      listPointActions,
      { pageSize: 2, pageToken: first.body.nextPageToken },
      { token: g.token },
    );
    expect(second.body.pointActions.map((a: { points: number }) => a.points)).toEqual([30, 20]);
    const third = await t.call(
      listPointActions,
      { pageSize: 2, pageToken: second.body.nextPageToken },
      { token: g.token },
    );
    expect(third.body).toMatchObject({ pointActions: [{ points: 10 }], nextPageToken: '' });
    const other = await guest();
    expect((await t.call(listPointActions, {}, { token: other.token })).body).toEqual({
      pointActions: [],
      nextPageToken: '',
    });
    expect((await t.call(listPointActions, { pageToken: 'garbage' }, { token: g.token })).status).toBe(400);
    expect((await t.call(getPointBalanceMethod, {})).status).toBe(401);
  });

  it('warns of points lapsing within 90 days', async () => {
    const g = await guest();
    await grant(g.accountId, 700);
    const now = await t.call(getPointBalanceMethod, {}, { token: g.token });
    expect(now.body).toEqual({ balance: 700, expiringSoon: [] });
    // Seen 300 days later, through a service call with its own clock (tokens would have expired by then).
    const { getPointBalance } = await import('./point.service.js');
    const later = await getPointBalance(
      { ...t.api.deps, clock: fixedClock(new Date(t.clock.now().getTime() + 300 * DAY)) },
      g.accountId,
    );
    expect(later.balance).toBe(700);
    expect(later.expiringSoon).toHaveLength(1);
    expect(later.expiringSoon[0]?.points).toBe(700);
  });
});

describe('points and billings', () => {
  it('consumePoints spends once per billing; refundBillingPoints gives back once', async () => {
    const g = await guest();
    await grant(g.accountId, 1_000);
    const billingId = await billingOf(g.accountId);
    t.clock.advance(1_000);
    const at = t.clock.now();
    await withTx(t.pool, (tx) => consumePoints(tx, { accountId: g.accountId, points: 400, billingId, at }));
    await withTx(t.pool, (tx) => consumePoints(tx, { accountId: g.accountId, points: 400, billingId, at }));
    expect(await pointBalance(t.pool, g.accountId)).toBe(600);
    expect(
      await reasonOf(withTx(t.pool, (tx) => consumePoints(tx, { accountId: g.accountId, points: 1_001, billingId }))),
    ).toBe('CodeInsufficientPoints');
    // The refused change left the first consumption as it was.
    expect(await pointBalance(t.pool, g.accountId)).toBe(600);
    t.clock.advance(1_000);
    expect(await withTx(t.pool, (tx) => refundBillingPoints(tx, { billingId, at: t.clock.now() }))).toEqual({
      refunded: 400,
    });
    expect(await withTx(t.pool, (tx) => refundBillingPoints(tx, { billingId }))).toEqual({ refunded: 0 });
    expect(await pointBalance(t.pool, g.accountId)).toBe(1_000);
    const history = await t.call(listPointActions, {}, { token: g.token });
    expect(history.body.pointActions.map((a: { reason: string; points: number }) => [a.reason, a.points])).toEqual([
      ['REFUND_BILLING', 400],
      ['CONSUME_BILLING', -400],
      ['CONFIRM_MANUAL', 1_000],
    ]);
  });

  it('concurrent spends of the same points: one wins, the balance never goes below zero', async () => {
    const g = await guest();
    await grant(g.accountId, 500);
    const [a, b] = [await billingOf(g.accountId), await billingOf(g.accountId)];
    const results = await Promise.all(
      [a, b].map((billingId) =>
        reasonOf(withTx(t.pool, (tx) => consumePoints(tx, { accountId: g.accountId, points: 400, billingId }))),
      ),
    );
    expect(results.sort()).toEqual(['CodeInsufficientPoints', 'none']);
    expect(await pointBalance(t.pool, g.accountId)).toBe(100);
  });

  it('confirmCheckoutPoints earns 1 point per 100 yen, once per booking', async () => {
    const g = await guest();
    const bookingId = `bk-${randomUUID()}`;
    const first = await withTx(t.pool, (tx) =>
      confirmCheckoutPoints(tx, { accountId: g.accountId, bookingId, paidAccommodationAmount: 45_678 }),
    );
    const again = await withTx(t.pool, (tx) =>
      confirmCheckoutPoints(tx, { accountId: g.accountId, bookingId, paidAccommodationAmount: 99_999 }),
    );
    expect(first).toEqual({ points: 456 });
    expect(again).toEqual({ points: 456 });
    expect(await pointBalance(t.pool, g.accountId)).toBe(456);
  });
});

describe('revoke-expired-points', () => {
  it('revokes the unspent remainder 365 days after earning, once', async () => {
    const g = await guest();
    await grant(g.accountId, 1_000);
    const billingId = await billingOf(g.accountId);
    await withTx(t.pool, (tx) => consumePoints(tx, { accountId: g.accountId, points: 300, billingId }));
    const at = (days: number) => ({ ...t.api.deps, clock: fixedClock(new Date(t.clock.now().getTime() + days * DAY)) });

    await revokeExpiredPoints(at(364));
    expect(await pointBalance(t.pool, g.accountId)).toBe(700);
    await revokeExpiredPoints(at(366));
    expect(await pointBalance(t.pool, g.accountId)).toBe(0);
    await revokeExpiredPoints(at(367));
    expect(await pointBalance(t.pool, g.accountId)).toBe(0);
    const rows = await t.pool.query<{ points: number; reason: string }>(
      "SELECT points, reason FROM point_actions WHERE account_id = $1 AND reason = 'REVOKE_EXPIRED'",
      [g.accountId],
    );
    expect(rows.rows).toEqual([{ points: -700, reason: 'REVOKE_EXPIRED' }]);
  });

  it('spends the oldest points first, so only the older lot lapses', async () => {
    const g = await guest();
    const start = t.clock.now().getTime();
    const on = (days: number) => new Date(start + days * DAY);
    const earn = (days: number) =>
      withTx(t.pool, (tx) =>
        recordManualAction(tx, {
          accountId: g.accountId,
          reason: 'CONFIRM_MANUAL',
          points: 100,
          note: 'n',
          at: on(days),
          actor: 'test',
        }),
      );
    await earn(0);
    await earn(10);
    const billingId = await billingOf(g.accountId);
    await withTx(t.pool, (tx) => consumePoints(tx, { accountId: g.accountId, points: 150, billingId, at: on(20) }));
    await revokeExpiredPoints({ ...t.api.deps, clock: fixedClock(on(370)) });
    // The first lot was spent entirely; the second (50 left) has not lapsed yet.
    expect(await pointBalance(t.pool, g.accountId)).toBe(50);
    await revokeExpiredPoints({ ...t.api.deps, clock: fixedClock(on(376)) });
    expect(await pointBalance(t.pool, g.accountId)).toBe(0);
  });
});
