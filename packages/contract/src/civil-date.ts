import type { CivilDate } from './common.schema.js';

/**
 * Civil dates: a day of a calendar, with no time and no zone. A stay's nights,
 * a meal's date and a cancellation deadline are days of the house group's own
 * calendar, the same for every visitor wherever they are, so they are kept as
 * `YYYY-MM-DD` strings (which also sort and compare as text) and the contract
 * sends them as `{year, month, day}`. Arithmetic runs on UTC midnights, where
 * every day has 24 hours; only `todayIn` and `utcOffsetIn` look at a zone.
 */
export type IsoDate = string;
export type YearMonth = { year: number; month: number };

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const utcMs = (iso: IsoDate) =>
  Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));

/** `2027-03-05` from its fields, as written (no check that the day exists). */
export function isoFromParts(year: number, month: number, day: number): IsoDate {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** A contract date as `YYYY-MM-DD`, as written (see `realIsoFromCivil` for a checked one). */
export function isoFromCivil(c: CivilDate): IsoDate {
  return isoFromParts(c.year, c.month, c.day);
}

/** The contract's `{year, month, day}` of a `YYYY-MM-DD` date. */
export function civilFromIso(iso: IsoDate): CivilDate {
  return { year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)), day: Number(iso.slice(8, 10)) };
}

/** Whether the fields name a day the calendar has (not 31 April, not 29 February 2027). */
export function isRealDate(c: CivilDate): boolean {
  if (![c.year, c.month, c.day].every(Number.isInteger)) return false;
  const t = new Date(Date.UTC(c.year, c.month - 1, c.day));
  // Date.UTC reads years 0–99 as 1900–1999; no product date is that early, so such a year is simply refused.
  return t.getUTCFullYear() === c.year && t.getUTCMonth() === c.month - 1 && t.getUTCDate() === c.day;
}

/** The contract date as `YYYY-MM-DD` when it is a real day, else null. */
export function realIsoFromCivil(c: CivilDate): IsoDate | null {
  return isRealDate(c) ? isoFromCivil(c) : null;
}

/** The value when it is a real day written `YYYY-MM-DD`, else null (an address or form value). */
export function parseIsoDate(value: string | null | undefined): IsoDate | null {
  const m = ISO_DATE.exec(value ?? '');
  if (!m) return null;
  return isRealDate({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }) ? (value as IsoDate) : null;
}

/** The UTC calendar day of an instant (for instants that stand for a civil date, such as UTC midnights). */
export function isoDateOfUtc(instant: Date): IsoDate {
  return instant.toISOString().slice(0, 10);
}

/** Days since 1970-01-01: a day's index for arrays of nights (the search read model's). */
export function dayNumber(iso: IsoDate): number {
  return Math.round(utcMs(iso) / DAY_MS);
}

export function addDays(iso: IsoDate, days: number): IsoDate {
  return isoDateOfUtc(new Date(utcMs(iso) + days * DAY_MS));
}

/** Whole days from `from` to `to`: positive when `to` is later, and a stay's nights from check-in to check-out. */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((utcMs(to) - utcMs(from)) / DAY_MS);
}

/** Every day from `from` (inclusive) to `to` (exclusive): the nights of a stay from check-in to check-out. */
export function datesBetween(from: IsoDate, to: IsoDate): IsoDate[] {
  const n = Math.max(0, daysBetween(from, to));
  return Array.from({ length: n }, (_, i) => addDays(from, i));
}

/** The same as `addDays`, for the contract's date shape. */
export function addDaysToCivil(c: CivilDate, days: number): CivilDate {
  return civilFromIso(addDays(isoFromCivil(c), days));
}

/** Negative when `a` is earlier, 0 on the same day, positive when later. */
export function compareCivil(a: CivilDate, b: CivilDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** The day of the week, 0 for Sunday to 6 for Saturday (the order calendars start their weeks in). */
export function weekdayOf(iso: IsoDate): number {
  return new Date(utcMs(iso)).getUTCDay();
}

const dayFormatters = new Map<string, Intl.DateTimeFormat | null>();
const offsetFormatters = new Map<string, Intl.DateTimeFormat | null>();

/**
 * Today in an IANA time zone (a house group's: its nights are sold and its
 * meals ordered by its own calendar). A zone the runtime does not know reads
 * as UTC rather than failing the page; staff editing refuses such zones, so
 * none is stored.
 */
export function todayIn(timeZone: string, now: Date): IsoDate {
  let f = dayFormatters.get(timeZone);
  if (f === undefined) {
    try {
      // en-CA writes dates as YYYY-MM-DD.
      f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      f = null;
    }
    dayFormatters.set(timeZone, f);
  }
  return f ? f.format(now) : isoDateOfUtc(now);
}

/** The UTC offset (`+09:00`, `-04:00`) of an IANA time zone at an instant; null for a zone the runtime does not know. */
export function utcOffsetIn(timeZone: string, at: Date): string | null {
  // Building a formatter costs far more than using one, and holds and quotes ask on every request.
  let f = offsetFormatters.get(timeZone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    } catch {
      f = null;
    }
    offsetFormatters.set(timeZone, f);
  }
  if (f === null) return null;
  const name = f.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
  if (name === undefined) return null;
  if (name === 'GMT') return '+00:00';
  const m = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
  return m ? `${m[1]}${m[2]}:${m[3]}` : null;
}

