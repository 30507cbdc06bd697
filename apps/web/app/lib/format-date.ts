import { daysBetween, isoFromCivil } from '@yado/contract/civil-date';
import type { Language } from '@yado/contract/headers';

/**
 * Dates and times as the spec writes them (section 9): English `MMM D, YYYY`,
 * Japanese `YYYY/M/D`, 24-hour times. Written by hand rather than with Intl so
 * the output is the same on every server and browser, whatever ICU data it has.
 */

/** A civil date; a day of 0 means "no particular day" and suits the year-month and month formats only. */
export type DateParts = { year: number; month: number; day: number };
export type TimeParts = { hours: number; minutes: number };
export type DateTimeParts = DateParts & TimeParts;
export type DateFormat = 'date' | 'yearMonth' | 'month';

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function checkMonth(month: number): void {
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`Invalid month ${month}`);
}

/**
 * `date`: Jan 5, 2027 / 2027/1/5; `yearMonth`: Jan 2027 / 2027/1; `month`:
 * January / 1月. A day of 0 with the `date` format throws.
 */
export function formatDate(date: DateParts, format: DateFormat, language: Language): string {
  const { year, month, day } = date;
  checkMonth(month);
  if (format === 'month') return language === 'ja' ? `${month}月` : (LONG_MONTHS[month - 1] as string);
  if (format === 'yearMonth') return language === 'ja' ? `${year}/${month}` : `${SHORT_MONTHS[month - 1]} ${year}`;
  if (day === 0) throw new Error('Invalid format for date with day 0');
  if (!Number.isInteger(day) || day < 1 || day > 31) throw new RangeError(`Invalid day ${day}`);
  return language === 'ja' ? `${year}/${month}/${day}` : `${SHORT_MONTHS[month - 1]} ${day}, ${year}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 24-hour `HH:mm`. */
export function formatTime(time: TimeParts): string {
  return `${pad(time.hours)}:${pad(time.minutes)}`;
}

/**
 * `22:00–25:30`: an end on a later day than the start keeps counting hours
 * past 24, the way Japanese opening hours and late check-ins are written.
 */
export function formatTimeRange(start: DateTimeParts, end: DateTimeParts): string {
  const extraDays = Math.max(0, daysBetween(isoFromCivil(start), isoFromCivil(end)));
  return `${formatTime(start)}–${pad(end.hours + 24 * extraDays)}:${pad(end.minutes)}`;
}
