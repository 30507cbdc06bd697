import { describe, expect, it } from 'vitest';
import { bookingPath, EXCLUSIVE_MS, exclusiveUntil, guestsFit, isPast, nightsAcceptable } from './waitlist.rules.js';

describe('waitlist rules', () => {
  it('accepts one to fourteen nights, the check-out after the check-in', () => {
    expect(nightsAcceptable('2027-01-10', '2027-01-11')).toBe(true);
    expect(nightsAcceptable('2027-01-10', '2027-01-24')).toBe(true);
    expect(nightsAcceptable('2027-01-10', '2027-01-25')).toBe(false);
    expect(nightsAcceptable('2027-01-10', '2027-01-10')).toBe(false);
    expect(nightsAcceptable('2027-01-10', '2027-01-09')).toBe(false);
  });

  it('fits guests to the minimum of adults and the capacity, infants not counted', () => {
    const g = { minAdultCapacity: 1, maxCapacity: 4 };
    expect(guestsFit(g, { adults: 2, children: 2 })).toBe(true);
    expect(guestsFit(g, { adults: 3, children: 2 })).toBe(false);
    expect(guestsFit({ minAdultCapacity: 2, maxCapacity: 4 }, { adults: 1, children: 0 })).toBe(false);
  });

  it('counts a check-in before today as past, today as not', () => {
    expect(isPast('2027-01-09', '2027-01-10')).toBe(true);
    expect(isPast('2027-01-10', '2027-01-10')).toBe(false);
  });

  it('ends the exclusive period 30 minutes on and links the booking page with the nights and guests', () => {
    const now = new Date('2027-01-01T00:00:00Z');
    expect(exclusiveUntil(now).getTime() - now.getTime()).toBe(EXCLUSIVE_MS);
    expect(EXCLUSIVE_MS).toBe(30 * 60_000);
    expect(
      bookingPath('hg 1', {
        checkinDate: '2027-01-10',
        checkoutDate: '2027-01-12',
        adults: 2,
        children: 1,
        infants: 0,
      }),
    ).toBe('/mypage/bookings/new/hg%201?checkin=2027-01-10&checkout=2027-01-12&adults=2&children=1&infants=0');
  });
});
