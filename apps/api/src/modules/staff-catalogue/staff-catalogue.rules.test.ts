import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/app-error.js';
import { addDays, daysBetween, utcOffsetIn } from '@yado/contract/civil-date';
import {
  applySeasonChanges,
  checkCalendarChanges,
  houseGroupIssues,
  lastPlannableDate,
  type HouseGroupRulesInput,
  type SeasonChange,
  type SeasonDayValue,
} from './staff-catalogue.rules.js';

const day = (o: Partial<SeasonDayValue> = {}): SeasonDayValue => ({
  priceType: 'STANDARD',
  closed: false,
  standardPrice: 20_000,
  highPrice: 30_000,
  ...o,
});

describe('lastPlannableDate', () => {
  it('is the same day 18 months on, or the last day of a shorter month', () => {
    expect(lastPlannableDate('2026-01-15')).toBe('2027-07-15');
    expect(lastPlannableDate('2026-08-31')).toBe('2028-02-29');
    expect(lastPlannableDate('2026-12-31')).toBe('2028-06-30');
  });
});

describe('checkCalendarChanges', () => {
  const today = '2026-05-10';
  const reasonOf = (changes: SeasonChange[]) => {
    try {
      checkCalendarChanges(changes, today);
      return null;
    } catch (err) {
      return { reason: (err as AppError).reason, fields: (err as AppError).options.fields };
    }
  };

  it('accepts today up to 18 months ahead', () => {
    expect(reasonOf([{ from: today, to: '2027-11-10', closed: true }])).toBeNull();
  });

  it('refuses the past, beyond 18 months, and a range that ends before it starts, naming the change', () => {
    expect(reasonOf([{ from: '2026-05-09', to: '2026-05-12', closed: true }])).toEqual({
      reason: 'CodeCalendarRangeInvalid',
      fields: [{ field: 'changes.0.from', description: 'before today (2026-05-10)' }],
    });
    expect(
      reasonOf([
        { from: today, to: today, closed: true },
        { from: '2026-06-01', to: '2027-11-11', closed: true },
      ])?.fields,
    ).toEqual([{ field: 'changes.1.to', description: 'after 2027-11-10' }]);
    expect(reasonOf([{ from: '2026-06-02', to: '2026-06-01', closed: true }])?.fields?.[0]?.field).toBe('changes.0.to');
  });

  it('accepts exactly the ranges inside the window (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -40, max: 600 }), fc.integer({ min: -5, max: 600 }), (start, length) => {
        const from = addDays(today, start);
        const to = addDays(from, length);
        const ok = reasonOf([{ from, to, closed: false }]) === null;
        expect(ok).toBe(start >= 0 && length >= 0 && to <= lastPlannableDate(today));
      }),
    );
  });
});

describe('applySeasonChanges', () => {
  it('sets a range to HIGH, keeping prices, and starts new days from the standard season price', () => {
    const existing = new Map([['2026-08-10', day()]]);
    const changed = applySeasonChanges(existing, [{ from: '2026-08-10', to: '2026-08-11', priceType: 'HIGH' }], 18_000);
    expect(Object.fromEntries(changed)).toEqual({
      '2026-08-10': day({ priceType: 'HIGH' }),
      '2026-08-11': { priceType: 'HIGH', closed: false, standardPrice: 18_000, highPrice: 18_000 },
    });
  });

  it('applies changes in order, the later winning, and leaves out days that end as they were', () => {
    const existing = new Map([
      ['2026-08-10', day()],
      ['2026-08-11', day()],
    ]);
    const changed = applySeasonChanges(
      existing,
      [
        { from: '2026-08-10', to: '2026-08-11', closed: true, highPrice: 50_000 },
        { from: '2026-08-11', to: '2026-08-11', closed: false, highPrice: 30_000 },
      ],
      0,
    );
    expect([...changed.keys()]).toEqual(['2026-08-10']);
    expect(changed.get('2026-08-10')).toEqual(day({ closed: true, highPrice: 50_000 }));
  });

  const dateArb = fc.integer({ min: 0, max: 60 }).map((n) => addDays('2026-08-01', n));
  const changeArb = fc
    .record({
      a: dateArb,
      b: dateArb,
      priceType: fc.option(fc.constantFrom('STANDARD' as const, 'HIGH' as const), { nil: undefined }),
      standardPrice: fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: undefined }),
      highPrice: fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: undefined }),
      closed: fc.option(fc.boolean(), { nil: undefined }),
    })
    .map(({ a, b, ...rest }): SeasonChange => {
      const c: SeasonChange = { from: a < b ? a : b, to: a < b ? b : a };
      for (const [k, v] of Object.entries(rest)) if (v !== undefined) Object.assign(c, { [k]: v });
      return c;
    });
  const existingArb = fc
    .dictionary(
      dateArb,
      fc.record({
        priceType: fc.constantFrom('STANDARD' as const, 'HIGH' as const),
        closed: fc.boolean(),
        standardPrice: fc.integer({ min: 0, max: 200_000 }),
        highPrice: fc.integer({ min: 0, max: 200_000 }),
      }),
    )
    .map((d) => new Map(Object.entries(d)));

  it('changes only days inside some change, and each day ends as the last change touching it says (property)', () => {
    fc.assert(
      fc.property(existingArb, fc.array(changeArb, { minLength: 1, maxLength: 6 }), (existing, changes) => {
        const changed = applySeasonChanges(existing, changes, 12_345);
        const result = new Map([...existing, ...changed]);
        for (const date of changed.keys()) {
          expect(changes.some((c) => c.from <= date && date <= c.to)).toBe(true);
        }
        for (const c of changes) {
          for (let i = 0; i <= daysBetween(c.from, c.to); i++) {
            const date = addDays(c.from, i);
            const last = [...changes].reverse().find((x) => x.from <= date && date <= x.to && x.closed !== undefined);
            if (last) expect(result.get(date)?.closed).toBe(last.closed);
            const lastPrice = [...changes]
              .reverse()
              .find((x) => x.from <= date && date <= x.to && x.standardPrice !== undefined);
            if (lastPrice) expect(result.get(date)?.standardPrice).toBe(lastPrice.standardPrice);
            expect(result.has(date)).toBe(true);
          }
        }
      }),
    );
  });

  it('is idempotent: applying the same changes again changes nothing (property)', () => {
    fc.assert(
      fc.property(existingArb, fc.array(changeArb, { minLength: 1, maxLength: 6 }), (existing, changes) => {
        const once = new Map([...existing, ...applySeasonChanges(existing, changes, 1_000)]);
        expect(applySeasonChanges(once, changes, 1_000).size).toBe(0);
      }),
    );
  });
});

