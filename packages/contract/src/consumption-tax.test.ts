import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConsumptionTaxRateType } from './billing.contract.js';
import {
  CONSUMPTION_TAX_PERCENT,
  CONSUMPTION_TAX_RATES,
  consumptionTaxRateOf,
  exclusiveOf,
  inclusiveOf,
  invoiceTax,
  taxIncluded,
  taxOf,
  type ConsumptionTaxRate,
} from './consumption-tax.js';

describe('rates', () => {
  it('are 10% standard, 8% reduced and 0 exempt, keyed by the contract’s rate types, highest first', () => {
    expect(CONSUMPTION_TAX_PERCENT).toEqual({ STANDARD: 10, REDUCED: 8, EXEMPT: 0 });
    expect(CONSUMPTION_TAX_RATES).toEqual(ConsumptionTaxRateType.values);
  });

  it('reads a stored percentage back to its rate type, and refuses any other', () => {
    expect([10, 8, 0].map(consumptionTaxRateOf)).toEqual(['STANDARD', 'REDUCED', 'EXEMPT']);
    expect(() => consumptionTaxRateOf(5)).toThrow(RangeError);
  });

  it('refuses an unknown rate type and fractional yen rather than give NaN or fractions', () => {
    expect(() => taxOf(100, 'LUXURY' as ConsumptionTaxRate)).toThrow(RangeError);
    expect(() => invoiceTax([{ amount: 100, rate: 'LUXURY' as ConsumptionTaxRate }])).toThrow(RangeError);
    expect(() => taxOf(100.5, 'STANDARD')).toThrow(RangeError);
    expect(() => taxIncluded(Number.MAX_SAFE_INTEGER, 'STANDARD')).toThrow(RangeError);
  });
});

describe('tax-exclusive to tax', () => {
  it.each([
    // amount, rate, tax
    [0, 'STANDARD', 0],
    [1, 'STANDARD', 0],
    [9, 'STANDARD', 0],
    [10, 'STANDARD', 1],
    [19, 'STANDARD', 1],
    [1_005, 'STANDARD', 100],
    [9_800, 'STANDARD', 980],
    [1, 'REDUCED', 0],
    [12, 'REDUCED', 0],
    [13, 'REDUCED', 1],
    [1_001, 'REDUCED', 80],
    [333, 'REDUCED', 26],
    [1_000_000, 'EXEMPT', 0],
  ] as const)('%i yen at %s carries %i yen, rounded down', (amount, rate, tax) => {
    expect(taxOf(amount, rate)).toBe(tax);
    expect(inclusiveOf(amount, rate)).toBe(amount + tax);
  });

  it('mirrors a negative amount: taking an amount back takes back the tax it carried', () => {
    expect(taxOf(-1_005, 'STANDARD')).toBe(-100);
    expect(taxOf(-9, 'STANDARD')).toBe(0);
    expect(taxOf(-1_001, 'REDUCED')).toBe(-80);
  });
});

describe('tax-inclusive to tax and tax-exclusive', () => {
  it.each([
    // inclusive, rate, tax included, exclusive
    [1, 'STANDARD', 0, 1],
    [9, 'STANDARD', 0, 9],
    [11, 'STANDARD', 1, 10],
    [109, 'STANDARD', 9, 100],
    [110, 'STANDARD', 10, 100],
    [1_100, 'STANDARD', 100, 1_000],
    [10_780, 'STANDARD', 980, 9_800],
    [108, 'REDUCED', 8, 100],
    [1_081, 'REDUCED', 80, 1_001],
    [-110, 'STANDARD', -10, -100],
    [500, 'EXEMPT', 0, 500],
  ] as const)('%i yen at %s holds %i yen of tax on %i yen', (inclusive, rate, tax, exclusive) => {
    expect(taxIncluded(inclusive, rate)).toBe(tax);
    expect(exclusiveOf(inclusive, rate)).toBe(exclusive);
  });

  it('gives an inclusive amount no exclusive one rounds to the next one up (109 and 110 yen both hold 100)', () => {
    // 99 → 108 and 100 → 110: nothing is 109 with its tax, so 109 reads back as 100, whose price is 110.
    expect(inclusiveOf(99, 'STANDARD')).toBe(108);
    expect(inclusiveOf(exclusiveOf(109, 'STANDARD'), 'STANDARD')).toBe(110);
  });
});

