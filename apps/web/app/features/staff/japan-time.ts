import { civilFromIso, isoFromCivil } from '@yado/contract/civil-date';
import type { CivilDate, DateTime } from '@yado/contract/common.schema';
import { dateFromDateTime } from '@yado/contract/date-time';

/** Japan is UTC+9 all year; the console edits times as Japanese staff read them. */
const OFFSET_MS = 9 * 60 * 60 * 1000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An API instant (sent in UTC) as a `datetime-local` value in Japan time: `2026-12-01T00:00`. */
export function toJapanLocalInput(dt: DateTime): string {
  const d = new Date(dateFromDateTime(dt).getTime() + OFFSET_MS);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** A `datetime-local` value read as Japan time, in the contract's shape; null when it is not one. */
export function fromJapanLocalInput(value: string): DateTime | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hours, minutes] = m.slice(1).map(Number) as [number, number, number, number, number];
  return { year, month, day, hours, minutes, seconds: 0, nanos: 0, utcOffset: '+09:00' };
}

/** A contract date as an `<input type="date">` value. */
export function toDateInput(d: CivilDate | null): string {
  return d ? isoFromCivil(d) : '';
}

/**
 * An `<input type="date">` value as a contract date; null when empty or
 * malformed. A day the calendar lacks is passed on for the server to refuse.
 */
export function fromDateInput(value: string): CivilDate | null {
  const v = value.trim();
  return /^\d{4}-\d{2}-\d{2}$/.test(v) ? civilFromIso(v) : null;
}

/** An API instant in Japan time as `2026-12-01 09:30 JST`, for the audit history and lists. */
export function japanTimestamp(dt: DateTime): string {
  return `${toJapanLocalInput(dt).replace('T', ' ')} JST`;
}
