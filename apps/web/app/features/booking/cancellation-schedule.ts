import { addDays, daysBetween, type IsoDate } from '@yado/contract/civil-date';

export type CancellationPolicy = {
  tiers: { fromDaysBefore: number; percent: number }[];
  noShowPercent: number;
};

export type ScheduleRow = {
  /** From this day on (until the next row) cancelling costs `amount`. */
  from: IsoDate;
  /** The smallest and largest percentage a night is charged at from this day (each night by its own tier). */
  lowest: number;
  highest: number;
  amount: number;
};

/** The percentage one night costs when cancelled `daysBefore` days ahead: the closest tier that has begun. */
export function percentFor(policy: CancellationPolicy, daysBefore: number): number {
  return policy.tiers
    .filter((tier) => daysBefore <= tier.fromDaysBefore)
    .reduce((max, tier) => Math.max(max, tier.percent), 0);
}

/** The fee of cancelling on `day`: each night at its tier's percentage, rounded down to the yen. */
export function feeOn(policy: CancellationPolicy, nights: { date: IsoDate; amount: number }[], day: IsoDate): number {
  return nights.reduce(
    (sum, n) => sum + Math.floor((n.amount * percentFor(policy, daysBetween(day, n.date))) / 100),
    0,
  );
}

/**
 * What cancelling would cost from each tier's first day, for a stay not yet
 * booked: the house group's policy applied to the quoted nights. The booking
 * page shows the API's own figures once the booking exists.
 */
export function cancellationSchedule(
  policy: CancellationPolicy,
  nights: { date: IsoDate; amount: number }[],
  today: IsoDate,
): ScheduleRow[] {
  const first = nights[0]?.date;
  if (!first) return [];
  const starts = [...new Set(policy.tiers.map((t) => addDays(first, -t.fromDaysBefore)))].sort();
  return starts
    .map((from) => (from < today ? today : from))
    .filter((from, i, all) => all.indexOf(from) === i)
    .map((from) => {
      const percents = nights.map((n) => percentFor(policy, daysBetween(from, n.date)));
      return {
        from,
        lowest: Math.min(...percents),
        highest: Math.max(...percents),
        amount: feeOn(policy, nights, from),
      };
    })
    .filter((row) => row.amount > 0);
}
