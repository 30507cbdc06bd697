import { addDays, parseIsoDate, type IsoDate } from '@yado/contract/civil-date';
import type { Language } from '@yado/contract/headers';
import type { TimeUseHour } from '@yado/contract/time-use.contract';
import { TIME_USE_MAX_HOURS, TIME_USE_MIN_HOURS } from '@yado/contract/time-use.contract';
import { formatDate } from '../../lib/format-date';

/** What the hours page's address chose: ?date=YYYY-MM-DD&start=13&hours=2 (each may be missing or wrong). */
export type TimeUseChoice = { date: IsoDate; start: number | null; hours: number };

function wholeNumber(value: string | null, min: number, max: number): number | null {
  if (value === null || !/^\d{1,2}$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

/** The choice in the address, inside the booking window: a missing or outside date reads as today. */
export function parseTimeUseChoice(params: URLSearchParams, window: { from: IsoDate; until: IsoDate }): TimeUseChoice {
  const asked = parseIsoDate(params.get('date'));
  const date = asked && asked >= window.from && asked <= window.until ? asked : window.from;
  return {
    date,
    start: wholeNumber(params.get('start'), 0, 23),
    hours: wholeNumber(params.get('hours'), TIME_USE_MIN_HOURS, TIME_USE_MAX_HOURS) ?? TIME_USE_MIN_HOURS,
  };
}

/** The address of a choice. */
export function timeUseQuery(c: { date: IsoDate; start: number | null; hours: number }): string {
  const q = new URLSearchParams({ date: c.date });
  if (c.start !== null) q.set('start', String(c.start));
  q.set('hours', String(c.hours));
  return `?${q.toString()}`;
}

/** Whether `hours` hours from `start` are all free (and within the day's hours). */
export function fits(hours: readonly TimeUseHour[], start: number, length: number): boolean {
  for (let h = start; h < start + length; h++) {
    if (!hours.find((x) => x.hour === h)?.free) return false;
  }
  return true;
}

/** "13:00" of a whole hour; hours past midnight show above 24 (spec: 24-hour times). */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The day before and after, when inside the window (for the page's day arrows). */
export function neighbourDays(date: IsoDate, window: { from: IsoDate; until: IsoDate }) {
  const prev = addDays(date, -1);
  const next = addDays(date, 1);
  return { prev: prev >= window.from ? prev : null, next: next <= window.until ? next : null };
}

/** The hours of a time-use booking as one line: "Mar 11, 2027, 13:00–16:00". */
export function timeUseSpan(
  ext: { start: { year: number; month: number; day: number; hours: number }; hours: number },
  language: Language,
  t: (key: string, values: Record<string, string>) => string,
): string {
  return t('booking:timeUse.span', {
    date: formatDate(ext.start, 'date', language),
    start: hourLabel(ext.start.hours),
    end: hourLabel(ext.start.hours + ext.hours),
  });
}
