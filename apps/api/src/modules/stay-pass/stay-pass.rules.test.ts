import { describe, expect, it } from 'vitest';
import { zonedInstant } from '@yado/contract/civil-date';
import { passStateOf, passWindowOf, type PassStay } from './stay-pass.rules.js';

const stay = (o: Partial<PassStay> = {}): PassStay => ({
  status: 'BOOKED',
  checkinDate: '2026-12-10',
  checkoutDate: '2026-12-12',
  timezone: 'Asia/Tokyo',
  checkinTime: '15:00',
  checkoutTime: '11:00',
  ...o,
});
const at = (iso: string) => new Date(iso);

describe('the stay pass window', () => {
  it('opens at 00:00 the day before check-in and closes at the check-out time, in the house group’s zone', () => {
    const w = passWindowOf(stay());
    expect(w.availableFrom.toISOString()).toBe('2026-12-08T15:00:00.000Z'); // 12-09 00:00 in Tokyo
    expect(w.availableUntil.toISOString()).toBe('2026-12-12T02:00:00.000Z'); // 12-12 11:00 in Tokyo
  });

  it('is NOT_YET a minute before the day before check-in, OPEN from then until check-out, ENDED at check-out', () => {
    expect(passStateOf(stay(), at('2026-12-08T14:59:00Z'))).toBe('NOT_YET');
    expect(passStateOf(stay(), at('2026-12-08T15:00:00Z'))).toBe('OPEN');
    expect(passStateOf(stay({ status: 'STAYING' }), at('2026-12-12T01:59:00Z'))).toBe('OPEN');
    expect(passStateOf(stay({ status: 'STAYING' }), at('2026-12-12T02:00:00Z'))).toBe('ENDED');
  });

  it('has no pass for a stay that ended, whatever the clock; none yet for one not confirmed', () => {
    const inside = at('2026-12-10T08:00:00Z');
    for (const status of ['CHECKED_OUT', 'CANCELLED', 'NO_SHOW'])
      expect(passStateOf(stay({ status }), inside)).toBe('ENDED');
    for (const status of ['TENTATIVE', 'GIFTED']) expect(passStateOf(stay({ status }), inside)).toBe('NOT_YET');
    expect(passStateOf(stay({ status: 'READY_TO_CHECKIN' }), inside)).toBe('OPEN');
  });

  it('opens on 31 December in Tokyo for a check-in on 1 January, while UTC is still on the 30th', () => {
    const s = stay({ checkinDate: '2027-01-01', checkoutDate: '2027-01-03' });
    expect(passWindowOf(s).availableFrom.toISOString()).toBe('2026-12-30T15:00:00.000Z');
    expect(passStateOf(s, at('2026-12-30T14:59:59Z'))).toBe('NOT_YET');
    expect(passStateOf(s, at('2026-12-30T15:00:00Z'))).toBe('OPEN');
  });

  it('opens on the leap day for a check-in on 1 March 2028, and closes at check-out over the new year', () => {
    const leap = stay({ checkinDate: '2028-03-01', checkoutDate: '2028-03-02' });
    expect(passWindowOf(leap).availableFrom.toISOString()).toBe('2028-02-28T15:00:00.000Z');
    // A stay from 30 December to 2 January ends at 11:00 on 2 January in Tokyo.
    const newYear = stay({ checkinDate: '2026-12-30', checkoutDate: '2027-01-02', status: 'STAYING' });
    expect(passWindowOf(newYear).availableUntil.toISOString()).toBe('2027-01-02T02:00:00.000Z');
    expect(passStateOf(newYear, at('2026-12-31T15:30:00Z'))).toBe('OPEN');
    expect(passStateOf(newYear, at('2027-01-02T02:00:00Z'))).toBe('ENDED');
  });

  it('follows summer time in zones that have it (New York, the day after the change)', () => {
    // 2026-03-08: clocks go from -05:00 to -04:00 at 02:00.
    expect(zonedInstant('2026-03-07', '00:00', 'America/New_York').toISOString()).toBe('2026-03-07T05:00:00.000Z');
    expect(zonedInstant('2026-03-09', '15:00', 'America/New_York').toISOString()).toBe('2026-03-09T19:00:00.000Z');
  });
});
