import { randomUUID } from 'node:crypto';
import { dateTimeFromDate } from '@yado/contract/date-time';
import {
  enterVoucherLottery,
  listAccommodationVouchers,
  listLotteryEntries,
  listVoucherProducts,
  purchaseVoucherProduct,
  revokeAccommodationVoucher,
  staffReplayVoucherLotteryDraw,
} from '@yado/contract/voucher.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { bookableHouseGroup, guestWithCard } from '../booking/booking.test-factory.js';
import { issueAccommodationVoucher } from './accommodation-voucher.service.js';
import { drawDueLotteries, drawLottery, expireVouchers } from './voucher.service.js';
import { creditNac, priceOf, staffTokenOf, voucherProduct } from './voucher.test-factory.js';

let t: TestApi;
let houseGroupId: string;

beforeAll(async () => {
  t = await createTestApi();
  houseGroupId = (await bookableHouseGroup(t)).houseGroupId;
});

const key = () => ({ 'idempotency-key': randomUUID() });

async function guestWithNac(nac = '10000') {
  const g = await guestWithCard(t);
  await creditNac(t, g.accountId, nac);
  return g;
}

const nacBalance = async (accountId: string) =>
  (
    await t.pool.query<{ b: string }>(
      'SELECT COALESCE(sum(amount), 0)::numeric(38,8)::text AS b FROM nac_ledger WHERE account_id = $1',
      [accountId],
    )
  ).rows[0]!.b;

async function buy(token: string, voucherProductId: string, headers: Record<string, string> = key()) {
  const q = await priceOf(t, token, voucherProductId);
  return t.call(
    purchaseVoucherProduct,
    { voucherProductId, nacPrice: q.nacPrice, nacToJpyRate: q.nacToJpyRate, nacToJpyRateHash: q.nacToJpyRateHash },
    { token, headers },
  );
}

async function enter(token: string, voucherProductId: string) {
  const q = await priceOf(t, token, voucherProductId);
  return t.call(
    enterVoucherLottery,
    { voucherProductId, nacPrice: q.nacPrice, nacToJpyRate: q.nacToJpyRate, nacToJpyRateHash: q.nacToJpyRateHash },
    { token, headers: key() },
  );
}

const later = (ms: number) => ({ ...t.api.deps, clock: fixedClock(new Date(t.clock.now().getTime() + ms)) });

