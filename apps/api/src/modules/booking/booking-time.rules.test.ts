import { utcOffsetIn } from '@yado/contract/civil-date';
import { dateFromDateTime } from '@yado/contract/date-time';
import { describe, expect, it } from 'vitest';
import { checkinOpensAt, instantOf, localDateTime } from './booking-time.rules.js';

/*
 * A house group's local times (check-in, payment deadlines) on its civil dates, at its UTC offset.
 * The offset is passed in, so nothing here reads the machine's zone; the instants are written in UTC
 * to show where Japan's day starts and ends relative to it.
 */

const JAPAN = '+09:00';

describe('instantOf', () => {
  it('reads midnight of 1 January in Japan as 15:00 on 31 December UTC', () => {
    // The DEFAULT billing's payment deadline: 00:00 of the check-in day in the house group's zone.
    expect(instantOf('2027-01-01', '00:00', JAPAN).toISOString()).toBe('2026-12-31T15:00:00.000Z');
    expect(instantOf('2027-01-01', '00:00', utcOffsetIn('Asia/Tokyo', new Date('2026-12-29T03:00:00Z'))!)).toEqual(
      new Date('2026-12-31T15:00:00Z'),
    );
  });

  it('reads 17:00 on the day before check-in as 08:00 UTC, over a leap day and a year end', () => {
    expect(instantOf('2028-02-29', '17:00', JAPAN).toISOString()).toBe('2028-02-29T08:00:00.000Z');
    expect(instantOf('2026-12-31', '17:00', JAPAN).toISOString()).toBe('2026-12-31T08:00:00.000Z');
    expect(instantOf('2027-04-30', '17:00', JAPAN).toISOString()).toBe('2027-04-30T08:00:00.000Z');
  });

  it('moves a local midnight to the previous UTC day east of UTC, and a late evening to the next one west of it', () => {
    expect(instantOf('2028-03-01', '00:00', JAPAN).toISOString()).toBe('2028-02-29T15:00:00.000Z');
    expect(instantOf('2027-05-01', '00:00', JAPAN).toISOString()).toBe('2027-04-30T15:00:00.000Z');
    expect(instantOf('2026-12-31', '23:59', '-10:00').toISOString()).toBe('2027-01-01T09:59:00.000Z');
    expect(instantOf('2027-03-01', '10:30', '+05:30').toISOString()).toBe('2027-03-01T05:00:00.000Z');
  });
});

describe('checkinOpensAt', () => {
  const hg = { checkinTime: '15:00', utcOffset: JAPAN };

  it('is the check-in time on the check-in day, in the house group’s zone', () => {
    expect(checkinOpensAt({ checkinDate: '2027-01-01' }, hg).toISOString()).toBe('2027-01-01T06:00:00.000Z');
    expect(checkinOpensAt({ checkinDate: '2028-02-29' }, hg).toISOString()).toBe('2028-02-29T06:00:00.000Z');
    expect(checkinOpensAt({ checkinDate: '2027-04-30' }, hg).toISOString()).toBe('2027-04-30T06:00:00.000Z');
  });
});

describe('localDateTime', () => {
  it('keeps the civil date and local time with the offset, naming the same instant as instantOf', () => {
    const dt = localDateTime('2026-12-31', '23:30', JAPAN);
    expect(dt).toEqual({
      year: 2026,
      month: 12,
      day: 31,
      hours: 23,
      minutes: 30,
      seconds: 0,
      nanos: 0,
      utcOffset: JAPAN,
    });
    expect(dateFromDateTime(dt)).toEqual(instantOf('2026-12-31', '23:30', JAPAN));
    expect(dateFromDateTime(localDateTime('2028-02-29', '00:00', JAPAN)).toISOString()).toBe(
      '2028-02-28T15:00:00.000Z',
    );
  });
});
