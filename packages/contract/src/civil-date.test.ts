import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonthsToDate,
  addDaysToCivil,
  addMonths,
  civilFromIso,
  compareCivil,
  datesBetween,
  daysBetween,
  dayNumber,
  daysInMonth,
  firstOfMonth,
  formatYearMonth,
  isoFromCivil,
  isoDateOfUtc,
  isoFromParts,
  isRealDate,
  monthOf,
  monthsBetween,
  parseIsoDate,
  parseYearMonth,
  realIsoFromCivil,
  todayIn,
  wallClockIn,
  utcOffsetIn,
  weekdayOf,
} from './civil-date.js';

const isoDates = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2999-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('civil dates as text and as contract fields', () => {
  it('pads the fields and reads them back', () => {
    expect(isoFromParts(2027, 3, 5)).toBe('2027-03-05');
    expect(isoFromCivil({ year: 2027, month: 12, day: 31 })).toBe('2027-12-31');
    expect(civilFromIso('2027-01-09')).toEqual({ year: 2027, month: 1, day: 9 });
  });

  it('round-trips every day', () => {
    fc.assert(
      fc.property(isoDates, (iso) => {
        expect(isoFromCivil(civilFromIso(iso))).toBe(iso);
      }),
    );
  });

  it('accepts only days the calendar has', () => {
    expect(parseIsoDate('2027-02-29')).toBeNull();
    expect(parseIsoDate('2028-02-29')).toBe('2028-02-29');
    expect(parseIsoDate('2100-02-29')).toBeNull();
    expect(parseIsoDate('2000-02-29')).toBe('2000-02-29');
    expect(parseIsoDate('2027-04-31')).toBeNull();
    expect(parseIsoDate('2027-13-01')).toBeNull();
    expect(parseIsoDate('2027-3-5')).toBeNull();
    expect(parseIsoDate('')).toBeNull();
    expect(parseIsoDate(null)).toBeNull();
    expect(parseIsoDate(undefined)).toBeNull();
    expect(isRealDate({ year: 2027, month: 4, day: 30 })).toBe(true);
    expect(isRealDate({ year: 2027, month: 4, day: 31 })).toBe(false);
    expect(isRealDate({ year: 2027, month: 1.5, day: 1 })).toBe(false);
    expect(realIsoFromCivil({ year: 2027, month: 2, day: 29 })).toBeNull();
    expect(realIsoFromCivil({ year: 2028, month: 2, day: 29 })).toBe('2028-02-29');
  });
});

describe('day arithmetic', () => {
  it('steps over month and year ends and leap days', () => {
    expect(addDays('2027-01-31', 1)).toBe('2027-02-01');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-12-31', 1)).toBe('2028-01-01');
    expect(addDays('2028-01-01', -1)).toBe('2027-12-31');
    expect(addDays('2027-03-05', 0)).toBe('2027-03-05');
    expect(addDaysToCivil({ year: 2027, month: 12, day: 31 }, 1)).toEqual({ year: 2028, month: 1, day: 1 });
  });

  it('counts days across the dates on which clocks change somewhere', () => {
    // 2027-03-14 and 2027-11-07 are the United States' changes, 2027-03-28 Europe's.
    expect(daysBetween('2027-03-13', '2027-03-15')).toBe(2);
    expect(daysBetween('2027-10-31', '2027-11-08')).toBe(8);
    expect(daysBetween('2027-03-27', '2027-03-29')).toBe(2);
    expect(daysBetween('2027-12-31', '2027-12-01')).toBe(-30);
    expect(daysBetween('2027-01-01', '2028-01-01')).toBe(365);
    expect(daysBetween('2028-01-01', '2029-01-01')).toBe(366);
  });

  it('adds back what it counts', () => {
    fc.assert(
      fc.property(isoDates, fc.integer({ min: -4000, max: 4000 }), (iso, n) => {
        expect(daysBetween(iso, addDays(iso, n))).toBe(n);
      }),
    );
  });

  it('lists the nights from check-in to check-out', () => {
    expect(datesBetween('2027-12-30', '2028-01-02')).toEqual(['2027-12-30', '2027-12-31', '2028-01-01']);
    expect(datesBetween('2027-03-05', '2027-03-05')).toEqual([]);
    expect(datesBetween('2027-03-06', '2027-03-05')).toEqual([]);
  });

  it('orders contract dates', () => {
    expect(compareCivil({ year: 2027, month: 3, day: 5 }, { year: 2027, month: 3, day: 6 })).toBeLessThan(0);
    expect(compareCivil({ year: 2028, month: 1, day: 1 }, { year: 2027, month: 12, day: 31 })).toBeGreaterThan(0);
    expect(compareCivil({ year: 2027, month: 3, day: 5 }, { year: 2027, month: 3, day: 5 })).toBe(0);
  });

  it('names the weekday, Sunday first', () => {
    expect(weekdayOf('2027-03-07')).toBe(0);
    expect(weekdayOf('2027-03-13')).toBe(6);
    expect(weekdayOf('2028-02-29')).toBe(2);
  });
});

