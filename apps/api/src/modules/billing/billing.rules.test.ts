import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accommodationTaxFor,
  accommodationTaxForNights,
  canTransition,
  computeTotals,
  depositAmount,
  lineDisplay,
  percentageHundredths,
  type BillingLineInput,
  type BillingStatus,
} from './billing.rules.js';

const line = (o: Partial<BillingLineInput> = {}): BillingLineInput => ({
  subject: 'ACCOMMODATION',
  category: null,
  titleEn: 'Stay',
  titleJa: '宿泊',
  date: '2031-08-10',
  quantity: 1,
  amount: 30_000,
  taxRateType: 'STANDARD',
  serviceChargeApplicable: true,
  ...o,
});

describe('computeTotals', () => {
  it('adds a 10% service charge before tax and taxes each rate once on the whole invoice', () => {
    const t = computeTotals({
      lines: [
        line({ amount: 30_000 }),
        line({ subject: 'MEAL', category: 'MEAL', titleEn: 'Dinner', amount: 8_000 }),
        line({
          subject: 'MERCHANDISE',
          category: 'MERCHANDISE',
          titleEn: 'Juice',
          amount: 333,
          taxRateType: 'REDUCED',
          serviceChargeApplicable: false,
        }),
        line({
          subject: 'MERCHANDISE',
          category: 'MERCHANDISE',
          titleEn: 'Cookies',
          amount: 333,
          taxRateType: 'REDUCED',
          serviceChargeApplicable: false,
        }),
      ],
      serviceChargePercentage: '10.00',
      accommodationTax: 400,
    });
    expect(t.serviceChargeAmount).toBe(3_800);
    expect(t.subtotalByServiceChargePercentage).toEqual({ percentage: '10.00', amount: 3_800, amountSubject: 38_000 });
    expect(t.subtotalsByConsumptionTaxRate).toEqual([
      { taxRate: 10, consumptionTaxRateType: 'STANDARD', amount: 41_800, taxAmount: 4_180, taxInclusiveAmount: 45_980 },
      // 666 × 8% = 53.28: one rounding for the rate (53), where rounding each 333-yen line would give 26 + 26 = 52.
      { taxRate: 8, consumptionTaxRateType: 'REDUCED', amount: 666, taxAmount: 53, taxInclusiveAmount: 719 },
    ]);
    expect(t.taxInclusiveTotalAmount).toBe(45_980 + 719 + 400);
    expect(t.accommodationTax).toBe(400);
    expect(t.accommodationAmount).toBe(30_000);
    expect(t.subtotalsBySubject).toEqual([
      { subject: 'ACCOMMODATION', amount: 30_000 },
      { subject: 'MEAL', amount: 8_000 },
      { subject: 'MERCHANDISE', amount: 666 },
    ]);
  });

  it('rounds the service charge and the tax down', () => {
    const t = computeTotals({
      lines: [line({ amount: 10_999 })],
      serviceChargePercentage: '10.00',
      accommodationTax: 0,
    });
    expect(t.serviceChargeAmount).toBe(1_099);
    expect(t.subtotalsByConsumptionTaxRate[0]).toMatchObject({ amount: 12_098, taxAmount: 1_209 });
    expect(t.taxInclusiveTotalAmount).toBe(13_307);
  });

  it('reads fractional service-charge percentages exactly', () => {
    const t = computeTotals({
      lines: [line({ amount: 10_000 })],
      serviceChargePercentage: '12.5',
      accommodationTax: 0,
    });
    expect(t.serviceChargeAmount).toBe(1_250);
    expect(t.subtotalByServiceChargePercentage.percentage).toBe('12.50');
  });

  it('takes a discount off before service charge and tax, and shows the totals before it', () => {
    const t = computeTotals({
      lines: [line({ amount: 40_000 }), line({ subject: 'DISCOUNT', titleEn: 'Coupon', amount: -4_000 })],
      serviceChargePercentage: '10.00',
      accommodationTax: 0,
    });
    expect(t.discountAmount).toBe(4_000);
    expect(t.serviceChargeAmount).toBe(3_600);
    // 36,000 + 3,600 service charge = 39,600; + 3,960 tax.
    expect(t.taxInclusiveTotalAmount).toBe(43_560);
    expect(t.preDiscountTaxExclusiveSubtotalAmount).toBe(44_000);
    expect(t.preDiscountTaxInclusiveSubtotalAmount).toBe(48_400);
    expect(t.preDiscountTotalAmount).toBe(48_400);
  });

  it('never taxes a deposit or a cancellation fee, and charges no service on them', () => {
    const t = computeTotals({
      lines: [
        line({ subject: 'ACCOMMODATION_DEPOSIT', amount: 12_345 }),
        line({ subject: 'ACCOMMODATION_CANCEL_FEE', amount: 5_000, source: 'CANCEL' }),
      ],
      serviceChargePercentage: '10.00',
      accommodationTax: 0,
    });
    expect(t.serviceChargeAmount).toBe(0);
    expect(t.subtotalsByConsumptionTaxRate).toEqual([
      { taxRate: 0, consumptionTaxRateType: 'EXEMPT', amount: 17_345, taxAmount: 0, taxInclusiveAmount: 17_345 },
    ]);
    expect(t.taxInclusiveTotalAmount).toBe(17_345);
  });

  it('counts line adjustments', () => {
    const t = computeTotals({
      lines: [line({ amount: 10_000, adjustmentAmount: -1_000 })],
      serviceChargePercentage: '0',
      accommodationTax: 0,
    });
    expect(t.adjustmentAmount).toBe(-1_000);
    expect(t.taxInclusiveTotalAmount).toBe(9_900);
  });

  it('refuses a negative line that is not a discount, and fractional yen', () => {
    expect(() =>
      computeTotals({ lines: [line({ amount: -1 })], serviceChargePercentage: '10', accommodationTax: 0 }),
    ).toThrow(RangeError);
    expect(() =>
      computeTotals({ lines: [line({ amount: 100.5 })], serviceChargePercentage: '10', accommodationTax: 0 }),
    ).toThrow(RangeError);
    expect(() => percentageHundredths('abc')).toThrow(RangeError);
    expect(() => percentageHundredths('100.01')).toThrow(RangeError);
  });

  it('shows a per-line tax for display only', () => {
    expect(lineDisplay(line({ amount: 333, taxRateType: 'REDUCED' }))).toMatchObject({
      taxRate: 8,
      consumptionTax: 26,
      taxInclusiveAmount: 359,
    });
    expect(lineDisplay(line({ subject: 'DISCOUNT', amount: -1_005 }))).toMatchObject({ consumptionTax: -100 });
  });
});

