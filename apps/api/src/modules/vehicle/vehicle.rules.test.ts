import { describe, expect, it } from 'vitest';
import { coversRental, eraseAfter, holderUserName, isExpiredAt } from './driver-license.rules.js';
import { isFreeFor, isValidRange } from './vehicle.rules.js';

const at = (iso: string) => new Date(iso);
const period = (start: string, end: string) => ({ start: at(start), end: at(end) });

describe('a car free for a range', () => {
  const open = [period('2027-03-01T00:00:00Z', '2027-03-02T00:00:00Z')];

  it('needs one availability holding the whole range and no rental overlapping it', () => {
    expect(isFreeFor(open, [], period('2027-03-01T01:00:00Z', '2027-03-01T03:00:00Z'))).toBe(true);
    expect(isFreeFor(open, [], period('2027-02-28T23:30:00Z', '2027-03-01T03:00:00Z'))).toBe(false);
    const rented = [period('2027-03-01T02:00:00Z', '2027-03-01T04:00:00Z')];
    expect(isFreeFor(open, rented, period('2027-03-01T03:30:00Z', '2027-03-01T05:00:00Z'))).toBe(false);
  });

  it('lets rentals meet end to start, as the database does ([) ranges)', () => {
    const rented = [period('2027-03-01T02:00:00Z', '2027-03-01T04:00:00Z')];
    expect(isFreeFor(open, rented, period('2027-03-01T04:00:00Z', '2027-03-01T05:00:00Z'))).toBe(true);
    expect(isFreeFor(open, rented, period('2027-03-01T00:00:00Z', '2027-03-01T02:00:00Z'))).toBe(true);
  });

  it('is not held by two touching availabilities', () => {
    const split = [
      period('2027-03-01T00:00:00Z', '2027-03-01T12:00:00Z'),
      period('2027-03-01T12:00:00Z', '2027-03-02T00:00:00Z'),
    ];
    expect(isFreeFor(split, [], period('2027-03-01T11:00:00Z', '2027-03-01T13:00:00Z'))).toBe(false);
  });

  it('asks for a range of positive length within the limit', () => {
    expect(isValidRange(at('2027-03-01T00:00:00Z'), at('2027-03-01T00:00:00Z'), 1)).toBe(false);
    expect(isValidRange(at('2027-03-01T00:00:00Z'), at('2027-03-02T00:00:00Z'), 1)).toBe(true);
    expect(isValidRange(at('2027-03-01T00:00:00Z'), at('2027-03-02T00:00:01Z'), 1)).toBe(false);
  });
});

describe('licence dates', () => {
  it('is valid through its expiry date in Japan, expired from midnight in Japan the next day', () => {
    // 14:59 UTC is 23:59 in Japan on the expiry date; 15:00 UTC is midnight of the next day.
    expect(isExpiredAt('2027-03-31', at('2027-03-31T14:59:59Z'))).toBe(false);
    expect(isExpiredAt('2027-03-31', at('2027-03-31T15:00:00Z'))).toBe(true);
    expect(coversRental('2027-03-31', at('2027-03-31T14:30:00Z'))).toBe(true);
    expect(coversRental('2027-03-31', at('2027-03-31T15:30:00Z'))).toBe(false);
  });

  it('is kept 2 years after the later of its registration and its last rental', () => {
    const registered = at('2026-11-26T03:00:00Z');
    expect(eraseAfter(registered, null)).toEqual(at('2028-11-26T03:00:00Z'));
    expect(eraseAfter(registered, at('2027-05-01T10:00:00Z'))).toEqual(at('2029-05-01T10:00:00Z'));
    // A rental record older than the registration (never happens) does not shorten it.
    expect(eraseAfter(registered, at('2026-01-01T00:00:00Z'))).toEqual(at('2028-11-26T03:00:00Z'));
    // 29 February: kept until 1 March two years on, never less.
    expect(eraseAfter(at('2028-02-29T00:00:00Z'), null)).toEqual(at('2030-03-01T00:00:00Z'));
  });

  it('names the holder for staff in the page language', () => {
    const u = { lastName: '佐藤', firstName: '花子', romanizedLastName: 'Sato', romanizedFirstName: 'Hanako' };
    expect(holderUserName(u, 'ja')).toBe('佐藤 花子');
    expect(holderUserName(u, 'en')).toBe('Hanako Sato');
    expect(holderUserName({ ...u, romanizedFirstName: '' }, 'en')).toBe('佐藤 花子');
  });
});
