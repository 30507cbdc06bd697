import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capacityIssues, fitsCapacity, nightlyPrice, stayPrice, type PricedNight } from './price.rules.js';

const night = (priceType: 'STANDARD' | 'HIGH', standardPrice = 20_000, highPrice = 30_000): PricedNight => ({
  date: '2031-01-01',
  priceType,
  standardPrice,
  highPrice,
});

describe('stayPrice', () => {
  it('sums each night at its own price type and charges guests above the base capacity per night', () => {
    const p = stayPrice({
      nights: [night('STANDARD'), night('HIGH'), night('STANDARD')],
      guests: { adults: 3, children: 2 },
      baseCapacity: 4,
      extraChargePerGuestPerNight: 5_000,
    });
    expect(p).toEqual({ roomTotal: 70_000, extraGuests: 1, extraGuestTotal: 15_000, total: 85_000 });
  });

  const nightArb = fc.record({
    date: fc.constant('2031-01-01'),
    priceType: fc.constantFrom('STANDARD' as const, 'HIGH' as const),
    standardPrice: fc.integer({ min: 0, max: 500_000 }),
    highPrice: fc.integer({ min: 0, max: 500_000 }),
  });
  const inputArb = fc.record({
    nights: fc.array(nightArb, { minLength: 1, maxLength: 30 }),
    guests: fc.record({ adults: fc.integer({ min: 1, max: 20 }), children: fc.integer({ min: 0, max: 20 }) }),
    baseCapacity: fc.integer({ min: 1, max: 12 }),
    extraChargePerGuestPerNight: fc.integer({ min: 0, max: 50_000 }),
  });

  it('is a whole number of yen, never below the room total, and the room total is additive', () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 1, max: 29 }), (input, cut) => {
        const p = stayPrice(input);
        expect(Number.isSafeInteger(p.total)).toBe(true);
        expect(p.total).toBeGreaterThanOrEqual(p.roomTotal);
        expect(p.total).toBe(p.roomTotal + p.extraGuestTotal);
        const k = Math.min(cut, input.nights.length);
        const a = stayPrice({ ...input, nights: input.nights.slice(0, k) });
        const b = stayPrice({ ...input, nights: input.nights.slice(k) });
        expect(a.total + b.total).toBe(p.total);
      }),
    );
  });

  it('never charges extra within the base capacity and grows with each extra guest', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const guests = input.guests.adults + input.guests.children;
        const p = stayPrice(input);
        if (guests <= input.baseCapacity) expect(p.extraGuestTotal).toBe(0);
        const one = stayPrice({ ...input, guests: { ...input.guests, children: input.guests.children + 1 } });
        expect(one.total - p.total).toBe(
          guests >= input.baseCapacity ? input.extraChargePerGuestPerNight * input.nights.length : 0,
        );
      }),
    );
  });

  it('uses the HIGH price only on HIGH nights', () => {
    fc.assert(
      fc.property(nightArb, (n) => {
        expect(nightlyPrice(n)).toBe(n.priceType === 'HIGH' ? n.highPrice : n.standardPrice);
      }),
    );
  });
});

describe('capacity rules', () => {
  const rules = { maxCapacity: 4, minAdultCapacity: 1, isPetAllowed: true, maxPetCapacity: 2 };
  it('names what does not fit', () => {
    expect(capacityIssues(rules, { adults: 0, children: 2, infants: 0, pets: 0 })).toEqual([
      { field: 'adults', description: 'at least 1 adults' },
    ]);
    expect(capacityIssues(rules, { adults: 3, children: 2, infants: 0, pets: 0 }).map((i) => i.field)).toEqual([
      'children',
    ]);
    expect(capacityIssues({ ...rules, isPetAllowed: false }, { adults: 1, children: 0, infants: 0, pets: 1 })).toEqual([
      { field: 'pets', description: 'pets are not allowed' },
    ]);
    expect(capacityIssues(rules, { adults: 1, children: 0, infants: 0, pets: 3 }).map((i) => i.field)).toEqual([
      'pets',
    ]);
  });

  it('ignores infants and is monotone: fewer guests still fit', () => {
    fc.assert(
      fc.property(
        fc.record({
          adults: fc.integer({ min: 0, max: 10 }),
          children: fc.integer({ min: 0, max: 10 }),
          infants: fc.integer({ min: 0, max: 10 }),
          pets: fc.integer({ min: 0, max: 4 }),
        }),
        (g) => {
          expect(fitsCapacity(rules, g)).toBe(fitsCapacity(rules, { ...g, infants: 0 }));
          if (fitsCapacity(rules, g) && g.children > 0)
            expect(fitsCapacity(rules, { ...g, children: g.children - 1 })).toBe(true);
          if (fitsCapacity(rules, g) && g.pets > 0) expect(fitsCapacity(rules, { ...g, pets: g.pets - 1 })).toBe(true);
        },
      ),
    );
  });
});
