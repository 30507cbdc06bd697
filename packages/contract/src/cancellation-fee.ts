import { addDays, daysBetween, type IsoDate } from './civil-date.js';

/**
 * The guest cancellation fee (docs/domain.md, Bookings; decision 0060): free until the
 * free-cancellation limit date; after it, each stay date costs a percentage of that date's amount
 * set by the days left before that date, rising as it nears; a no-show, and a date already passed,
 * costs the no-show percentage. The one implementation: the booking form and the booking page show
 * what it gives before and after booking, and `get_cancellation_fee` and `cancel_booking` bill it.
 * Civil dates are ISO 'YYYY-MM-DD' strings, taken in the house group's zone by the caller.
 */

export type CancellationPolicy = {
  /** From `fromDaysBefore` days before a stay date (and closer), the fee is `percent` of that date's amount. */
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

export type StayNight = { date: IsoDate; amount: number };

export type CancellationFeeDetail = {
  percentage: number;
  amount: number;
  source: 'ACCOMMODATION_AMOUNT';
  consumedSlot: null;
};

export type CancellationFeeForDate = { date: IsoDate; amount: number; details: CancellationFeeDetail[] };

export type CancellationFeeSchedule = {
  underFreeCancellationPeriod: boolean;
  /** The highest percentage a night is charged today (the first night's; 0 while free). */
  percentage: number;
  perDate: CancellationFeeForDate[];
  totalFee: number;
};

/**
 * The last day a stay can be cancelled free: the day before the earliest tier begins for its first
 * night (default: 8 days before check-in). Later nights' tiers begin later still. A policy without
 * tiers never charges before check-in, so its limit is the day before check-in.
 */
export function freeCancellationLimitDate(checkinDate: IsoDate, policy: CancellationPolicy): IsoDate {
  const earliest = Math.max(0, ...policy.tiers.map((t) => t.fromDaysBefore));
  return addDays(checkinDate, -(earliest + 1));
}

/** The percentage of a date's amount charged when cancelling `daysBefore` days before that date. */
export function feePercentage(policy: CancellationPolicy, daysBefore: number, noShow = false): number {
  if (noShow || daysBefore < 0) return policy.noShowPercent;
  // The tier that has begun and is nearest to the date: the smallest fromDaysBefore still >= daysBefore.
  const started = policy.tiers.filter((t) => daysBefore <= t.fromDaysBefore);
  if (started.length === 0) return 0;
  const nearest = started.reduce((a, b) => (b.fromDaysBefore < a.fromDaysBefore ? b : a));
  return Math.min(100, Math.max(0, nearest.percent));
}

/**
 * What cancelling on `today` costs, per stay date: each date's percentage by the days left before it,
 * rounded down to the yen per date. The fee never exceeds the stay's amount. `noShow` charges the
 * no-show percentage on every night.
 */
export function cancellationFeeSchedule(input: {
  policy: CancellationPolicy;
  nights: readonly StayNight[];
  today: IsoDate;
  freeCancellationLimitDate?: IsoDate;
  noShow?: boolean;
}): CancellationFeeSchedule {
  const { policy, nights, today } = input;
  if (nights.length === 0) return { underFreeCancellationPeriod: true, percentage: 0, perDate: [], totalFee: 0 };
  const sorted = [...nights].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const limit = input.freeCancellationLimitDate ?? freeCancellationLimitDate(sorted[0]!.date, policy);
  const under = !input.noShow && daysBetween(today, limit) >= 0;
  let remaining = sorted.reduce((s, n) => s + Math.max(0, n.amount), 0);
  const perDate = sorted.map((n) => {
    const percentage = under ? 0 : feePercentage(policy, daysBetween(today, n.date), input.noShow);
    const amount = Math.min(remaining, Math.floor((Math.max(0, n.amount) * percentage) / 100));
    remaining -= amount;
    return {
      date: n.date,
      amount,
      details: [{ percentage, amount, source: 'ACCOMMODATION_AMOUNT' as const, consumedSlot: null }],
    };
  });
  const percentage = Math.max(0, ...perDate.map((d) => d.details[0]!.percentage));
  const totalFee = perDate.reduce((s, d) => s + d.amount, 0);
  return { underFreeCancellationPeriod: under, percentage, perDate, totalFee };
}

export type ScheduleRow = {
  /** From this day on (until the next row) cancelling costs `amount`. */
  from: IsoDate;
  /** The smallest and largest percentage a night is charged at from this day (each night by its own tier). */
  lowest: number;
  highest: number;
  amount: number;
};

/**
 * What cancelling would cost from each day the fee changes on, from today until check-in: the days a
 * tier begins for one of the nights. Each row's amount is `cancellationFeeSchedule` on its day.
 */
export function cancellationScheduleRows(
  policy: CancellationPolicy,
  nights: readonly StayNight[],
  today: IsoDate,
): ScheduleRow[] {
  if (nights.length === 0) return [];
  const starts = nights.flatMap((n) => policy.tiers.map((t) => addDays(n.date, -t.fromDaysBefore)));
  const checkin = nights.reduce((a, n) => (n.date < a ? n.date : a), nights[0]!.date);
  const days = [...new Set(starts.map((d) => (d < today ? today : d)))].filter((d) => d <= checkin).sort();
  const rows: ScheduleRow[] = [];
  for (const from of days) {
    const s = cancellationFeeSchedule({ policy, nights, today: from });
    const percents = s.perDate.map((d) => d.details[0]!.percentage);
    const last = rows.at(-1);
    // Free days before the first fee say nothing; a day whose fee is the one before's adds no row.
    if (last ? last.amount === s.totalFee : s.totalFee === 0) continue;
    rows.push({ from, lowest: Math.min(...percents), highest: Math.max(...percents), amount: s.totalFee });
  }
  return rows;
}