const rateArb = fc.constantFrom('STANDARD' as const, 'REDUCED' as const, 'EXEMPT' as const);
const lineArb = fc.record({
  amount: fc.integer({ min: 0, max: 2_000_000 }),
  taxRateType: rateArb,
  serviceChargeApplicable: fc.boolean(),
  subject: fc.constantFrom('ACCOMMODATION' as const, 'MEAL' as const, 'BEVERAGE' as const, 'OPTION' as const),
});
const pctArb = fc
  .tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 99 }))
  .map(([a, b]) => `${a}.${String(b).padStart(2, '0')}`);

describe('computeTotals properties', () => {
  it('the service charge is the rounded-down percentage of its base, and the rates share it exactly', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 12 }), pctArb, (ls, pct) => {
        const lines = ls.map((l) => line(l));
        const t = computeTotals({ lines, serviceChargePercentage: pct, accommodationTax: 0 });
        const base = lines.filter((l) => l.serviceChargeApplicable).reduce((s, l) => s + l.amount, 0);
        expect(t.serviceChargeAmount).toBe(Math.floor((base * percentageHundredths(pct)) / 10_000));
        const taxable = t.subtotalsByConsumptionTaxRate.reduce((s, r) => s + r.amount, 0);
        expect(taxable).toBe(lines.reduce((s, l) => s + l.amount, 0) + t.serviceChargeAmount);
      }),
    );
  });

  it('tax is computed once per rate, rounded down, and never less than the sum of line-by-line rounding', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 12 }), (ls) => {
        const lines = ls.map((l) => line({ ...l, serviceChargeApplicable: false }));
        const t = computeTotals({ lines, serviceChargePercentage: '0', accommodationTax: 0 });
        for (const r of t.subtotalsByConsumptionTaxRate) {
          const ofRate = lines.filter((l) => l.taxRateType === r.consumptionTaxRateType);
          const amount = ofRate.reduce((s, l) => s + l.amount, 0);
          expect(r.amount).toBe(amount);
          expect(r.taxAmount).toBe(Math.floor((amount * r.taxRate) / 100));
          const perLine = ofRate.reduce((s, l) => s + Math.floor((l.amount * r.taxRate) / 100), 0);
          expect(r.taxAmount).toBeGreaterThanOrEqual(perLine);
          expect(r.taxInclusiveAmount).toBe(r.amount + r.taxAmount);
        }
        expect(new Set(t.subtotalsByConsumptionTaxRate.map((r) => r.taxRate)).size).toBe(
          t.subtotalsByConsumptionTaxRate.length,
        );
      }),
    );
  });

  it('the total is the sum of the rates plus the accommodation tax, and a discount never raises it', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        pctArb,
        (ls, discount, accTax, pct) => {
          const lines = ls.map((l) => line(l));
          const withDiscount = discount > 0 ? [...lines, line({ subject: 'DISCOUNT', amount: -discount })] : lines;
          const t = computeTotals({ lines: withDiscount, serviceChargePercentage: pct, accommodationTax: accTax });
          expect(t.taxInclusiveTotalAmount).toBe(
            t.subtotalsByConsumptionTaxRate.reduce((s, r) => s + r.taxInclusiveAmount, 0) + accTax,
          );
          expect(t.taxInclusiveTotalAmount).toBeLessThanOrEqual(t.preDiscountTotalAmount);
          expect(t.taxInclusiveTotalAmount).toBeGreaterThanOrEqual(accTax);
          expect(Number.isInteger(t.taxInclusiveTotalAmount)).toBe(true);
        },
      ),
    );
  });
});

