import {
  addDays,
  civilFromIso,
  compareCivil,
  datesBetween,
  daysInMonth,
  isoFromCivil,
} from '@yado/contract/civil-date';
import type { CivilDate } from '@yado/contract/common.schema';
import type { SeasonChangeSchema, StaffSeasonDaySchema } from '@yado/contract/staff-catalogue.contract';
import type { z } from 'zod';
import { toNumber } from './form-errors';

export type SeasonDay = z.infer<typeof StaffSeasonDaySchema>;
export type SeasonChange = z.input<typeof SeasonChangeSchema>;
export type DateRange = { from: CivilDate; to: CivilDate };

/** The first and last day of a month, the range staff_get_season_calendar is asked for. */
export function monthBounds(year: number, month: number): DateRange {
  return { from: { year, month, day: 1 }, to: { year, month, day: daysInMonth({ year, month }) } };
}

/**
 * The range being picked: the first click sets `anchor`, the second sets
 * `focus` and completes the range; a click after that starts a new one.
 */
export type RangeSelection = { anchor: CivilDate | null; focus: CivilDate | null };

export const NO_SELECTION: RangeSelection = { anchor: null, focus: null };

export function selectDay(selection: RangeSelection, day: CivilDate): RangeSelection {
  if (selection.anchor === null || selection.focus !== null) return { anchor: day, focus: null };
  return { anchor: selection.anchor, focus: day };
}

/** The selection as a range from the earlier to the later day (a single click is a one-day range). */
export function selectedRange(selection: RangeSelection): DateRange | null {
  if (!selection.anchor) return null;
  const other = selection.focus ?? selection.anchor;
  return compareCivil(selection.anchor, other) <= 0
    ? { from: selection.anchor, to: other }
    : { from: other, to: selection.anchor };
}

export function inRange(day: CivilDate, range: DateRange | null): boolean {
  return range !== null && compareCivil(day, range.from) >= 0 && compareCivil(day, range.to) <= 0;
}

/** What the edit panel asks for; empty means "leave as it is". */
export type SeasonEdit = {
  priceType: '' | 'STANDARD' | 'HIGH';
  standardPrice: string;
  highPrice: string;
  closed: '' | 'close' | 'open';
};

export const EMPTY_EDIT: SeasonEdit = { priceType: '', standardPrice: '', highPrice: '', closed: '' };

/**
 * One entry of staff_set_season_calendar's `changes` for the range: only the
 * values staff chose, so the rest of each day stays as it is. Null when
 * nothing was chosen. A price that does not parse is passed on as NaN for the
 * form's own check to catch.
 */
export function changeFor(range: DateRange, edit: SeasonEdit): SeasonChange | null {
  const change: SeasonChange = { from: range.from, to: range.to };
  if (edit.priceType) change.priceType = edit.priceType;
  if (edit.standardPrice.trim()) change.standardPrice = toNumber(edit.standardPrice);
  if (edit.highPrice.trim()) change.highPrice = toNumber(edit.highPrice);
  if (edit.closed) change.closed = edit.closed === 'close';
  const chosen = Object.keys(change).length > 2;
  return chosen ? change : null;
}

function eachDay(range: { from: CivilDate; to: CivilDate }): CivilDate[] {
  return datesBetween(isoFromCivil(range.from), addDays(isoFromCivil(range.to), 1)).map(civilFromIso);
}

/**
 * The calendar as it will be once the pending changes are saved, applied in
 * order like the server does: a day without a value yet starts as an open
 * STANDARD day at the house group's standard season price.
 */
export function previewDays(
  days: ReadonlyMap<string, SeasonDay>,
  changes: readonly SeasonChange[],
  defaultPrice: number,
): Map<string, SeasonDay> {
  const next = new Map(days);
  for (const change of changes) {
    for (const date of eachDay(change)) {
      const key = isoFromCivil(date);
      const current = next.get(key) ?? {
        date,
        priceType: 'STANDARD' as const,
        closed: false,
        standardPrice: defaultPrice,
        highPrice: defaultPrice,
      };
      next.set(key, {
        date,
        priceType: change.priceType ?? current.priceType,
        closed: change.closed ?? current.closed,
        standardPrice: change.standardPrice ?? current.standardPrice,
        highPrice: change.highPrice ?? current.highPrice,
      });
    }
  }
  return next;
}

/** The index of the change a server refusal names (`changes.2.to` → 2), or null. */
export function changeIndexOf(field: string): number | null {
  const m = /^changes\.(\d+)(\.|$)/.exec(field);
  return m ? Number(m[1]) : null;
}
