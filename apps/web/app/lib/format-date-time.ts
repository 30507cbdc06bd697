import { wallClockIn } from '@yado/contract/civil-date';
import type { DateTime } from '@yado/contract/common.schema';
import { OPERATOR_TIME_ZONE } from '@yado/contract/operator-zone';
import { dateFromDateTime } from '@yado/contract/date-time';
import type { Language } from '@yado/contract/headers';
import { formatDate, formatTime, type DateTimeParts } from './format-date';

/** The houses are in Japan; a moment is shown on the house's clock unless a page names another zone. */
export const DEFAULT_TIME_ZONE = OPERATOR_TIME_ZONE;

/** The wall-clock parts of a contract date-time in a time zone (the same on every server and browser). */
export function zonedParts(dateTime: DateTime | Date, timeZone: string = DEFAULT_TIME_ZONE): DateTimeParts {
  const instant = dateTime instanceof Date ? dateTime : dateFromDateTime(dateTime);
  const { year, month, day, hours, minutes } = wallClockIn(timeZone, instant);
  return { year, month, day, hours, minutes };
}

/** `Jan 5, 2027 14:30` / `2027/1/5 14:30`, on the given zone's clock. */
export function formatDateTime(dateTime: DateTime | Date, language: Language, timeZone?: string): string {
  const parts = zonedParts(dateTime, timeZone);
  return `${formatDate(parts, 'date', language)} ${formatTime(parts)}`;
}

/** Only the date of a moment, on the given zone's clock. */
export function formatDateOfDateTime(dateTime: DateTime | Date, language: Language, timeZone?: string): string {
  return formatDate(zonedParts(dateTime, timeZone), 'date', language);
}
