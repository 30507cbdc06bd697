import type { HouseGroup } from '@yado/contract/catalogue.contract';
import { civilFromIso, datesBetween } from '@yado/contract/civil-date';
import { describe, expect, it } from 'vitest';
import type { CancellationPolicy } from '@yado/contract/cancellation-fee';
import { feeScheduleOf, scheduleFor } from './booking-fee.rules.js';
import type { BookingRecord } from './booking.repo.js';

/*
 * What cancelling costs at a given instant: the rules take "today" in the house group's zone
 * (Asia/Tokyo here) of the instant passed in, never the machine's day. The bookings carry only what
 * the schedule reads (type, status, stored quote).
 */

// The default policy of docs/domain.md: free until 8 days before, 30% from 7, 50% the day before, 80% the day.
const policy: CancellationPolicy = {
  tiers: [
    { fromDaysBefore: 7, percent: 30 },
    { fromDaysBefore: 1, percent: 50 },
    { fromDaysBefore: 0, percent: 80 },
  ],
  noShowPercent: 100,
};
const hg = { timezone: 'Asia/Tokyo', cancellationPolicy: policy } as HouseGroup;
const at = (iso: string) => new Date(iso);

function booking(o: {
  bookingType: 'GUEST_USE' | 'OWN_USE';
  status?: BookingRecord['status'];
  checkin: string;
  checkout: string;
  freeCancellationLimitDate?: string;
}): BookingRecord {
  const dates = datesBetween(o.checkin, o.checkout);
  const quote = {
    nights: dates.map((d) => ({ date: civilFromIso(d), priceType: 'STANDARD', amount: 0 })),
    consumptionSlotHigh: 0,
    freeCancellationLimitDate: civilFromIso(o.freeCancellationLimitDate ?? o.checkin),
  };
  return {
    bookingType: o.bookingType,
    status: o.status ?? 'BOOKED',
    checkinDate: o.checkin,
    checkoutDate: o.checkout,
    timezone: hg.timezone,
    quote: { quote, nightAmounts: dates.map((date) => ({ date, amount: 20_000 })) },
  } as unknown as BookingRecord;
}

describe('a guest stay checking in on 1 January (Tokyo)', () => {
  const b = booking({ bookingType: 'GUEST_USE', checkin: '2027-01-01', checkout: '2027-01-03' });

  it('charges the day-before rate until midnight in Japan, the same-day rate from then', () => {
    // 23:59:59 on 31 December in Tokyo: the day before check-in, 50% of the first night and 30% of
    // the second (2 days off).
    expect(feeScheduleOf(b, hg, at('2026-12-31T14:59:59Z'))).toMatchObject({ percentage: 50, totalFee: 16_000 });
    // 00:30 on 1 January in Tokyo (still 31 December in UTC): check-in day, 80%, and 50% of the second.
    expect(feeScheduleOf(b, hg, at('2026-12-31T15:30:00Z'))).toMatchObject({ percentage: 80, totalFee: 26_000 });
  });

  it('is free through 24 December (8 days before) in Japan, 30% from 25 December there', () => {
    expect(feeScheduleOf(b, hg, at('2026-12-24T14:59:59Z')).underFreeCancellationPeriod).toBe(true);
    expect(feeScheduleOf(b, hg, at('2026-12-24T15:00:00Z'))).toMatchObject({
      underFreeCancellationPeriod: false,
      percentage: 30,
    });
  });

  it('charges a hold never confirmed nothing, even on the check-in day', () => {
    const held = booking({
      bookingType: 'GUEST_USE',
      status: 'TENTATIVE',
      checkin: '2027-01-01',
      checkout: '2027-01-03',
    });
    expect(scheduleFor(held, hg, at('2026-12-31T15:30:00Z'), false)).toMatchObject({
      underFreeCancellationPeriod: true,
      totalFee: 0,
    });
  });
});

describe('a guest stay checking in on 1 March 2028 (the day before is the leap day)', () => {
  const b = booking({ bookingType: 'GUEST_USE', checkin: '2028-03-01', checkout: '2028-03-02' });

  it('counts 29 February as the day before check-in', () => {
    expect(feeScheduleOf(b, hg, at('2028-02-28T14:59:59Z')).percentage).toBe(30);
    expect(feeScheduleOf(b, hg, at('2028-02-28T15:00:00Z')).percentage).toBe(50);
    expect(feeScheduleOf(b, hg, at('2028-02-29T15:00:00Z')).percentage).toBe(80);
  });
});

describe('an owner stay (limit one month before check-in, stored on the quote)', () => {
  // Check-in 31 January 2027: free until 31 December 2026.
  const b = booking({
    bookingType: 'OWN_USE',
    checkin: '2027-01-31',
    checkout: '2027-02-01',
    freeCancellationLimitDate: '2026-12-31',
  });

  it('is free until the end of 31 December in Japan, and late from 1 January there', () => {
    expect(feeScheduleOf(b, hg, at('2026-12-31T14:59:59Z'))).toMatchObject({
      underFreeCancellationPeriod: true,
      totalFee: 0,
    });
    expect(feeScheduleOf(b, hg, at('2026-12-31T15:30:00Z'))).toMatchObject({
      underFreeCancellationPeriod: false,
      percentage: 100,
      totalFee: 20_000,
    });
  });

  it('never lets a no-show go free', () => {
    expect(scheduleFor(b, hg, at('2027-01-31T15:00:00Z'), true)).toMatchObject({
      underFreeCancellationPeriod: false,
      totalFee: 20_000,
    });
  });
});