describe('invoiceTax', () => {
  it('sums each rate first and taxes the sum once, highest rate first', () => {
    const t = invoiceTax([
      { amount: 105, rate: 'REDUCED' },
      { amount: 1_005, rate: 'STANDARD' },
      { amount: 1_005, rate: 'STANDARD' },
      { amount: 3_000, rate: 'EXEMPT' },
      { amount: 145, rate: 'REDUCED' },
    ]);
    expect(t.byRate).toEqual([
      { rate: 'STANDARD', percent: 10, subtotal: 2_010, tax: 201, total: 2_211 },
      { rate: 'REDUCED', percent: 8, subtotal: 250, tax: 20, total: 270 },
      { rate: 'EXEMPT', percent: 0, subtotal: 3_000, tax: 0, total: 3_000 },
    ]);
    expect(t).toMatchObject({ subtotal: 5_260, tax: 221, total: 5_481 });
    // Line by line it would be 100 + 100 + 8 + 11 = 219: two yen short of the qualified invoice's 221.
  });

  it('lists only the rates some line carries, and nothing for no lines', () => {
    expect(invoiceTax([{ amount: 1_000, rate: 'REDUCED' }]).byRate.map((r) => r.rate)).toEqual(['REDUCED']);
    expect(invoiceTax([])).toEqual({ byRate: [], subtotal: 0, tax: 0, total: 0 });
  });
});

describe('properties', () => {
  const rate = fc.constantFrom(...CONSUMPTION_TAX_RATES);
  const yen = fc.integer({ min: 0, max: 10_000_000 });
  const signedYen = fc.integer({ min: -10_000_000, max: 10_000_000 });
  const lines = fc.array(fc.record({ amount: signedYen, rate }), { maxLength: 30 });

  it('per rate, subtotal + tax = total, and the rates add up to the document', () => {
    fc.assert(
      fc.property(lines, (ls) => {
        const t = invoiceTax(ls);
        for (const r of t.byRate) expect(r.subtotal + r.tax).toBe(r.total);
        expect(t.byRate.reduce((s, r) => s + r.total, 0)).toBe(t.total);
        expect(t.subtotal + t.tax).toBe(t.total);
        expect(t.subtotal).toBe(ls.reduce((s, l) => s + l.amount, 0));
      }),
    );
  });

  it('computes each rate’s tax once, on the sum of that rate’s amounts', () => {
    fc.assert(
      fc.property(lines, (ls) => {
        for (const r of invoiceTax(ls).byRate) {
          const sum = ls.filter((l) => l.rate === r.rate).reduce((s, l) => s + l.amount, 0);
          expect(r.subtotal).toBe(sum);
          expect(r.tax).toBe(taxOf(sum, r.rate));
        }
      }),
    );
  });

  it('never gives a negative tax on a non-negative amount, nor more than the rate', () => {
    fc.assert(
      fc.property(yen, rate, (x, r) => {
        const tax = taxOf(x, r);
        expect(tax).toBeGreaterThanOrEqual(0);
        expect(tax * 100).toBeLessThanOrEqual(x * CONSUMPTION_TAX_PERCENT[r]);
        expect(taxIncluded(x, r)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('reads every price made from an exclusive amount back to that amount and its tax', () => {
    fc.assert(
      fc.property(signedYen, rate, (x, r) => {
        const inclusive = inclusiveOf(x, r);
        expect(exclusiveOf(inclusive, r)).toBe(x);
        expect(taxIncluded(inclusive, r)).toBe(taxOf(x, r));
        // Inclusive → exclusive → inclusive round-trips for every price the rounding rule can produce.
        expect(inclusiveOf(exclusiveOf(inclusive, r), r)).toBe(inclusive);
      }),
    );
  });

  it('moves any other inclusive amount at most a yen, away from zero', () => {
    fc.assert(
      fc.property(yen, rate, (p, r) => {
        const back = inclusiveOf(exclusiveOf(p, r), r);
        expect(back === p || back === p + 1).toBe(true);
        expect(taxIncluded(-p, r) + taxIncluded(p, r)).toBe(0);
      }),
    );
  });
});
