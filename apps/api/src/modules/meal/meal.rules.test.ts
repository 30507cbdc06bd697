import { inclusiveOf } from '@yado/contract/consumption-tax';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/app-error.js';
import {
  assertIsoDate,
  assertOptionQuantity,
  chargedUnits,
  deadlinePassed,
  hundredthsOfPercent,
  isServable,
  mealLine,
  mealSubtotal,
  normaliseQuantities,
  optionAmount,
  optionLine,
  orderDeadline,
  priceForAge,
  servableDates,
  serviceChargeAndTaxInclusive,
  type OptionTerms,
} from './meal.rules.js';

const prices = { adultPrice: 9_800, childPrice: 5_000, infantPrice: 0 };

const reason = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof AppError ? e.reason : String(e);
  }
  return null;
};

describe('meal prices by age band', () => {
  it('charges adults from 13, children 6 to 12 and infants 0 to 5', () => {
    expect([priceForAge(prices, 40), priceForAge(prices, 13)]).toEqual([9_800, 9_800]);
    expect([priceForAge(prices, 12), priceForAge(prices, 6)]).toEqual([5_000, 5_000]);
    expect([priceForAge(prices, 5), priceForAge(prices, 0)]).toEqual([0, 0]);
  });

  it('adds up portions times the price of their band', () => {
    // 2 adults, a 12-year-old, a 7-year-old and a 3-year-old.
    const q = [
      { age: 13, number: 2 },
      { age: 12, number: 1 },
      { age: 7, number: 1 },
      { age: 3, number: 1 },
    ];
    expect(mealSubtotal(prices, q)).toBe(2 * 9_800 + 2 * 5_000);
    expect(mealSubtotal({ adultPrice: 2_800, childPrice: 1_600, infantPrice: 500 }, q)).toBe(5_600 + 3_200 + 500);
  });

  it('merges quantities of one age, drops zeros and refuses an order of nothing', () => {
    expect(
      normaliseQuantities([
        { age: 6, number: 1 },
        { age: 30, number: 2 },
        { age: 6, number: 2 },
        { age: 2, number: 0 },
      ]),
    ).toEqual([
      { age: 30, number: 2 },
      { age: 6, number: 3 },
    ]);
    expect(reason(() => normaliseQuantities([{ age: 30, number: 0 }]))).toBe('CodeInvalidArgument');
    expect(reason(() => normaliseQuantities([{ age: -1, number: 1 }]))).toBe('CodeInvalidArgument');
  });
});

