import { daysBetween, todayIn } from './civil-date.js';

/**
 * A rental's times as the product writes them: on the civil day the rental
 * starts (in the place's time zone), with hours past midnight counted on
 * above 24 ("22:00–25:30"), the way Japanese timetables write late hours.
 */
export function rentalClockLabel(at: Date, dayStart: string, timeZone: string): string {
  const day = todayIn(timeZone, at);
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? '0');
  const minute = parts.find((p) => p.type === 'minute')?.value ?? '00';
  const hours = daysBetween(dayStart, day) * 24 + hour;
  return `${String(hours).padStart(2, '0')}:${minute}`;
}

/** Both ends of a rental written from the pickup's civil day: `{ day: '2026-11-27', from: '22:00', to: '25:30' }`. */
export function rentalClockRange(
  pickup: Date,
  dropoff: Date,
  timeZone: string,
): { day: string; from: string; to: string } {
  const day = todayIn(timeZone, pickup);
  return { day, from: rentalClockLabel(pickup, day, timeZone), to: rentalClockLabel(dropoff, day, timeZone) };
}
