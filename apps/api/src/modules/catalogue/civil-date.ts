import type { CivilDate } from '@yado/contract/common.schema';

/**
 * Civil dates (no time, no zone) as ISO strings "YYYY-MM-DD". Stay nights are
 * civil dates in the house group's time zone, so arithmetic is done on UTC
 * midnights, where every day has 24 hours.
 */
export type IsoDate = string;

const DAY_MS = 86_400_000;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export function isoFromParts(year: number, month: number, day: number): IsoDate {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Null when the fields name no real date (e.g. 31 April). */
export function isoFromCivil(d: CivilDate): IsoDate | null {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day));
  if (t.getUTCFullYear() !== d.year || t.getUTCMonth() !== d.month - 1 || t.getUTCDate() !== d.day) return null;
  return isoFromParts(d.year, d.month, d.day);
}

export function civilFromIso(iso: IsoDate): CivilDate {
  return { year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)), day: Number(iso.slice(8, 10)) };
}

const toMs = (iso: IsoDate) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
const fromMs = (ms: number): IsoDate => new Date(ms).toISOString().slice(0, 10);

export function addDays(iso: IsoDate, days: number): IsoDate {
  return fromMs(toMs(iso) + days * DAY_MS);
}

/** Days from a to b (positive when b is later). */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  return Math.round((toMs(b) - toMs(a)) / DAY_MS);
}

/** Every date from `from` (inclusive) to `to` (exclusive). */
export function datesBetween(from: IsoDate, to: IsoDate): IsoDate[] {
  const out: IsoDate[] = [];
  for (let ms = toMs(from), end = toMs(to); ms < end; ms += DAY_MS) out.push(fromMs(ms));
  return out;
}

export function firstOfMonth(year: number, month: number): IsoDate {
  return isoFromParts(year, month, 1);
}

/** The first day of the month after year/month. */
export function firstOfNextMonth(year: number, month: number): IsoDate {
  return month === 12 ? isoFromParts(year + 1, 1, 1) : isoFromParts(year, month + 1, 1);
}

/** Months from a to b inclusive, counted as the calendar shows them (Jan..Jan = 1). */
export function monthsInclusive(a: { year: number; month: number }, b: { year: number; month: number }): number {
  return (b.year - a.year) * 12 + (b.month - a.month) + 1;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Today's civil date in an IANA time zone. */
export function todayIn(timeZone: string, now: Date): IsoDate {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f.format(now);
}
