import { createAccommodationTentativeBooking } from '@yado/contract/booking.contract';
import type { UseType } from './use-type.js';

/** EXCLUSIVE_ACCOMMODATION_USE: the whole of an EXCLUSIVE house group, paid in yen as a guest stay; no coupon. */
export const exclusiveAccommodationUse = {
  bookingType: 'EXCLUSIVE_ACCOMMODATION_USE',
  createMethod: createAccommodationTentativeBooking,
  offeredBy: (hg) => hg.usageLabel === 'ACCOMMODATION' && hg.type === 'EXCLUSIVE',
  bookableFrom: (today) => today,
  consumes: 'YEN',
  acceptsCoupon: false,
  extensionField: 'exclusiveAccommodationUse',
  typeExtension: (facts) => facts,
} satisfies UseType<'EXCLUSIVE_ACCOMMODATION_USE', 'exclusiveAccommodationUse'>;
