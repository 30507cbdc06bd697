import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  availableNights,
  checkinCheckoutDays,
  enabledDays,
  vacancyDays,
  type CalendarInput,
  type Occupation,
  type SeasonDay,
} from './calendar.rules.js';
import { addDays, datesBetween } from '@yado/contract/civil-date';

const START = '2031-03-01';
const day = (n: number) => addDays(START, n);
const season = (from: number, to: number, o: Partial<SeasonDay> = {}): SeasonDay[] =>
  datesBetween(day(from), day(to)).map((date) => ({ date, priceType: 'STANDARD', closed: false, ...o }));

describe('availableNights', () => {
  it('needs a free house, a day on sale and not closed, and not a past night', () => {
    const days = season(0, 10).map((d) => (d.date === day(6) ? { ...d, closed: true } : d));
    const nights = availableNights({
      from: day(0),
      to: day(12),
      today: day(1),
      days,
      houseIds: ['a', 'b'],
      stays: [
        { houseId: 'a', checkin: day(3), checkout: day(5) },
        { houseId: 'b', checkin: day(4), checkout: day(6) },
      ],
    });
    expect([...nights].sort()).toEqual([day(1), day(2), day(3), day(5), day(7), day(8), day(9)]);
  });

  it('has nothing to offer without houses', () => {
    expect(
      availableNights({ from: day(0), to: day(5), today: day(0), days: season(0, 5), houseIds: [], stays: [] }).size,
    ).toBe(0);
  });
});

describe('checkinCheckoutDays', () => {
  it('allows check-out on the morning after an available night', () => {
    const days = checkinCheckoutDays({
      from: day(1),
      to: day(5),
      today: day(0),
      days: season(0, 5, { priceType: 'HIGH' }),
      houseIds: ['a'],
      stays: [{ houseId: 'a', checkin: day(2), checkout: day(3) }],
    });
    expect(days).toEqual([
      { date: day(1), availableForCheckin: true, availableForCheckout: true, priceType: 'HIGH' },
      { date: day(2), availableForCheckin: false, availableForCheckout: true, priceType: 'HIGH' },
      { date: day(3), availableForCheckin: true, availableForCheckout: false, priceType: 'HIGH' },
      { date: day(4), availableForCheckin: true, availableForCheckout: true, priceType: 'HIGH' },
    ]);
  });
});

// Random calendars: up to 3 houses, 40 days, random closed/high/missing days and stays.
const calendarArb = fc
  .record({
    houses: fc.integer({ min: 0, max: 3 }),
    todayOffset: fc.integer({ min: 0, max: 10 }),
    days: fc.array(fc.record({ present: fc.boolean(), closed: fc.boolean(), high: fc.boolean() }), {
      minLength: 40,
      maxLength: 40,
    }),
    stays: fc.array(
      fc.record({
        house: fc.integer({ min: 0, max: 2 }),
        start: fc.integer({ min: -5, max: 40 }),
        nights: fc.integer({ min: 1, max: 6 }),
      }),
      { maxLength: 12 },
    ),
  })
  .map(({ houses, todayOffset, days, stays }): CalendarInput => {
    const houseIds = Array.from({ length: houses }, (_, i) => `h${i}`);
    // Stays of one house never overlap (the database refuses it): keep the first of any overlap.
    const kept: Occupation[] = [];
    for (const s of stays) {
      const o = { houseId: `h${s.house}`, checkin: day(s.start), checkout: day(s.start + s.nights) };
      if (!kept.some((k) => k.houseId === o.houseId && k.checkin < o.checkout && o.checkin < k.checkout)) kept.push(o);
    }
    return {
      from: day(0),
      to: day(40),
      today: day(todayOffset),
      days: days.flatMap((d, i) =>
        d.present
          ? [{ date: day(i), closed: d.closed, priceType: d.high ? ('HIGH' as const) : ('STANDARD' as const) }]
          : [],
      ),
      houseIds,
      stays: kept,
    };
  });

/** The rule stated plainly, night by night and house by house. */
function naiveAvailable(input: CalendarInput, date: string): boolean {
  const d = input.days.find((x) => x.date === date);
  if (!d || d.closed || date < input.today || date < input.from || date >= input.to) return false;
  return input.houseIds.some(
    (h) => !input.stays.some((s) => s.houseId === h && s.checkin <= date && date < s.checkout),
  );
}

describe('calendar derivation (properties)', () => {
  it('a night is available exactly when one house is free, the day is on sale, open and not past', () => {
    fc.assert(
      fc.property(calendarArb, (input) => {
        const nights = availableNights(input);
        for (const date of datesBetween(input.from, input.to))
          expect(nights.has(date)).toBe(naiveAvailable(input, date));
      }),
    );
  });

  it('check-out on D is available exactly when night D-1 is; check-in on D when night D is', () => {
    fc.assert(
      fc.property(calendarArb, (input) => {
        const from = day(1);
        for (const d of checkinCheckoutDays({ ...input, from })) {
          expect(d.availableForCheckin).toBe(naiveAvailable(input, d.date));
          expect(d.availableForCheckout).toBe(naiveAvailable({ ...input, from: day(0) }, addDays(d.date, -1)));
        }
      }),
    );
  });

  it('adding a stay never makes a night available, releasing one never makes one unavailable', () => {
    fc.assert(
      fc.property(
        calendarArb,
        fc.integer({ min: 0, max: 39 }),
        fc.integer({ min: 1, max: 5 }),
        (input, start, nights) => {
          const before = availableNights(input);
          const more = availableNights({
            ...input,
            stays: [...input.stays, { houseId: 'h0', checkin: day(start), checkout: day(start + nights) }],
          });
          for (const n of more) expect(before.has(n)).toBe(true);
          const fewer = availableNights({ ...input, stays: input.stays.slice(1) });
          for (const n of before) expect(fewer.has(n)).toBe(true);
        },
      ),
    );
  });

  it('the three variants agree with each other and cover every date once', () => {
    fc.assert(
      fc.property(calendarArb, fc.integer({ min: 0, max: 45 }), (input, target) => {
        const cc = checkinCheckoutDays(input);
        const vac = vacancyDays({ ...input, targetPeriodTo: day(target) });
        const en = enabledDays(input);
        expect(cc.map((d) => d.date)).toEqual(datesBetween(input.from, input.to));
        for (let i = 0; i < cc.length; i++) {
          expect(vac[i]!.vacant).toBe(cc[i]!.availableForCheckin);
          expect(en[i]!.enabled).toBe(cc[i]!.availableForCheckin);
          expect(vac[i]!.priceType).toBe(cc[i]!.priceType);
          expect(vac[i]!.withinTargetPeriod).toBe(vac[i]!.date >= input.today && vac[i]!.date <= day(target));
        }
      }),
    );
  });
});
