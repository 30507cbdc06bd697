import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/app-error.js';
import { withTx } from '../../platform/db/pool.js';
import { accommodationLine } from './billing.test-factory.js';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { registeredUser } from '../../test-support/user-factory.js';
import { pointBalance, recordManualAction } from '../point/point.service.js';
import { signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';
import {
  attachPayment,
  billingStatusHistory,
  cancelBilling,
  createBilling,
  getBillingForUpdate,
  listStaleRequestedBillings,
  markBillingFailed,
  markBillingPaid,
  markBillingRefunded,
  type BillingLineInput,
} from './billing.service.js';
import { parsePdf } from './pdf.test-support.js';
import { listBillings, getBillingDetail, payBilling, completeBillingPayment } from '@yado/contract/billing.contract';
import { createCardRegistration, completeCardRegistration } from '@yado/contract/payment.contract';

let t: TestApi;
let staffToken: string;

beforeAll(async () => {
  t = await createTestApi();
  staffToken = (await signInStaff(t)).idToken;
});

type Guest = { token: string; accountId: string };

async function guest(): Promise<Guest> {
  const u = await registeredUser(t);
  const principal = await t.api.verifyIdToken(u.token);
  return { token: u.token, accountId: principal.accountId };
}

const LINES: BillingLineInput[] = [
  accommodationLine(30_000, { serviceChargeApplicable: true }),
  {
    subject: 'MEAL',
    category: 'MEAL',
    titleEn: 'Dinner',
    titleJa: '夕食',
    date: '2031-08-10',
    quantity: 2,
    mealQuantities: [
      { age: 30, number: 1 },
      { age: 8, number: 1 },
    ],
    amount: 8_000,
    taxRateType: 'STANDARD',
    serviceChargeApplicable: true,
    orderId: 'ord-1',
  },
  {
    subject: 'MERCHANDISE',
    category: 'MERCHANDISE',
    titleEn: 'Orange juice (take-away)',
    titleJa: 'オレンジジュース（持ち帰り）',
    date: '2031-08-11',
    quantity: 2,
    amount: 666,
    taxRateType: 'REDUCED',
    serviceChargeApplicable: false,
  },
  {
    subject: 'DISCOUNT',
    category: null,
    titleEn: 'Coupon SUMMER',
    titleJa: 'クーポン SUMMER',
    date: null,
    quantity: 1,
    amount: -3_000,
    taxRateType: 'STANDARD',
    serviceChargeApplicable: true,
  },
];
// Service charge 10% of 35,000 = 3,500; 10%: 38,500 + 3,850 tax; 8%: 666 + 53 tax; accommodation tax 400.
const TOTAL = 38_500 + 3_850 + 666 + 53 + 400;

async function newBilling(
  accountId: string,
  o: {
    billingType?: 'DEPOSIT' | 'DEFAULT' | 'ADDITIONAL' | 'CANCELLATION';
    bookingId?: string;
    deductions?: number;
    lines?: BillingLineInput[];
  } = {},
) {
  const bookingId = o.bookingId ?? `bk-${randomUUID()}`;
  const created = await withTx(t.pool, (tx) =>
    createBilling(tx, {
      bookingId,
      accountId,
      billingType: o.billingType ?? 'DEFAULT',
      lines: o.lines ?? LINES,
      serviceChargePercentage: '10.00',
      accommodationTax: 400,
      deductions: o.deductions ?? 0,
      paymentDeadline: new Date(t.clock.now().getTime() + 3 * 86_400_000),
    }),
  );
  return { ...created, bookingId };
}

async function givePoints(accountId: string, points: number) {
  await withTx(t.pool, (tx) =>
    recordManualAction(tx, {
      accountId,
      reason: 'CONFIRM_MANUAL',
      points,
      note: 'test',
      at: t.clock.now(),
      actor: 'test',
    }),
  );
}

const status = async (billingId: string) =>
  (await withTx(t.pool, (tx) => getBillingForUpdate(tx, billingId))).billingStatus;

async function reasonOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err.reason;
    throw err;
  }
  return 'none';
}

// Cards are entered on the test-mode processor's own page, as a guest's browser would.
const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