describe('voucher products and purchase', () => {
  it('lists products and prices one in NAC at the live rate with a signed quote', async () => {
    const g = await guestWithNac();
    const p = await voucherProduct(t, houseGroupId, { price: 45_000 });
    const list = await t.call(listVoucherProducts, { houseGroupId }, { token: g.token });
    expect(list.status).toBe(200);
    expect(list.body.products.find((x) => x.voucherProductId === p.voucherProductId)).toMatchObject({
      salesStatus: 'ON_SALE',
      remainingStock: 5,
      isLottery: false,
      lotteryStatus: null,
    });
    const q = await priceOf(t, g.token, p.voucherProductId);
    expect(q.salesStatus).toBe('ON_SALE');
    expect(q.price).toBe(45_000);
    // NAC that covers the yen price, never more than one unit over.
    const nac = Number(q.nacPrice);
    expect(nac * Number(q.nacToJpyRate)).toBeGreaterThanOrEqual(45_000 - 1e-6);
    expect((nac - 1e-8) * Number(q.nacToJpyRate)).toBeLessThan(45_000);
    expect(q.nacToJpyRateHash).toMatch(/^\d+\./);
  });

  it('buys a voucher: NAC debited, stock taken, voucher issued; a retry with the key does nothing twice', async () => {
    const g = await guestWithNac('1000');
    const p = await voucherProduct(t, houseGroupId, { stock: 3, days: 2, price: 30_000 });
    const headers = key();
    const res = await buy(g.token, p.voucherProductId, headers);
    expect(res.status).toBe(200);
    expect(res.body.voucher).toMatchObject({
      days: 2,
      remainingDays: 2,
      price: 30_000,
      revocable: true,
      state: 'ACTIVE',
    });
    const again = await buy(g.token, p.voucherProductId, headers);
    expect(again.status).toBe(200);
    expect(again.body.voucherPurchaseId).toBe(res.body.voucherPurchaseId);
    const ledger = await t.pool.query<{ kind: string; amount: string }>(
      `SELECT kind, (-amount)::numeric(38,8)::text AS amount FROM nac_ledger WHERE account_id = $1 AND kind = 'VOUCHER_PURCHASE'`,
      [g.accountId],
    );
    expect(ledger.rows).toHaveLength(1);
    expect(Number(ledger.rows[0]!.amount)).toBe(Number(res.body.nacAmount));
    const vouchers = await t.call(listAccommodationVouchers, {}, { token: g.token });
    expect(vouchers.body.vouchers.map((v) => v.id)).toEqual([res.body.voucher.id]);
    const list = await t.call(listVoucherProducts, { houseGroupId }, { token: g.token });
    expect(list.body.products.find((x) => x.voucherProductId === p.voucherProductId)?.remainingStock).toBe(2);
  });

  it('refuses a stale quote, an altered one, another user’s, a short balance, a lottery product and sales not started', async () => {
    const g = await guestWithNac('1');
    const other = await guestWithNac();
    const p = await voucherProduct(t, houseGroupId);
    const q = await priceOf(t, g.token, p.voucherProductId);
    const input = {
      voucherProductId: p.voucherProductId,
      nacPrice: q.nacPrice,
      nacToJpyRate: q.nacToJpyRate,
      nacToJpyRateHash: q.nacToJpyRateHash,
    };
    const altered = await t.call(
      purchaseVoucherProduct,
      { ...input, nacPrice: String(Number(q.nacPrice) / 2) },
      { token: g.token, headers: key() },
    );
    expect(altered.error.errorInfo.reason).toBe('CodeRateQuoteInvalid');
    const borrowed = await t.call(purchaseVoucherProduct, input, { token: other.token, headers: key() });
    expect(borrowed.error.errorInfo.reason).toBe('CodeRateQuoteInvalid');
    const short = await t.call(purchaseVoucherProduct, input, { token: g.token, headers: key() });
    expect(short.error.errorInfo.reason).toBe('CodeNacInsufficientBalance');
    t.clock.advance(10 * 60_000);
    const stale = await t.call(purchaseVoucherProduct, input, { token: g.token, headers: key() });
    expect(stale.error.errorInfo.reason).toBe('CodeRateQuoteExpired');
    const lottery = await voucherProduct(t, houseGroupId, {
      openDeadline: dateTimeFromDate(new Date(t.clock.now().getTime() + 86_400_000)),
    });
    expect((await buy(other.token, lottery.voucherProductId)).error.errorInfo.reason).toBe(
      'CodeVoucherProductIsLottery',
    );
    const future = await voucherProduct(t, houseGroupId, {
      salesStartAt: dateTimeFromDate(new Date(t.clock.now().getTime() + 86_400_000)),
    });
    expect((await buy(other.token, future.voucherProductId)).error.errorInfo.reason).toBe('CodeVoucherSalesNotStarted');
    // Nothing was taken from the stock by the refusals.
    const list = await t.call(listVoucherProducts, { houseGroupId }, { token: g.token });
    expect(list.body.products.find((x) => x.voucherProductId === p.voucherProductId)?.remainingStock).toBe(5);
  });

  it('sells small stock once to racing buyers, never below zero, and then answers sold out', async () => {
    const p = await voucherProduct(t, houseGroupId, { stock: 2 });
    const buyers = await Promise.all(Array.from({ length: 6 }, () => guestWithNac()));
    const quotes = await Promise.all(buyers.map((b) => priceOf(t, b.token, p.voucherProductId)));
    const results = await Promise.all(
      buyers.map((b, i) =>
        t.call(
          purchaseVoucherProduct,
          {
            voucherProductId: p.voucherProductId,
            nacPrice: quotes[i]!.nacPrice,
            nacToJpyRate: quotes[i]!.nacToJpyRate,
            nacToJpyRateHash: quotes[i]!.nacToJpyRateHash,
          },
          { token: b.token, headers: key() },
        ),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.status === 409 && r.error.errorInfo.reason === 'CodeVoucherSoldOut')).toHaveLength(
      4,
    );
    const row = await t.pool.query<{ remaining_stock: number }>(
      'SELECT remaining_stock FROM voucher_products WHERE id = $1',
      [p.voucherProductId],
    );
    expect(row.rows[0]!.remaining_stock).toBe(0);
    const charged = await t.pool.query(
      `SELECT 1 FROM nac_ledger WHERE kind = 'VOUCHER_PURCHASE' AND account_id = ANY($1)`,
      [buyers.map((b) => b.accountId)],
    );
    expect(charged.rowCount).toBe(2);
    expect((await priceOf(t, buyers[0]!.token, p.voucherProductId)).salesStatus).toBe('SOLD_OUT');
  });
});