describe('the dates a meal is served in a stay', () => {
  // Three nights: the 10th, 11th and 12th; check-out on the 13th.
  const checkin = '2031-08-10';
  const checkout = '2031-08-13';

  it('serves dinner on each night and breakfast on each morning after a night', () => {
    expect(servableDates('DINNER', checkin, checkout)).toEqual(['2031-08-10', '2031-08-11', '2031-08-12']);
    expect(servableDates('BREAKFAST', checkin, checkout)).toEqual(['2031-08-11', '2031-08-12', '2031-08-13']);
  });

  it('refuses dinner on the check-out day and breakfast on the check-in day', () => {
    expect(isServable('DINNER', '2031-08-13', checkin, checkout)).toBe(false);
    expect(isServable('BREAKFAST', '2031-08-10', checkin, checkout)).toBe(false);
    expect(isServable('DINNER', '2031-08-09', checkin, checkout)).toBe(false);
    expect(isServable('BREAKFAST', '2031-08-14', checkin, checkout)).toBe(false);
    expect(isServable('BREAKFAST', '2031-08-13', checkin, checkout)).toBe(true);
  });

  it('crosses month and year ends', () => {
    expect(servableDates('BREAKFAST', '2031-12-31', '2032-01-02')).toEqual(['2032-01-01', '2032-01-02']);
  });

  it('serves a stay over the new year, a leap day and the end of a 30-day month', () => {
    expect(servableDates('DINNER', '2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
    expect(servableDates('BREAKFAST', '2026-12-30', '2027-01-02')).toEqual(['2026-12-31', '2027-01-01', '2027-01-02']);
    expect(servableDates('BREAKFAST', '2028-02-28', '2028-03-01')).toEqual(['2028-02-29', '2028-03-01']);
    expect(servableDates('DINNER', '2027-04-29', '2027-05-02')).toEqual(['2027-04-29', '2027-04-30', '2027-05-01']);
    expect(isServable('DINNER', '2027-01-01', '2026-12-30', '2027-01-02')).toBe(true);
    expect(isServable('BREAKFAST', '2027-01-02', '2026-12-30', '2027-01-02')).toBe(true);
  });

  it('takes 29 February 2028 as a date and refuses 29 February 2027 and 31 April', () => {
    expect(assertIsoDate('2028-02-29', 'date')).toBe('2028-02-29');
    expect(reason(() => assertIsoDate('2027-02-29', 'date'))).toBe('CodeInvalidArgument');
    expect(reason(() => assertIsoDate('2027-04-31', 'date'))).toBe('CodeInvalidArgument');
  });
});

describe('order deadline', () => {
  it('closes N days before the providing date at the time, in the house group zone', () => {
    // Dinner on 12 August, 3 days before at 17:00 Japan time = 9 August 08:00 UTC.
    const d = orderDeadline('2031-08-12', { daysBefore: 3, time: '17:00' }, '+09:00');
    expect(d.toISOString()).toBe('2031-08-09T08:00:00.000Z');
    expect(deadlinePassed(d, new Date('2031-08-09T07:59:59.999Z'))).toBe(false);
    expect(deadlinePassed(d, new Date('2031-08-09T08:00:00.000Z'))).toBe(true);
  });

  it('handles the same day and negative offsets', () => {
    expect(orderDeadline('2031-03-01', { daysBefore: 0, time: '10:30' }, '-05:00').toISOString()).toBe(
      '2031-03-01T15:30:00.000Z',
    );
    expect(orderDeadline('2031-03-01', { daysBefore: 1, time: '17:00' }, '+09:00').toISOString()).toBe(
      '2031-02-28T08:00:00.000Z',
    );
  });

  it('closes breakfast on 1 March 2028 at 17:00 in Japan on the leap day', () => {
    const d = orderDeadline('2028-03-01', { daysBefore: 1, time: '17:00' }, '+09:00');
    expect(d.toISOString()).toBe('2028-02-29T08:00:00.000Z');
    expect(deadlinePassed(d, new Date('2028-02-29T07:59:59Z'))).toBe(false);
    expect(deadlinePassed(d, new Date('2028-02-29T08:00:00Z'))).toBe(true);
  });

  it('closes a meal on 1 January in the old year: the day before at 17:00, or three days before', () => {
    const breakfast = orderDeadline('2027-01-01', { daysBefore: 1, time: '17:00' }, '+09:00');
    expect(breakfast.toISOString()).toBe('2026-12-31T08:00:00.000Z');
    expect(deadlinePassed(breakfast, new Date('2026-12-31T07:59:59Z'))).toBe(false);
    expect(deadlinePassed(breakfast, new Date('2026-12-31T08:00:00Z'))).toBe(true);
    expect(orderDeadline('2027-01-01', { daysBefore: 3, time: '17:00' }, '+09:00').toISOString()).toBe(
      '2026-12-29T08:00:00.000Z',
    );
  });

  it('closes dinner on 1 May three days before, over the 30th of April', () => {
    expect(orderDeadline('2027-05-01', { daysBefore: 3, time: '17:00' }, '+09:00').toISOString()).toBe(
      '2027-04-28T08:00:00.000Z',
    );
    expect(orderDeadline('2027-05-01', { daysBefore: 1, time: '17:00' }, '+09:00').toISOString()).toBe(
      '2027-04-30T08:00:00.000Z',
    );
  });
});

describe('extra options', () => {
  const bed: OptionTerms = {
    unitAmount: 5_000,
    chargeBasis: 'PER_NIGHT',
    freeQuantity: 0,
    maxQuantity: 2,
    isQuantityChangeable: true,
  };
  const towels: OptionTerms = {
    unitAmount: 500,
    chargeBasis: 'PER_STAY',
    freeQuantity: 2,
    maxQuantity: 6,
    isQuantityChangeable: true,
  };

  it('charges a per-night option for every night', () => {
    expect(chargedUnits(bed, 2, 3)).toBe(6);
    expect(optionAmount(bed, 2, 3)).toBe(30_000);
    expect(optionAmount(bed, 1, 1)).toBe(5_000);
  });

  it('charges only the units beyond the free ones, once per stay', () => {
    expect(optionAmount(towels, 2, 4)).toBe(0);
    expect(optionAmount(towels, 5, 4)).toBe(1_500);
    expect(optionAmount({ ...bed, freeQuantity: 1 }, 2, 3)).toBe(15_000);
  });

  it('refuses more than the maximum, negatives, and more than one of a fixed option', () => {
    expect(reason(() => assertOptionQuantity(bed, 3))).toBe('CodeExtraOptionQuantityInvalid');
    expect(reason(() => assertOptionQuantity(bed, -1))).toBe('CodeExtraOptionQuantityInvalid');
    expect(reason(() => assertOptionQuantity(bed, 2))).toBeNull();
    const fixed = { ...towels, isQuantityChangeable: false };
    expect(reason(() => assertOptionQuantity(fixed, 2))).toBe('CodeExtraOptionQuantityInvalid');
    expect(reason(() => assertOptionQuantity(fixed, 1))).toBeNull();
  });
});

describe('amounts shown with service charge and tax', () => {
  it('reads the percentage without floating point', () => {
    expect(hundredthsOfPercent('10.00')).toBe(1000);
    expect(hundredthsOfPercent('12.5')).toBe(1250);
    expect(hundredthsOfPercent('0')).toBe(0);
  });

  it('adds the service charge before a standard 10% tax, each rounded down', () => {
    expect(inclusiveOf(9_800, 'STANDARD')).toBe(10_780);
    expect(inclusiveOf(1_001, 'REDUCED')).toBe(1_081);
    // 9,800 + 980 service = 10,780; + 1,078 tax = 11,858.
    expect(serviceChargeAndTaxInclusive(9_800, 'STANDARD', '10.00')).toBe(11_858);
    // 333 + 49 (15%, rounded down) = 382; + 38 = 420.
    expect(serviceChargeAndTaxInclusive(333, 'STANDARD', '15.00')).toBe(420);
    expect(serviceChargeAndTaxInclusive(1_000, 'STANDARD', '10.00', false)).toBe(1_100);
  });
});

describe('billing lines', () => {
  it('bills a meal as MEAL at the standard rate with its quantities by age', () => {
    const quantities = [
      { age: 13, number: 2 },
      { age: 8, number: 1 },
    ];
    expect(
      mealLine({
        nameEn: 'Kaiseki',
        nameJa: '会席',
        date: '2031-08-10',
        quantities,
        subtotal: 24_600,
        taxRateType: 'STANDARD',
      }),
    ).toEqual({
      subject: 'MEAL',
      category: 'MEAL',
      titleEn: 'Kaiseki',
      titleJa: '会席',
      date: '2031-08-10',
      quantity: 3,
      mealQuantities: quantities,
      amount: 24_600,
      taxRateType: 'STANDARD',
      serviceChargeApplicable: true,
      orderId: null,
    });
  });

  it('bills an option as OPTION / EXTRA_OPTION and names the nights of a per-night one', () => {
    const line = optionLine({
      captionEn: 'Extra bed',
      captionJa: 'エキストラベッド',
      quantity: 1,
      nights: 2,
      chargeBasis: 'PER_NIGHT',
      amount: 10_000,
      taxRateType: 'STANDARD',
    });
    expect(line).toMatchObject({
      subject: 'OPTION',
      category: 'EXTRA_OPTION',
      titleEn: 'Extra bed (2 nights)',
      titleJa: 'エキストラベッド（2泊）',
      quantity: 1,
      amount: 10_000,
      serviceChargeApplicable: true,
    });
  });
});
