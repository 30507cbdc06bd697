import { dateParts, fromCivilDate, type CivilDate, type IsoDate, type YearMonth } from './civil-date';

/** One day of the CHECKIN_CHECKOUT availability calendar, as the API sends it. */
export type CalendarDay = {
  date: IsoDate;
  availableForCheckin: boolean;
  availableForCheckout: boolean;
  priceType: 'STANDARD' | 'HIGH';
};

export type GridCell = { date: IsoDate; day: number; info: CalendarDay | null } | null;

/**
 * A month as weeks of seven cells starting on Sunday (as Japanese calendars
 * do), padded with empty cells before the 1st and after the last day. Days
 * the API did not send (not on sale) keep `info: null`.
 */
export function buildMonthGrid(ym: YearMonth, days: readonly CalendarDay[]): GridCell[][] {
  const byDate = new Map(days.map((d) => [d.date, d]));
  const first = new Date(Date.UTC(ym.year, ym.month - 1, 1));
  const length = new Date(Date.UTC(ym.year, ym.month, 0)).getUTCDate();
  const cells: GridCell[] = Array.from({ length: first.getUTCDay() }, () => null);
  for (let day = 1; day <= length; day++) {
    const date = `${ym.year}-${String(ym.month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    cells.push({ date, day, info: byDate.get(date) ?? null });
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: GridCell[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Days of the calendar answer, all months together, by date. */
export function indexCalendar(months: readonly { days: readonly CalendarDay[] }[]): Map<IsoDate, CalendarDay> {
  return new Map(months.flatMap((m) => m.days.map((d) => [d.date, d] as const)));
}

/** Sunday = 0, as `Date.getUTCDay`. */
export function weekdayOf(date: IsoDate): number {
  const { year, month, day } = dateParts(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
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
      date: fromCivilDate(d.date),
      availableForCheckin: d.availableForCheckin,
      availableForCheckout: d.availableForCheckout,
      priceType: d.priceType,
    })),
  }));
}
