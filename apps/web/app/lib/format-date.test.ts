import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatTime, formatTimeRange } from './format-date';

const civilDate = fc.record({
  year: fc.integer({ min: 1900, max: 2999 }),
  month: fc.integer({ min: 1, max: 12 }),
  day: fc.integer({ min: 1, max: 31 }),
});

describe('formatDate', () => {
  it('writes English dates as MMM D, YYYY and Japanese as YYYY/M/D', () => {
    expect(formatDate({ year: 2027, month: 1, day: 5 }, 'date', 'en')).toBe('Jan 5, 2027');
    expect(formatDate({ year: 2027, month: 1, day: 5 }, 'date', 'ja')).toBe('2027/1/5');
    expect(formatDate({ year: 2026, month: 12, day: 31 }, 'date', 'en')).toBe('Dec 31, 2026');
    expect(formatDate({ year: 2026, month: 12, day: 31 }, 'date', 'ja')).toBe('2026/12/31');
  });

  it('writes year-month and month', () => {
    expect(formatDate({ year: 2027, month: 1, day: 5 }, 'yearMonth', 'en')).toBe('Jan 2027');
    expect(formatDate({ year: 2027, month: 1, day: 5 }, 'yearMonth', 'ja')).toBe('2027/1');
    expect(formatDate({ year: 2027, month: 1, day: 5 }, 'month', 'en')).toBe('January');
    expect(formatDate({ year: 2027, month: 1, day: 5 }, 'month', 'ja')).toBe('1月');
  });

  it('accepts a day of 0 for year-month and month only', () => {
    expect(formatDate({ year: 2027, month: 9, day: 0 }, 'yearMonth', 'en')).toBe('Sep 2027');
    expect(formatDate({ year: 2027, month: 9, day: 0 }, 'month', 'ja')).toBe('9月');
    for (const language of ['en', 'ja'] as const) {
      expect(() => formatDate({ year: 2027, month: 9, day: 0 }, 'date', language)).toThrow(
        new Error('Invalid format for date with day 0'),
      );
    }
  });

  it('refuses months and days that do not exist', () => {
    expect(() => formatDate({ year: 2027, month: 13, day: 1 }, 'date', 'en')).toThrow(RangeError);
    expect(() => formatDate({ year: 2027, month: 0, day: 0 }, 'month', 'en')).toThrow(RangeError);
    expect(() => formatDate({ year: 2027, month: 1, day: 32 }, 'date', 'ja')).toThrow(RangeError);
  });

  it('round-trips any date through the Japanese format', () => {
    fc.assert(
      fc.property(civilDate, (d) => {
        const [year, month, day] = formatDate(d, 'date', 'ja').split('/').map(Number);
        expect({ year, month, day }).toEqual(d);
      }),
    );
  });

  it('writes every English date as a month abbreviation, the day without a zero, and the year', () => {
    fc.assert(
      fc.property(civilDate, (d) => {
        const text = formatDate(d, 'date', 'en');
        expect(text).toMatch(/^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [1-9]\d?, \d{4}$/);
        expect(text.endsWith(`${d.day}, ${d.year}`)).toBe(true);
        // The abbreviation names the same month as the built-in English calendar.
        const reference = new Date(Date.UTC(2001, d.month - 1, 1)).toLocaleString('en-US', {
          month: 'short',
          timeZone: 'UTC',
        });
        expect(text.startsWith(reference)).toBe(true);
      }),
    );
  });

  it('throws for day 0 with the date format in every case, and never for the other formats', () => {
    fc.assert(
      fc.property(civilDate, fc.constantFrom('en' as const, 'ja' as const), (d, language) => {
        const noDay = { ...d, day: 0 };
        expect(() => formatDate(noDay, 'date', language)).toThrow('Invalid format for date with day 0');
        expect(formatDate(noDay, 'yearMonth', language)).toBe(formatDate(d, 'yearMonth', language));
        expect(formatDate(noDay, 'month', language)).toBe(formatDate(d, 'month', language));
      }),
    );
  });
});

describe('formatTime', () => {
  it('uses 24 hours with two digits each', () => {
    expect(formatTime({ hours: 0, minutes: 5 })).toBe('00:05');
    expect(formatTime({ hours: 9, minutes: 30 })).toBe('09:30');
    expect(formatTime({ hours: 23, minutes: 59 })).toBe('23:59');
  });

  it('is HH:mm for every time of day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (hours, minutes) => {
        const [h, m] = formatTime({ hours, minutes }).split(':');
        expect(h).toHaveLength(2);
        expect(m).toHaveLength(2);
        expect([Number(h), Number(m)]).toEqual([hours, minutes]);
      }),
    );
  });
});

describe('formatTimeRange', () => {
  const at = (day: number, hours: number, minutes: number) => ({ year: 2026, month: 12, day, hours, minutes });

  it('shows a range within one day plainly', () => {
    expect(formatTimeRange(at(1, 9, 0), at(1, 17, 30))).toBe('09:00–17:30');
  });

  it('counts the hours above 24 when the end is past midnight', () => {
    expect(formatTimeRange(at(1, 22, 0), at(2, 1, 30))).toBe('22:00–25:30');
    expect(formatTimeRange(at(1, 23, 0), at(2, 0, 0))).toBe('23:00–24:00');
  });

  it('carries over month and year ends', () => {
    expect(formatTimeRange(at(31, 21, 0), { year: 2027, month: 1, day: 1, hours: 2, minutes: 15 })).toBe('21:00–26:15');
  });

  it('shows the end as the minutes since the start day’s midnight', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 23 * 60 + 59 }),
        fc.integer({ min: 0, max: 24 * 60 - 1 }),
        (startMinute, length) => {
          const base = Date.UTC(2026, 11, 31) + startMinute * 60_000;
          const end = new Date(base + length * 60_000);
          const start = new Date(base);
          const parts = (d: Date) => ({
            year: d.getUTCFullYear(),
            month: d.getUTCMonth() + 1,
            day: d.getUTCDate(),
            hours: d.getUTCHours(),
            minutes: d.getUTCMinutes(),
          });
          const [, endText] = formatTimeRange(parts(start), parts(end)).split('–');
          const [h, m] = (endText ?? '').split(':').map(Number);
          expect((h ?? 0) * 60 + (m ?? 0)).toBe(startMinute + length);
        },
      ),
    );
  });
});
