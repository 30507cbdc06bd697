import type { DateTime } from './common.schema.js';
import { utcOffsetIn, zonedInstant, type IsoDate } from './civil-date.js';

/** A point in time in the contract's date-time shape, in UTC ('+00:00'); clients convert to the viewer's zone. */
export function dateTimeFromDate(d: Date): DateTime {
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hours: d.getUTCHours(),
    minutes: d.getUTCMinutes(),
    seconds: d.getUTCSeconds(),
    nanos: d.getUTCMilliseconds() * 1_000_000,
    utcOffset: '+00:00',
  };
}

/**
 * The instant a contract date-time names. A time-zone id without an offset
 * cannot be resolved here, so it is read as UTC; the server always sends offsets.
 */
export function dateFromDateTime(dt: DateTime): Date {
  const utc = Date.UTC(
    dt.year,
    dt.month - 1,
    dt.day,
    dt.hours,
    dt.minutes,
    dt.seconds,
    Math.floor(dt.nanos / 1_000_000),
  );
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(dt.utcOffset ?? '+00:00');
  const offsetMinutes = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  return new Date(utc - offsetMinutes * 60_000);
}

/**
 * A wall-clock time on a civil date in an IANA zone as the API's date-time, with the zone's offset on
 * that day (so a form's "midnight in Japan" never carries an offset written by hand).
 */
export function dateTimeInZone(date: IsoDate, time: string, timeZone: string): DateTime {
  const offset = utcOffsetIn(timeZone, zonedInstant(date, time, timeZone)) ?? '+00:00';
  return {
    year: Number(date.slice(0, 4)),
    month: Number(date.slice(5, 7)),
    day: Number(date.slice(8, 10)),
    hours: Number(time.slice(0, 2)),
    minutes: Number(time.slice(3, 5)),
    seconds: 0,
    nanos: 0,
    utcOffset: offset,
  };
}
