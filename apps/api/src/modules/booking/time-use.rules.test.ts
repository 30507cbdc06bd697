import { describe, expect, it } from 'vitest';
import {
  assertBookableHours,
  bookingWindow,
  hourDateTime,
  hourInstant,
  openingHours,
  priceFor,
  timeUseExtension,
  timeUseQuote,
} from './time-use.rules.js';

const group = { checkinTime: '09:00', checkoutTime: '22:00' };
const tokyo = { today: '2027-03-10', now: new Date('2027-03-10T10:30:00+09:00'), utcOffset: '+09:00' };
const reasonOf = (run: () => void) => {
  try {
    run();
  } catch (err) {
    return (err as { reason?: string }).reason;
  }
  return 'accepted';
};

describe('time use: opening hours and the window', () => {
  it('opens at the check-in time rounded up and closes at the check-out time rounded down', () => {
    expect(openingHours(group)).toEqual({ opensAt: 9, closesAt: 22 });
    expect(openingHours({ checkinTime: '08:30', checkoutTime: '21:45' })).toEqual({ opensAt: 9, closesAt: 21 });
    // A group whose check-out is not after its check-in sells no hours.
    expect(openingHours({ checkinTime: '15:00', checkoutTime: '11:00' })).toEqual({ opensAt: 15, closesAt: 15 });
  });

  it('books from today to 60 days ahead, across a month and a year end', () => {
    expect(bookingWindow('2027-03-10')).toEqual({ from: '2027-03-10', until: '2027-05-09' });
    expect(bookingWindow('2027-12-15')).toEqual({ from: '2027-12-15', until: '2028-02-13' });
  });

  it('accepts whole hours inside opening hours that have not begun, within the window', () => {
    expect(reasonOf(() => assertBookableHours({ date: '2027-03-10', startHour: 11, hours: 1 }, group, tokyo))).toBe(
      'accepted',
    );
    expect(reasonOf(() => assertBookableHours({ date: '2027-03-10', startHour: 10, hours: 12 }, group, tokyo))).toBe(
      'CodeTimeUseHoursInvalid',
    );
    expect(reasonOf(() => assertBookableHours({ date: '2027-05-09', startHour: 9, hours: 12 }, group, tokyo))).toBe(
      'accepted',
    );
    expect(reasonOf(() => assertBookableHours({ date: '2027-03-11', startHour: 21, hours: 1 }, group, tokyo))).toBe(
      'accepted',
    );
  });

  it('refuses hours begun or passed, outside opening hours, too long, and dates outside the window', () => {
    const refused = (date: string, startHour: number, hours: number) =>
      reasonOf(() => assertBookableHours({ date, startHour, hours }, group, tokyo));
    expect(refused('2027-03-10', 10, 1)).toBe('CodeTimeUseHoursInvalid'); // 10:00 began at 10:00, it is 10:30
    expect(refused('2027-03-11', 8, 2)).toBe('CodeTimeUseHoursInvalid'); // opens at 9
    expect(refused('2027-03-11', 21, 2)).toBe('CodeTimeUseHoursInvalid'); // closes at 22
    expect(refused('2027-03-11', 9, 13)).toBe('CodeTimeUseHoursInvalid');
    expect(refused('2027-03-11', 9, 0)).toBe('CodeTimeUseHoursInvalid');
    expect(refused('2027-05-10', 9, 1)).toBe('CodeOutsideBookingWindow');
    expect(refused('2027-03-09', 12, 1)).toBe('CodeOutsideBookingWindow');
  });

  it('puts local hours at the zone offset, hour 24 at the next midnight', () => {
    expect(hourInstant('2027-03-10', 9, '+09:00').toISOString()).toBe('2027-03-10T00:00:00.000Z');
    expect(hourInstant('2027-03-10', 24, '+09:00').toISOString()).toBe('2027-03-10T15:00:00.000Z');
    expect(hourDateTime('2027-12-31', 24, '+09:00')).toMatchObject({ year: 2028, month: 1, day: 1, hours: 0 });
  });
});

describe('time use: price kind and quote', () => {
  const prices = { ownerTimeUsePricePerHour: 2_000, membershipTimeUsePricePerHour: 3_500 };

  it('charges holders of a share the owner price and everyone else the membership price', () => {
    expect(priceFor(prices, true)).toEqual({ priceKind: 'OWNER', pricePerHour: 2_000 });
    expect(priceFor(prices, false)).toEqual({ priceKind: 'MEMBERSHIP', pricePerHour: 3_500 });
  });

  it('lets no one of a kind without a price book', () => {
    expect(priceFor({ ...prices, membershipTimeUsePricePerHour: 0 }, false).pricePerHour).toBeNull();
    expect(priceFor({ ...prices, ownerTimeUsePricePerHour: 0 }, true).pricePerHour).toBeNull();
  });

  it('prices hours × price with 10% consumption tax, no service charge or accommodation tax, all paid at confirmation', () => {
    const facts = {
      date: '2027-03-11',
      startHour: 10,
      hours: 3,
      utcOffset: '+09:00',
      pricePerHour: 3_333,
      priceKind: 'MEMBERSHIP' as const,
    };
    const snap = timeUseQuote({
      facts,
      cancellationPolicy: { tiers: [{ fromDaysBefore: 7, percent: 30 }], noShowPercent: 100 },
      tentativeDeadline: new Date('2027-03-10T02:00:00Z'),
    });
    // 3 × 3,333 = 9,999; tax 999 (rounded down once); total 10,998.
    expect(snap.quote).toMatchObject({
      accommodationAmount: 9_999,
      serviceChargeAmount: 0,
      consumptionTaxAmount: 999,
      accommodationTaxAmount: 0,
      totalAmount: 10_998,
      depositAmount: 10_998,
      remainingAmount: 0,
      nights: [],
    });
    expect(snap.lines).toEqual([
      expect.objectContaining({
        amount: 9_999,
        quantity: 3,
        taxRateType: 'STANDARD',
        titleEn: expect.stringContaining('10:00–13:00'),
      }),
    ]);
    expect(timeUseExtension(snap.quote, null)).toMatchObject({
      start: { year: 2027, month: 3, day: 11, hours: 10, utcOffset: '+09:00' },
      end: { hours: 13 },
      hours: 3,
      pricePerHour: 3_333,
      priceKind: 'MEMBERSHIP',
      usageAmount: 9_999,
      payment: null,
    });
  });
});
