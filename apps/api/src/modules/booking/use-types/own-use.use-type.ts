import { createOwnUseTentativeBooking, OWN_USE_WINDOW_MONTHS } from '@yado/contract/booking.contract';
import { AppError } from '../../../platform/app-error.js';
import type { OwnerFacts, UseType } from './use-type.js';

/** The owner facts of a booking of an owner type; the core gives them to every owner booking. */
export function ownerFactsOf(owner: OwnerFacts | null): OwnerFacts {
  if (!owner) throw new AppError('CodeInternal');
  return owner;
}

/**
 * OWN_USE: an owner (or their family member) stays at the house group of the share, up to 12
 * months ahead, one slot per night of the night's price type, and pays the own-use fee.
 */
export const ownUse = {
  bookingType: 'OWN_USE',
  createMethod: createOwnUseTentativeBooking,
  offeredBy: (hg) => hg.usageLabel === 'ACCOMMODATION',
  bookableFrom: (today) => today,
  consumes: 'SLOTS',
  acceptsCoupon: false,
  owner: {
    houseGroupOfShare: 'SAME',
    windowMonths: () => OWN_USE_WINDOW_MONTHS,
    paysExtraChargePerDay: false,
    cancellationSource: 'ACCOMMODATION_AMOUNT',
    debtTargets: ['TARGET_OWN_USE_FEE', 'TARGET_CANCELLATION_FEE'],
  },
  extensionField: 'ownUse',
  typeExtension: (_facts, _quote, owner) => {
    const o = ownerFactsOf(owner);
    return { consumption: o.consumption, totalOwnUseFee: o.totalOwnUseFee, debtOptionUi: o.debtOptionUi };
  },
} satisfies UseType<'OWN_USE', 'ownUse'>;
