import { AppError, type FieldIssue } from '../../platform/app-error.js';
import {
  addDays,
  addMonths,
  daysBetween,
  daysInMonth,
  isoFromParts,
  monthOf,
  utcOffsetIn,
  type IsoDate,
} from '@yado/contract/civil-date';

export type PriceTypeValue = 'STANDARD' | 'HIGH';
export type SeasonDayValue = { priceType: PriceTypeValue; closed: boolean; standardPrice: number; highPrice: number };
export type SeasonChange = {
  from: IsoDate;
  to: IsoDate;
  priceType?: PriceTypeValue;
  standardPrice?: number;
  highPrice?: number;
  closed?: boolean;
};

/** Staff plan the calendar this far ahead (the catalogue's availability calendar shows as much). */
export const CALENDAR_MONTHS_AHEAD = 18;

/** The last date staff may set: the same day 18 months on (or the month's last day, for 31 August + 18 months). */
export function lastPlannableDate(today: IsoDate): IsoDate {
  const ym = addMonths(monthOf(today), CALENDAR_MONTHS_AHEAD);
  return isoFromParts(ym.year, ym.month, Math.min(Number(today.slice(8, 10)), daysInMonth(ym)));
}

/**
 * Every change must lie between today and 18 months ahead, with its end not
 * before its start: past nights may already be billed, and nights further out
 * are not on sale. Throws CodeCalendarRangeInvalid naming the change.
 */
export function checkCalendarChanges(changes: readonly SeasonChange[], today: IsoDate): void {
  const last = lastPlannableDate(today);
  const issues: FieldIssue[] = [];
  changes.forEach((c, i) => {
    if (c.to < c.from) issues.push({ field: `changes.${i}.to`, description: 'before from' });
    else if (c.from < today) issues.push({ field: `changes.${i}.from`, description: `before today (${today})` });
    else if (c.to > last) issues.push({ field: `changes.${i}.to`, description: `after ${last}` });
  });
  if (issues.length) throw new AppError('CodeCalendarRangeInvalid', { fields: issues });
}

/**
 * The calendar after the changes, applied in order (a later change wins where
 * ranges overlap). A day that had no value yet starts as an open STANDARD day
 * priced at the house group's standard season price. Returns only the days
 * whose value actually changed, so the audit shows what was done.
 */
export function applySeasonChanges(
  existing: ReadonlyMap<IsoDate, SeasonDayValue>,
  changes: readonly SeasonChange[],
  defaultPrice: number,
): Map<IsoDate, SeasonDayValue> {
  const next = new Map<IsoDate, SeasonDayValue>();
  for (const c of changes) {
    const days = daysBetween(c.from, c.to);
    for (let i = 0; i <= days; i++) {
      const date = addDays(c.from, i);
      const current = next.get(date) ??
        existing.get(date) ?? {
          priceType: 'STANDARD',
          closed: false,
          standardPrice: defaultPrice,
          highPrice: defaultPrice,
        };
      next.set(date, {
        priceType: c.priceType ?? current.priceType,
        closed: c.closed ?? current.closed,
        standardPrice: c.standardPrice ?? current.standardPrice,
        highPrice: c.highPrice ?? current.highPrice,
      });
    }
  }
  for (const [date, value] of next) {
    const before = existing.get(date);
    if (
      before &&
      before.priceType === value.priceType &&
      before.closed === value.closed &&
      before.standardPrice === value.standardPrice &&
      before.highPrice === value.highPrice
    ) {
      next.delete(date);
    }
  }
  return next;
}

export type HouseGroupRulesInput = {
  baseCapacity: number;
  maxCapacity: number;
  minAdultCapacity: number;
  isPetAllowed: boolean;
  basePetCapacity: number;
  maxPetCapacity: number;
  timezone: string;
  cancellationPolicy: { tiers: { fromDaysBefore: number; percent: number }[]; noShowPercent: number };
  accommodationTaxBands: { minYen: number; maxYen: number | null; taxPerPersonNight: number }[];
};

/** What a house group must satisfy beyond each field's own range; every failing field is named. */
export function houseGroupIssues(h: HouseGroupRulesInput): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (h.maxCapacity < h.baseCapacity) issues.push({ field: 'maxCapacity', description: 'below baseCapacity' });
  if (h.minAdultCapacity > h.maxCapacity) issues.push({ field: 'minAdultCapacity', description: 'above maxCapacity' });
  if (h.maxPetCapacity < h.basePetCapacity)
    issues.push({ field: 'maxPetCapacity', description: 'below basePetCapacity' });
  if (!h.isPetAllowed && h.maxPetCapacity > 0) {
    issues.push({ field: 'maxPetCapacity', description: 'must be 0 where pets are not allowed' });
  }
  if (utcOffsetIn(h.timezone, new Date(0)) === null) {
    issues.push({ field: 'timezone', description: 'not an IANA time zone' });
  }
  const tiers = h.cancellationPolicy.tiers;
  for (let i = 1; i < tiers.length; i++) {
    // Tiers run towards the stay: fewer days before, never a smaller fee.
    if (tiers[i]!.fromDaysBefore >= tiers[i - 1]!.fromDaysBefore || tiers[i]!.percent < tiers[i - 1]!.percent) {
      issues.push({
        field: `cancellationPolicy.tiers.${i}`,
        description: 'tiers must come nearer the stay with a fee that does not fall',
      });
    }
  }
  const last = tiers[tiers.length - 1];
  if (last && h.cancellationPolicy.noShowPercent < last.percent) {
    issues.push({ field: 'cancellationPolicy.noShowPercent', description: 'below the last tier' });
  }
  const bands = h.accommodationTaxBands;
  bands.forEach((b, i) => {
    if (b.maxYen !== null && b.maxYen < b.minYen) {
      issues.push({ field: `accommodationTaxBands.${i}.maxYen`, description: 'below minYen' });
    }
    if (b.maxYen === null && i !== bands.length - 1) {
      issues.push({ field: `accommodationTaxBands.${i}.maxYen`, description: 'only the last band may be open-ended' });
    }
    const prev = bands[i - 1];
    if (prev && (prev.maxYen === null || b.minYen !== prev.maxYen + 1)) {
      issues.push({
        field: `accommodationTaxBands.${i}.minYen`,
        description: 'bands must follow one another without gap or overlap',
      });
    }
  });
  return issues;
}
