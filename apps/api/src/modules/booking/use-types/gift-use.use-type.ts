import { OWN_USE_WINDOW_MONTHS } from '@yado/contract/booking.contract';
import { createGiftTentativeBooking } from '@yado/contract/gift.contract';
import { AppError } from '../../../platform/app-error.js';
import { ownerFactsOf } from './own-use.use-type.js';
import type { GiftedUseType, GiftFacts, OwnerUse } from './use-type.js';

/** The gift facts of a gifted booking; the core gives them to every booking with a sender. */
export function giftFactsOf(gift: GiftFacts | null | undefined): GiftFacts {
  if (!gift) throw new AppError('CodeInternal');
  return gift;
}

/**
 * The owner side of every gift: the share of the stay's house group pays with its slots, as own use
 * does, within the own-use window; the own-use fee goes to the giving owner's statement (the
 * recipient pays only what they order).
 */
export const GIFT_OWNER_USE: OwnerUse = {
  houseGroupOfShare: 'SAME',
  windowMonths: () => OWN_USE_WINDOW_MONTHS,
  paysExtraChargePerDay: false,
  cancellationSource: 'ACCOMMODATION_AMOUNT',
  debtTargets: ['TARGET_OWN_USE_FEE', 'TARGET_CANCELLATION_FEE'],
};

/**
 * GIFT_USE: an owner gives a stay on their slots. It is held GIFTED until someone accepts it by
 * 17:00 the day before check-in; the recipient sees who gave it.
 */
export const giftUse = {
  bookingType: 'GIFT_USE',
  createMethod: createGiftTentativeBooking,
  offeredBy: (hg) => hg.usageLabel === 'ACCOMMODATION',
  bookableFrom: (today) => today,
  consumes: 'SLOTS',
  acceptsCoupon: false,
  owner: GIFT_OWNER_USE,
  gift: { dated: true, showsSenderName: true },
  extensionField: 'giftUse',
  typeExtension: (_facts, _quote, owner, gift) => {
    const g = giftFactsOf(gift);
    return { consumption: ownerFactsOf(owner).consumption, sender: g.sender, senderLastName: g.sender.lastName };
  },
} satisfies GiftedUseType<'GIFT_USE', 'giftUse'>;
