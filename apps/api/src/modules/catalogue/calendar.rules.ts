import { addDays, datesBetween, type IsoDate } from '@yado/contract/civil-date';

export type PriceTypeValue = 'STANDARD' | 'HIGH';

/** One date of a house group's season calendar; a date without one is not on sale. */
export type SeasonDay = { date: IsoDate; priceType: PriceTypeValue; closed: boolean };

/** An active stay: the house is occupied on the nights [checkin, checkout). */
export type Occupation = { houseId: string; checkin: IsoDate; checkout: IsoDate };

export type CalendarInput = {
  /** First and last (exclusive) night to derive. */
  from: IsoDate;
  to: IsoDate;
  /** Today in the house group's time zone: earlier nights cannot be sold. */
  today: IsoDate;
  days: readonly SeasonDay[];
  houseIds: readonly string[];
  stays: readonly Occupation[];
};

/**
 * The nights in [from, to) a guest can take: the night is today or later, on
 * sale, not closed, and at least one house of the group has no stay on it.
 * Availability is always derived like this from houses and stays, never stored.
 */
export function availableNights(input: CalendarInput): Set<IsoDate> {
  const houses = new Set(input.houseIds);
  const busy = new Map<IsoDate, Set<string>>();
  for (const s of input.stays) {
    if (!houses.has(s.houseId)) continue;
    const start = s.checkin > input.from ? s.checkin : input.from;
    const end = s.checkout < input.to ? s.checkout : input.to;
    for (const night of datesBetween(start, end)) {
      let set = busy.get(night);
      if (!set) busy.set(night, (set = new Set()));
      set.add(s.houseId);
    }
  }
  const out = new Set<IsoDate>();
  for (const d of input.days) {
    if (d.date < input.from || d.date >= input.to || d.date < input.today || d.closed) continue;
    if ((busy.get(d.date)?.size ?? 0) < houses.size) out.add(d.date);
  }
  return out;
}

export type CheckinCheckoutDay = {
  date: IsoDate;
  availableForCheckin: boolean;
  availableForCheckout: boolean;
  priceType: PriceTypeValue;
};
export type VacancyDay = { date: IsoDate; priceType: PriceTypeValue; vacant: boolean; withinTargetPeriod: boolean };
export type EnabledDay = { date: IsoDate; enabled: boolean; priceType: PriceTypeValue };

/** The price type a date shows; a date not on sale shows STANDARD (and is not available). */
const priceTypeOf = (days: ReadonlyMap<IsoDate, SeasonDay>, date: IsoDate): PriceTypeValue =>
  days.get(date)?.priceType ?? 'STANDARD';

const indexDays = (days: readonly SeasonDay[]) => new Map(days.map((d) => [d.date, d]));

/**
 * Dates [from, to): check-in on D needs night D; check-out on D needs night
 * D-1 (the last night of the stay). The input must cover the night before `from`.
 */
export function checkinCheckoutDays(input: CalendarInput & { from: IsoDate }): CheckinCheckoutDay[] {
  const nights = availableNights({ ...input, from: addDays(input.from, -1) });
  const days = indexDays(input.days);
  return datesBetween(input.from, input.to).map((date) => ({
    date,
    availableForCheckin: nights.has(date),
    availableForCheckout: nights.has(addDays(date, -1)),
    priceType: priceTypeOf(days, date),
  }));
}

/** Dates [from, to): whether night D is vacant and whether D lies in [today, targetPeriodTo]. */
export function vacancyDays(input: CalendarInput & { targetPeriodTo: IsoDate }): VacancyDay[] {
  const nights = availableNights(input);
  const days = indexDays(input.days);
  return datesBetween(input.from, input.to).map((date) => ({
    date,
    priceType: priceTypeOf(days, date),
    vacant: nights.has(date),
    withinTargetPeriod: date >= input.today && date <= input.targetPeriodTo,
  }));
}

/** Dates [from, to): whether D can be picked as a night of a stay. */
export function enabledDays(input: CalendarInput): EnabledDay[] {
  const nights = availableNights(input);
  const days = indexDays(input.days);
  return datesBetween(input.from, input.to).map((date) => ({
    date,
    enabled: nights.has(date),
    priceType: priceTypeOf(days, date),
  }));
}
