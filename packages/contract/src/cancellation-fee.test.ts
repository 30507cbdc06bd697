import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cancellationFeeSchedule,
  cancellationScheduleRows,
  DEFAULT_CANCELLATION_POLICY as policy,
  feePercentage,
  freeCancellationLimitDate,
} from './cancellation-fee.js';
import { addDays, daysBetween } from './civil-date.js';

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
    // days before check-in, the first night's percentage, the second night's (a day further off)
    [7, 30, 0],
    [2, 30, 30],
    [1, 50, 30],
    [0, 80, 50],
  ])('%i days before check-in charges the first night %i% and the second %i%', (days, first, second) => {
    const s = cancellationFeeSchedule({ policy, nights, today: at(days) });
    expect(s.underFreeCancellationPeriod).toBe(false);
    expect(s.percentage).toBe(first);
    const fee = (amount: number, percent: number) => Math.floor((amount * percent) / 100);
    expect(s.perDate).toEqual([
      {
        date: '2031-08-10',
        amount: fee(30_000, first),
        details: [
          { percentage: first, amount: fee(30_000, first), source: 'ACCOMMODATION_AMOUNT', consumedSlot: null },
        ],
      },
      {
        date: '2031-08-11',
        amount: fee(45_001, second),
        details: [
          { percentage: second, amount: fee(45_001, second), source: 'ACCOMMODATION_AMOUNT', consumedSlot: null },
        ],
      },
    ]);
    expect(s.totalFee).toBe(fee(30_000, first) + fee(45_001, second));
  });

  it('charges 7 days before check-in only the nights 7 days off or nearer (42,000 yen nights: 12,600)', () => {
    const twoNights = [
      { date: '2026-12-09', amount: 42_000 },
      { date: '2026-12-10', amount: 42_000 },
    ];
    const s = cancellationFeeSchedule({ policy, nights: twoNights, today: '2026-12-02' });
    expect(s.perDate.map((d) => [d.date, d.details[0]!.percentage, d.amount])).toEqual([
      ['2026-12-09', 30, 12_600],
      ['2026-12-10', 0, 0],
    ]);
    expect(s.totalFee).toBe(12_600);
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
        // Each night by the days left before it; the schedule's percentage is the highest of them.
        ns.forEach((n, i) => {
          const own = s.underFreeCancellationPeriod ? 0 : feePercentage(p, daysBetween(at(days), n.date));
          expect(s.perDate[i]!.details[0]!.percentage).toBe(own);
        });
        expect(s.percentage).toBe(Math.max(0, ...s.perDate.map((d) => d.details[0]!.percentage)));
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

  it('charges each night of a stay over the new year by the days before that night', () => {
    const stay = [
      { date: '2027-01-01', amount: 30_000 },
      { date: '2026-12-30', amount: 10_000 },
      { date: '2026-12-31', amount: 20_000 },
    ];
    // 29 December is the day before check-in (30 December): 50% of that night, 30% of the two after
    // (2 and 3 days off), listed in date order.
    const s = cancellationFeeSchedule({ policy, nights: stay, today: '2026-12-29' });
    expect(s.percentage).toBe(50);
    expect(s.perDate.map((d) => [d.date, d.amount])).toEqual([
      ['2026-12-30', 5_000],
      ['2026-12-31', 6_000],
      ['2027-01-01', 9_000],
    ]);
    expect(cancellationFeeSchedule({ policy, nights: stay, today: '2026-12-22' }).underFreeCancellationPeriod).toBe(
      true,
    );
    // After the check-in day a night already passed costs the no-show rate, the rest their own.
    const late = cancellationFeeSchedule({ policy, nights: stay, today: '2026-12-31' });
    expect(late.perDate.map((d) => d.details[0]!.percentage)).toEqual([100, 80, 50]);
  });
});

describe('the schedule a stay shows before booking', () => {
  const tiered = {
    tiers: [
      { fromDaysBefore: 7, percent: 30 },
      { fromDaysBefore: 2, percent: 50 },
      { fromDaysBefore: 0, percent: 100 },
    ],
    noShowPercent: 100,
  };
  const two = [
    { date: '2027-03-10', amount: 20_000 },
    { date: '2027-03-11', amount: 30_000 },
  ];

  it('charges each night by the closest tier that has begun', () => {
    expect(feePercentage(tiered, 8)).toBe(0);
    expect(feePercentage(tiered, 7)).toBe(30);
    expect(feePercentage(tiered, 1)).toBe(50);
    expect(feePercentage(tiered, 0)).toBe(100);
    // Cancelled on the 3rd: 7 days before the 10th (30%), 8 before the 11th (free).
    expect(cancellationFeeSchedule({ policy: tiered, nights: two, today: '2027-03-03' }).totalFee).toBe(6_000);
  });

  it('lists the fee from each day it changes on, for every night, leaving out free days and days past', () => {
    expect(cancellationScheduleRows(tiered, two, '2027-01-01')).toEqual([
      { from: '2027-03-03', lowest: 0, highest: 30, amount: 6_000 },
      { from: '2027-03-04', lowest: 30, highest: 30, amount: 15_000 },
      { from: '2027-03-08', lowest: 30, highest: 50, amount: 19_000 },
      { from: '2027-03-09', lowest: 50, highest: 50, amount: 25_000 },
      { from: '2027-03-10', lowest: 50, highest: 100, amount: 35_000 },
    ]);
    expect(cancellationScheduleRows(tiered, two, '2027-03-09').map((r) => r.from)).toEqual([
      '2027-03-09',
      '2027-03-10',
    ]);
  });

  it('shows on every day what cancelling that day costs', () => {
    const policyArb = fc.record({
      tiers: fc.array(
        fc.record({ fromDaysBefore: fc.integer({ min: 0, max: 40 }), percent: fc.integer({ min: 0, max: 100 }) }),
        { maxLength: 4 },
      ),
      noShowPercent: fc.integer({ min: 0, max: 100 }),
    });
    const nightsArb = fc.array(fc.integer({ min: 0, max: 300_000 }), { minLength: 1, maxLength: 10 });
    fc.assert(
      fc.property(policyArb, nightsArb, fc.integer({ min: 0, max: 60 }), (p, amounts, ahead) => {
        const ns = amounts.map((amount, i) => ({ date: addDays('2030-05-20', i), amount }));
        const today = addDays('2030-05-20', -ahead);
        const rows = cancellationScheduleRows(p, ns, today);
        // Every day from today to check-in: the row in force that day shows that day's fee.
        for (let d = today; d <= '2030-05-20'; d = addDays(d, 1)) {
          const fee = cancellationFeeSchedule({ policy: p, nights: ns, today: d }).totalFee;
          const row = rows.filter((r) => r.from <= d).at(-1);
          expect(row?.amount ?? 0).toBe(fee);
        }
      }),
    );
  });
});
