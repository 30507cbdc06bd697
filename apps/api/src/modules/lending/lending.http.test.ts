import { addDays, isoFromCivil, todayIn } from '@yado/contract/civil-date';
import { dateTimeFromDate } from '@yado/contract/date-time';
import {
  cancelLendingApplication,
  createLendingApplication,
  getLendingApplication,
  listLendingApplications,
  listLendingProducts,
  listVoucherLendingProducts,
  payLendingApplication,
  staffConfirmLendingTransfer,
  staffCreateLendingProduct,
  staffListAwaitingLendingTransfers,
  staffRejectLendingTransfer,
} from '@yado/contract/lending.contract';
import { getCryptoBalance } from '@yado/contract/nac.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { runLendingTask } from './lending.service.js';
import {
  depositNac,
  lender,
  nacProduct,
  staffTokenOf,
  voucherProduct,
  withKey,
  type Lender,
} from './lending.test-factory.js';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ LOG_LEVEL: 'error', DATABASE_POOL_SIZE: '30' });
});

const deps = () => ({ db: t.pool, clock: t.clock, env: t.env, log: t.api.deps.log });
const DAY = 86_400_000;

const balanceOf = async (who: Lender) => (await t.call(getCryptoBalance, {}, { token: who.token })).body.balance;
const remainingOf = async (productId: string) =>
  (await t.call(listLendingProducts, {})).body.lendingProducts.find((p) => p.id === productId)?.remainingStockQuantity;
const ledgerOf = async (accountId: string) =>
  (
    await t.pool.query<{ kind: string; amount: string }>(
      `SELECT kind, amount::text FROM nac_ledger WHERE account_id = $1 AND reference IS NOT NULL ORDER BY id`,
      [accountId],
    )
  ).rows.map((r) => `${r.kind} ${Number(r.amount)}`);
const notificationsOf = async (userId: string) =>
  (
    await t.pool.query<{ status: string }>(
      `SELECT params->>'status' AS status FROM notifications WHERE user_id = $1 AND kind = 'LENDING_STATUS_CHANGED' ORDER BY id`,
      [userId],
    )
  ).rows.map((r) => r.status);

async function apply(who: Lender, productId: string, units: number, priceType?: 'STANDARD' | 'HIGH') {
  return t.call(
    createLendingApplication,
    { productId, units, ...(priceType ? { priceType } : {}) },
    withKey(who.token),
  );
}

/** An application paid from the balance and confirmed by staff. */
async function activeApplication(productId: string, units = 1) {
  const who = await lender(t);
  await depositNac(t, who, '1000');
  const created = await apply(who, productId, units);
  expect(created.status).toBe(200);
  const id = created.body.lendingApplication.lendingApplicationId;
  expect((await t.call(payLendingApplication, { lendingApplicationId: id }, withKey(who.token))).status).toBe(200);
  const confirmed = await t.call(
    staffConfirmLendingTransfer,
    { lendingApplicationId: id },
    withKey(await staffTokenOf(t)),
  );
  expect(confirmed.status).toBe(200);
  return { who, id };
}

// Once the clock has moved days ahead the users' identity tokens have expired: read the tables.
const statusOf = async (id: string) =>
  (await t.pool.query<{ status: string }>('SELECT status FROM lending_applications WHERE id = $1', [id])).rows[0]
    ?.status;
const eventsOf = async (id: string) =>
  (
    await t.pool.query<{ event: string }>(
      'SELECT event FROM lending_application_events WHERE application_id = $1 ORDER BY id',
      [id],
    )
  ).rows.map((r) => r.event);
const ledgerBalance = async (accountId: string) =>
  Number(
    (await t.pool.query('SELECT sum(amount)::text AS s FROM nac_ledger WHERE account_id = $1', [accountId])).rows[0].s,
  );

/** Moves the test clock to a day in Tokyo (noon there). */
function moveTo(isoDate: string) {
  t.clock.set(new Date(`${isoDate}T03:00:00Z`));
}

