/**
 * Civil dates as the API sends them (`YYYY-MM-DD`). Computed in UTC so the
 * visitor's own time zone never moves a date: a house group's day is the same
 * for everyone.
 */
export type IsoDate = string;
export type YearMonth = { year: number; month: number };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The date when `value` is a real calendar date in `YYYY-MM-DD` form, else null. */
export function parseIsoDate(value: string | null | undefined): IsoDate | null {
  if (!value) return null;
  const m = ISO_DATE.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return value;
}

export function toIsoDate(date: Date): IsoDate {
  return date.toISOString().slice(0, 10);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return toIsoDate(d);
}

/** Nights from one date to another (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function dateParts(date: IsoDate): { year: number; month: number; day: number } {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

export function monthOf(date: IsoDate): YearMonth {
  const { year, month } = dateParts(date);
  return { year, month };
}

/** Months from `a` to `b`. */
export function monthsBetween(a: YearMonth, b: YearMonth): number {
  return b.year * 12 + b.month - (a.year * 12 + a.month);
}

/** `2027-03` form, as the page keeps it in its address. */
export function formatYearMonth(ym: YearMonth): string {
  return `${ym.year}-${String(ym.month).padStart(2, '0')}`;
}

export function parseYearMonth(value: string | null | undefined): YearMonth | null {
  const m = /^(\d{4})-(\d{2})$/.exec(value ?? '');
  if (!m) return null;
  const ym = { year: Number(m[1]), month: Number(m[2]) };
  return ym.month >= 1 && ym.month <= 12 && ym.year >= 2000 && ym.year <= 2999 ? ym : null;
}

/** Today in a time zone (the house group's): its nights are sold by its own calendar. */
export function todayIn(timeZone: string, now: Date): IsoDate {
  try {
    // en-CA writes dates as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      now,
    );
  } catch {
    return toIsoDate(now);
  }
}

/** The API's date shape (`{year, month, day}`). */
export type CivilDate = { year: number; month: number; day: number };

export function toCivilDate(date: IsoDate): CivilDate {
  return dateParts(date);
}

export function fromCivilDate(c: CivilDate): IsoDate {
  return `${String(c.year).padStart(4, '0')}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`;
}
