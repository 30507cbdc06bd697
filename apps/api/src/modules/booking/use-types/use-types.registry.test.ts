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
    // The two key-token types share the spec's one method for key stays (create_nft_tentative_booking).
    const methods = USE_TYPES.map((t) => t.createMethod.path);
    expect(new Set(methods).size).toBe(types.length - 1);
    expect(methods.filter((m) => m === 'create_nft_tentative_booking')).toHaveLength(2);
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

  it('NFT_THE_KEY_USE and NFT_MASTER_KEY_USE: the token pays the room, no coupon, the token and wallet shown', () => {
    const key = useTypeOf('NFT_THE_KEY_USE');
    const master = useTypeOf('NFT_MASTER_KEY_USE');
    expect(key.coversNights && master.coversNights).toBe(true);
    expect(key.acceptsCoupon || master.acceptsCoupon).toBe(false);
    const e = { tokenId: '7', walletAddress: '0xabc' };
    expect(key.typeExtension(facts, quote, null, null, e)).toEqual(e);
    expect(master.typeExtension(facts, quote, null, null, e)).toEqual({ ...e, datesFixed: true });
  });

  it('a type without a module is not bookable', () => {
    expect(() => useTypeOf('OTA_GUEST_USE')).toThrowError(
      expect.objectContaining({ reason: 'CodeBookingTypeNotAvailable' }),
    );
  });
});
