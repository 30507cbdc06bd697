import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DateTimeSchema } from './common.schema.js';
import { dateFromDateTime, dateTimeFromDate, dateTimeInZone } from './date-time.js';

describe('date-time conversion', () => {
  it('writes UTC with the +00:00 offset', () => {
    expect(dateTimeFromDate(new Date('2026-03-04T05:06:07.089Z'))).toEqual({
      year: 2026,
      month: 3,
      day: 4,
      hours: 5,
      minutes: 6,
      seconds: 7,
      nanos: 89_000_000,
      utcOffset: '+00:00',
    });
  });

  it('reads an offset back to the same instant', () => {
    const tokyo = { year: 2026, month: 1, day: 1, hours: 9, minutes: 0, seconds: 0, nanos: 0, utcOffset: '+09:00' };
    expect(dateFromDateTime(tokyo).toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it('round-trips every instant and always fits the schema', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01Z'), max: new Date('2999-12-31Z'), noInvalidDate: true }), (d) => {
        const dt = dateTimeFromDate(d);
        expect(DateTimeSchema.safeParse(dt).success).toBe(true);
        expect(dateFromDateTime(dt).getTime()).toBe(d.getTime());
      }),
    );
  });

  it('refuses an instant outside the years 1900 to 2999, after its offset, so what is stored reads back', () => {
    const at = { month: 1, day: 1, hours: 0, minutes: 0, seconds: 0, nanos: 0 };
    for (const year of [-271821, 0, 99, 1899, 3000, 275760]) {
      const parsed = DateTimeSchema.safeParse({ ...at, year });
      expect(parsed.success, String(year)).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(['year']);
    }
    const lastEvening = { year: 2999, month: 12, day: 31, hours: 20, minutes: 0, seconds: 0, nanos: 0 };
    expect(DateTimeSchema.safeParse({ ...lastEvening, utcOffset: '+09:00' }).success).toBe(true);
    expect(DateTimeSchema.safeParse({ ...lastEvening, utcOffset: '-09:00' }).success).toBe(false);
  });
});

describe('dateTimeInZone', () => {
  it("carries the zone's offset on that day", () => {
    expect(dateTimeInZone('2028-02-29', '23:59', 'Asia/Tokyo')).toEqual({
      year: 2028,
      month: 2,
      day: 29,
      hours: 23,
      minutes: 59,
      seconds: 0,
      nanos: 0,
      utcOffset: '+09:00',
    });
    expect(dateFromDateTime(dateTimeInZone('2027-01-01', '00:00', 'Asia/Tokyo')).toISOString()).toBe(
      '2026-12-31T15:00:00.000Z',
    );
    // Summer time in New York from 14 March 2027.
    expect(dateTimeInZone('2027-03-13', '00:00', 'America/New_York').utcOffset).toBe('-05:00');
    expect(dateTimeInZone('2027-03-15', '00:00', 'America/New_York').utcOffset).toBe('-04:00');
  });
});
