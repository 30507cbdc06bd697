import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { registeredUser } from '../../test-support/user-factory.js';
import { auditTrail } from '../audit/audit.service.js';
import { signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';
import {
  staffCreatePointAction,
  staffGetPointBalance,
  staffListPointActions,
  getPointBalance,
  listPointActions,
} from '@yado/contract/point.contract';

// A guest's points as the staff console reads and changes them: the balance, the ledger with
// notes and who recorded each entry, and manual actions audited with the balance before and after.

let t: TestApi;
let staff: Awaited<ReturnType<typeof signInStaff>>;
const staffEmail = `desk-${randomUUID().slice(0, 8)}@example.com`;

type Res = { status: number; body: any };

beforeAll(async () => {
  t = await createTestApi();
  staff = await signInStaff(t, staffEmail);
});

async function guest() {
  const u = await registeredUser(t);
  return { token: u.token, accountId: (await t.api.verifyIdToken(u.token)).accountId };
}

const act = (accountId: string, reason: string, points: number, note: string) =>
  t.callRaw(staffCreatePointAction, { accountId, reason, points, note }, { token: staff.idToken }) as Promise<Res>;
const balanceOf = (accountId: string, token = staff.idToken) =>
  t.call(staffGetPointBalance, { accountId }, { token }) as Promise<Res>;
const ledgerOf = (input: Record<string, unknown>, token = staff.idToken) =>
  t.callRaw(staffListPointActions, input, { token }) as Promise<Res>;

describe('staff_get_point_balance and staff_list_point_actions', () => {
  it('show staff what the guest sees, plus each entry’s note and who recorded it', async () => {
    const g = await guest();
    expect((await act(g.accountId, 'CONFIRM_MANUAL', 1_200, 'Apology for the broken heater')).status).toBe(200);
    t.clock.advance(1_000);
    expect((await act(g.accountId, 'CONSUME_MANUAL', 200, 'Paid the minibar at the desk')).status).toBe(200);

    const staffView = await balanceOf(g.accountId);
    const guestView = await t.call(getPointBalance, {}, { token: g.token });
    expect(staffView.status).toBe(200);
    expect(staffView.body).toEqual(guestView.body);
    expect(staffView.body.balance).toBe(1_000);

    const ledger = await ledgerOf({ accountId: g.accountId });
    expect(ledger.status).toBe(200);
    expect(ledger.body.pointActions).toMatchObject([
      {
        reason: 'CONSUME_MANUAL',
        points: -200,
        note: 'Paid the minibar at the desk',
        actor: `account:${staff.accountId}`,
        actorEmail: staffEmail,
        expiresAt: null,
      },
      { reason: 'CONFIRM_MANUAL', points: 1_200, note: 'Apology for the broken heater', actorEmail: staffEmail },
    ]);
    const guestLedger = await t.call(listPointActions, {}, { token: g.token });
    expect(guestLedger.body.pointActions.map((a: { pointActionId: string }) => a.pointActionId)).toEqual(
      ledger.body.pointActions.map((a: { pointActionId: string }) => a.pointActionId),
    );
    // The guest's own view never carries the staff's notes.
    expect(JSON.stringify(guestLedger.body)).not.toContain('minibar');
  });

  it('pages the ledger newest first', async () => {
    const g = await guest();
    for (const points of [10, 20, 30]) {
      await act(g.accountId, 'CONFIRM_MANUAL', points, `Grant of ${points}`);
      t.clock.advance(1_000);
    }
    const first = await ledgerOf({ accountId: g.accountId, pageSize: 2 });
    expect(first.body.pointActions.map((a: { points: number }) => a.points)).toEqual([30, 20]);
    const second = await ledgerOf({ accountId: g.accountId, pageSize: 2, pageToken: first.body.nextPageToken });
    expect(second.body).toMatchObject({ pointActions: [{ points: 10, note: 'Grant of 10' }], nextPageToken: '' });
    expect((await ledgerOf({ accountId: g.accountId, pageToken: 'garbage' })).status).toBe(400);
  });

  it('answer 404 for an unknown or malformed account and 400 for bad input', async () => {
    for (const accountId of [randomUUID(), 'not-an-account']) {
      const balance = await balanceOf(accountId);
      expect([balance.status, balance.body.errorInfo.reason]).toEqual([404, 'CodeUserNotFound']);
      const ledger = await ledgerOf({ accountId });
      expect([ledger.status, ledger.body.errorInfo.reason]).toEqual([404, 'CodeUserNotFound']);
    }
    const g = await guest();
    expect((await balanceOf('')).status).toBe(400);
    expect((await ledgerOf({ accountId: g.accountId, pageSize: 0 })).status).toBe(400);
    expect((await ledgerOf({ accountId: g.accountId, pageSize: 101 })).status).toBe(400);
    expect((await ledgerOf({})).status).toBe(400);
    expect(
      (await t.callRaw(staffGetPointBalance, { accountId: g.accountId, extra: 1 }, { token: staff.idToken })).status,
    ).toBe(400);
  });

  it('are refused to a guest, even for the guest’s own account', async () => {
    const g = await guest();
    const balance = await balanceOf(g.accountId, g.token);
    expect([balance.status, balance.body.errorInfo.reason]).toEqual([403, 'CodePermissionDenied']);
    const ledger = await ledgerOf({ accountId: g.accountId }, g.token);
    expect([ledger.status, ledger.body.errorInfo.reason]).toEqual([403, 'CodePermissionDenied']);
    expect((await t.call(staffGetPointBalance, { accountId: g.accountId })).status).toBe(401);
  });
});

describe('staff_create_point_action', () => {
  it('audits who, when, the entry and the balance before and after', async () => {
    const g = await guest();
    await act(g.accountId, 'CONFIRM_MANUAL', 500, 'Welcome back');
    const refund = await act(g.accountId, 'REFUND_MANUAL', 300, 'Spa closed during the stay');
    expect(refund.body).toMatchObject({ pointAction: { points: 300, reason: 'REFUND_MANUAL' }, balance: 800 });
    const [entry] = await auditTrail(t.pool, 'point_action', refund.body.pointAction.pointActionId);
    expect(entry).toMatchObject({
      actor: `account:${staff.accountId}`,
      action: 'point_action.create',
      before: { accountId: g.accountId, balance: 500 },
      after: {
        accountId: g.accountId,
        reason: 'REFUND_MANUAL',
        points: 300,
        note: 'Spa closed during the stay',
        balance: 800,
      },
    });
    expect(entry?.at.getTime()).toBe(t.clock.now().getTime());
  });

  it('refuses to revoke more than the balance, a malformed account, and a blank note; nothing is written', async () => {
    const g = await guest();
    await act(g.accountId, 'CONFIRM_MANUAL', 100, 'Grant');
    const over = await act(g.accountId, 'REVOKE_MANUAL', 101, 'Too much');
    expect([over.status, over.body.errorInfo.reason]).toEqual([409, 'CodeInsufficientPoints']);
    const malformed = await act('not-an-account', 'CONFIRM_MANUAL', 100, 'Grant');
    expect([malformed.status, malformed.body.errorInfo.reason]).toEqual([404, 'CodeUserNotFound']);
    expect((await act(g.accountId, 'CONFIRM_MANUAL', 100, '   ')).status).toBe(400);
    expect((await act(g.accountId, 'CONFIRM_MANUAL', 0, 'Zero')).status).toBe(400);
    expect((await act(g.accountId, 'CONFIRM_MANUAL', 1.5, 'Half')).status).toBe(400);
    expect((await balanceOf(g.accountId)).body.balance).toBe(100);
    expect((await ledgerOf({ accountId: g.accountId })).body.pointActions).toHaveLength(1);
  });

  it('refuses staff changing their own points', async () => {
    const own = await act(staff.accountId, 'CONFIRM_MANUAL', 1_000, 'For myself');
    expect([own.status, own.body.errorInfo.reason]).toEqual([403, 'CodePermissionDenied']);
    expect((await ledgerOf({ accountId: staff.accountId })).body.pointActions).toEqual([]);
    const colleague = await signInStaff(t);
    const byColleague = await t.call(
      staffCreatePointAction,
      { accountId: staff.accountId, reason: 'CONFIRM_MANUAL', points: 1_000, note: 'Staff welcome' },
      { token: colleague.idToken },
    );
    expect(byColleague.status).toBe(200);
  });
});
