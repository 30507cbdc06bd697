import { createNftTentativeBooking } from '@yado/contract/key-token.contract';
import { AppError } from '../../../platform/app-error.js';
import type { EntitledUseType, EntitlementFacts } from './use-type.js';

/** The key facts of a key-token booking; the core reads them for every booking of an entitled type. */
export function entitlementFactsOf(facts: EntitlementFacts | null | undefined): {
  tokenId: string;
  walletAddress: string;
} {
  if (!facts || !('tokenId' in facts)) throw new AppError('CodeInternal');
  return facts;
}

/**
 * NFT_THE_KEY_USE: the holder of a THE KEY token stays at the token's house group on its nights of
 * the year (standard and high nights apart); the token pays the room.
 */
export const nftTheKeyUse = {
  bookingType: 'NFT_THE_KEY_USE',
  createMethod: createNftTentativeBooking,
  offeredBy: (hg) => hg.usageLabel === 'ACCOMMODATION',
  bookableFrom: (today) => today,
  consumes: 'YEN',
  coversNights: true,
  acceptsCoupon: false,
  entitlement: 'KEY_TOKEN',
  extensionField: 'nftTheKeyUse',
  typeExtension: (_facts, _quote, _owner, _gift, entitlement) => {
    const e = entitlementFactsOf(entitlement);
    return { tokenId: e.tokenId, walletAddress: e.walletAddress };
  },
} satisfies EntitledUseType<'NFT_THE_KEY_USE', 'nftTheKeyUse'>;
