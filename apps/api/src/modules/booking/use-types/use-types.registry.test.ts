import type { HouseGroup } from '@yado/contract/catalogue.contract';
import { describe, expect, it } from 'vitest';
import type { QuoteSnapshot } from '../booking-quote.rules.js';
import type { DepositFacts } from './use-type.js';
import { USE_TYPES, useTypeOf } from './use-types.registry.js';

const group = (over: Partial<HouseGroup>) => ({ usageLabel: 'ACCOMMODATION', type: 'SHARED', ...over }) as HouseGroup;
const facts = { accommodationAmount: 30_000, depositAmount: 9_000, deposit: null } as unknown as DepositFacts;
const quote = { discountAmount: 1_000 } as QuoteSnapshot['quote'];

describe('booking types', () => {
  it('lists each type once, each with its own create method and extension field', () => {
    const types = USE_TYPES.map((t) => t.bookingType);
    expect(new Set(types).size).toBe(types.length);
    expect(new Set(USE_TYPES.map((t) => t.createMethod.path)).size).toBe(types.length);
    expect(new Set(USE_TYPES.map((t) => t.extensionField)).size).toBe(types.length);
  });

  it('GUEST_USE: any accommodation house group, from today, in yen, with a coupon and its discount shown', () => {
    const t = useTypeOf('GUEST_USE');
    expect(t.offeredBy(group({}))).toBe(true);
    expect(t.offeredBy(group({ usageLabel: 'TIME_USE' as HouseGroup['usageLabel'] }))).toBe(false);
    expect(t.bookableFrom('2027-03-01')).toBe('2027-03-01');
    expect(t.consumes).toBe('YEN');
    expect(t.acceptsCoupon).toBe(true);
    expect(t.typeExtension(facts, quote, null)).toEqual({ ...facts, discountAmount: 1_000 });
  });

  it('EXCLUSIVE_ACCOMMODATION_USE: only an EXCLUSIVE accommodation group, no coupon, no discount field', () => {
    const t = useTypeOf('EXCLUSIVE_ACCOMMODATION_USE');
    expect(t.offeredBy(group({ type: 'EXCLUSIVE' as HouseGroup['type'] }))).toBe(true);
    expect(t.offeredBy(group({}))).toBe(false);
    expect(t.acceptsCoupon).toBe(false);
    expect(t.typeExtension(facts, quote, null)).toEqual(facts);
  });

  it('a type without a module is not bookable', () => {
    expect(() => useTypeOf('DAO_USE')).toThrowError(expect.objectContaining({ reason: 'CodeBookingTypeNotAvailable' }));
  });
});
