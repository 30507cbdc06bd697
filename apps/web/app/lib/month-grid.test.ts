import { describe, expect, it } from 'vitest';
import { addMonths, daysInMonth } from '@yado/contract/civil-date';
import { monthWeeks, weekdayNames } from './month-grid';

describe('monthWeeks', () => {
  it('starts weeks on Sunday, with blanks before the 1st and after the last day', () => {
    // 1 August 2026 is a Saturday; August has 31 days.
    const weeks = monthWeeks({ year: 2026, month: 8 });
    expect(weeks).toHaveLength(6);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks[0]!.slice(0, 6)).toEqual([null, null, null, null, null, null]);
    expect(weeks[0]![6]).toEqual({ year: 2026, month: 8, day: 1 });
    expect(weeks[5]![1]).toEqual({ year: 2026, month: 8, day: 31 });
    expect(weeks[5]!.slice(2)).toEqual([null, null, null, null, null]);
  });

  it('has no blank week when a month starts on Sunday and ends on Saturday', () => {
    // February 2026: the 1st is a Sunday and the 28th a Saturday, so four full weeks.
    const weeks = monthWeeks({ year: 2026, month: 2 });
    expect(weeks).toHaveLength(4);
    expect(weeks.flat().every((cell) => cell !== null)).toBe(true);
  });

  it('lists every day of the month once, in order, in its weekday’s column', () => {
    for (const ym of [
      { year: 2028, month: 2 },
      { year: 2027, month: 2 },
      { year: 2026, month: 12 },
      { year: 2027, month: 3 },
    ]) {
      const weeks = monthWeeks(ym);
      const days = weeks.flat().filter((cell) => cell !== null);
      expect(days.map((d) => d.day)).toEqual(Array.from({ length: daysInMonth(ym) }, (_, i) => i + 1));
      weeks.forEach((week) =>
        week.forEach((cell, column) => {
          if (cell) expect(new Date(Date.UTC(cell.year, cell.month - 1, cell.day)).getUTCDay()).toBe(column);
        }),
      );
    }
  });
});

describe('daysInMonth and addMonths', () => {
  it('knows leap Februaries', () => {
    expect(daysInMonth({ year: 2028, month: 2 })).toBe(29);
    expect(daysInMonth({ year: 2027, month: 2 })).toBe(28);
    expect(daysInMonth({ year: 2100, month: 2 })).toBe(28);
    expect(daysInMonth({ year: 2026, month: 4 })).toBe(30);
  });

  it('steps months across years both ways', () => {
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2027, month: 1 }, -1)).toEqual({ year: 2026, month: 12 });
    expect(addMonths({ year: 2026, month: 8 }, 18)).toEqual({ year: 2028, month: 2 });
    expect(addMonths({ year: 2026, month: 8 }, -20)).toEqual({ year: 2024, month: 12 });
  });
});

describe('weekdayNames', () => {
  it('names the seven columns Sunday first in English and Japanese', () => {
    expect(weekdayNames('en').short).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(weekdayNames('en').long[6]).toBe('Saturday');
    expect(weekdayNames('ja').short).toEqual(['日', '月', '火', '水', '木', '金', '土']);
    expect(weekdayNames('ja').long[0]).toBe('日曜日');
  });
});
