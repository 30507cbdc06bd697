import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { completeBillingPayment, getBillingDetail, listBillings, payBilling } from '@yado/contract/billing.contract';
import { createNacDeposit, getNacRateQuote, listNacTransfers } from '@yado/contract/nac.contract';
import { createCardRegistration, completeCardRegistration } from '@yado/contract/payment.contract';
import type { MethodInput } from '@yado/contract/method';
import { withTx } from '../../platform/db/pool.js';
import { accommodationLine } from './billing.test-factory.js';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { registeredUser } from '../../test-support/user-factory.js';
import { nacBalance, takeNacPayment } from '../nac/nac.service.js';
import { startPayment } from '../payment/payment.service.js';
import { pointBalance, recordManualAction } from '../point/point.service.js';
import * as repo from './billing.repo.js';
import {
  cancelBilling,
  createBilling,
  markBillingRefunded,
  releaseStaleNacHolds,
  type BillingLineInput,
} from './billing.service.js';

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
});

type Guest = { token: string; accountId: string; email: string };

async function guest(): Promise<Guest> {
  const u = await registeredUser(t);
  const principal = await t.api.verifyIdToken(u.token);
  return { token: u.token, accountId: principal.accountId, email: u.email };
}

const LINES: BillingLineInput[] = [accommodationLine(40_000)];
// 40,000 + 10% tax; no accommodation tax.
const TOTAL = 44_000;

