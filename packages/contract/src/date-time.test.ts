import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DateTimeSchema } from './common.schema.js';
import { dateFromDateTime, dateTimeFromDate } from './date-time.js';

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
});
