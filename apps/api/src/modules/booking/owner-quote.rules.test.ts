import { OWNER_FREE_CANCELLATION_MONTHS } from '@yado/contract/booking.contract';
import { datesBetween, todayIn } from '@yado/contract/civil-date';
import { describe, expect, it } from 'vitest';
import { consumedSlotsByNight, ownerCancellationSchedule, ownerFreeCancellationLimit } from './owner-quote.rules.js';

/*
 * An owner cancels free until the same day one month before check-in (docs/domain.md, Owner
 * bookings; decision 0030). Every date and instant here is explicit: "today" is the house group's
 * day (Tokyo) of a named UTC instant, never the machine's clock or zone.
 */

const TOKYO = 'Asia/Tokyo';
const tokyoDay = (instant: string) => todayIn(TOKYO, new Date(instant));

type Night = { date: string; priceType: 'STANDARD' | 'HIGH' };

/** The schedule of a confirmed own-use stay on `today`, its limit as the booking stores it. */
function cancelOn(today: string, checkinDate: string, nights: readonly Night[], slotHigh = nights.length) {
  return ownerCancellationSchedule({
    nights,
    // The own-use fee (tax-inclusive) sits on the first night, as buildOwnerQuote puts it.
    nightAmounts: nights.map((n, i) => ({ date: n.date, amount: i === 0 ? 11_000 : 0 })),
    slotHigh,
    freeCancellationLimitDate: ownerFreeCancellationLimit(checkinDate, OWNER_FREE_CANCELLATION_MONTHS),
    today,
    confirmed: true,
    source: 'ACCOMMODATION_AMOUNT',
  });
}

describe('the owner’s free-cancellation limit', () => {
  it('is one month before check-in', () => {
    expect(OWNER_FREE_CANCELLATION_MONTHS).toBe(1);
  });

  it.each([
    ['2027-03-15', '2027-02-15'],
    // February 2027 has no 29th to 31st: the limit is its last day.
    ['2027-03-29', '2027-02-28'],
    ['2027-03-31', '2027-02-28'],
    // 2028 is a leap year: the leap day is the limit of the last three check-ins of March.
    ['2028-03-29', '2028-02-29'],
    ['2028-03-30', '2028-02-29'],
    ['2028-03-31', '2028-02-29'],
    ['2028-03-01', '2028-02-01'],
    // April has 30 days: one month before 31 May is 30 April.
    ['2027-05-31', '2027-04-30'],
    ['2027-05-30', '2027-04-30'],
    ['2027-05-01', '2027-04-01'],
    // Back over the year end.
    ['2027-01-31', '2026-12-31'],
    ['2027-01-01', '2026-12-01'],
    ['2027-01-02', '2026-12-02'],
  ])('check-in %s: free until %s', (checkin, limit) => {
    expect(ownerFreeCancellationLimit(checkin, OWNER_FREE_CANCELLATION_MONTHS)).toBe(limit);
  });
});

describe('cancelling an owner stay around the limit, in the house group’s day', () => {
  const stay = (checkin: string, checkout: string): Night[] =>
    datesBetween(checkin, checkout).map((date) => ({ date, priceType: 'STANDARD' }));

  it('is free through the limit day in Tokyo and late from the next midnight there (limit 31 December)', () => {
    const nights = stay('2027-01-31', '2027-02-02');
    // 23:59:59 on 31 December in Tokyo: the limit day.
    expect(cancelOn(tokyoDay('2026-12-31T14:59:59Z'), '2027-01-31', nights)).toMatchObject({
      underFreeCancellationPeriod: true,
      totalFee: 0,
    });
    // 00:30 on 1 January in Tokyo, though still 31 December in UTC: late.
    const late = cancelOn(tokyoDay('2026-12-31T15:30:00Z'), '2027-01-31', nights);
    expect(late).toMatchObject({ underFreeCancellationPeriod: false, percentage: 100, totalFee: 11_000 });
    expect(late.perDate.map((d) => [d.date, d.details[0]!.consumedSlot])).toEqual([
      ['2027-01-31', 'STANDARD'],
      ['2027-02-01', 'STANDARD'],
    ]);
  });

  it('keeps the leap day as the last free day of a check-in on 30 March 2028', () => {
    const nights = stay('2028-03-30', '2028-04-01');
    expect(cancelOn(tokyoDay('2028-02-29T14:59:59Z'), '2028-03-30', nights).underFreeCancellationPeriod).toBe(true);
    expect(cancelOn(tokyoDay('2028-02-29T15:00:00Z'), '2028-03-30', nights).underFreeCancellationPeriod).toBe(false);
  });

  it('ends the free period on 28 February for a check-in on 31 March 2027', () => {
    const nights = stay('2027-03-31', '2027-04-02');
    expect(cancelOn('2027-02-28', '2027-03-31', nights).underFreeCancellationPeriod).toBe(true);
    expect(cancelOn(tokyoDay('2027-02-28T15:00:00Z'), '2027-03-31', nights).underFreeCancellationPeriod).toBe(false);
  });

  it('ends the free period on 30 April for a check-in on 31 May', () => {
    const nights = stay('2027-05-31', '2027-06-01');
    expect(cancelOn('2027-04-30', '2027-05-31', nights).underFreeCancellationPeriod).toBe(true);
    expect(cancelOn('2027-05-01', '2027-05-31', nights).underFreeCancellationPeriod).toBe(false);
  });

  it('consumes each night of a stay over the new year, in date order, when cancelled late', () => {
    const nights: Night[] = [
      { date: '2027-01-01', priceType: 'HIGH' },
      { date: '2026-12-30', priceType: 'HIGH' },
      { date: '2026-12-31', priceType: 'HIGH' },
    ];
    // Limit 30 November 2026; 1 December in Tokyo is late.
    const late = cancelOn(tokyoDay('2026-11-30T15:00:00Z'), '2026-12-30', nights, 2);
    expect(late.underFreeCancellationPeriod).toBe(false);
    expect(consumedSlotsByNight(nights, 2)).toEqual([
      { date: '2026-12-30', consumedSlot: 'HIGH' },
      { date: '2026-12-31', consumedSlot: 'HIGH' },
      { date: '2027-01-01', consumedSlot: 'HIGH_SUBSTITUTE' },
    ]);
    // perDate keeps the order of the stored night amounts; the slot follows each night's date.
    expect(late.perDate.map((d) => [d.date, d.details[0]!.consumedSlot])).toEqual([
      ['2027-01-01', 'HIGH_SUBSTITUTE'],
      ['2026-12-30', 'HIGH'],
      ['2026-12-31', 'HIGH'],
    ]);
    expect(cancelOn(tokyoDay('2026-11-30T14:59:59Z'), '2026-12-30', nights, 2).underFreeCancellationPeriod).toBe(true);
  });

  it('cancels a hold never confirmed free, however late', () => {
    const s = ownerCancellationSchedule({
      nights: [{ date: '2027-01-01', priceType: 'STANDARD' }],
      nightAmounts: [{ date: '2027-01-01', amount: 11_000 }],
      slotHigh: 0,
      freeCancellationLimitDate: '2026-12-01',
      today: '2027-01-01',
      confirmed: false,
      source: 'MUTUAL_USE_EXTRA_CHARGE',
    });
    expect(s).toMatchObject({ underFreeCancellationPeriod: true, totalFee: 0 });
  });
});