describe('lotteries', () => {
  const deadlineIn = (ms: number) => dateTimeFromDate(new Date(t.clock.now().getTime() + ms));

  it('takes one entry per user, numbered in order; a second is refused', async () => {
    const p = await voucherProduct(t, houseGroupId, { openDeadline: deadlineIn(3_600_000), stock: 1 });
    const a = await guestWithNac();
    const b = await guestWithNac();
    const first = await enter(a.token, p.voucherProductId);
    expect(first.status).toBe(200);
    expect(first.body.entry).toMatchObject({
      lotteryNumber: 1,
      lotteryStatus: 'ACCEPTING',
      result: 'PENDING',
      daysStandard: 3,
      daysHigh: 0,
    });
    expect((await enter(b.token, p.voucherProductId)).body.entry.lotteryNumber).toBe(2);
    const second = await enter(a.token, p.voucherProductId);
    expect(second.status).toBe(409);
    expect(second.error.errorInfo.reason).toBe('CodeVoucherLotteryAlreadyEntered');
    const mine = await t.call(listLotteryEntries, {}, { token: a.token });
    expect(mine.body.entries.map((e) => [e.voucherProductId, e.lotteryNumber])).toEqual([[p.voucherProductId, 1]]);
    const direct = await voucherProduct(t, houseGroupId);
    expect((await enter(a.token, direct.voucherProductId)).error.errorInfo.reason).toBe('CodeVoucherProductNotLottery');
  });

  it('draws at the deadline once: winners pay the fixed price and get vouchers, the replay gives the same winners', async () => {
    const p = await voucherProduct(t, houseGroupId, { openDeadline: deadlineIn(3_600_000), stock: 2 });
    const guests = await Promise.all(Array.from({ length: 5 }, () => guestWithNac('1000')));
    for (const g of guests) expect((await enter(g.token, p.voucherProductId)).status).toBe(200);
    // A guest whose NAC is gone by the draw cannot win: the voucher passes to the next in the order.
    const poor = guests[0]!;
    await t.pool.query(
      `INSERT INTO nac_ledger (account_id, amount, kind, reference, logged_at) VALUES ($1, -1000, 'LENDING', $2, now())`,
      [poor.accountId, `lending:test-${randomUUID()}`],
    );
    expect(await drawLottery(later(60_000), p.voucherProductId)).toBe(false);
    await drawDueLotteries(later(3_600_000));
    expect(await drawLottery(later(3_700_000), p.voucherProductId)).toBe(false);

    const staff = await staffTokenOf(t);
    const replay = await t.call(
      staffReplayVoucherLotteryDraw,
      { voucherProductId: p.voucherProductId },
      { token: staff },
    );
    expect(replay.status).toBe(200);
    expect(replay.body.matches).toBe(true);
    expect(replay.body.winners).toHaveLength(2);
    expect(replay.body.recorded.map((r) => r.lotteryNumber)).toEqual(replay.body.replayedOrder);
    const again = await t.call(
      staffReplayVoucherLotteryDraw,
      { voucherProductId: p.voucherProductId },
      { token: staff },
    );
    expect(again.body).toEqual(replay.body);

    const results = await Promise.all(
      guests.map(async (g) => (await t.call(listLotteryEntries, {}, { token: g.token })).body.entries[0]!),
    );
    expect(results.every((e) => e.lotteryStatus === 'CLOSED')).toBe(true);
    expect(results[0]!.result).not.toBe('WON');
    const winners = results.filter((e) => e.result === 'WON');
    expect(winners.map((e) => e.lotteryNumber).sort()).toEqual([...replay.body.winners].sort());
    for (const [i, g] of guests.entries()) {
      const vs = (await t.call(listAccommodationVouchers, {}, { token: g.token })).body.vouchers;
      const won = results[i]!.result === 'WON';
      expect(vs).toHaveLength(won ? 1 : 0);
      if (won) expect(vs[0]!.id).toBe(results[i]!.accommodationVoucherId);
      const paid = await t.pool.query(`SELECT 1 FROM nac_ledger WHERE account_id = $1 AND kind = 'VOUCHER_PURCHASE'`, [
        g.accountId,
      ]);
      expect(paid.rowCount).toBe(won ? 1 : 0);
    }
    const closed = await enter((await guestWithNac()).token, p.voucherProductId);
    expect(closed.error.errorInfo.reason).toBe('CodeVoucherLotteryNotAccepting');
    const q = await priceOf(t, guests[1]!.token, p.voucherProductId);
    expect(q.salesStatus).toBe('SOLD_OUT');
  });

  it('refuses the replay of a lottery not yet drawn', async () => {
    const p = await voucherProduct(t, houseGroupId, { openDeadline: deadlineIn(3_600_000) });
    const res = await t.call(
      staffReplayVoucherLotteryDraw,
      { voucherProductId: p.voucherProductId },
      { token: await staffTokenOf(t) },
    );
    expect(res.error.errorInfo.reason).toBe('CodeVoucherLotteryNotDrawn');
  });
});

