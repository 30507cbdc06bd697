import type { CivilDate } from '@yado/contract/common.schema';

/**
 * Civil dates of a stay as `YYYY-MM-DD` strings, computed in UTC so the
 * visitor's own time zone never moves a date (a house's day is the same for
 * everyone). The API sends and takes `{year, month, day}`.
 */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function parseIsoDate(value: string | null | undefined): IsoDate | null {
  const m = ISO_DATE.exec(value ?? '');
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? value! : null;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function toCivil(date: IsoDate): CivilDate {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

export function fromCivil(c: CivilDate): IsoDate {
  return `${String(c.year).padStart(4, '0')}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`;
}

/** The nights of a stay: check-in up to the day before check-out. */
export function nightsOf(checkin: IsoDate, checkout: IsoDate): IsoDate[] {
  const n = daysBetween(checkin, checkout);
  return Array.from({ length: Math.max(0, n) }, (_, i) => addDays(checkin, i));
}

/**
 * The dates a meal can be served in a stay (docs/domain.md): dinner on each
 * night, breakfast on each morning after a night.
 */
export function mealDates(type: string, checkin: IsoDate, checkout: IsoDate): IsoDate[] {
  const nights = nightsOf(checkin, checkout);
  return type === 'BREAKFAST' ? nights.map((d) => addDays(d, 1)) : nights;
}

/** Today in a time zone (the house group's): its meals and deadlines follow its own calendar. */
export function todayIn(timeZone: string, now: Date): IsoDate {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      now,
    );
  } catch {
    return now.toISOString().slice(0, 10);
  }
}