describe('products', () => {
  it('lists NAC products with exact amounts, the yield, stock and return date; not before sales start', async () => {
    const id = await nacProduct(t);
    const later = await nacProduct(t, { salesStartAt: dateTimeFromDate(new Date(t.clock.now().getTime() + DAY)) });
    const res = await t.call(listLendingProducts, {}, { language: 'ja' });
    expect(res.status).toBe(200);
    const p = res.body.lendingProducts.find((x) => x.id === id);
    expect(p).toMatchObject({
      title: '冬の貸し出し',
      unitLendingAmount: '100',
      unitExpectedRewardAmount: '2.5',
      expectedYield: '30.4166',
      investmentPeriodDays: 30,
      remainingStockQuantity: 10,
    });
    expect(res.body.lendingProducts.some((x) => x.id === later)).toBe(false);
  });

  it('lists voucher products with both stocks and the booking days remaining', async () => {
    const { productId, houseGroupId } = await voucherProduct(t);
    const res = await t.call(listVoucherLendingProducts, {});
    const p = res.body.voucherLendingProducts.find((x) => x.id === productId)!;
    expect(p).toMatchObject({
      houseGroup: { id: houseGroupId },
      standardNightNacAmount: '20',
      highNightNacAmount: '35',
      standardRemainingStockQuantity: 6,
      highRemainingStockQuantity: 2,
      bookingWindowMonths: 6,
      bookingWindowDays: 90,
      bookingDaysRemaining: 401,
      lotteryStatus: 'ACCEPTING',
    });
  });

  it('lets only staff create products, and names a missing field', async () => {
    const who = await lender(t);
    const input = {
      lendingRewardType: 'NAC' as const,
      titleEn: 'x',
      titleJa: 'x',
      investmentPeriodDays: 30,
      salesStartAt: dateTimeFromDate(t.clock.now()),
      nacReturnDate: { year: 2030, month: 1, day: 1 },
      unitLendingAmount: '1',
    };
    expect((await t.call(staffCreateLendingProduct, { ...input, stockQuantity: 1 }, { token: who.token })).status).toBe(
      403,
    );
    const missing = await t.call(staffCreateLendingProduct, input, { token: await staffTokenOf(t) });
    expect(missing.status).toBe(400);
    expect(missing.error.errorInfo.fields).toEqual([
      { field: 'unitExpectedRewardAmount', description: 'required for this reward type' },
    ]);
  });
});

