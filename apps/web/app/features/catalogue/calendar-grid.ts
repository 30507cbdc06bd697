import { monthWeeks } from '../../lib/month-grid';
import type { CivilDate } from '@yado/contract/common.schema';
import { isoFromCivil, type IsoDate, type YearMonth } from '@yado/contract/civil-date';

/** One day of the CHECKIN_CHECKOUT availability calendar, as the API sends it. */
export type CalendarDay = {
  date: IsoDate;
  availableForCheckin: boolean;
  availableForCheckout: boolean;
  priceType: 'STANDARD' | 'HIGH';
};

export type GridCell = { date: IsoDate; day: number; info: CalendarDay | null } | null;

/**
 * The month's Sunday-first weeks with the API's day on each cell. Days the
 * API did not send (not on sale) keep `info: null`.
 */
export function buildMonthGrid(ym: YearMonth, days: readonly CalendarDay[]): GridCell[][] {
  const byDate = new Map(days.map((d) => [d.date, d]));
  return monthWeeks(ym).map((week) =>
    week.map((cell) => {
      if (!cell) return null;
      const date = isoFromCivil(cell);
      return { date, day: cell.day, info: byDate.get(date) ?? null };
    }),
  );
}

/** Days of the calendar answer, all months together, by date. */
export function indexCalendar(months: readonly { days: readonly CalendarDay[] }[]): Map<IsoDate, CalendarDay> {
  return new Map(months.flatMap((m) => m.days.map((d) => [d.date, d] as const)));
}

/** A calendar month as the API sends it, dates as `{year, month, day}`. */
export type ApiCalendarMonth = {
  year: number;
  month: number;
  days: (Omit<CalendarDay, 'date'> & { date: CivilDate })[];
};

/** The API's months with ISO dates, which the page compares and keeps in its address. */
export function normalizeCalendar(months: readonly ApiCalendarMonth[]) {
  return months.map((m) => ({
    year: m.year,
    month: m.month,
    days: m.days.map((d) => ({
      date: isoFromCivil(d.date),
      availableForCheckin: d.availableForCheckin,
      availableForCheckout: d.availableForCheckout,
      priceType: d.priceType,
    })),
  }));
}
