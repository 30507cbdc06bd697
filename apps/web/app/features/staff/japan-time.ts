import { civilFromIso, isoFromCivil, utcOffsetIn, wallClockIn, zonedInstant } from '@yado/contract/civil-date';
import type { CivilDate, DateTime } from '@yado/contract/common.schema';
import { dateFromDateTime } from '@yado/contract/date-time';
import { OPERATOR_TIME_ZONE } from '@yado/contract/operator-zone';

// The console edits times as the operator's staff read them: in the operator's zone.
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An API instant (sent in UTC) as a `datetime-local` value in the operator's zone: `2026-12-01T00:00`. */
export function toJapanLocalInput(dt: DateTime): string {
  const d = wallClockIn(OPERATOR_TIME_ZONE, dateFromDateTime(dt));
  return `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}T${pad(d.hours)}:${pad(d.minutes)}`;
}

/** A `datetime-local` value read as Japan time, in the contract's shape; null when it is not one. */
export function fromJapanLocalInput(value: string): DateTime | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hours, minutes] = m.slice(1).map(Number) as [number, number, number, number, number];
  const at = zonedInstant(`${m[1]}-${m[2]}-${m[3]}`, `${m[4]}:${m[5]}`, OPERATOR_TIME_ZONE);
  const utcOffset = utcOffsetIn(OPERATOR_TIME_ZONE, at) ?? '+00:00';
  return { year, month, day, hours, minutes, seconds: 0, nanos: 0, utcOffset };
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