describe('today in a time zone', () => {
  it('reads Tokyo (no daylight saving) nine hours ahead of UTC all year', () => {
    expect(todayIn('Asia/Tokyo', new Date('2027-03-01T14:59:59Z'))).toBe('2027-03-01');
    expect(todayIn('Asia/Tokyo', new Date('2027-03-01T15:00:00Z'))).toBe('2027-03-02');
    expect(todayIn('Asia/Tokyo', new Date('2027-07-01T15:00:00Z'))).toBe('2027-07-02');
    expect(todayIn('Asia/Tokyo', new Date('2027-12-31T15:00:00Z'))).toBe('2028-01-01');
    expect(todayIn('UTC', new Date('2027-03-01T20:00:00Z'))).toBe('2027-03-01');
  });

  it('follows a daylight-saving zone across its change', () => {
    // New York is UTC-5 in winter and UTC-4 from 2027-03-14 02:00 local time.
    expect(todayIn('America/New_York', new Date('2027-03-14T04:59:00Z'))).toBe('2027-03-13');
    expect(todayIn('America/New_York', new Date('2027-03-14T05:00:00Z'))).toBe('2027-03-14');
    expect(todayIn('America/New_York', new Date('2027-07-01T03:59:00Z'))).toBe('2027-06-30');
    expect(todayIn('America/New_York', new Date('2027-07-01T04:00:00Z'))).toBe('2027-07-01');
  });

  it('reads a zone the runtime does not know as UTC', () => {
    expect(todayIn('Nowhere/Atlantis', new Date('2027-03-01T23:00:00Z'))).toBe('2027-03-01');
  });

  it('gives the offset of a zone at an instant', () => {
    expect(utcOffsetIn('Asia/Tokyo', new Date('2027-01-15T00:00:00Z'))).toBe('+09:00');
    expect(utcOffsetIn('Asia/Tokyo', new Date('2027-07-15T00:00:00Z'))).toBe('+09:00');
    expect(utcOffsetIn('America/New_York', new Date('2027-01-15T00:00:00Z'))).toBe('-05:00');
    expect(utcOffsetIn('America/New_York', new Date('2027-07-15T00:00:00Z'))).toBe('-04:00');
    expect(utcOffsetIn('Asia/Kolkata', new Date('2027-07-15T00:00:00Z'))).toBe('+05:30');
    expect(utcOffsetIn('UTC', new Date('2027-07-15T00:00:00Z'))).toBe('+00:00');
    expect(utcOffsetIn('Nowhere/Atlantis', new Date('2027-07-15T00:00:00Z'))).toBeNull();
  });
});

