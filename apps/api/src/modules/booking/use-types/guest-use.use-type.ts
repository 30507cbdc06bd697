import { createGuestUseTentativeBooking } from '@yado/contract/booking.contract';
import type { UseType } from './use-type.js';

/** GUEST_USE: a guest pays for a stay in yen (deposit at confirmation, the rest before check-in); coupons apply. */
export const guestUse = {
  bookingType: 'GUEST_USE',
  createMethod: createGuestUseTentativeBooking,
  offeredBy: (hg) => hg.usageLabel === 'ACCOMMODATION',
  bookableFrom: (today) => today,
  consumes: 'YEN',
  acceptsCoupon: true,
  extensionField: 'guestUse',
  typeExtension: (facts, quote) => ({ ...facts, discountAmount: quote.discountAmount }),
} satisfies UseType<'GUEST_USE', 'guestUse'>;