/**
 * The instant of a local wall-clock time on a civil date in an IANA zone. The offset is looked up
 * at the instant itself (twice, for a time just after a daylight-saving change), so a house group in
 * a zone with summer time gets its real check-in hour; an unknown zone reads as UTC.
 */
export function zonedInstant(date: IsoDate, time: string, timeZone: string): Date {
  const first = instantAtOffset(date, time, utcOffsetIn(timeZone, instantAtOffset(date, time, '+00:00')) ?? '+00:00');
  return instantAtOffset(date, time, utcOffsetIn(timeZone, first) ?? '+00:00');
}

/** The instant of a local "HH:MM" on a civil date at a fixed UTC offset such as "+09:00". */
export function instantAtOffset(date: IsoDate, time: string, utcOffset: string): Date {
  const sign = utcOffset.startsWith('-') ? -1 : 1;
  const offsetMin = sign * (Number(utcOffset.slice(1, 3)) * 60 + Number(utcOffset.slice(4, 6)));
  const wall = Date.UTC(
    Number(date.slice(0, 4)),
    Number(date.slice(5, 7)) - 1,
    Number(date.slice(8, 10)),
    Number(time.slice(0, 2)),
    Number(time.slice(3, 5)),
  );
  return new Date(wall - offsetMin * 60_000);
}

/** The wall-clock reading of an instant in an IANA zone, with the zone's offset then. */
export type WallClock = { year: number; month: number; day: number; hours: number; minutes: number; utcOffset: string };

const wallFormatters = new Map<string, Intl.DateTimeFormat | null>();

/**
 * What a clock in `timeZone` shows at an instant (an unknown zone reads as UTC), for pages and rules
 * that show or compare local times: never an offset added by hand.
 */
export function wallClockIn(timeZone: string, at: Date): WallClock {
  let f = wallFormatters.get(timeZone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      });
    } catch {
      f = null;
    }
    wallFormatters.set(timeZone, f);
  }
  if (f === null) return wallClockIn('UTC', at);
  const parts = f.formatToParts(at);
  const read = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: read('year'),
    month: read('month'),
    day: read('day'),
    hours: read('hour'),
    minutes: read('minute'),
    utcOffset: utcOffsetIn(timeZone, at) ?? '+00:00',
  };
}

// Months ------------------------------------------------------------------------------

export function monthOf(iso: IsoDate): YearMonth {
  return { year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)) };
}

/** Months from `a` to `b` (0 for the same month, negative when `b` is earlier). */
export function monthsBetween(a: YearMonth, b: YearMonth): number {
  return b.year * 12 + b.month - (a.year * 12 + a.month);
}

export function addMonths(ym: YearMonth, months: number): YearMonth {
  const index = ym.year * 12 + (ym.month - 1) + months;
  return { year: Math.floor(index / 12), month: (((index % 12) + 12) % 12) + 1 };
}

export function firstOfMonth(ym: YearMonth): IsoDate {
  return isoFromParts(ym.year, ym.month, 1);
}

export function daysInMonth(ym: YearMonth): number {
  return new Date(Date.UTC(ym.year, ym.month, 0)).getUTCDate();
}

/** `2027-03`, as pages keep a month in their address. */
export function formatYearMonth(ym: YearMonth): string {
  return `${pad(ym.year, 4)}-${pad(ym.month)}`;
}

/** A `YYYY-MM` value naming a month of the years 2000–2999, else null. */
export function parseYearMonth(value: string | null | undefined): YearMonth | null {
  const m = /^(\d{4})-(\d{2})$/.exec(value ?? '');
  if (!m) return null;
  const ym = { year: Number(m[1]), month: Number(m[2]) };
  return ym.month >= 1 && ym.month <= 12 && ym.year >= 2000 && ym.year <= 2999 ? ym : null;
}

/** The same day `months` months later (earlier when negative), or that month's last day when it is shorter (31 Jan + 1 → 28/29 Feb). */
export function addMonthsToDate(iso: IsoDate, months: number): IsoDate {
  const ym = addMonths(monthOf(iso), months);
  return isoFromParts(ym.year, ym.month, Math.min(Number(iso.slice(8, 10)), daysInMonth(ym)));
}
