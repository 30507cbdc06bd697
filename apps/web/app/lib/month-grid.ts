import { daysInMonth, firstOfMonth, weekdayOf, type YearMonth } from '@yado/contract/civil-date';
import type { CivilDate } from '@yado/contract/common.schema';
import type { Language } from '@yado/contract/headers';

/**
 * A month as weeks of seven cells, Sunday first as Japanese calendars are:
 * null before the 1st and after the last day, so every week is full.
 * Computed in UTC, so the visitor's own time zone never moves a weekday.
 */
export function monthWeeks({ year, month }: YearMonth): (CivilDate | null)[][] {
  const firstWeekday = weekdayOf(firstOfMonth({ year, month }));
  const cells: (CivilDate | null)[] = Array.from({ length: firstWeekday }, () => null);
  for (let day = 1; day <= daysInMonth({ year, month }); day++) cells.push({ year, month, day });
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (CivilDate | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

type Weekdays = { short: readonly string[]; long: readonly string[] };

// Kept here rather than in the translation files: the calendars index them by
// `getUTCDay()`, and a grid's headers must match its columns in every language.
const WEEKDAYS: Record<Language, Weekdays> = {
  en: {
    short: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
    long: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  },
  ja: {
    short: ['日', '月', '火', '水', '木', '金', '土'],
    long: ['日曜日', '月曜日', '火曜日', '水曜日', '木曜日', '金曜日', '土曜日'],
  },
};

/** The column headers of a month grid, Sunday first: short ones to show, long ones for screen readers. */
export function weekdayNames(language: Language): Weekdays {
  return WEEKDAYS[language];
}
