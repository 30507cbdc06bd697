import { AppError } from '../../../platform/app-error.js';
import { daoUse } from './dao-use.use-type.js';
import { datedSlotsGiftUse } from './dated-slots-gift-use.use-type.js';
import { exclusiveAccommodationUse } from './exclusive-accommodation-use.use-type.js';
import { exclusiveTimeUse } from './exclusive-time-use.use-type.js';
import { giftUse } from './gift-use.use-type.js';
import { guestUse } from './guest-use.use-type.js';
import { mutualUse } from './mutual-use.use-type.js';
import { nftMasterKeyUse } from './nft-master-key-use.use-type.js';
import { nftTheKeyUse } from './nft-the-key-use.use-type.js';
import { ownUse } from './own-use.use-type.js';
import { slotsGiftUse } from './slots-gift-use.use-type.js';
import type { UseType } from './use-type.js';

/** Every booking type the core serves, listed once: adding a type adds its module and one entry here. */
export const USE_TYPES = [
  guestUse,
  exclusiveAccommodationUse,
  exclusiveTimeUse,
  ownUse,
  mutualUse,
  giftUse,
  slotsGiftUse,
  datedSlotsGiftUse,
  nftTheKeyUse,
  nftMasterKeyUse,
  daoUse,
] as const;

/** A booking type the core serves. */
export type BookingTypeValue = (typeof USE_TYPES)[number]['bookingType'];

const byType = new Map<string, UseType>(USE_TYPES.map((t) => [t.bookingType, t as unknown as UseType]));

/** The module of a booking type; a type without one is not bookable (CodeBookingTypeNotAvailable). */
export function useTypeOf(bookingType: string): UseType {
  const t = byType.get(bookingType);
  if (!t) throw new AppError('CodeBookingTypeNotAvailable');
  return t;
}