describe('accommodation tax', () => {
  // Tokyo's bands: under 10,000 yen none; up to 14,999 yen 100; 15,000 and above 200.
  const bands = [
    { minYen: 10_000, maxYen: 14_999, taxPerPersonNight: 100 },
    { minYen: 15_000, maxYen: null, taxPerPersonNight: 200 },
  ];

  it('is a fixed amount per person-night by the band of the room-only charge per person-night', () => {
    expect(accommodationTaxFor({ bands, roomOnlyAmountPerPersonNight: 9_999, persons: 2, nights: 2 })).toBe(0);
    expect(accommodationTaxFor({ bands, roomOnlyAmountPerPersonNight: 10_000, persons: 2, nights: 2 })).toBe(400);
    expect(accommodationTaxFor({ bands, roomOnlyAmountPerPersonNight: 14_999, persons: 3, nights: 1 })).toBe(300);
    expect(accommodationTaxFor({ bands, roomOnlyAmountPerPersonNight: 15_000, persons: 3, nights: 1 })).toBe(600);
    expect(accommodationTaxFor({ bands: [], roomOnlyAmountPerPersonNight: 50_000, persons: 3, nights: 1 })).toBe(0);
    expect(accommodationTaxFor({ bands, roomOnlyAmountPerPersonNight: 50_000, persons: 0, nights: 1 })).toBe(0);
  });

  it('bands each night by its own charge', () => {
    // 2 guests: 24,000 → 12,000 each (100), 40,000 → 20,000 each (200).
    expect(accommodationTaxForNights({ bands, nightAmounts: [24_000, 40_000], persons: 2 })).toBe(200 + 400);
  });

  it('is monotone in the charge when the bands rise', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 100_000 }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const tax = (x: number) =>
          accommodationTaxFor({ bands, roomOnlyAmountPerPersonNight: x, persons: 1, nights: 1 });
        expect(tax(lo)).toBeLessThanOrEqual(tax(hi));
      }),
    );
  });
});

describe('depositAmount', () => {
  it('is 30% of the total, rounded down', () => {
    expect(depositAmount(0)).toBe(0);
    expect(depositAmount(100_001)).toBe(30_000);
    expect(depositAmount(99_999)).toBe(29_999);
    expect(() => depositAmount(-1)).toThrow(RangeError);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (total) => {
        const d = depositAmount(total);
        expect(d).toBeLessThanOrEqual(total * 0.3);
        expect(d + 1).toBeGreaterThan(total * 0.3);
      }),
    );
  });
});

describe('billing status transitions', () => {
  const all: BillingStatus[] = ['REQUESTED', 'PAID', 'CANCELLED', 'FAILED', 'REFUNDED'];
  it('allow exactly REQUESTED→PAID|FAILED|CANCELLED, FAILED→REQUESTED and PAID→REFUNDED', () => {
    const allowed = new Set([
      'REQUESTED>PAID',
      'REQUESTED>FAILED',
      'REQUESTED>CANCELLED',
      'FAILED>REQUESTED',
      'PAID>REFUNDED',
    ]);
    for (const from of all)
      for (const to of all) expect(canTransition(from, to), `${from}>${to}`).toBe(allowed.has(`${from}>${to}`));
  });
});
