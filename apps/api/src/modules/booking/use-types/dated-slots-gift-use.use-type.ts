import { createDatedSlotsGift } from '@yado/contract/gift.contract';
import { GIFT_OWNER_USE, giftFactsOf } from './gift-use.use-type.js';
import { ownerFactsOf } from './own-use.use-type.js';
import type { GiftedUseType } from './use-type.js';

/**
 * DATED_SLOTS_GIFT_USE: an owner gives dated nights. Held GIFTED until accepted by 17:00 the day
 * before check-in (else the expiry job cancels it and the nights return); the recipient sees only
 * the sender's last name.
 */
export const datedSlotsGiftUse = {
  bookingType: 'DATED_SLOTS_GIFT_USE',
  createMethod: createDatedSlotsGift,
  offeredBy: (hg) => hg.usageLabel === 'ACCOMMODATION',
  bookableFrom: (today) => today,
  consumes: 'SLOTS',
  acceptsCoupon: false,
  owner: GIFT_OWNER_USE,
  gift: { dated: true, showsSenderName: false },
  extensionField: 'datedSlotsGiftUse',
  typeExtension: (_facts, _quote, owner, gift) => {
    const g = giftFactsOf(gift);
    return {
      consumption: ownerFactsOf(owner).consumption,
      giftExpireDatetime: g.expireAt,
      senderLastName: g.sender.lastName,
    };
  },
} satisfies GiftedUseType<'DATED_SLOTS_GIFT_USE', 'datedSlotsGiftUse'>;
