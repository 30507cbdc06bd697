import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '@yado/contract/civil-date';
import {
  cancellationFeeSchedule,
  DEFAULT_CANCELLATION_POLICY as policy,
  feePercentage,
  freeCancellationLimitDate,
} from './cancellation-fee.rules.js';

const nights = [
  { date: '2031-08-10', amount: 30_000 },
  { date: '2031-08-11', amount: 45_001 },
];
const at = (daysBefore: number) => addDays('2031-08-10', -daysBefore);

describe('freeCancellationLimitDate', () => {
  it('is the day before the first tier begins: 8 days before check-in by default', () => {
    expect(freeCancellationLimitDate('2031-08-10', policy)).toBe('2031-08-02');
    expect(
      freeCancellationLimitDate('2031-03-01', { tiers: [{ fromDaysBefore: 2, percent: 50 }], noShowPercent: 100 }),
    ).toBe('2031-02-26');
    expect(freeCancellationLimitDate('2031-08-10', { tiers: [], noShowPercent: 100 })).toBe('2031-08-09');
  });
});

describe('cancellationFeeSchedule', () => {
  it('is free up to and including the limit date', () => {
    const s = cancellationFeeSchedule({ policy, nights, today: at(8) });
    expect(s).toMatchObject({ underFreeCancellationPeriod: true, percentage: 0, totalFee: 0 });
    expect(s.perDate.map((d) => d.amount)).toEqual([0, 0]);
  });

  it.each([
    [7, 30],
    [2, 30],
    [1, 50],
    [0, 80],
  ])('%i days before check-in charges %i% of each date', (days, percent) => {
    const s = cancellationFeeSchedule({ policy, nights, today: at(days) });
    expect(s.underFreeCancellationPeriod).toBe(false);
    expect(s.percentage).toBe(percent);
    expect(s.perDate).toEqual([
      {
        date: '2031-08-10',
        amount: Math.floor((30_000 * percent) / 100),
        details: [
          {
            percentage: percent,
            amount: Math.floor((30_000 * percent) / 100),
            source: 'ACCOMMODATION_AMOUNT',
            consumedSlot: null,
          },
        ],
      },
      {
        date: '2031-08-11',
        amount: Math.floor((45_001 * percent) / 100),
        details: [
          {
            percentage: percent,
            amount: Math.floor((45_001 * percent) / 100),
            source: 'ACCOMMODATION_AMOUNT',
            consumedSlot: null,
          },
        ],
      },
    ]);
    expect(s.totalFee).toBe(Math.floor((30_000 * percent) / 100) + Math.floor((45_001 * percent) / 100));
  });

  it('charges the no-show percentage for a no-show or after check-in day', () => {
    expect(cancellationFeeSchedule({ policy, nights, today: at(3), noShow: true }).totalFee).toBe(75_001);
    expect(cancellationFeeSchedule({ policy, nights, today: at(-1) }).percentage).toBe(100);
  });

  it('honours an explicit limit date', () => {
    const s = cancellationFeeSchedule({ policy, nights, today: at(3), freeCancellationLimitDate: at(3) });
    expect(s.underFreeCancellationPeriod).toBe(true);
  });

  it('never exceeds the stay amount, never decreases as check-in nears, and is zero while free', () => {
    const nightArb = fc.array(fc.integer({ min: 0, max: 500_000 }), { minLength: 1, maxLength: 14 });
    const policyArb = fc.record({
      tiers: fc.array(
        fc.record({ fromDaysBefore: fc.integer({ min: 0, max: 60 }), percent: fc.integer({ min: 0, max: 100 }) }),
        {
          maxLength: 4,
        },
      ),
      noShowPercent: fc.integer({ min: 0, max: 100 }),
    });
    fc.assert(
      fc.property(nightArb, fc.integer({ min: -2, max: 90 }), (amounts, days) => {
        const ns = amounts.map((amount, i) => ({ date: addDays('2031-08-10', i), amount }));
        const stay = amounts.reduce((a, b) => a + b, 0);
        const s = cancellationFeeSchedule({ policy, nights: ns, today: at(days) });
        expect(s.totalFee).toBeLessThanOrEqual(stay);
        expect(s.totalFee).toBe(s.perDate.reduce((a, d) => a + d.amount, 0));
        if (s.underFreeCancellationPeriod) expect(s.totalFee).toBe(0);
        if (days >= 1) {
          const closer = cancellationFeeSchedule({ policy, nights: ns, today: at(days - 1) });
          expect(closer.totalFee).toBeGreaterThanOrEqual(s.totalFee);
        }
      }),
    );
    fc.assert(
      fc.property(policyArb, nightArb, fc.integer({ min: -2, max: 90 }), (p, amounts, days) => {
        const ns = amounts.map((amount, i) => ({ date: addDays('2031-08-10', i), amount }));
        const s = cancellationFeeSchedule({ policy: p, nights: ns, today: at(days) });
        expect(s.totalFee).toBeLessThanOrEqual(amounts.reduce((a, b) => a + b, 0));
        expect(s.percentage).toBe(s.underFreeCancellationPeriod ? 0 : feePercentage(p, days));
      }),
    );
  });
});

// The default policy at the calendar's edges, with explicit civil dates ("today" is the house
// group's day, which booking-fee.rules.test.ts derives from instants in Tokyo).
describe('the default policy at the calendar’s edges', () => {
  it('counts the free period back over a leap day and a year end', () => {
    expect(freeCancellationLimitDate('2028-03-01', policy)).toBe('2028-02-22');
    expect(freeCancellationLimitDate('2027-03-01', policy)).toBe('2027-02-21');
    expect(freeCancellationLimitDate('2027-01-01', policy)).toBe('2026-12-24');
    expect(freeCancellationLimitDate('2027-05-01', policy)).toBe('2027-04-23');
  });

  it('charges the day-before rate on the leap day and on 31 December', () => {
    const leap = [{ date: '2028-03-01', amount: 10_000 }];
    expect(cancellationFeeSchedule({ policy, nights: leap, today: '2028-02-28' }).percentage).toBe(30);
    expect(cancellationFeeSchedule({ policy, nights: leap, today: '2028-02-29' }).percentage).toBe(50);
    const newYear = [{ date: '2027-01-01', amount: 10_000 }];
    expect(cancellationFeeSchedule({ policy, nights: newYear, today: '2026-12-31' }).percentage).toBe(50);
    expect(cancellationFeeSchedule({ policy, nights: newYear, today: '2027-01-01' }).percentage).toBe(80);
  });

  it('charges every night of a stay over the new year by the days before its first night', () => {
    const stay = [
      { date: '2027-01-01', amount: 30_000 },
      { date: '2026-12-30', amount: 10_000 },
      { date: '2026-12-31', amount: 20_000 },
    ];
    // 29 December is the day before check-in (30 December): 50% of each night, listed in date order.
    const s = cancellationFeeSchedule({ policy, nights: stay, today: '2026-12-29' });
    expect(s.percentage).toBe(50);
    expect(s.perDate.map((d) => [d.date, d.amount])).toEqual([
      ['2026-12-30', 5_000],
      ['2026-12-31', 10_000],
      ['2027-01-01', 15_000],
    ]);
    expect(cancellationFeeSchedule({ policy, nights: stay, today: '2026-12-22' }).underFreeCancellationPeriod).toBe(
      true,
    );
    // After the check-in day (31 December or later) it is the no-show rate.
    expect(cancellationFeeSchedule({ policy, nights: stay, today: '2026-12-31' }).percentage).toBe(100);
  });
});