async function addCard(g: Guest, number = '4242424242424242'): Promise<string> {
  const reg = await t.call(createCardRegistration, { returnUrl: '/en/mypage' }, { token: g.token });
  expect(reg.status).toBe(200);
  const submitted = await t.raw(
    reg.body.registrationUrl,
    form({ action: 'card', number, expiry: '12/39', cvc: '123', name: '' }),
  );
  expect(submitted.status).toBe(303);
  const done = await t.call(completeCardRegistration, { registrationId: reg.body.registrationId }, { token: g.token });
  expect(done.status).toBe(200);
  return done.body.creditCard.paymentMethodId as string;
}

describe('createBilling', () => {
  it('stores the lines and the totals once, with a human-readable number', async () => {
    const g = await guest();
    const a = await newBilling(g.accountId);
    const b = await newBilling(g.accountId);
    expect(a.billingNumber).toMatch(/^B-\d{4}-\d{6}$/);
    expect(a.billingNumber).not.toBe(b.billingNumber);
    expect(a.totalAmount).toBe(TOTAL);
    const events = await billingStatusHistory(t.pool, a.billingId);
    expect(events).toMatchObject([{ from: null, to: 'REQUESTED', actor: 'system' }]);
  });
});

describe('list_billings and get_billing_detail', () => {
  it("answers the booking's billings, oldest first, with their details", async () => {
    const g = await guest();
    const dep = await newBilling(g.accountId, {
      billingType: 'DEPOSIT',
      lines: [
        {
          subject: 'ACCOMMODATION_DEPOSIT',
          category: null,
          titleEn: 'Deposit',
          titleJa: '前受金',
          date: null,
          quantity: 1,
          amount: 12_000,
          taxRateType: 'EXEMPT',
          serviceChargeApplicable: false,
        },
      ],
    });
    t.clock.advance(1_000);
    const def = await newBilling(g.accountId, { bookingId: dep.bookingId, deductions: 12_000 });
    const res = await t.call(listBillings, { bookingId: dep.bookingId }, { token: g.token });
    expect(res.status).toBe(200);
    expect(res.body.billings.map((b: { billingId: string }) => b.billingId)).toEqual([dep.billingId, def.billingId]);
    expect(res.body.billings[1]).toMatchObject({
      bookingId: dep.bookingId,
      billingNumber: def.billingNumber,
      billingStatus: 'REQUESTED',
      billingType: 'DEFAULT',
      totalAmount: TOTAL,
      paymentMethod: null,
      paidAt: null,
    });
    expect(res.body.billingWithDetails[1]).toMatchObject({
      billing: { totalBillingAmount: TOTAL - 12_000, deductionAmount: 12_000, fiatJpyPaymentAmount: TOTAL - 12_000 },
      paymentMethod: null,
      ownSplitBillings: [],
    });
    expect(res.body.totalUnbilledAmount).toBe(0);
  });

  it("hides another account's booking and answers an unknown one with no billings", async () => {
    const g = await guest();
    const other = await guest();
    const b = await newBilling(g.accountId);
    const res = await t.call(listBillings, { bookingId: b.bookingId }, { token: other.token });
    expect(res.status).toBe(404);
    expect(res.error.errorInfo.reason).toBe('CodeBookingNotFound');
    const none = await t.call(listBillings, { bookingId: 'bk-unknown' }, { token: other.token });
    expect(none.body).toEqual({ billings: [], billingWithDetails: [], totalUnbilledAmount: 0 });
    expect((await t.call(listBillings, { bookingId: b.bookingId })).status).toBe(401);
    expect((await t.call(listBillings, { bookingId: b.bookingId }, { token: staffToken })).status).toBe(200);
  });

  it('details the lines, subtotals per subject and per rate, service charge and discounts, in the caller language', async () => {
    const g = await guest();
    const b = await newBilling(g.accountId);
    const res = await t.call(getBillingDetail, { billingId: b.billingId }, { token: g.token, language: 'ja' });
    expect(res.status).toBe(200);
    const d = res.body.billingDetail;
    expect(d).toMatchObject({
      billingNumber: b.billingNumber,
      taxInclusiveTotalAmount: TOTAL,
      accommodationAmount: 30_000,
      serviceChargeAmount: 3_500,
      discountAmount: 3_000,
      accommodationTaxAmount: 400,
      subtotalByServiceChargePercentage: { percentage: '10.00', amount: 3_500, amountSubject: 35_000 },
      subtotalsByConsumptionTaxRate: [
        {
          taxRate: 10,
          taxAmount: 3_850,
          amount: 38_500,
          taxInclusiveAmount: 42_350,
          consumptionTaxRateType: 'STANDARD',
        },
        { taxRate: 8, taxAmount: 53, amount: 666, taxInclusiveAmount: 719, consumptionTaxRateType: 'REDUCED' },
      ],
      preDiscountTaxExclusiveSubtotalAmount: 38_000 + 3_800 + 666,
      subtotalsBySubject: [
        { subject: 'ACCOMMODATION', amount: 30_000 },
        { subject: 'MEAL', amount: 8_000 },
        { subject: 'MERCHANDISE', amount: 666 },
        { subject: 'DISCOUNT', amount: -3_000 },
      ],
      cancellationFee: [],
    });
    expect(d.orders[1]).toMatchObject({
      orderId: 'ord-1',
      title: '夕食',
      category: 'MEAL',
      date: { year: 2031, month: 8, day: 10 },
      quantity: [
        { age: 30, number: 1 },
        { age: 8, number: 1 },
      ],
      status: 'ORDERED',
      amount: 8_000,
      consumptionTax: 800,
      taxInclusiveAmount: 8_800,
      consumptionTaxRate: 10,
      consumptionTaxRateType: 'STANDARD',
      serviceChargeApplicable: true,
    });
    expect(d.orders[2]).toMatchObject({ consumptionTaxRateType: 'REDUCED', consumptionTaxRate: 8, quantity: 2 });
    expect(res.body.billing).toMatchObject({ billingId: b.billingId, preDiscountBillingAmount: TOTAL + 3_630 });

    const other = await guest();
    const hidden = await t.call(getBillingDetail, { billingId: b.billingId }, { token: other.token });
    expect(hidden.status).toBe(404);
    expect(hidden.error.errorInfo.reason).toBe('CodeBillingNotFound');
    expect((await t.call(getBillingDetail, { billingId: b.billingId }, { token: staffToken })).status).toBe(200);
  });
});