describe('houseGroupIssues', () => {
  const sound: HouseGroupRulesInput = {
    baseCapacity: 4,
    maxCapacity: 6,
    minAdultCapacity: 1,
    isPetAllowed: true,
    basePetCapacity: 1,
    maxPetCapacity: 2,
    timezone: 'Asia/Tokyo',
    cancellationPolicy: {
      tiers: [
        { fromDaysBefore: 7, percent: 30 },
        { fromDaysBefore: 1, percent: 50 },
        { fromDaysBefore: 0, percent: 80 },
      ],
      noShowPercent: 100,
    },
    accommodationTaxBands: [
      { minYen: 0, maxYen: 9_999, taxPerPersonNight: 0 },
      { minYen: 10_000, maxYen: 14_999, taxPerPersonNight: 100 },
      { minYen: 15_000, maxYen: null, taxPerPersonNight: 200 },
    ],
  };

  it('accepts a sound house group', () => {
    expect(houseGroupIssues(sound)).toEqual([]);
  });

  it('names each inconsistency', () => {
    const fields = houseGroupIssues({
      ...sound,
      maxCapacity: 3,
      minAdultCapacity: 5,
      isPetAllowed: false,
      timezone: 'Mars/Olympus',
      cancellationPolicy: {
        tiers: [
          { fromDaysBefore: 1, percent: 50 },
          { fromDaysBefore: 3, percent: 30 },
        ],
        noShowPercent: 10,
      },
      accommodationTaxBands: [
        { minYen: 0, maxYen: null, taxPerPersonNight: 0 },
        { minYen: 500, maxYen: 100, taxPerPersonNight: 0 },
      ],
    }).map((i) => i.field);
    expect(fields).toEqual([
      'maxCapacity',
      'minAdultCapacity',
      'maxPetCapacity',
      'timezone',
      'cancellationPolicy.tiers.1',
      'cancellationPolicy.noShowPercent',
      'accommodationTaxBands.0.maxYen',
      'accommodationTaxBands.1.maxYen',
      'accommodationTaxBands.1.minYen',
    ]);
  });
});

describe('utcOffsetIn', () => {
  it('derives the offset of a zone at an instant, daylight saving included', () => {
    expect(utcOffsetIn('Asia/Tokyo', new Date('2026-01-01T00:00:00Z'))).toBe('+09:00');
    expect(utcOffsetIn('UTC', new Date('2026-01-01T00:00:00Z'))).toBe('+00:00');
    expect(utcOffsetIn('America/New_York', new Date('2026-07-01T00:00:00Z'))).toBe('-04:00');
    expect(utcOffsetIn('Asia/Kolkata', new Date('2026-07-01T00:00:00Z'))).toBe('+05:30');
    expect(utcOffsetIn('Nowhere/Land', new Date())).toBeNull();
  });
});