describe('accommodation vouchers', () => {
  it('revokes a revocable voucher with a pro-rata NAC refund, once', async () => {
    const g = await guestWithNac('1000');
    const p = await voucherProduct(t, houseGroupId, { days: 4 });
    const bought = await buy(g.token, p.voucherProductId);
    const before = Number(await nacBalance(g.accountId));
    await t.pool.query(
      `INSERT INTO accommodation_voucher_ledger (voucher_id, days, kind, reference, logged_at) VALUES ($1, -1, 'USE', 'booking-x', now())`,
      [bought.body.voucher.id],
    );
    const res = await t.call(
      revokeAccommodationVoucher,
      { accommodationVoucherId: bought.body.voucher.id },
      { token: g.token, headers: key() },
    );
    expect(res.status).toBe(200);
    expect(res.body.voucher).toMatchObject({ state: 'REVOKED', remainingDays: 0 });
    const paid = Number(bought.body.nacAmount);
    expect(Number(res.body.refundedNacAmount)).toBeCloseTo((paid * 3) / 4, 7);
    expect(Number(await nacBalance(g.accountId))).toBeCloseTo(before + Number(res.body.refundedNacAmount), 7);
    const again = await t.call(
      revokeAccommodationVoucher,
      { accommodationVoucherId: bought.body.voucher.id },
      { token: g.token, headers: key() },
    );
    expect(again.error.errorInfo.reason).toBe('CodeAccommodationVoucherRevoked');
    const other = await guestWithNac();
    const foreign = await t.call(
      revokeAccommodationVoucher,
      { accommodationVoucherId: bought.body.voucher.id },
      { token: other.token, headers: key() },
    );
    expect(foreign.error.errorInfo.reason).toBe('CodeAccommodationVoucherNotFound');
  });

  it('refuses to revoke a voucher that is not revocable or expired; the expiry task takes its nights once', async () => {
    const g = await guestWithNac();
    const issue = (o: { revocable: boolean; expireDate: string }) =>
      issueAccommodationVoucher(t.pool, {
        accountId: g.accountId,
        houseGroupId,
        houseId: null,
        priceType: 'STANDARD',
        days: 2,
        price: 20_000,
        source: 'LENDING_REWARD',
        sourceRef: `reward:${randomUUID()}`,
        issuedAt: t.clock.now(),
        ...o,
      });
    const fixed = await issue({ revocable: false, expireDate: '2099-01-01' });
    const old = await issue({ revocable: true, expireDate: '2020-01-01' });
    const call = (id: string) =>
      t.call(revokeAccommodationVoucher, { accommodationVoucherId: id }, { token: g.token, headers: key() });
    expect((await call(fixed.id)).error.errorInfo.reason).toBe('CodeAccommodationVoucherNotRevocable');
    expect((await call(old.id)).error.errorInfo.reason).toBe('CodeAccommodationVoucherExpired');
    await expireVouchers(t.api.deps);
    await expireVouchers(t.api.deps);
    const entries = await t.pool.query<{ kind: string; days: number }>(
      `SELECT kind, days FROM accommodation_voucher_ledger WHERE voucher_id = $1 ORDER BY id`,
      [old.id],
    );
    expect(entries.rows).toEqual([
      { kind: 'ISSUE', days: 2 },
      { kind: 'EXPIRE', days: -2 },
    ]);
    const listed = (await t.call(listAccommodationVouchers, {}, { token: g.token })).body.vouchers;
    expect(listed.find((v) => v.id === old.id)).toMatchObject({ state: 'EXPIRED', remainingDays: 0 });
    expect(listed.find((v) => v.id === fixed.id)).toMatchObject({
      state: 'ACTIVE',
      remainingDays: 2,
      revocable: false,
    });
  });
});
