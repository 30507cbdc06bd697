import { datesBetween, todayIn } from '@yado/contract/civil-date';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fitsInWhole,
  isGrantableFraction,
  nightsPerSlotYear,
  offerUnits,
  openSlotYears,
  planConsumption,
  reduceFraction,
  slotYearEnded,
  slotYearOf,
  type SlotNight,
} from './slot-ledger.rules.js';

describe('nightsPerSlotYear', () => {
  it('gives a 1/12 share 30 nights: 12 high, 18 standard', () => {
    expect(nightsPerSlotYear({ numerator: 1, denominator: 12 })).toEqual({ total: 30, high: 12, standard: 18 });
    expect(nightsPerSlotYear({ numerator: 2, denominator: 24 })).toEqual({ total: 30, high: 12, standard: 18 });
  });

  it('rounds down for other fractions', () => {
    expect(nightsPerSlotYear({ numerator: 1, denominator: 4 })).toEqual({ total: 91, high: 36, standard: 55 });
    expect(nightsPerSlotYear({ numerator: 1, denominator: 6 })).toEqual({ total: 60, high: 24, standard: 36 });
    expect(nightsPerSlotYear({ numerator: 1, denominator: 2 })).toEqual({ total: 182, high: 72, standard: 110 });
    expect(nightsPerSlotYear({ numerator: 1, denominator: 1 })).toEqual({ total: 365, high: 146, standard: 219 });
    expect(nightsPerSlotYear({ numerator: 1, denominator: 1000 })).toEqual({ total: 0, high: 0, standard: 0 });
    expect(nightsPerSlotYear({ numerator: 1, denominator: 365 })).toEqual({ total: 1, high: 0, standard: 1 });
  });

  it('never gives the shares of a whole house group more nights than the year has', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 12 }), (denominators) => {
        const fractions = denominators.map((d) => ({ numerator: 1, denominator: d }));
        fc.pre(fitsInWhole(fractions));
        const total = fractions.reduce((s, f) => s + nightsPerSlotYear(f).total, 0);
        expect(total).toBeLessThanOrEqual(365);
        for (const f of fractions) {
          const n = nightsPerSlotYear(f);
          expect(n.high + n.standard).toBe(n.total);
          expect(n.high).toBeLessThanOrEqual(n.standard);
        }
      }),
    );
  });
});

describe('fractions', () => {
  it('accepts 0 < n ≤ d ≤ 1000 only', () => {
    expect(isGrantableFraction({ numerator: 1, denominator: 12 })).toBe(true);
    expect(isGrantableFraction({ numerator: 12, denominator: 12 })).toBe(true);
    expect(isGrantableFraction({ numerator: 13, denominator: 12 })).toBe(false);
    expect(isGrantableFraction({ numerator: 0, denominator: 12 })).toBe(false);
    expect(isGrantableFraction({ numerator: 1, denominator: 1001 })).toBe(false);
    expect(isGrantableFraction({ numerator: 1.5, denominator: 12 })).toBe(false);
  });

  it('adds fractions exactly', () => {
    const twelfths = Array.from({ length: 12 }, () => ({ numerator: 1, denominator: 12 }));
    expect(fitsInWhole(twelfths)).toBe(true);
    expect(fitsInWhole([...twelfths, { numerator: 1, denominator: 1000 }])).toBe(false);
    expect(
      fitsInWhole([
        { numerator: 1, denominator: 3 },
        { numerator: 2, denominator: 3 },
      ]),
    ).toBe(true);
    expect(
      fitsInWhole([
        { numerator: 1, denominator: 2 },
        { numerator: 1, denominator: 3 },
        { numerator: 1, denominator: 6 },
      ]),
    ).toBe(true);
    expect(
      fitsInWhole([
        { numerator: 1, denominator: 2 },
        { numerator: 1, denominator: 3 },
        { numerator: 1, denominator: 5 },
      ]),
    ).toBe(false);
  });

  it('reduces and counts offer shares', () => {
    expect(reduceFraction({ numerator: 2, denominator: 24 })).toEqual({ numerator: 1, denominator: 12 });
    expect(offerUnits({ numerator: 1, denominator: 12 }, 12)).toBe(1);
    expect(offerUnits({ numerator: 1, denominator: 6 }, 12)).toBe(2);
    expect(offerUnits({ numerator: 1, denominator: 24 }, 12)).toBeNull();
  });
});

describe('slot years', () => {
  it('are calendar years of the night', () => {
    expect(slotYearOf('2027-12-31')).toBe(2027);
    expect(slotYearOf('2028-01-01')).toBe(2028);
  });

  it('open this year and the next (owners book 12 months ahead), from the first slot year on', () => {
    expect(openSlotYears('2027-01-01', 2020)).toEqual([2027, 2028]);
    expect(openSlotYears('2027-12-31', 2020)).toEqual([2027, 2028]);
    expect(openSlotYears('2027-06-15', 2028)).toEqual([2028]);
    expect(openSlotYears('2027-06-15', 2030)).toEqual([]);
  });

  it('end when the next calendar year starts', () => {
    expect(slotYearEnded(2027, '2027-12-31')).toBe(false);
    expect(slotYearEnded(2027, '2028-01-01')).toBe(true);
  });

  it('turn at midnight in the house group’s zone, not in UTC', () => {
    // 23:59:59 on 31 December 2026 in Tokyo, then 00:30 on 1 January 2027 there (still the 31st in UTC).
    const lastSecond = todayIn('Asia/Tokyo', new Date('2026-12-31T14:59:59Z'));
    const newYear = todayIn('Asia/Tokyo', new Date('2026-12-31T15:30:00Z'));
    expect([lastSecond, slotYearEnded(2026, lastSecond), openSlotYears(lastSecond, 2020)]).toEqual([
      '2026-12-31',
      false,
      [2026, 2027],
    ]);
    expect([newYear, slotYearEnded(2026, newYear), openSlotYears(newYear, 2020)]).toEqual([
      '2027-01-01',
      true,
      [2027, 2028],
    ]);
  });

  it('put a leap day in its own year, and open the next year from it', () => {
    expect(slotYearOf('2028-02-29')).toBe(2028);
    expect(openSlotYears('2028-02-29', 2020)).toEqual([2028, 2029]);
    expect(slotYearEnded(2028, '2028-02-29')).toBe(false);
  });
});

