import { createNftTentativeBooking } from '@yado/contract/key-token.contract';
import { entitlementFactsOf } from './nft-the-key-use.use-type.js';
import type { EntitledUseType } from './use-type.js';

/**
 * NFT_MASTER_KEY_USE: the holder of a MASTER KEY token stays at the token's house group on its
 * fixed dates only (datesFixed); the token pays the room.
 */
export const nftMasterKeyUse = {
  bookingType: 'NFT_MASTER_KEY_USE',
  createMethod: createNftTentativeBooking,
  offeredBy: (hg) => hg.usageLabel === 'ACCOMMODATION',
  bookableFrom: (today) => today,
  consumes: 'YEN',
  coversNights: true,
  acceptsCoupon: false,
  entitlement: 'KEY_TOKEN',
  extensionField: 'nftMasterKeyUse',
  typeExtension: (_facts, _quote, _owner, _gift, entitlement) => {
    const e = entitlementFactsOf(entitlement);
    return { tokenId: e.tokenId, walletAddress: e.walletAddress, datesFixed: true };
  },
} satisfies EntitledUseType<'NFT_MASTER_KEY_USE', 'nftMasterKeyUse'>;
