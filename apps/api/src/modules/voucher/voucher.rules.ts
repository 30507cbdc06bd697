import { createHash } from 'node:crypto';
import { addDays, todayIn, type IsoDate } from '@yado/contract/civil-date';

/** The pure rules of voucher products, lotteries and vouchers (decision 0050). */

export type SalesFacts = {
  remainingStock: number;
  isLottery: boolean;
  lotteryStatus: 'ACCEPTING' | 'CLOSED' | null;
};

/** SOLD_OUT when no stock is left, or when a lottery has been drawn (its stock went to the winners). */
export function salesStatusOf(p: SalesFacts): 'ON_SALE' | 'SOLD_OUT' {
  if (p.remainingStock <= 0) return 'SOLD_OUT';
  if (p.isLottery && p.lotteryStatus === 'CLOSED') return 'SOLD_OUT';
  return 'ON_SALE';
}

/**
 * The draw's seed: the product's secret, chosen when it was created and never shown before the
 * draw, hashed with the product's id. Nobody entering can know the order; anyone given the seed
 * afterwards can compute it again.
 */
export function drawSeedOf(drawSecret: string, productId: string): string {
  return createHash('sha256').update(`voucher-lottery-v1\n${drawSecret}\n${productId}`).digest('hex');
}

/** An entry's key in the draw: the seed hashed with its lottery number. */
function drawKey(seed: string, lotteryNumber: number): string {
  return createHash('sha256').update(`${seed}\n${lotteryNumber}`).digest('hex');
}

/**
 * The draw order: the entries' lottery numbers sorted by their keys. It depends on nothing but the
 * seed and the set of numbers (not on the order they are given in), so running it again on the
 * recorded entries gives the same order.
 */
export function drawOrder(seed: string, lotteryNumbers: readonly number[]): number[] {
  return [...lotteryNumbers]
    .map((n) => ({ n, key: drawKey(seed, n) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.n - b.n))
    .map((e) => e.n);
}

export type DrawOutcome = { lotteryNumber: number; drawRank: number; result: 'WON' | 'LOST' | 'LOST_INSUFFICIENT_NAC' };

/**
 * Walks the order giving the stock away: an entry whose NAC cannot pay its fixed price at the draw
 * (canPay false) loses, and its voucher goes to the next in the order.
 */
export function assignWinners(
  order: readonly number[],
  stock: number,
  canPay: (lotteryNumber: number) => boolean,
): DrawOutcome[] {
  let left = stock;
  return order.map((lotteryNumber, i) => {
    const drawRank = i + 1;
    if (left <= 0) return { lotteryNumber, drawRank, result: 'LOST' as const };
    if (!canPay(lotteryNumber)) return { lotteryNumber, drawRank, result: 'LOST_INSUFFICIENT_NAC' as const };
    left -= 1;
    return { lotteryNumber, drawRank, result: 'WON' as const };
  });
}

/** The last day a voucher issued at `issuedAt` can be used: the booking window counted from that day, in the group's zone. */
export function voucherExpireDate(issuedAt: Date, timeZone: string, bookingWindowDays: number): IsoDate {
  return addDays(todayIn(timeZone, issuedAt), bookingWindowDays);
}

/** The NAC a revoked voucher returns: what was paid for it times the nights left over its nights, rounded down to the unit. */
export function proRataRefund(paidUnits: bigint, remainingDays: number, days: number): bigint {
  if (remainingDays <= 0 || days <= 0) return 0n;
  return (paidUnits * BigInt(remainingDays)) / BigInt(days);
}

export type VoucherStateFacts = { remainingDays: number; expireDate: string; revokedAt: Date | null };

/** What is left of a voucher on `today` (in its group's zone). */
export function voucherStateOf(v: VoucherStateFacts, today: IsoDate): 'ACTIVE' | 'USED_UP' | 'EXPIRED' | 'REVOKED' {
  if (v.revokedAt) return 'REVOKED';
  if (v.expireDate < today) return 'EXPIRED';
  if (v.remainingDays <= 0) return 'USED_UP';
  return 'ACTIVE';
}

/**
 * The id of a purchase or an entry. With an Idempotency-Key it is derived from the key, so a retry
 * after a crash names the same purchase and buys nothing twice.
 */
export function idFromKey(prefix: string, parts: readonly string[], key: string | null, random: () => string): string {
  if (!key) return `${prefix}_${random()}`;
  return `${prefix}_${createHash('sha256')
    .update([...parts, key].join('\n'))
    .digest('hex')
    .slice(0, 24)}`;
}

// Stays a voucher pays ----------------------------------------------------------------------------

export type VoucherStayFacts = VoucherStateFacts & { houseGroupId: string };

export type VoucherStayRefusal =
  | 'CodeAccommodationVoucherRevoked'
  | 'CodeAccommodationVoucherExpired'
  | 'CodeAccommodationVoucherWrongHouseGroup'
  | 'CodeAccommodationVoucherStayAfterExpiry'
  | 'CodeAccommodationVoucherUsedUp';

/**
 * Why a voucher may not pay a stay at `houseGroupId` checking out on `checkoutDate`, in the order a
 * guest can act on it; null when it may. The voucher's expire date is its last day of use, so the
 * stay's check-out may fall on it at the latest.
 */
export function voucherStayRefusal(
  v: VoucherStayFacts,
  stay: { houseGroupId: string; checkoutDate: IsoDate },
  today: IsoDate,
): VoucherStayRefusal | null {
  const state = voucherStateOf(v, today);
  if (state === 'REVOKED') return 'CodeAccommodationVoucherRevoked';
  if (state === 'EXPIRED') return 'CodeAccommodationVoucherExpired';
  if (stay.houseGroupId !== v.houseGroupId) return 'CodeAccommodationVoucherWrongHouseGroup';
  if (stay.checkoutDate > v.expireDate) return 'CodeAccommodationVoucherStayAfterExpiry';
  if (state === 'USED_UP') return 'CodeAccommodationVoucherUsedUp';
  return null;
}

/**
 * Whether a voucher of a tier may pay the stay's nights: a STANDARD voucher pays standard nights only;
 * a HIGH voucher, bought at the higher price, pays a night of either season (one voucher night each).
 */
export function voucherTierRefusal(
  tier: 'STANDARD' | 'HIGH',
  nights: { standard: number; high: number },
): 'CodeAccommodationVoucherPriceTypeMismatch' | null {
  return tier === 'STANDARD' && nights.high > 0 ? 'CodeAccommodationVoucherPriceTypeMismatch' : null;
}
