import { addDays, civilFromIso, daysBetween, utcOffsetIn } from '@yado/contract/civil-date';
import type { DateTime } from '@yado/contract/common.schema';
import { dateTimeFromDate } from '@yado/contract/date-time';
import type { Language } from '@yado/contract/headers';
import { formatDate } from '../../lib/format-date';
import type { TFunction } from '../../lib/translator';

/** Minutes in one step of the rental's time pickers: rentals start and end on the half hour. */
export const STEP_MINUTES = 30;

/**
 * The instant `minutes` after midnight of a civil day in a time zone (minutes may run past
 * 24 hours: 25:30 is half past one the next morning). The day's own offset is used, then
 * corrected once if the instant lands in another offset (no place of the product has one).
 */
export function instantOnDay(day: string, minutes: number, timeZone: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  const guess = midnightUtc + minutes * 60_000;
  const offset = utcOffsetIn(timeZone, new Date(guess)) ?? '+00:00';
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(offset)!;
  const offsetMinutes = (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
  return new Date(guess - offsetMinutes * 60_000);
}

export const dateTimeOnDay = (day: string, minutes: number, timeZone: string): DateTime =>
  dateTimeFromDate(instantOnDay(day, minutes, timeZone));

/** `10:00`, `25:30`: minutes after the day's midnight as the product writes rental times. */
export function clockOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The days of a stay a car can be picked up on: check-in day to the day before check-out. */
export function stayDays(checkinIso: string, checkoutIso: string): string[] {
  const n = Math.max(1, daysBetween(checkinIso, checkoutIso));
  return Array.from({ length: n }, (_, i) => addDays(checkinIso, i));
}

/** `Nov 27, 2026, 22:00–25:30` from a rental's clock. */
export function rentalWhen(clock: { day: string; from: string; to: string }, language: Language, t: TFunction): string {
  return t('rental:times', {
    date: formatDate(civilFromIso(clock.day), 'date', language),
    from: clock.from,
    to: clock.to,
  });
}