async function newBilling(accountId: string) {
  return withTx(t.pool, (tx) =>
    createBilling(tx, {
      bookingId: `bk-${randomUUID()}`,
      accountId,
      billingType: 'DEFAULT',
      lines: LINES,
      serviceChargePercentage: '0',
      accommodationTax: 0,
      paymentDeadline: new Date(t.clock.now().getTime() + 3 * 86_400_000),
    }),
  );
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

async function addCard(g: Guest, number = '4242424242424242'): Promise<string> {
  const reg = await t.call(createCardRegistration, { returnUrl: '/en/mypage' }, { token: g.token });
  await t.raw(reg.body.registrationUrl, form({ action: 'card', number, expiry: '12/39', cvc: '123', name: '' }));
  const done = await t.call(completeCardRegistration, { registrationId: reg.body.registrationId }, { token: g.token });
  expect(done.status).toBe(200);
  return done.body.creditCard.paymentMethodId as string;
}

/** NAC in the wallet, deposited through the test exchange as a guest would. */
async function fundNac(g: Guest, nacAmount: string) {
  const res = await t.call(
    createNacDeposit,
    { nacAmount },
    { token: g.token, headers: { 'idempotency-key': randomUUID() } },
  );
  expect(res.status).toBe(200);
  const id = res.body.transfer.nacTransferId;
  for (let i = 0; i < 250; i += 1) {
    const list = await t.call(listNacTransfers, { pageSize: 50, pageToken: '' }, { token: g.token });
    const x = list.body.transfers.find((tr: { nacTransferId: string }) => tr.nacTransferId === id);
    if (x && x.status !== 'PENDING') {
      expect(x.status).toBe('COMPLETED');
      return;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('deposit never settled');
}

async function quote(g: Guest, amountInJpy: number) {
  const res = await t.call(getNacRateQuote, { amountInJpy }, { token: g.token });
  expect(res.status).toBe(200);
  return res.body as { nacAmount: string; amountInJpy: number; nacToJpyRate: string; nacToJpyRateHash: string };
}

const nacFields = (q: Awaited<ReturnType<typeof quote>>) => ({
  nacPaymentAmount: q.nacAmount,
  nacPaymentAmountInJpy: q.amountInJpy,
  nacToJpyRate: q.nacToJpyRate,
  nacToJpyRateHash: q.nacToJpyRateHash,
});

const pay = (g: Guest, body: MethodInput<typeof payBilling>, key: string = randomUUID()) =>
  t.call(payBilling, body, { token: g.token, headers: { 'idempotency-key': key } });

const ledger = async (accountId: string) =>
  (
    await t.pool.query<{ amount: string; kind: string; reference: string | null }>(
      'SELECT amount::text, kind, reference FROM nac_ledger WHERE account_id = $1 AND reference IS NOT NULL ORDER BY id',
      [accountId],
    )
  ).rows.map((r) => ({ ...r, amount: String(Number(r.amount)) }));

const units = (nac: string) => {
  const [w, f = ''] = nac.split('.');
  return BigInt(w!) * 100_000_000n + BigInt(f.padEnd(8, '0'));
};

describe('pay_billing with NAC', () => {
  it('pays half in NAC at the quote and half by card, recording every NAC field', async () => {
    const g = await guest();
    await fundNac(g, '1000');
    const card = await addCard(g);
    const b = await newBilling(g.accountId);
    const q = await quote(g, TOTAL / 2);
    const res = await pay(g, { billingId: b.billingId, paymentMethodId: card, ...nacFields(q) });
    expect(res.status).toBe(200);
    expect(res.body.payment).toEqual({ status: 'PAID' });
    expect(res.body.billing).toMatchObject({
      billingStatus: 'PAID',
      totalBillingAmount: TOTAL,
      nacPaymentAmount: q.nacAmount,
      nacToJpyRate: q.nacToJpyRate,
      nacPaymentAmountInJpy: TOTAL / 2,
      fiatJpyPaymentAmount: TOTAL / 2,
      pointPaymentAmount: 0,
      nacGuaranteedDiscountAmount: 0,
    });
    expect(res.body.billing.nacPaidAt).not.toBeNull();
    expect(await nacBalance(t.api.deps, g.accountId)).toBe(units('1000') - units(q.nacAmount));
    expect(await ledger(g.accountId)).toEqual([
      { amount: String(-Number(q.nacAmount)), kind: 'PAYMENT', reference: `billing:${b.billingId}` },
    ]);
    const card_ = await t.pool.query<{ amount: string }>(
      "SELECT amount::text FROM payments WHERE reference = $1 AND status = 'CAPTURED'",
      [b.billingId],
    );
    expect(card_.rows.map((r) => Number(r.amount))).toEqual([TOTAL / 2]);
    const detail = await t.call(getBillingDetail, { billingId: b.billingId }, { token: g.token });
    expect(detail.body.billing).toMatchObject({ nacPaymentAmount: q.nacAmount, nacPaymentAmountInJpy: TOTAL / 2 });
  });

  it('pays with NAC, points and a card together, or with NAC and points alone and no card', async () => {
    const g = await guest();
    await fundNac(g, '1000');
    await withTx(t.pool, (tx) =>
      recordManualAction(tx, {
        accountId: g.accountId,
        reason: 'CONFIRM_MANUAL',
        points: 4_000,
        note: 't',
        at: t.clock.now(),
        actor: 't',
      }),
    );
    const card = await addCard(g);
    const a = await newBilling(g.accountId);
    const qa = await quote(g, 20_000);
    const mixed = await pay(g, {
      billingId: a.billingId,
      paymentMethodId: card,
      pointPaymentAmount: 1_000,
      ...nacFields(qa),
    });
    expect(mixed.body.billing).toMatchObject({
      billingStatus: 'PAID',
      pointPaymentAmount: 1_000,
      nacPaymentAmountInJpy: 20_000,
      fiatJpyPaymentAmount: TOTAL - 21_000,
    });
    const b = await newBilling(g.accountId);
    const qb = await quote(g, TOTAL - 3_000);
    const noCard = await pay(g, { billingId: b.billingId, pointPaymentAmount: 3_000, ...nacFields(qb) });
    expect(noCard.status).toBe(200);
    expect(noCard.body.billing).toMatchObject({ billingStatus: 'PAID', fiatJpyPaymentAmount: 0, paymentMethod: null });
    expect(await pointBalance(t.pool, g.accountId)).toBe(0);
    expect((await t.pool.query('SELECT 1 FROM payments WHERE reference = $1', [b.billingId])).rowCount).toBe(0);
    // A card is needed for anything points and NAC leave.
    const c = await newBilling(g.accountId);
    const qc = await quote(g, 1_000);
    const missing = await pay(g, { billingId: c.billingId, ...nacFields(qc) });
    expect(missing.status).toBe(400);
    expect(missing.error.errorInfo.reason).toBe('CodeBillingPaymentMethodRequired');
  });

  it('refuses a stale, altered, incomplete or borrowed quote, and more NAC than is due, taking nothing', async () => {
    const g = await guest();
    const other = await guest();
    await fundNac(g, '1000');
    const card = await addCard(g);
    const b = await newBilling(g.accountId);
    const reasonOf = async (body: Partial<MethodInput<typeof payBilling>>) =>
      (await pay(g, { billingId: b.billingId, paymentMethodId: card, ...body })).error.errorInfo.reason;

    const q = await quote(g, 10_000);
    expect(await reasonOf({ ...nacFields(q), nacPaymentAmountInJpy: 11_000 })).toBe('CodeRateQuoteInvalid');
    expect(await reasonOf({ ...nacFields(q), nacToJpyRate: '999999' })).toBe('CodeRateQuoteInvalid');
    expect(await reasonOf({ ...nacFields(q), nacPaymentAmount: '0.1' })).toBe('CodeRateQuoteInvalid');
    expect(await reasonOf({ ...nacFields(await quote(other, 10_000)) })).toBe('CodeRateQuoteInvalid');
    expect(await reasonOf({ nacPaymentAmount: q.nacAmount })).toBe('CodeInvalidArgument');
    expect(await reasonOf({ ...nacFields(await quote(g, TOTAL + 1)) })).toBe('CodeNacPaymentExceedsAmount');
    t.clock.advance(121_000);
    expect(await reasonOf(nacFields(q))).toBe('CodeRateQuoteExpired');
    expect(await ledger(g.accountId)).toEqual([]);
    expect((await repo.findBilling(t.pool, b.billingId))?.status).toBe('REQUESTED');
  });

  it('refuses NAC the wallet does not hold with its own code, reserving no points', async () => {
    const g = await guest();
    await fundNac(g, '1');
    await withTx(t.pool, (tx) =>
      recordManualAction(tx, {
        accountId: g.accountId,
        reason: 'CONFIRM_MANUAL',
        points: 500,
        note: 't',
        at: t.clock.now(),
        actor: 't',
      }),
    );
    const card = await addCard(g);
    const b = await newBilling(g.accountId);
    const res = await pay(g, {
      billingId: b.billingId,
      paymentMethodId: card,
      pointPaymentAmount: 500,
      ...nacFields(await quote(g, 30_000)),
    });
    expect(res.status).toBe(409);
    expect(res.error.errorInfo.reason).toBe('CodeNacInsufficientBalance');
    expect(await pointBalance(t.pool, g.accountId)).toBe(500);
    expect(await nacBalance(t.api.deps, g.accountId)).toBe(units('1'));
    const after = await repo.findBilling(t.pool, b.billingId);
    expect(after).toMatchObject({
      status: 'REQUESTED',
      nacPaymentAmount: null,
      pointPaymentAmount: 0,
      paymentAttempt: 0,
    });
  });

  it('gives the NAC back when the card is declined, and takes it again under a new reference on the next try', async () => {
    const g = await guest();
    await fundNac(g, '1000');
    const declined = await addCard(g, '4000000000000002');
    const good = await addCard(g);
    const b = await newBilling(g.accountId);
    const q1 = await quote(g, 22_000);
    const failed = await pay(g, { billingId: b.billingId, paymentMethodId: declined, ...nacFields(q1) });
    expect(failed.body.payment).toEqual({ status: 'FAILED', reason: 'CodePaymentDeclined' });
    expect(failed.body.billing).toMatchObject({
      billingStatus: 'FAILED',
      nacPaymentAmount: '0',
      nacPaymentAmountInJpy: 0,
    });
    expect(await nacBalance(t.api.deps, g.accountId)).toBe(units('1000'));
    const q2 = await quote(g, 22_000);
    const ok = await pay(g, { billingId: b.billingId, paymentMethodId: good, ...nacFields(q2) });
    expect(ok.body.payment).toEqual({ status: 'PAID' });
    expect((await ledger(g.accountId)).map((e) => [e.kind, e.reference])).toEqual([
      ['PAYMENT', `billing:${b.billingId}`],
      ['PAYMENT_REFUND', `billing:${b.billingId}`],
      ['PAYMENT', `billing:${b.billingId}#2`],
    ]);
    expect(await nacBalance(t.api.deps, g.accountId)).toBe(units('1000') - units(q2.nacAmount));
  });

  it('holds the NAC while 3-D Secure is open, and gives it back when the guest abandons it and pays otherwise', async () => {
    const g = await guest();
    await fundNac(g, '1000');
    const challenge = await addCard(g, '4000000000003220');
    const good = await addCard(g);
    const b = await newBilling(g.accountId);
    const q1 = await quote(g, 10_000);
    const open = await pay(g, { billingId: b.billingId, paymentMethodId: challenge, ...nacFields(q1) });
    expect(open.body.payment.status).toBe('REQUIRES_ACTION');
    expect(await nacBalance(t.api.deps, g.accountId)).toBe(units('1000') - units(q1.nacAmount));
    // The guest closes the challenge page and pays by another card without NAC.
    const paid = await pay(g, { billingId: b.billingId, paymentMethodId: good });
    expect(paid.body.payment).toEqual({ status: 'PAID' });
    expect(paid.body.billing).toMatchObject({ nacPaymentAmount: '0', fiatJpyPaymentAmount: TOTAL });
    expect(await nacBalance(t.api.deps, g.accountId)).toBe(units('1000'));
    const done = await t.call(completeBillingPayment, { billingId: b.billingId }, { token: g.token });
    expect(done.body.billing.billingStatus).toBe('PAID');
  });

  it('replays a retry with the same Idempotency-Key: one NAC debit, one charge', async () => {
    const g = await guest();
    await fundNac(g, '1000');
    const card = await addCard(g);
    const b = await newBilling(g.accountId);
    const body = { billingId: b.billingId, paymentMethodId: card, ...nacFields(await quote(g, 5_000)) };
    const key = randomUUID();
    const [first, second] = await Promise.all([pay(g, body, key), pay(g, body, key)]);
    const third = await pay(g, body, key);
    for (const r of [first, second, third].filter((r) => r.status === 200)) expect(r.body.payment.status).toBe('PAID');
    expect((await ledger(g.accountId)).filter((e) => e.kind === 'PAYMENT')).toHaveLength(1);
    expect(
      (await t.pool.query("SELECT 1 FROM payments WHERE reference = $1 AND status = 'CAPTURED'", [b.billingId]))
        .rowCount,
    ).toBe(1);
  });

  it('lets exactly one of two payments racing for one billing take NAC and charge the card', async () => {
    const g = await guest();
    await fundNac(g, '1000');
    const card = await addCard(g);
    const b = await newBilling(g.accountId);
    const q = await quote(g, 20_000);
    const results = await Promise.all(
      [1, 2, 3].map(() => pay(g, { billingId: b.billingId, paymentMethodId: card, ...nacFields(q) })),
    );
    const paid = results.filter((r) => r.status === 200);
    expect(paid.length).toBeGreaterThanOrEqual(1);
    for (const r of paid) expect(r.body.billing.billingStatus).toBe('PAID');
    for (const r of results.filter((x) => x.status !== 200))
      expect(r.error.errorInfo.reason).toBe('CodePaymentPending');
    expect((await ledger(g.accountId)).filter((e) => e.kind === 'PAYMENT')).toHaveLength(1);
    expect(
      (await t.pool.query("SELECT 1 FROM payments WHERE reference = $1 AND status = 'CAPTURED'", [b.billingId]))
        .rowCount,
    ).toBe(1);
    expect(await nacBalance(t.api.deps, g.accountId)).toBe(units('1000') - units(q.nacAmount));
  });

  it('shows the guaranteed discount when the market rate fell below the quoted one before payment', async () => {
    const g = await guest();
    await fundNac(g, '1000');
    const card = await addCard(g);
    const b = await newBilling(g.accountId);
    const q = await quote(g, 10_000);
    const lower = (Number(q.nacToJpyRate) * 0.9).toFixed(8);
    await t.pool.query('INSERT INTO nac_rates (rate_at, rate) VALUES ($1, $2)', [
      new Date(t.clock.now().getTime() + 1_000),
      lower,
    ]);
    const res = await pay(g, { billingId: b.billingId, paymentMethodId: card, ...nacFields(q) });
    const market = Number((units(q.nacAmount) * units(lower)) / 10n ** 16n);
    expect(res.body.billing.nacGuaranteedDiscountAmount).toBe(10_000 - market);
    expect(res.body.billing.nacGuaranteedDiscountAmount).toBeGreaterThan(900);
    expect(res.body.billing.nacPaymentAmountInJpy).toBe(10_000);
    const detail = await t.call(getBillingDetail, { billingId: b.billingId }, { token: g.token });
    expect(detail.body.billingDetail.nacGuaranteedDiscountAmount).toBe(10_000 - market);
  });
});

describe('NAC of a billing refunded or cancelled', () => {
  it('returns all NAC on a whole refund and the card share on a partial one', async () => {
    const g = await guest();
    await fundNac(g, '1000');
    const card = await addCard(g);
    const whole = await newBilling(g.accountId);
    const q1 = await quote(g, 24_000);
    await pay(g, { billingId: whole.billingId, paymentMethodId: card, ...nacFields(q1) });
    const part = await newBilling(g.accountId);
    const q2 = await quote(g, 24_000);
    await pay(g, { billingId: part.billingId, paymentMethodId: card, ...nacFields(q2) });
    const start = await nacBalance(t.api.deps, g.accountId);
    await withTx(t.pool, (tx) => markBillingRefunded(tx, whole.billingId, { at: t.clock.now() }));
    await withTx(t.pool, (tx) => markBillingRefunded(tx, whole.billingId, { at: t.clock.now() }));
    expect(await nacBalance(t.api.deps, g.accountId)).toBe(start + units(q1.nacAmount));
    // Card part 20,000, a quarter refunded: a quarter of the NAC, rounded down to the smallest unit.
    await withTx(t.pool, (tx) => markBillingRefunded(tx, part.billingId, { at: t.clock.now(), refundedAmount: 5_000 }));
    expect(await nacBalance(t.api.deps, g.accountId)).toBe(
      start + units(q1.nacAmount) + (units(q2.nacAmount) * 5_000n) / 20_000n,
    );
  });

  it('returns the NAC a billing holds when it is cancelled before the card answered', async () => {
    const g = await guest();
    await fundNac(g, '1000');
    const challenge = await addCard(g, '4000000000003220');
    const b = await newBilling(g.accountId);
    await pay(g, { billingId: b.billingId, paymentMethodId: challenge, ...nacFields(await quote(g, 8_000)) });
    await withTx(t.pool, (tx) => cancelBilling(tx, b.billingId, { at: t.clock.now(), reason: 'test' }));
    expect(await nacBalance(t.api.deps, g.accountId)).toBe(units('1000'));
  });
});

describe('release-nac-holds', () => {
  /** The state a crash leaves between the reservation and the card: NAC taken, nothing recorded after. */
  async function crashedAfterReservation(g: Guest, billingId: string, nacAmount: string) {
    await withTx(t.pool, async (tx) => {
      const attempt = await repo.nextPaymentAttempt(tx, billingId);
      const reference = attempt === 1 ? `billing:${billingId}` : `billing:${billingId}#${attempt}`;
      await takeNacPayment(tx, { accountId: g.accountId, nacUnits: units(nacAmount), reference, now: t.clock.now() });
      await repo.setNacPayment(tx, billingId, {
        nacPaymentAmount: nacAmount,
        nacToJpyRate: '100',
        nacPaymentAmountJpy: 4_000,
        nacGuaranteedDiscountAmount: 0,
        nacPaymentReference: reference,
        fiatAmount: TOTAL - 4_000,
        at: t.clock.now(),
      });
    });
  }

  it('gives back NAC whose card was never charged, once, and leaves the billing payable', async () => {
    const g = await guest();
    await fundNac(g, '100');
    const b = await newBilling(g.accountId);
    await crashedAfterReservation(g, b.billingId, '40');
    expect(await nacBalance(t.api.deps, g.accountId)).toBe(units('60'));
    await releaseStaleNacHolds(t.api.deps);
    expect((await repo.findBilling(t.pool, b.billingId))?.status).toBe('REQUESTED'); // too recent to judge
    t.clock.advance(6 * 60_000);
    await releaseStaleNacHolds(t.api.deps);
    await releaseStaleNacHolds(t.api.deps);
    const after = await repo.findBilling(t.pool, b.billingId);
    expect(after).toMatchObject({ status: 'FAILED', failureReason: 'CodePaymentInterrupted', nacPaymentAmount: null });
    expect(await nacBalance(t.api.deps, g.accountId)).toBe(units('100'));
    const list = await t.call(listBillings, { bookingId: after!.bookingId }, { token: g.token });
    expect(list.body.billings[0]?.billingStatus).toBe('FAILED');
  });

  it('records as paid a card captured whose answer was lost, keeping the NAC', async () => {
    const g = await guest();
    await fundNac(g, '100');
    const card = await addCard(g);
    const b = await newBilling(g.accountId);
    await crashedAfterReservation(g, b.billingId, '40');
    await startPayment(t.api.deps, {
      accountId: g.accountId,
      paymentMethodId: card,
      amount: TOTAL - 4_000,
      reference: b.billingId,
      description: 'test',
      returnUrl: '/en/mypage',
      capture: true,
      idempotencyKey: randomUUID(),
    });
    t.clock.advance(6 * 60_000);
    await releaseStaleNacHolds(t.api.deps);
    const after = await repo.findBilling(t.pool, b.billingId);
    expect(after?.status).toBe('PAID');
    expect(after?.nacPaidAt).not.toBeNull();
    expect(await nacBalance(t.api.deps, g.accountId)).toBe(units('60'));
  });

  it('closes a 3-D Secure page left open too long and gives the NAC back', async () => {
    const g = await guest();
    await fundNac(g, '1000');
    const challenge = await addCard(g, '4000000000003220');
    const b = await newBilling(g.accountId);
    await pay(g, { billingId: b.billingId, paymentMethodId: challenge, ...nacFields(await quote(g, 8_000)) });
    t.clock.advance(10 * 60_000);
    await releaseStaleNacHolds(t.api.deps);
    expect((await repo.findBilling(t.pool, b.billingId))?.status).toBe('REQUESTED');
    t.clock.advance(25 * 60_000);
    await releaseStaleNacHolds(t.api.deps);
    expect((await repo.findBilling(t.pool, b.billingId))?.status).toBe('FAILED');
    expect(await nacBalance(t.api.deps, g.accountId)).toBe(units('1000'));
  });
});