describe('billing status transitions', () => {
  it('REQUESTED → PAID → REFUNDED, each recorded with who and when; repeats change nothing', async () => {
    const g = await guest();
    await givePoints(g.accountId, 1_000);
    const b = await newBilling(g.accountId);
    await withTx(t.pool, (tx) =>
      attachPayment(tx, b.billingId, {
        paymentId: 'pay-x',
        paymentMethodId: 'pm-x',
        pointPaymentAmount: 600,
        actor: 'account:x',
      }),
    );
    expect(await pointBalance(t.pool, g.accountId)).toBe(400);
    await withTx(t.pool, (tx) => markBillingPaid(tx, b.billingId, { paidAt: t.clock.now(), actor: 'account:x' }));
    await withTx(t.pool, (tx) => markBillingPaid(tx, b.billingId, { paidAt: t.clock.now() }));
    expect(await status(b.billingId)).toBe('PAID');
    expect(await pointBalance(t.pool, g.accountId)).toBe(400);
    await withTx(t.pool, (tx) => markBillingRefunded(tx, b.billingId, { actor: 'system:cancel' }));
    await withTx(t.pool, (tx) => markBillingRefunded(tx, b.billingId));
    expect(await status(b.billingId)).toBe('REFUNDED');
    // The points spent come back once.
    expect(await pointBalance(t.pool, g.accountId)).toBe(1_000);
    const events = await billingStatusHistory(t.pool, b.billingId);
    expect(events.map((e) => [e.from, e.to, e.actor])).toEqual([
      [null, 'REQUESTED', 'system'],
      ['REQUESTED', 'PAID', 'account:x'],
      ['PAID', 'REFUNDED', 'system:cancel'],
    ]);
    const detail = await t.call(getBillingDetail, { billingId: b.billingId }, { token: g.token });
    expect(detail.body.billing).toMatchObject({ refundedAmount: TOTAL - 600, pointPaymentAmount: 600 });
  });

  it('REQUESTED → FAILED gives the points back; FAILED → REQUESTED (another card) reserves them again', async () => {
    const g = await guest();
    await givePoints(g.accountId, 500);
    const b = await newBilling(g.accountId);
    await withTx(t.pool, (tx) =>
      attachPayment(tx, b.billingId, { paymentId: 'p1', paymentMethodId: 'm1', pointPaymentAmount: 500 }),
    );
    expect(await pointBalance(t.pool, g.accountId)).toBe(0);
    await withTx(t.pool, (tx) => markBillingFailed(tx, b.billingId, 'CodePaymentDeclined'));
    expect(await status(b.billingId)).toBe('FAILED');
    expect(await pointBalance(t.pool, g.accountId)).toBe(500);
    await withTx(t.pool, (tx) =>
      attachPayment(tx, b.billingId, { paymentId: 'p2', paymentMethodId: 'm2', pointPaymentAmount: 200 }),
    );
    expect(await status(b.billingId)).toBe('REQUESTED');
    expect(await pointBalance(t.pool, g.accountId)).toBe(300);
    await withTx(t.pool, (tx) => cancelBilling(tx, b.billingId));
    expect(await status(b.billingId)).toBe('CANCELLED');
    expect(await pointBalance(t.pool, g.accountId)).toBe(500);
  });

  it('refuses every other move with CodeBillingStatusInvalid', async () => {
    const g = await guest();
    const paid = await newBilling(g.accountId);
    await withTx(t.pool, (tx) => markBillingPaid(tx, paid.billingId, { paidAt: t.clock.now() }));
    const cancelled = await newBilling(g.accountId);
    await withTx(t.pool, (tx) => cancelBilling(tx, cancelled.billingId));
    const failed = await newBilling(g.accountId);
    await withTx(t.pool, (tx) => markBillingFailed(tx, failed.billingId, 'CodePaymentDeclined'));
    const refunded = await newBilling(g.accountId);
    await withTx(t.pool, (tx) => markBillingPaid(tx, refunded.billingId, { paidAt: t.clock.now() }));
    await withTx(t.pool, (tx) => markBillingRefunded(tx, refunded.billingId));
    const requested = await newBilling(g.accountId);

    const attach = (id: string) => () =>
      withTx(t.pool, (tx) => attachPayment(tx, id, { paymentId: 'p', paymentMethodId: 'm', pointPaymentAmount: 0 }));
    const refused: [string, () => Promise<unknown>][] = [
      ['PAID → CANCELLED', () => withTx(t.pool, (tx) => cancelBilling(tx, paid.billingId))],
      ['PAID → FAILED', () => withTx(t.pool, (tx) => markBillingFailed(tx, paid.billingId, 'x'))],
      ['PAID → REQUESTED', attach(paid.billingId)],
      [
        'CANCELLED → PAID',
        () => withTx(t.pool, (tx) => markBillingPaid(tx, cancelled.billingId, { paidAt: t.clock.now() })),
      ],
      ['CANCELLED → REQUESTED', attach(cancelled.billingId)],
      ['CANCELLED → REFUNDED', () => withTx(t.pool, (tx) => markBillingRefunded(tx, cancelled.billingId))],
      ['FAILED → PAID', () => withTx(t.pool, (tx) => markBillingPaid(tx, failed.billingId, { paidAt: t.clock.now() }))],
      ['FAILED → CANCELLED', () => withTx(t.pool, (tx) => cancelBilling(tx, failed.billingId))],
      ['FAILED → REFUNDED', () => withTx(t.pool, (tx) => markBillingRefunded(tx, failed.billingId))],
      [
        'REFUNDED → PAID',
        () => withTx(t.pool, (tx) => markBillingPaid(tx, refunded.billingId, { paidAt: t.clock.now() })),
      ],
      ['REFUNDED → CANCELLED', () => withTx(t.pool, (tx) => cancelBilling(tx, refunded.billingId))],
      ['REFUNDED → REQUESTED', attach(refunded.billingId)],
      ['REQUESTED → REFUNDED', () => withTx(t.pool, (tx) => markBillingRefunded(tx, requested.billingId))],
    ];
    for (const [name, run] of refused) expect(await reasonOf(run()), name).toBe('CodeBillingStatusInvalid');
    expect(await status(requested.billingId)).toBe('REQUESTED');
    expect(await reasonOf(withTx(t.pool, (tx) => getBillingForUpdate(tx, 'bil_missing')))).toBe('CodeBillingNotFound');
  });

  it('points never pay more than the billing asks for', async () => {
    const g = await guest();
    await givePoints(g.accountId, 100_000);
    const b = await newBilling(g.accountId, { deductions: 10_000 });
    const reason = await reasonOf(
      withTx(t.pool, (tx) =>
        attachPayment(tx, b.billingId, { paymentId: null, paymentMethodId: null, pointPaymentAmount: TOTAL - 9_999 }),
      ),
    );
    expect(reason).toBe('CodePointsExceedAmount');
  });

  it('lists REQUESTED billings left untouched for reconciliation', async () => {
    const g = await guest();
    const b = await newBilling(g.accountId);
    const later = new Date(Date.now() + 60 * 60_000);
    const stale = await listStaleRequestedBillings(t.pool, later, 10_000);
    expect(stale.map((s) => s.billingId)).toContain(b.billingId);
    expect(stale.find((s) => s.billingId === b.billingId)).toMatchObject({
      accountId: g.accountId,
      billingStatus: 'REQUESTED',
    });
    expect((await listStaleRequestedBillings(t.pool, new Date(0))).map((s) => s.billingId)).not.toContain(b.billingId);
  });
});