describe('months', () => {
  it('counts and steps months across years', () => {
    expect(monthOf('2027-03-05')).toEqual({ year: 2027, month: 3 });
    expect(monthsBetween({ year: 2026, month: 11 }, { year: 2028, month: 4 })).toBe(17);
    expect(monthsBetween({ year: 2027, month: 4 }, { year: 2027, month: 1 })).toBe(-3);
    expect(addMonths({ year: 2027, month: 12 }, 1)).toEqual({ year: 2028, month: 1 });
    expect(addMonths({ year: 2027, month: 1 }, -1)).toEqual({ year: 2026, month: 12 });
    expect(addMonths({ year: 2027, month: 5 }, 19)).toEqual({ year: 2028, month: 12 });
    expect(firstOfMonth({ year: 2027, month: 3 })).toBe('2027-03-01');
  });

  it('knows the length of each month', () => {
    expect(daysInMonth({ year: 2027, month: 2 })).toBe(28);
    expect(daysInMonth({ year: 2028, month: 2 })).toBe(29);
    expect(daysInMonth({ year: 2027, month: 4 })).toBe(30);
    expect(daysInMonth({ year: 2027, month: 12 })).toBe(31);
  });

  it('writes and reads a month as an address keeps it', () => {
    expect(formatYearMonth({ year: 2027, month: 3 })).toBe('2027-03');
    expect(parseYearMonth('2027-03')).toEqual({ year: 2027, month: 3 });
    expect(parseYearMonth('2027-13')).toBeNull();
    expect(parseYearMonth('1999-12')).toBeNull();
    expect(parseYearMonth('2027-3')).toBeNull();
    expect(parseYearMonth(null)).toBeNull();
  });
});

