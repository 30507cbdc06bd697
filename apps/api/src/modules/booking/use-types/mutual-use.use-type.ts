import {
  createMutualUseTentativeBooking,
  MUTUAL_USE_LONG_WINDOW_MONTHS,
  MUTUAL_USE_LONG_WINDOW_NIGHTS,
  MUTUAL_USE_WINDOW_MONTHS,
} from '@yado/contract/booking.contract';
import { ownerFactsOf } from './own-use.use-type.js';
import type { UseType } from './use-type.js';

/**
 * MUTUAL_USE: an owner stays at another house group of the owner network on their own share's
 * slots, up to 4 months ahead (6 for owners of 30 nights a year or more), and pays that house
 * group's own-use fee and its extra charge per night.
 */
export const mutualUse = {
  bookingType: 'MUTUAL_USE',
  createMethod: createMutualUseTentativeBooking,
  offeredBy: (hg) => hg.usageLabel === 'ACCOMMODATION',
  bookableFrom: (today) => today,
  consumes: 'SLOTS',
  acceptsCoupon: false,
  owner: {
    houseGroupOfShare: 'OTHER',
    windowMonths: (nightsPerYear) =>
      nightsPerYear >= MUTUAL_USE_LONG_WINDOW_NIGHTS ? MUTUAL_USE_LONG_WINDOW_MONTHS : MUTUAL_USE_WINDOW_MONTHS,
    paysExtraChargePerDay: true,
    cancellationSource: 'MUTUAL_USE_EXTRA_CHARGE',
    debtTargets: ['TARGET_OWN_USE_FEE', 'TARGET_MUTUAL_USE_EXTRA_CHARGE', 'TARGET_CANCELLATION_FEE'],
  },
  extensionField: 'mutualUse',
  typeExtension: (_facts, _quote, owner) => {
    const o = ownerFactsOf(owner);
    return {
      consumption: o.consumption,
      totalOwnUseFee: o.totalOwnUseFee,
      debtOptionUi: o.debtOptionUi,
      extraCharge: o.extraCharge,
    };
  },
} satisfies UseType<'MUTUAL_USE', 'mutualUse'>;
