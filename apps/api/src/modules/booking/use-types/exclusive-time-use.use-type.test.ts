import type { HouseGroup } from '@yado/contract/catalogue.contract';
import { describe, expect, it } from 'vitest';
import { timeUseQuote } from '../time-use.rules.js';
import type { DepositFacts } from './use-type.js';
import { useTypeOf } from './use-types.registry.js';

const group = (over: Partial<HouseGroup>) => ({ usageLabel: 'TIME', type: 'YADO', ...over }) as HouseGroup;

describe('EXCLUSIVE_TIME_USE', () => {
  const t = useTypeOf('EXCLUSIVE_TIME_USE');
  const snap = timeUseQuote({
    facts: {
      date: '2027-03-11',
      startHour: 18,
      hours: 6,
      utcOffset: '+09:00',
      pricePerHour: 1_000,
      priceKind: 'OWNER',
    },
    cancellationPolicy: { tiers: [], noShowPercent: 100 },
    tentativeDeadline: new Date('2027-03-10T00:00:00Z'),
  });

  it('is offered by TIME house groups only, from today, in yen, without a coupon, lodging nobody', () => {
    expect(t.offeredBy(group({}))).toBe(true);
    expect(t.offeredBy(group({ usageLabel: 'ACCOMMODATION' }))).toBe(false);
    expect(t.bookableFrom('2027-03-10')).toBe('2027-03-10');
    expect([t.consumes, t.acceptsCoupon, t.lodges]).toEqual(['YEN', false, false]);
    expect(t.createMethod.path).toBe('create_exclusive_time_tentative_booking');
  });

  it('shows its hours as check-in and check-out, the end at midnight on the next day', () => {
    expect(t.shownTimes?.(snap.quote)).toEqual({
      checkinTime: { year: 2027, month: 3, day: 11, hours: 18, minutes: 0, seconds: 0, nanos: 0, utcOffset: '+09:00' },
      checkoutTime: { year: 2027, month: 3, day: 12, hours: 0, minutes: 0, seconds: 0, nanos: 0, utcOffset: '+09:00' },
    });
  });

  it('extends the booking detail with the hours, the owner price and the payment', () => {
    const payment = { billingId: 'bl-1' } as DepositFacts['deposit'];
    const facts = { accommodationAmount: 6_000, depositAmount: 6_600, deposit: payment } as DepositFacts;
    expect(t.typeExtension(facts, snap.quote, null)).toMatchObject({
      hours: 6,
      pricePerHour: 1_000,
      priceKind: 'OWNER',
      usageAmount: 6_000,
      payment,
    });
  });
});
