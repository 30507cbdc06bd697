import { rentalClockLabel, rentalClockRange } from '@yado/contract/vehicle-rental-clock';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canPickUp,
  HALF_HOUR_MS,
  halfHoursBetween,
  isControllable,
  isOnHalfHour,
  lateHalfHours,
  rentalCancellationFee,
  rentalCancellationPercentage,
  rentalPrice,
} from './vehicle-rental.rules.js';

const at = (iso: string) => new Date(iso);
const T = { orderNumber: 'V1000001', date: '2026-11-27' };

describe('rental price', () => {
  it('is base + half-hour price × half hours + pick-up and drop-off prices, with 10% service charge and 10% tax', () => {
    const p = rentalPrice({ basePrice: 3_000, halfHourPrice: 800, pickupPrice: 500, dropoffPrice: 0 }, 5, '10.00', T);
    expect(p.subtotalAmount).toBe(3_000 + 800 * 5 + 500);
    expect(p.serviceChargeAmount).toBe(750);
    expect(p.serviceChargeInclusiveAmount).toBe(8_250);
    expect(p.taxAmount).toBe(825);
    expect(p.taxInclusiveAmount).toBe(9_075);
    // A location without a price is no line of the billing.
    expect(p.lines.map((l) => l.titleEn)).toEqual([
      'Vehicle rental (base)',
      'Vehicle rental (5 half hours)',
      'Vehicle pick-up',
    ]);
  });

  it('over any half-hour-aligned span, midnight included: half hours counted exactly, totals add up in whole yen', () => {
    const start = Date.UTC(2026, 10, 27, 0, 0); // 09:00 in Japan
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 96 }),
        fc.integer({ min: 1, max: 96 }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: 0, max: 3_000 }),
        fc.integer({ min: 0, max: 3_000 }),
        fc.constantFrom('0.00', '10.00', '12.50', '15.00'),
        (offset, n, base, half, pick, drop, sc) => {
          const pickup = new Date(start + offset * HALF_HOUR_MS);
          const dropoff = new Date(pickup.getTime() + n * HALF_HOUR_MS);
          expect(isOnHalfHour(pickup) && isOnHalfHour(dropoff)).toBe(true);
          expect(halfHoursBetween(pickup, dropoff)).toBe(n);
          const p = rentalPrice(
            { basePrice: base, halfHourPrice: half, pickupPrice: pick, dropoffPrice: drop },
            n,
            sc,
            T,
          );
          expect(p.subtotalAmount).toBe(base + half * n + pick + drop);
          const hundredths = Math.round(Number(sc) * 100);
          expect(p.serviceChargeAmount).toBe(Math.floor((p.subtotalAmount * hundredths) / 10_000));
          expect(p.taxAmount).toBe(Math.floor(p.serviceChargeInclusiveAmount / 10));
          expect(p.taxInclusiveAmount).toBe(p.serviceChargeInclusiveAmount + p.taxAmount);
          for (const v of [p.serviceChargeAmount, p.taxAmount, p.taxInclusiveAmount]) {
            expect(Number.isSafeInteger(v)).toBe(true);
          }
          // The clock label past midnight runs on above 24, and stays consistent with the half hours.
          const r = rentalClockRange(pickup, dropoff, 'Asia/Tokyo');
          const minutes = (s: string) => Number(s.slice(0, -3)) * 60 + Number(s.slice(-2));
          expect(minutes(r.to) - minutes(r.from)).toBe(n * 30);
        },
      ),
    );
  });

  it('a late drop-off counts every started half hour; on time or early counts none', () => {
    const due = at('2026-11-27T13:00:00Z');
    expect(lateHalfHours(due, at('2026-11-27T12:59:00Z'))).toBe(0);
    expect(lateHalfHours(due, due)).toBe(0);
    expect(lateHalfHours(due, at('2026-11-27T13:00:01Z'))).toBe(1);
    expect(lateHalfHours(due, at('2026-11-27T13:30:00Z'))).toBe(1);
    expect(lateHalfHours(due, at('2026-11-27T13:30:01Z'))).toBe(2);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 * 86_400_000 }), (lateMs) => {
        const n = lateHalfHours(due, new Date(due.getTime() + lateMs));
        expect(n * HALF_HOUR_MS).toBeGreaterThanOrEqual(lateMs);
        expect((n - 1) * HALF_HOUR_MS).toBeLessThan(lateMs);
      }),
    );
  });
});

describe('rental clock', () => {
  it('writes times past midnight as hours above 24, in the place’s time zone', () => {
    // 22:00 on 27 November to 01:30 on the 28th, in Japan.
    const r = rentalClockRange(at('2026-11-27T13:00:00Z'), at('2026-11-27T16:30:00Z'), 'Asia/Tokyo');
    expect(r).toEqual({ day: '2026-11-27', from: '22:00', to: '25:30' });
    expect(rentalClockLabel(at('2026-11-28T15:00:00Z'), '2026-11-27', 'Asia/Tokyo')).toBe('48:00');
    expect(rentalClockLabel(at('2026-11-27T00:00:00Z'), '2026-11-27', 'Asia/Tokyo')).toBe('09:00');
  });
});

describe('cancellation and use windows', () => {
  const pickup = at('2026-11-28T01:00:00Z');
  it('is free until 24 hours before pick-up, half in the last day, all of it after pick-up', () => {
    expect(rentalCancellationPercentage(pickup, at('2026-11-27T01:00:00Z'))).toBe(0);
    expect(rentalCancellationPercentage(pickup, at('2026-11-27T01:00:00.001Z'))).toBe(50);
    expect(rentalCancellationPercentage(pickup, pickup)).toBe(100);
    expect(rentalCancellationFee(9_075, 50)).toBe(4_537);
  });

  it('picks up from 30 minutes before pick-up until drop-off, only a booked rental not yet in use', () => {
    const r = {
      status: 'BOOKED',
      useStatus: 'BEFORE_READY' as const,
      pickupAt: pickup,
      dropoffAt: at('2026-11-28T03:00:00Z'),
    };
    expect(canPickUp(r, at('2026-11-28T00:29:59Z'))).toBe(false);
    expect(canPickUp(r, at('2026-11-28T00:30:00Z'))).toBe(true);
    expect(canPickUp(r, at('2026-11-28T03:00:00Z'))).toBe(false);
    expect(canPickUp({ ...r, status: 'TENTATIVE' }, pickup)).toBe(false);
    expect(canPickUp({ ...r, useStatus: 'IN_USE' }, pickup)).toBe(false);
  });

  it('controls the car while in use and until the window after drop-off closes', () => {
    const until = at('2026-11-28T03:15:00Z');
    expect(isControllable({ status: 'BOOKED', useStatus: 'IN_USE', controllableUntil: null }, until)).toBe(true);
    const after = { status: 'BOOKED', useStatus: 'CONTROLLABLE_AFTER_USE' as const, controllableUntil: until };
    expect(isControllable(after, at('2026-11-28T03:14:59Z'))).toBe(true);
    expect(isControllable(after, until)).toBe(false);
    expect(isControllable({ ...after, useStatus: 'READY' }, pickup)).toBe(false);
    expect(isControllable({ ...after, useStatus: 'FINISHED' }, pickup)).toBe(false);
  });
});
