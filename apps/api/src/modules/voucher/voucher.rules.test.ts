import { describe, expect, it } from 'vitest';
import {
  assignWinners,
  drawOrder,
  drawSeedOf,
  idFromKey,
  proRataRefund,
  salesStatusOf,
  voucherExpireDate,
  voucherStateOf,
  voucherStayRefusal,
  voucherTierRefusal,
} from './voucher.rules.js';

describe('voucher rules', () => {
  it('is on sale while stock is left, sold out at zero and once a lottery is drawn', () => {
    expect(salesStatusOf({ remainingStock: 1, isLottery: false, lotteryStatus: null })).toBe('ON_SALE');
    expect(salesStatusOf({ remainingStock: 0, isLottery: false, lotteryStatus: null })).toBe('SOLD_OUT');
    expect(salesStatusOf({ remainingStock: 3, isLottery: true, lotteryStatus: 'ACCEPTING' })).toBe('ON_SALE');
    expect(salesStatusOf({ remainingStock: 3, isLottery: true, lotteryStatus: 'CLOSED' })).toBe('SOLD_OUT');
  });

  it('draws the same order from the same seed whatever order the entries come in', () => {
    const seed = drawSeedOf('secret-1', 'vp_1');
    const numbers = Array.from({ length: 30 }, (_, i) => i + 1);
    const order = drawOrder(seed, numbers);
    expect(order).toHaveLength(30);
    expect([...order].sort((a, b) => a - b)).toEqual(numbers);
    expect(drawOrder(seed, [...numbers].reverse())).toEqual(order);
    expect(drawOrder(drawSeedOf('secret-1', 'vp_1'), numbers)).toEqual(order);
    // Another seed gives another order (30! orders: equal only by a vanishing chance).
    expect(drawOrder(drawSeedOf('secret-2', 'vp_1'), numbers)).not.toEqual(order);
    expect(drawSeedOf('secret-1', 'vp_2')).not.toBe(seed);
  });

  it('gives the stock in draw order, passing a winner who cannot pay to the next', () => {
    const outcome = assignWinners([5, 2, 9, 1], 2, (n) => n !== 2);
    expect(outcome).toEqual([
      { lotteryNumber: 5, drawRank: 1, result: 'WON' },
      { lotteryNumber: 2, drawRank: 2, result: 'LOST_INSUFFICIENT_NAC' },
      { lotteryNumber: 9, drawRank: 3, result: 'WON' },
      { lotteryNumber: 1, drawRank: 4, result: 'LOST' },
    ]);
    expect(assignWinners([], 3, () => true)).toEqual([]);
  });

  it('expires a voucher the booking window after the day it is issued, in the zone', () => {
    // 2026-03-31 20:00 UTC is already 1 April in Tokyo.
    expect(voucherExpireDate(new Date('2026-03-31T20:00:00Z'), 'Asia/Tokyo', 30)).toBe('2026-05-01');
    expect(voucherExpireDate(new Date('2026-03-31T10:00:00Z'), 'Asia/Tokyo', 30)).toBe('2026-04-30');
  });

  it('refunds pro rata, rounded down to the unit', () => {
    expect(proRataRefund(300_000_000n, 2, 3)).toBe(200_000_000n);
    expect(proRataRefund(100_000_001n, 1, 3)).toBe(33_333_333n);
    expect(proRataRefund(100n, 0, 3)).toBe(0n);
  });

  it('tells a voucher revoked, expired, used up or active', () => {
    const base = { remainingDays: 2, expireDate: '2026-05-01', revokedAt: null };
    expect(voucherStateOf(base, '2026-05-01')).toBe('ACTIVE');
    expect(voucherStateOf(base, '2026-05-02')).toBe('EXPIRED');
    expect(voucherStateOf({ ...base, remainingDays: 0 }, '2026-04-01')).toBe('USED_UP');
    expect(voucherStateOf({ ...base, revokedAt: new Date() }, '2026-04-01')).toBe('REVOKED');
  });

  it('derives ids from an idempotency key, else at random', () => {
    const a = idFromKey('vpu', ['acc', 'vp'], 'k1', () => 'r');
    expect(idFromKey('vpu', ['acc', 'vp'], 'k1', () => 'x')).toBe(a);
    expect(idFromKey('vpu', ['acc2', 'vp'], 'k1', () => 'x')).not.toBe(a);
    expect(idFromKey('vpu', ['acc', 'vp'], null, () => 'r')).toBe('vpu_r');
  });

  it('lets a voucher pay a stay at its group, checking out by its last day, until revoked or used up', () => {
    const v = { houseGroupId: 'hg1', expireDate: '2027-03-31', remainingDays: 2, revokedAt: null };
    const stay = (checkoutDate: string, houseGroupId = 'hg1') => ({
      houseGroupId,
      checkoutDate: checkoutDate as never,
    });
    const today = '2027-03-01' as never;
    expect(voucherStayRefusal(v, stay('2027-03-31'), today)).toBeNull();
    expect(voucherStayRefusal(v, stay('2027-04-01'), today)).toBe('CodeAccommodationVoucherStayAfterExpiry');
    expect(voucherStayRefusal(v, stay('2027-03-10', 'hg2'), today)).toBe('CodeAccommodationVoucherWrongHouseGroup');
    expect(voucherStayRefusal({ ...v, remainingDays: 0 }, stay('2027-03-10'), today)).toBe(
      'CodeAccommodationVoucherUsedUp',
    );
    expect(voucherStayRefusal({ ...v, revokedAt: new Date() }, stay('2027-03-10'), today)).toBe(
      'CodeAccommodationVoucherRevoked',
    );
    expect(voucherStayRefusal(v, stay('2027-04-02'), '2027-04-01' as never)).toBe('CodeAccommodationVoucherExpired');
  });

  it('lets a STANDARD voucher pay standard nights only and a HIGH voucher any night', () => {
    expect(voucherTierRefusal('STANDARD', { standard: 3, high: 0 })).toBeNull();
    expect(voucherTierRefusal('STANDARD', { standard: 2, high: 1 })).toBe('CodeAccommodationVoucherPriceTypeMismatch');
    expect(voucherTierRefusal('HIGH', { standard: 2, high: 1 })).toBeNull();
    expect(voucherTierRefusal('HIGH', { standard: 0, high: 2 })).toBeNull();
  });
});