describe('planConsumption', () => {
  const nights = (...spec: [string, 'STANDARD' | 'HIGH'][]): SlotNight[] =>
    spec.map(([date, priceType]) => ({ date, priceType }));
  const bal = (STANDARD: number, HIGH: number) => () => ({ STANDARD, HIGH });

  it('takes a slot of the night’s tier per night', () => {
    const plan = planConsumption(nights(['2027-08-01', 'HIGH'], ['2027-08-02', 'STANDARD']), bal(5, 5), false);
    expect(plan).toEqual({
      ok: true,
      years: [{ slotYear: 2027, slotStandard: 1, slotHigh: 1, slotHighSubstitute: 0 }],
    });
  });

  it('substitutes a standard slot for a HIGH night only where allowed and only when no high slot is left', () => {
    const stay = nights(['2027-08-01', 'HIGH'], ['2027-08-02', 'HIGH'], ['2027-08-03', 'STANDARD']);
    expect(planConsumption(stay, bal(5, 1), true)).toEqual({
      ok: true,
      years: [{ slotYear: 2027, slotStandard: 1, slotHigh: 1, slotHighSubstitute: 1 }],
    });
    expect(planConsumption(stay, bal(5, 1), false)).toMatchObject({ ok: false, slotYear: 2027 });
    // The substitute may not take the slot the standard night needs.
    expect(planConsumption(stay, bal(1, 1), true)).toMatchObject({ ok: false, balance: { STANDARD: 1, HIGH: 1 } });
  });

  it('takes each night from its own slot year across New Year', () => {
    const stay = nights(['2027-12-31', 'HIGH'], ['2028-01-01', 'HIGH']);
    const balances: Record<number, { STANDARD: number; HIGH: number }> = {
      2027: { STANDARD: 0, HIGH: 1 },
      2028: { STANDARD: 3, HIGH: 0 },
    };
    expect(planConsumption(stay, (y) => balances[y]!, true)).toEqual({
      ok: true,
      years: [
        { slotYear: 2027, slotStandard: 0, slotHigh: 1, slotHighSubstitute: 0 },
        { slotYear: 2028, slotStandard: 0, slotHigh: 0, slotHighSubstitute: 1 },
      ],
    });
    expect(planConsumption(stay, (y) => balances[y]!, false)).toMatchObject({ ok: false, slotYear: 2028 });
  });

  it('never plans more than a balance holds', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<'STANDARD' | 'HIGH'>('STANDARD', 'HIGH'), { maxLength: 40 }),
        fc.nat(30),
        fc.nat(30),
        fc.boolean(),
        (types, s, h, allow) => {
          const stay = types.map((priceType, i) => ({
            date: `2027-03-${String((i % 28) + 1).padStart(2, '0')}`,
            priceType,
          }));
          const plan = planConsumption(stay, bal(s, h), allow);
          if (!plan.ok) return;
          const total = plan.years.reduce((n, y) => n + y.slotStandard + y.slotHigh + y.slotHighSubstitute, 0);
          expect(total).toBe(stay.length);
          for (const y of plan.years) {
            expect(y.slotHigh).toBeLessThanOrEqual(h);
            expect(y.slotStandard + y.slotHighSubstitute).toBeLessThanOrEqual(s);
            if (!allow) expect(y.slotHighSubstitute).toBe(0);
          }
        },
      ),
    );
  });
});

describe('planConsumption over the new year', () => {
  it('splits a stay from 30 December 2026 to 2 January 2027: two nights of 2026, one of 2027', () => {
    const stay = datesBetween('2026-12-30', '2027-01-02').map((date) => ({ date, priceType: 'STANDARD' as const }));
    expect(stay.map((n) => slotYearOf(n.date))).toEqual([2026, 2026, 2027]);
    const balances: Record<number, { STANDARD: number; HIGH: number }> = {
      2026: { STANDARD: 2, HIGH: 0 },
      2027: { STANDARD: 1, HIGH: 0 },
    };
    expect(planConsumption(stay, (y) => balances[y]!, false)).toEqual({
      ok: true,
      years: [
        { slotYear: 2026, slotStandard: 2, slotHigh: 0, slotHighSubstitute: 0 },
        { slotYear: 2027, slotStandard: 1, slotHigh: 0, slotHighSubstitute: 0 },
      ],
    });
    // One night short in 2026 is refused for 2026, whatever 2027 holds.
    expect(
      planConsumption(stay, (y) => (y === 2026 ? { STANDARD: 1, HIGH: 0 } : { STANDARD: 9, HIGH: 9 }), false),
    ).toEqual({ ok: false, slotYear: 2026, balance: { STANDARD: 1, HIGH: 0 }, needed: { STANDARD: 2, HIGH: 0 } });
  });
});
