import { describe, expect, it } from 'vitest';
import { datedGiftDeadline, shownStatus, standingOf } from './gift.rules.js';

describe('dated gift deadline', () => {
  it('is 17:00 in the house group zone the day before check-in', () => {
    expect(datedGiftDeadline('2027-03-10', 'Asia/Tokyo').toISOString()).toBe('2027-03-09T08:00:00.000Z');
    // New York is on daylight saving time (UTC-4) on 2027-07-03.
    expect(datedGiftDeadline('2027-07-04', 'America/New_York').toISOString()).toBe('2027-07-03T21:00:00.000Z');
    // …and on standard time (UTC-5) in January; the month boundary is crossed backwards.
    expect(datedGiftDeadline('2027-02-01', 'America/New_York').toISOString()).toBe('2027-01-31T22:00:00.000Z');
  });

  it('is the leap day for a check-in on 1 March 2028, and 28 February in 2027', () => {
    expect(datedGiftDeadline('2028-03-01', 'Asia/Tokyo').toISOString()).toBe('2028-02-29T08:00:00.000Z');
    expect(datedGiftDeadline('2027-03-01', 'Asia/Tokyo').toISOString()).toBe('2027-02-28T08:00:00.000Z');
  });

  it('is 31 December for a check-in on 1 January, and 30 April for one on 1 May', () => {
    expect(datedGiftDeadline('2027-01-01', 'Asia/Tokyo').toISOString()).toBe('2026-12-31T08:00:00.000Z');
    expect(datedGiftDeadline('2027-05-01', 'Asia/Tokyo').toISOString()).toBe('2027-04-30T08:00:00.000Z');
  });

  it('lets a gift be accepted at 16:59:59 in Tokyo the day before, not at 17:00:00', () => {
    for (const [checkin, dayBefore] of [
      ['2028-03-01', '2028-02-29'],
      ['2027-01-01', '2026-12-31'],
    ] as const) {
      const expiresAt = datedGiftDeadline(checkin, 'Asia/Tokyo');
      const gift = { status: 'OPEN' as const, expiresAt };
      expect(standingOf(gift, new Date(`${dayBefore}T07:59:59Z`)), checkin).toEqual({ open: true });
      expect(shownStatus(gift, new Date(`${dayBefore}T07:59:59Z`)), checkin).toBe('OPEN');
      expect(standingOf(gift, new Date(`${dayBefore}T08:00:00Z`)), checkin).toEqual({
        open: false,
        reason: 'CodeGiftExpired',
      });
      expect(shownStatus(gift, new Date(`${dayBefore}T08:00:00Z`)), checkin).toBe('EXPIRED');
    }
  });
});

describe('gift standing', () => {
  const at = new Date('2027-03-09T08:00:00Z');
  it('an open gift is open until its time, expired from it', () => {
    expect(standingOf({ status: 'OPEN', expiresAt: at }, new Date(at.getTime() - 1))).toEqual({ open: true });
    expect(standingOf({ status: 'OPEN', expiresAt: at }, at)).toEqual({ open: false, reason: 'CodeGiftExpired' });
    expect(shownStatus({ status: 'OPEN', expiresAt: at }, at)).toBe('EXPIRED');
  });
  it('each ended state has its own reason', () => {
    const now = new Date(0);
    expect(standingOf({ status: 'ACCEPTED', expiresAt: at }, now)).toMatchObject({ reason: 'CodeGiftAlreadyAccepted' });
    expect(standingOf({ status: 'WITHDRAWN', expiresAt: at }, now)).toMatchObject({ reason: 'CodeGiftWithdrawn' });
    expect(standingOf({ status: 'DECLINED', expiresAt: at }, now)).toMatchObject({ reason: 'CodeGiftWithdrawn' });
    expect(standingOf({ status: 'EXPIRED', expiresAt: at }, now)).toMatchObject({ reason: 'CodeGiftExpired' });
  });
});