describe('pay_billing', () => {
  it('charges the card for what points leave, and the billing is PAID with the card on it', async () => {
    const g = await guest();
    const card = await addCard(g);
    await givePoints(g.accountId, 1_000);
    const b = await newBilling(g.accountId);
    const res = await t.call(
      payBilling,
      { billingId: b.billingId, paymentMethodId: card, pointPaymentAmount: 700 },
      { token: g.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.payment).toEqual({ status: 'PAID' });
    expect(res.body.billing).toMatchObject({
      billingStatus: 'PAID',
      pointPaymentAmount: 700,
      fiatJpyPaymentAmount: TOTAL - 700,
      paymentMethod: {
        creditCard: { paymentMethodId: card, maskedNumber: expect.stringContaining('4242') },
        paymentType: 'CREDIT_CARD',
      },
    });
    expect(res.body.billing.paidAt).not.toBeNull();
    expect(await pointBalance(t.pool, g.accountId)).toBe(300);
    const pay = await t.pool.query<{ amount: number; status: string }>(
      'SELECT amount, status FROM payments WHERE reference = $1',
      [b.billingId],
    );
    expect(pay.rows).toEqual([{ amount: TOTAL - 700, status: 'CAPTURED' }]);

    // Paying again charges nothing more.
    const again = await t.call(
      payBilling,
      { billingId: b.billingId, paymentMethodId: card, pointPaymentAmount: 0 },
      { token: g.token },
    );
    expect(again.body.payment).toEqual({ status: 'PAID' });
    expect((await t.pool.query('SELECT 1 FROM payments WHERE reference = $1', [b.billingId])).rowCount).toBe(1);
  });

  it('a declined card leaves the billing FAILED with the reason and the points back; another card then pays it', async () => {
    const g = await guest();
    const declined = await addCard(g, '4000000000000002');
    const good = await addCard(g, '5555555555554444');
    await givePoints(g.accountId, 500);
    const b = await newBilling(g.accountId, { billingType: 'ADDITIONAL' });
    const res = await t.call(
      payBilling,
      { billingId: b.billingId, paymentMethodId: declined, pointPaymentAmount: 500 },
      { token: g.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.payment).toEqual({ status: 'FAILED', reason: 'CodePaymentDeclined' });
    expect(res.body.billing.billingStatus).toBe('FAILED');
    expect(await pointBalance(t.pool, g.accountId)).toBe(500);

    const retry = await t.call(
      payBilling,
      { billingId: b.billingId, paymentMethodId: good, pointPaymentAmount: 500 },
      { token: g.token },
    );
    expect(retry.body.payment).toEqual({ status: 'PAID' });
    expect(retry.body.billing).toMatchObject({ billingStatus: 'PAID', fiatJpyPaymentAmount: TOTAL - 500 });
    expect(await pointBalance(t.pool, g.accountId)).toBe(0);
    const events = await billingStatusHistory(t.pool, b.billingId);
    expect(events.map((e) => e.to)).toEqual(['REQUESTED', 'FAILED', 'REQUESTED', 'PAID']);
  });

  it('points alone can pay it, without a card charge', async () => {
    const g = await guest();
    await givePoints(g.accountId, TOTAL);
    const b = await newBilling(g.accountId);
    const res = await t.call(
      payBilling,
      { billingId: b.billingId, paymentMethodId: 'pm-unused', pointPaymentAmount: TOTAL },
      { token: g.token },
    );
    expect(res.body).toMatchObject({
      payment: { status: 'PAID' },
      billing: { billingStatus: 'PAID', fiatJpyPaymentAmount: 0 },
    });
    expect(await pointBalance(t.pool, g.accountId)).toBe(0);
  });

  it('refuses points beyond the amount or the balance, deposits, and billings of others', async () => {
    const g = await guest();
    const card = await addCard(g);
    await givePoints(g.accountId, 100);
    const b = await newBilling(g.accountId);
    const call = (body: Record<string, unknown>, token = g.token) =>
      t.call(payBilling, { billingId: b.billingId, paymentMethodId: card, ...body }, { token });
    const tooMuch = await call({ pointPaymentAmount: TOTAL + 1 });
    expect([tooMuch.status, tooMuch.error.errorInfo.reason]).toEqual([400, 'CodePointsExceedAmount']);
    const notEnough = await call({ pointPaymentAmount: 101 });
    expect([notEnough.status, notEnough.error.errorInfo.reason]).toEqual([409, 'CodeInsufficientPoints']);
    const other = await guest();
    const hidden = await call({ pointPaymentAmount: 0 }, other.token);
    expect([hidden.status, hidden.error.errorInfo.reason]).toEqual([404, 'CodeBillingNotFound']);
    const notMine = await call({ paymentMethodId: await addCard(other), pointPaymentAmount: 0 });
    expect([notMine.status, notMine.error.errorInfo.reason]).toEqual([404, 'CodePaymentMethodNotFound']);
    expect(await status(b.billingId)).toBe('REQUESTED');
    expect(await pointBalance(t.pool, g.accountId)).toBe(100);

    const deposit = await newBilling(g.accountId, { billingType: 'DEPOSIT' });
    const dep = await t.call(payBilling, { billingId: deposit.billingId, paymentMethodId: card }, { token: g.token });
    expect([dep.status, dep.error.errorInfo.reason]).toEqual([409, 'CodeBillingNotPayable']);
    const cancelled = await newBilling(g.accountId);
    await withTx(t.pool, (tx) => cancelBilling(tx, cancelled.billingId));
    const c = await t.call(payBilling, { billingId: cancelled.billingId, paymentMethodId: card }, { token: g.token });
    expect([c.status, c.error.errorInfo.reason]).toEqual([409, 'CodeBillingNotPayable']);
  });

  it('is idempotent: a retry with the same key answers the first result and charges once', async () => {
    const g = await guest();
    const card = await addCard(g);
    const b = await newBilling(g.accountId);
    const key = `pay-${randomUUID()}`;
    const body = { billingId: b.billingId, paymentMethodId: card, pointPaymentAmount: 0 };
    const first = await t.call(payBilling, body, { token: g.token, headers: { 'idempotency-key': key } });
    const second = await t.call(payBilling, body, { token: g.token, headers: { 'idempotency-key': key } });
    expect(first.body.payment).toEqual({ status: 'PAID' });
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect((await t.pool.query('SELECT 1 FROM payments WHERE reference = $1', [b.billingId])).rowCount).toBe(1);
  });

  it('with 3-D Secure: REQUIRES_ACTION with the challenge page, then complete_billing_payment records PAID', async () => {
    const g = await guest();
    const card = await addCard(g, '4000000000003220');
    const b = await newBilling(g.accountId);
    const res = await t.call(
      payBilling,
      { billingId: b.billingId, paymentMethodId: card, pointPaymentAmount: 0, returnUrl: '/en/mypage/bookings/x' },
      { token: g.token },
    );
    expect(res.body.payment.status).toBe('REQUIRES_ACTION');
    expect(res.body.payment.challengeUrl).toEqual(expect.any(String));
    expect(res.body.billing.billingStatus).toBe('REQUESTED');

    const waiting = await t.call(completeBillingPayment, { billingId: b.billingId }, { token: g.token });
    expect(waiting.body.payment.status).toBe('REQUIRES_ACTION');

    const challenge = await t.raw(res.body.payment.challengeUrl!, form({ action: 'submit', code: '123456' }));
    expect(challenge.status).toBe(303);
    const done = await t.call(completeBillingPayment, { billingId: b.billingId }, { token: g.token });
    expect(done.body.payment).toEqual({ status: 'PAID' });
    expect(done.body.billing.billingStatus).toBe('PAID');
    const again = await t.call(completeBillingPayment, { billingId: b.billingId }, { token: g.token });
    expect(again.body.payment).toEqual({ status: 'PAID' });
    const other = await guest();
    expect((await t.call(completeBillingPayment, { billingId: b.billingId }, { token: other.token })).status).toBe(404);
  });

  it('a failed 3-D Secure challenge ends FAILED with its reason', async () => {
    const g = await guest();
    const card = await addCard(g, '4000000000003063');
    const b = await newBilling(g.accountId);
    const res = await t.call(payBilling, { billingId: b.billingId, paymentMethodId: card }, { token: g.token });
    expect(res.body.payment.status).toBe('REQUIRES_ACTION');
    await t.raw(res.body.payment.challengeUrl!, form({ action: 'submit', code: '123456' }));
    const done = await t.call(completeBillingPayment, { billingId: b.billingId }, { token: g.token });
    expect(done.body.payment).toEqual({ status: 'FAILED', reason: 'CodePaymentAuthenticationFailed' });
    expect(done.body.billing.billingStatus).toBe('FAILED');
  });
});

describe('GET /invoices/{billingId}.pdf', () => {
  const invoice = (billingId: string, token?: string, lang?: string) =>
    t.raw(
      `/invoices/${billingId}.pdf${lang ? `?lang=${lang}` : ''}`,
      token ? { headers: { authorization: `Bearer ${token}` } } : {},
    );

  async function paidBilling(g: Guest) {
    const b = await newBilling(g.accountId, { deductions: 5_000 });
    await withTx(t.pool, (tx) => markBillingPaid(tx, b.billingId, { paidAt: t.clock.now() }));
    return b;
  }

  it('is the qualified invoice of a paid billing, in English', async () => {
    const g = await guest();
    const b = await paidBilling(g);
    const res = await invoice(b.billingId, g.token, 'en');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`invoice-${b.billingNumber}.pdf`);
    const { pages } = parsePdf(Buffer.from(await res.arrayBuffer()));
    const text = pages.flat();
    expect(text).toEqual(
      expect.arrayContaining([
        'Invoice',
        'Taro Yamada',
        t.env.INVOICE_ISSUER_NAME,
        `Registration No.: ${t.env.INVOICE_REGISTRATION_NUMBER}`,
        b.billingNumber,
        'Accommodation',
        'Orange juice (take-away) ※',
        'Service charge (10.00%)',
        'Consumption tax (10%)',
        '¥3,850',
        'Consumption tax (8%)',
        '¥53',
        '¥400',
        `¥${TOTAL.toLocaleString('en-US')}`,
        '-¥5,000',
      ]),
    );
  });

  it('in Japanese, and for staff, and after a refund', async () => {
    const g = await guest();
    const b = await paidBilling(g);
    const ja = await invoice(b.billingId, g.token, 'ja');
    expect(ja.status).toBe(200);
    const text = parsePdf(Buffer.from(await ja.arrayBuffer())).pages.flat();
    expect(text).toEqual(
      expect.arrayContaining([
        '請求書',
        '山田 太郎 様',
        t.env.INVOICE_ISSUER_NAME_JA,
        '宿泊',
        'オレンジジュース（持ち帰り） ※',
        '消費税（8%）',
      ]),
    );
    expect((await invoice(b.billingId, staffToken)).status).toBe(200);
    await withTx(t.pool, (tx) => markBillingRefunded(tx, b.billingId));
    const refunded = await invoice(b.billingId, g.token, 'ja');
    expect(refunded.status).toBe(200);
    expect(parsePdf(Buffer.from(await refunded.arrayBuffer())).pages.flat()).toContain('この請求は返金済みです。');
  });

  it('refuses without a token (401), for another account (404) and before payment (409)', async () => {
    const g = await guest();
    const b = await paidBilling(g);
    const anon = await invoice(b.billingId);
    expect(anon.status).toBe(401);
    expect(((await anon.json()) as { errorInfo: { reason: string } }).errorInfo.reason).toBe('CodeUnauthenticated');
    const bad = await invoice(b.billingId, 'not-a-token');
    expect(bad.status).toBe(401);
    const other = await guest();
    const hidden = await invoice(b.billingId, other.token);
    expect(hidden.status).toBe(404);
    expect(((await hidden.json()) as { errorInfo: { reason: string } }).errorInfo.reason).toBe('CodeBillingNotFound');
    const unpaid = await newBilling(g.accountId);
    const early = await invoice(unpaid.billingId, g.token, 'ja');
    expect(early.status).toBe(409);
    const body = (await early.json()) as { errorInfo: { reason: string }; localizedMessage: string };
    expect(body.errorInfo.reason).toBe('CodeInvoiceNotAvailable');
    expect(body.localizedMessage).toContain('請求書');
    expect((await invoice('bil_nope', g.token)).status).toBe(404);
  });
});