describe('create_lending_application', () => {
  it('takes units from the stock and waits for the transfer, with its payment schedule', async () => {
    const productId = await nacProduct(t);
    const who = await lender(t);
    const res = await apply(who, productId, 3);
    expect(res.status).toBe(200);
    const a = res.body.lendingApplication;
    expect(a).toMatchObject({
      nacAmount: '300',
      lendingRewardType: 'NAC',
      status: 'AWAITING_TRANSFER',
      startDate: null,
      paid: false,
      canPay: true,
      canCancel: true,
      accommodationVoucherReward: null,
      nacReward: {
        rewardsCount: 3,
        expectedRewardNacAmount: '7.5',
        expectedYield: '30.4166',
        investmentPeriodDays: 30,
      },
    });
    expect(a.lendingApplicationNumber).toMatch(/^LA\d{8}$/);
    const today = todayIn('Asia/Tokyo', t.clock.now());
    const s = a.paymentSchedules[0]!;
    expect(isoFromCivil(s.withdrawalStartDate)).toBe(today);
    expect(isoFromCivil(s.withdrawalEndDate)).toBe(addDays(today, 7));
    expect(s.nacAmount).toBe('300');
    expect(s.amountInJpy).toBeGreaterThan(0);
    expect(a.timeline.map((e) => e.event)).toEqual(['CREATED']);
    expect(await remainingOf(productId)).toBe(7);
    expect(await notificationsOf(who.userId)).toEqual(['AWAITING_TRANSFER']);
  });

  it('takes the stock once when retried with the same Idempotency-Key', async () => {
    const productId = await nacProduct(t);
    const who = await lender(t);
    const opts = withKey(who.token);
    const first = await t.call(createLendingApplication, { productId, units: 2 }, opts);
    const again = await t.call(createLendingApplication, { productId, units: 2 }, opts);
    expect(again.body.lendingApplication.lendingApplicationId).toBe(first.body.lendingApplication.lendingApplicationId);
    expect(await remainingOf(productId)).toBe(8);
  });

  it('refuses more units than remain, an unknown product, and a price type a NAC product has not', async () => {
    const productId = await nacProduct(t, { stockQuantity: 2 });
    const who = await lender(t);
    const over = await apply(who, productId, 3);
    expect(over.status).toBe(409);
    expect(over.error.errorInfo.reason).toBe('CodeLendingStockExhausted');
    expect(await remainingOf(productId)).toBe(2);
    expect((await t.call(listLendingApplications, {}, { token: who.token })).body.lendingApplications).toEqual([]);
    expect((await apply(who, 'lp_nope', 1)).error.errorInfo.reason).toBe('CodeLendingProductNotFound');
    expect((await apply(who, productId, 1, 'HIGH')).status).toBe(400);
  });

  it('never takes the stock below zero under concurrent applications', async () => {
    const productId = await nacProduct(t, { stockQuantity: 5 });
    const people = await Promise.all(Array.from({ length: 12 }, () => lender(t)));
    const answers = await Promise.all(people.map((p) => apply(p, productId, 1)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(5);
    expect(
      answers.filter((r) => r.status === 409).every((r) => r.error.errorInfo.reason === 'CodeLendingStockExhausted'),
    ).toBe(true);
    expect(answers.filter((r) => r.status !== 200)).toHaveLength(7);
    expect(await remainingOf(productId)).toBe(0);
    const rows = await t.pool.query(`SELECT count(*)::int AS n FROM lending_applications WHERE product_id = $1`, [
      productId,
    ]);
    expect(rows.rows[0].n).toBe(5);
  });

  it('applies for nights of one price type of a voucher product', async () => {
    const { productId } = await voucherProduct(t);
    const who = await lender(t);
    expect((await apply(who, productId, 1)).status).toBe(400);
    const res = await apply(who, productId, 2, 'HIGH');
    expect(res.body.lendingApplication).toMatchObject({
      nacAmount: '70',
      lendingRewardType: 'ACCOMMODATION_VOUCHER',
      nacReward: null,
      accommodationVoucherReward: { rewardsCount: 2, priceType: 'HIGH' },
    });
    const p = (await t.call(listVoucherLendingProducts, {})).body.voucherLendingProducts.find(
      (x) => x.id === productId,
    )!;
    expect([p.standardRemainingStockQuantity, p.highRemainingStockQuantity]).toEqual([6, 0]);
    expect(p.lotteryStatus).toBe('ACCEPTING');
  });
});

describe('paying and staff confirmation', () => {
  it('pays from the balance once, then staff confirm: ACTIVE_LENDING from today', async () => {
    const productId = await nacProduct(t);
    const who = await lender(t);
    await depositNac(t, who, '250');
    const id = (await apply(who, productId, 2)).body.lendingApplication.lendingApplicationId;
    const staff = await staffTokenOf(t);
    const early = await t.call(staffConfirmLendingTransfer, { lendingApplicationId: id }, withKey(staff));
    expect(early.error.errorInfo.reason).toBe('CodeLendingNotPaid');
    const paid = await t.call(payLendingApplication, { lendingApplicationId: id }, withKey(who.token));
    expect(paid.body.lendingApplication).toMatchObject({ paid: true, canPay: false, status: 'AWAITING_TRANSFER' });
    await t.call(payLendingApplication, { lendingApplicationId: id }, withKey(who.token));
    expect(await balanceOf(who)).toBe('50');
    expect(await ledgerOf(who.accountId)).toEqual(['LENDING -200']);
    const awaiting = await t.call(staffListAwaitingLendingTransfers, {}, { token: staff });
    expect(awaiting.body.lendingApplications.find((x) => x.lendingApplicationId === id)).toMatchObject({ paid: true });
    const confirmed = await t.call(staffConfirmLendingTransfer, { lendingApplicationId: id }, withKey(staff));
    const today = todayIn('Asia/Tokyo', t.clock.now());
    expect(confirmed.body.lendingApplication.status).toBe('ACTIVE_LENDING');
    expect(isoFromCivil(confirmed.body.lendingApplication.startDate!)).toBe(today);
    expect(isoFromCivil(confirmed.body.lendingApplication.endDate!)).toBe(addDays(today, 30));
    expect(await notificationsOf(who.userId)).toEqual(['AWAITING_TRANSFER', 'ACTIVE_LENDING']);
  });

  it('refuses to pay more than the balance holds, leaving the application unpaid', async () => {
    const productId = await nacProduct(t);
    const who = await lender(t);
    await depositNac(t, who, '99.99999999');
    const id = (await apply(who, productId, 1)).body.lendingApplication.lendingApplicationId;
    const res = await t.call(payLendingApplication, { lendingApplicationId: id }, withKey(who.token));
    expect(res.status).toBe(409);
    expect(res.error.errorInfo.reason).toBe('CodeNacInsufficientBalance');
    expect(await balanceOf(who)).toBe('99.99999999');
  });

  it('lets staff reject: the stock is released and the NAC paid returned', async () => {
    const productId = await nacProduct(t);
    const who = await lender(t);
    await depositNac(t, who, '100');
    const id = (await apply(who, productId, 1)).body.lendingApplication.lendingApplicationId;
    await t.call(payLendingApplication, { lendingApplicationId: id }, withKey(who.token));
    const res = await t.call(staffRejectLendingTransfer, { lendingApplicationId: id }, withKey(await staffTokenOf(t)));
    expect(res.body.lendingApplication.status).toBe('CANCELLED_REFUNDED');
    expect(await remainingOf(productId)).toBe(10);
    expect(await ledgerOf(who.accountId)).toEqual(['LENDING -100', 'LENDING_RETURN 100']);
  });

  it("does not show or change another user's application", async () => {
    const productId = await nacProduct(t);
    const owner = await lender(t);
    const other = await lender(t);
    const id = (await apply(owner, productId, 1)).body.lendingApplication.lendingApplicationId;
    expect((await t.call(getLendingApplication, { lendingApplicationId: id }, { token: other.token })).status).toBe(
      404,
    );
    expect(
      (await t.call(cancelLendingApplication, { lendingApplicationId: id }, withKey(other.token))).error.errorInfo
        .reason,
    ).toBe('CodeLendingApplicationNotFound');
    expect((await t.call(staffListAwaitingLendingTransfers, {}, { token: other.token })).status).toBe(403);
  });
});

describe('cancel_lending_application', () => {
  it('cancels an unpaid application and restores the stock', async () => {
    const productId = await nacProduct(t);
    const who = await lender(t);
    const id = (await apply(who, productId, 4)).body.lendingApplication.lendingApplicationId;
    const res = await t.call(cancelLendingApplication, { lendingApplicationId: id }, withKey(who.token));
    expect(res.body.lendingApplication).toMatchObject({ status: 'CANCELLED_REFUNDED', canCancel: false });
    expect(await remainingOf(productId)).toBe(10);
    // Cancelling again changes nothing.
    await t.call(cancelLendingApplication, { lendingApplicationId: id }, withKey(who.token));
    expect(await remainingOf(productId)).toBe(10);
  });

  it('returns the principal of an active lending on the next task run, without the reward', async () => {
    const productId = await nacProduct(t);
    const { who, id } = await activeApplication(productId);
    const res = await t.call(cancelLendingApplication, { lendingApplicationId: id }, withKey(who.token));
    expect(res.body.lendingApplication.status).toBe('CANCELLED_AWAITING_REFUND');
    expect(await remainingOf(productId)).toBe(9);
    await runLendingTask(deps());
    await runLendingTask(deps());
    const after = await t.call(getLendingApplication, { lendingApplicationId: id }, { token: who.token });
    expect(after.body.lendingApplication.status).toBe('CANCELLED_REFUNDED');
    expect(after.body.lendingApplication.timeline.map((e) => e.event)).toEqual([
      'CREATED',
      'PAID',
      'CONFIRMED',
      'CANCELLED',
      'REFUNDED',
    ]);
    expect(await ledgerOf(who.accountId)).toEqual(['LENDING -100', 'LENDING_RETURN 100']);
    const again = await t.call(cancelLendingApplication, { lendingApplicationId: id }, withKey(who.token));
    expect(again.body.lendingApplication.status).toBe('CANCELLED_REFUNDED');
  });
});

describe('the lending task', () => {
  it('ends the period, then returns the NAC with its reward at the return date, once however often it runs', async () => {
    const start = t.clock.now();
    try {
      const productId = await nacProduct(t);
      const { who, id } = await activeApplication(productId, 2);
      const a = (await t.call(getLendingApplication, { lendingApplicationId: id }, { token: who.token })).body
        .lendingApplication;
      moveTo(addDays(isoFromCivil(a.endDate!), -1));
      await runLendingTask(deps());
      expect(await statusOf(id)).toBe('ACTIVE_LENDING');
      moveTo(isoFromCivil(a.endDate!));
      await runLendingTask(deps());
      expect(await statusOf(id)).toBe('COMPLETED_AWAITING_REFUND');
      moveTo(isoFromCivil(a.nacReturnDate));
      await Promise.all([runLendingTask(deps()), runLendingTask(deps()), runLendingTask(deps())]);
      await runLendingTask(deps());
      expect(await statusOf(id)).toBe('COMPLETED_REFUNDED');
      expect(await eventsOf(id)).toEqual(['CREATED', 'PAID', 'CONFIRMED', 'ENDED', 'RETURNED']);
      expect(await ledgerOf(who.accountId)).toEqual(['LENDING -200', 'LENDING_RETURN 200', 'LENDING_REWARD 5']);
      expect(await ledgerBalance(who.accountId)).toBe(1005);
      expect(await notificationsOf(who.userId)).toEqual([
        'AWAITING_TRANSFER',
        'ACTIVE_LENDING',
        'COMPLETED_AWAITING_REFUND',
        'COMPLETED_REFUNDED',
      ]);
    } finally {
      t.clock.set(start);
    }
  });

  it('issues accommodation vouchers for a voucher product, once', async () => {
    const start = t.clock.now();
    try {
      const { productId, houseGroupId } = await voucherProduct(t);
      const who = await lender(t);
      await depositNac(t, who, '100');
      const id = (await apply(who, productId, 3, 'STANDARD')).body.lendingApplication.lendingApplicationId;
      await t.call(payLendingApplication, { lendingApplicationId: id }, withKey(who.token));
      await t.call(staffConfirmLendingTransfer, { lendingApplicationId: id }, withKey(await staffTokenOf(t)));
      const a = (await t.call(getLendingApplication, { lendingApplicationId: id }, { token: who.token })).body
        .lendingApplication;
      moveTo(isoFromCivil(a.nacReturnDate));
      await Promise.all([runLendingTask(deps()), runLendingTask(deps())]);
      await runLendingTask(deps());
      const vouchers = await t.pool.query(
        `SELECT house_group_id, price_type, days, source FROM accommodation_vouchers WHERE account_id = $1`,
        [who.accountId],
      );
      expect(vouchers.rows).toEqual([
        { house_group_id: houseGroupId, price_type: 'STANDARD', days: 3, source: 'LENDING_REWARD' },
      ]);
      expect(await ledgerOf(who.accountId)).toEqual(['LENDING -60', 'LENDING_RETURN 60']);
    } finally {
      t.clock.set(start);
    }
  });

  it('lets an unpaid application lapse after its transfer deadline and releases its stock', async () => {
    const start = t.clock.now();
    try {
      const productId = await nacProduct(t);
      const who = await lender(t);
      const id = (await apply(who, productId, 2)).body.lendingApplication.lendingApplicationId;
      moveTo(addDays(todayIn('Asia/Tokyo', start), 8));
      await runLendingTask(deps());
      await runLendingTask(deps());
      expect(await statusOf(id)).toBe('CANCELLED_REFUNDED');
      expect(await eventsOf(id)).toEqual(['CREATED', 'LAPSED']);
      expect(await remainingOf(productId)).toBe(10);
    } finally {
      t.clock.set(start);
    }
  });
});
