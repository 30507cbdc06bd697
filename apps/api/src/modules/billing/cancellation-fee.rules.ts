import { addDays, daysBetween } from '@yado/contract/civil-date';
/**
 * Cancellation fees (docs/domain.md, Bookings): free until the free-cancellation
 * limit date; after it, each stay date costs a percentage of that date's amount,
 * rising as check-in nears. Civil dates are ISO 'YYYY-MM-DD' strings.
 */

export type CancellationPolicy = {
  /** From `fromDaysBefore` days before check-in (and closer), the fee is `percent` of each date's amount. */
  tiers: readonly { fromDaysBefore: number; percent: number }[];
  noShowPercent: number;
};

export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = {
  tiers: [
    { fromDaysBefore: 7, percent: 30 },
    { fromDaysBefore: 1, percent: 50 },
    { fromDaysBefore: 0, percent: 80 },
  ],
  noShowPercent: 100,
};

export type CancellationFeeDetail = {
  percentage: number;
  amount: number;
  source: 'ACCOMMODATION_AMOUNT';
  consumedSlot: null;
};

export type CancellationFeeForDate = { date: string; amount: number; details: CancellationFeeDetail[] };

export type CancellationFeeSchedule = {
  underFreeCancellationPeriod: boolean;
  /** The percentage that applies today (0 while free). */
  percentage: number;
  perDate: CancellationFeeForDate[];
  totalFee: number;
};

/**
 * The last day a stay can be cancelled free: the day before the earliest tier
 * begins (default: 8 days before check-in). A policy without tiers never
 * charges before check-in, so its limit is the day before check-in.
 */
export function freeCancellationLimitDate(checkinDate: string, policy: CancellationPolicy): string {
  const earliest = Math.max(0, ...policy.tiers.map((t) => t.fromDaysBefore));
  return addDays(checkinDate, -(earliest + 1));
}

/** The percentage of each date's amount charged when cancelling `daysBefore` days before check-in. */
export function feePercentage(policy: CancellationPolicy, daysBefore: number, noShow = false): number {
  if (noShow || daysBefore < 0) return policy.noShowPercent;
  // The tier that has begun and is nearest to check-in: the smallest fromDaysBefore still >= daysBefore.
  const started = policy.tiers.filter((t) => daysBefore <= t.fromDaysBefore);
  if (started.length === 0) return 0;
  const nearest = started.reduce((a, b) => (b.fromDaysBefore < a.fromDaysBefore ? b : a));
  return Math.min(100, Math.max(0, nearest.percent));
}

/**
 * What cancelling today costs, per stay date. The percentage is set by the days
 * left before check-in (the first night), rounded down to the yen per date; the
 * fee never exceeds the stay's amount. `noShow` charges the no-show percentage.
 */
export function cancellationFeeSchedule(input: {
  policy: CancellationPolicy;
  nights: readonly { date: string; amount: number }[];
  today: string;
  freeCancellationLimitDate?: string;
  noShow?: boolean;
}): CancellationFeeSchedule {
  const { policy, nights, today } = input;
  const stayAmount = nights.reduce((s, n) => s + Math.max(0, n.amount), 0);
  if (nights.length === 0) return { underFreeCancellationPeriod: true, percentage: 0, perDate: [], totalFee: 0 };
  const checkin = nights.map((n) => n.date).reduce((a, b) => (b < a ? b : a));
  const limit = input.freeCancellationLimitDate ?? freeCancellationLimitDate(checkin, policy);
  const under = !input.noShow && daysBetween(today, limit) >= 0;
  const percentage = under ? 0 : feePercentage(policy, daysBetween(today, checkin), input.noShow);
  let remaining = stayAmount;
  const perDate = [...nights]
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    .map((n) => {
      const amount = Math.min(remaining, Math.floor((Math.max(0, n.amount) * percentage) / 100));
      remaining -= amount;
      return {
        date: n.date,
        amount,
        details: [{ percentage, amount, source: 'ACCOMMODATION_AMOUNT' as const, consumedSlot: null }],
      };
    });
  const totalFee = perDate.reduce((s, d) => s + d.amount, 0);
  return { underFreeCancellationPeriod: under, percentage, perDate, totalFee };
}
