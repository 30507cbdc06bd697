import { createSlotsGiftTentativeBooking } from '@yado/contract/gift.contract';
import { GIFT_OWNER_USE, giftFactsOf } from './gift-use.use-type.js';
import { ownerFactsOf } from './own-use.use-type.js';
import type { GiftedUseType } from './use-type.js';

/**
 * SLOTS_GIFT_USE: an owner gives undated nights, taken from the share when given; the recipient
 * books dates with them before giftExpireDatetime, and the stay is booked in the recipient's name.
 */
export const slotsGiftUse = {
  bookingType: 'SLOTS_GIFT_USE',
  createMethod: createSlotsGiftTentativeBooking,
  offeredBy: (hg) => hg.usageLabel === 'ACCOMMODATION',
  bookableFrom: (today) => today,
  consumes: 'SLOTS',
  acceptsCoupon: false,
  owner: GIFT_OWNER_USE,
  gift: { dated: false, showsSenderName: false },
  extensionField: 'slotsGiftUse',
  typeExtension: (_facts, _quote, owner, gift) => ({
    consumption: ownerFactsOf(owner).consumption,
    isDatedSlotsGift: false,
    giftExpireDatetime: giftFactsOf(gift).expireAt,
  }),
} satisfies GiftedUseType<'SLOTS_GIFT_USE', 'slotsGiftUse'>;