describe('addMonthsToDate', () => {
  it('keeps the day, or takes the shorter month’s last day', () => {
    expect(addMonthsToDate('2027-03-15', -1)).toBe('2027-02-15');
    expect(addMonthsToDate('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonthsToDate('2028-03-31', -1)).toBe('2028-02-29');
    expect(addMonthsToDate('2026-11-26', 12)).toBe('2027-11-26');
  });
});

// The calendar edges decision 0059 asks every rule to be pinned at, with explicit instants and dates
// only: nothing here may depend on today or on the machine's zone (TZ), only on the zone named.
describe('calendar edges', () => {
  it('starts the new year in Japan nine hours before UTC does', () => {
    // 15:30 UTC on 31 December is 00:30 on 1 January in Tokyo: the business date is already 2027.
    const halfPastMidnight = new Date('2026-12-31T15:30:00Z');
    expect(isoDateOfUtc(halfPastMidnight)).toBe('2026-12-31');
    expect(todayIn('Asia/Tokyo', halfPastMidnight)).toBe('2027-01-01');
    expect(todayIn('Asia/Tokyo', new Date('2026-12-31T14:59:59.999Z'))).toBe('2026-12-31');
    expect(todayIn('Asia/Tokyo', new Date('2026-12-31T15:00:00Z'))).toBe('2027-01-01');
    // A zone behind UTC is still in the old year when UTC has moved on.
    expect(todayIn('Pacific/Honolulu', new Date('2027-01-01T09:59:59Z'))).toBe('2026-12-31');
    expect(todayIn('Pacific/Honolulu', new Date('2027-01-01T10:00:00Z'))).toBe('2027-01-01');
  });

  it('reaches a leap day and the last day of a 30-day month at midnight in Japan', () => {
    expect(todayIn('Asia/Tokyo', new Date('2028-02-28T15:00:00Z'))).toBe('2028-02-29');
    expect(todayIn('Asia/Tokyo', new Date('2028-02-29T15:00:00Z'))).toBe('2028-03-01');
    expect(todayIn('Asia/Tokyo', new Date('2027-04-30T14:59:59Z'))).toBe('2027-04-30');
    expect(todayIn('Asia/Tokyo', new Date('2027-04-30T15:00:00Z'))).toBe('2027-05-01');
  });

  it('steps over the leap day only in a leap year, and out of a 30-day month on the 30th', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2028-02-28', 2)).toBe('2028-03-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2027-02-28', '2027-03-01')).toBe(1);
    expect(datesBetween('2028-02-28', '2028-03-02')).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    expect(addDays('2027-04-30', 1)).toBe('2027-05-01');
    expect(addDays('2027-05-01', -1)).toBe('2027-04-30');
    expect(dayNumber('2027-05-01') - dayNumber('2027-04-30')).toBe(1);
  });

  it('lists a stay over the new year night by night, each night its own year', () => {
    expect(datesBetween('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('has 29 February in 2028 only, and no 31 April', () => {
    expect(isRealDate({ year: 2028, month: 2, day: 29 })).toBe(true);
    expect(isRealDate({ year: 2027, month: 2, day: 29 })).toBe(false);
    expect(isRealDate({ year: 2027, month: 4, day: 31 })).toBe(false);
    expect(parseIsoDate('2027-04-30')).toBe('2027-04-30');
  });

  it('goes one month back to the same day, or the shorter month’s last day', () => {
    expect(addMonthsToDate('2027-03-31', -1)).toBe('2027-02-28');
    expect(addMonthsToDate('2027-03-28', -1)).toBe('2027-02-28');
    expect(addMonthsToDate('2028-03-31', -1)).toBe('2028-02-29');
    expect(addMonthsToDate('2028-03-30', -1)).toBe('2028-02-29');
    expect(addMonthsToDate('2028-03-29', -1)).toBe('2028-02-29');
    expect(addMonthsToDate('2028-03-28', -1)).toBe('2028-02-28');
    // April has 30 days: one month before 31 May is 30 April.
    expect(addMonthsToDate('2027-05-31', -1)).toBe('2027-04-30');
    expect(addMonthsToDate('2027-01-31', -1)).toBe('2026-12-31');
    expect(addMonthsToDate('2027-01-01', -1)).toBe('2026-12-01');
  });

  it('goes twelve months ahead from a leap day to 28 February', () => {
    expect(addMonthsToDate('2028-02-29', 12)).toBe('2029-02-28');
    expect(addMonthsToDate('2027-02-28', 12)).toBe('2028-02-28');
    expect(addMonthsToDate('2026-12-31', 12)).toBe('2027-12-31');
    expect(addMonthsToDate('2027-12-31', 2)).toBe('2028-02-29');
  });

  it('ends a month on its own last day: April on the 30th, February 2028 on the 29th', () => {
    const lastDay = (year: number, month: number) => addDays(firstOfMonth(addMonths({ year, month }, 1)), -1);
    expect(lastDay(2027, 4)).toBe('2027-04-30');
    expect(lastDay(2027, 2)).toBe('2027-02-28');
    expect(lastDay(2028, 2)).toBe('2028-02-29');
    expect(lastDay(2026, 12)).toBe('2026-12-31');
    expect(daysInMonth({ year: 2027, month: 4 })).toBe(30);
    expect(monthOf('2027-04-30')).toEqual({ year: 2027, month: 4 });
    expect(monthOf('2027-05-01')).toEqual({ year: 2027, month: 5 });
  });
});

describe('wallClockIn', () => {
  it('reads an instant on the clock of a zone, across a date line and a daylight-saving change', () => {
    // 23:30 on 31 December in Japan is still 14:30 UTC that day.
    expect(wallClockIn('Asia/Tokyo', new Date('2026-12-31T14:30:00Z'))).toEqual({
      year: 2026,
      month: 12,
      day: 31,
      hours: 23,
      minutes: 30,
      utcOffset: '+09:00',
    });
    // 00:30 on 1 January in Japan; midnight is 0, not 24.
    expect(wallClockIn('Asia/Tokyo', new Date('2026-12-31T15:30:00Z'))).toMatchObject({ year: 2027, day: 1, hours: 0 });
    // New York moves to summer time on 14 March 2027 at 02:00.
    expect(wallClockIn('America/New_York', new Date('2027-03-14T06:59:00Z'))).toMatchObject({
      hours: 1,
      utcOffset: '-05:00',
    });
    expect(wallClockIn('America/New_York', new Date('2027-03-14T07:00:00Z'))).toMatchObject({
      hours: 3,
      utcOffset: '-04:00',
    });
    expect(wallClockIn('Not/AZone', new Date('2028-02-29T12:00:00Z'))).toMatchObject({ day: 29, hours: 12 });
  });
});
