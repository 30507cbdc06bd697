import { createDaoTentativeBooking } from '@yado/contract/dao.contract';
import { AppError } from '../../../platform/app-error.js';
import type { EntitledUseType } from './use-type.js';

/**
 * DAO_USE: a member of the decentralised organisation stays on their DAO accommodation slot's days
 * (standard and high apart), at any accommodation house group that offers DAO stays; the slot pays the room —
 * or on an accommodation voucher of the DAO programme, which pays the room instead (create_voucher_tentative_booking).
 */
export const daoUse = {
  bookingType: 'DAO_USE',
  createMethod: createDaoTentativeBooking,
  offeredBy: (hg) => hg.usageLabel === 'ACCOMMODATION',
  bookableFrom: (today) => today,
  consumes: 'YEN',
  coversNights: true,
  acceptsCoupon: false,
  // A voucher stay is a DAO-programme stay too (decision 0050): the voucher pays its nights instead of a slot.
  entitlement: 'DAO_SLOT_OR_VOUCHER',
  extensionField: 'daoUse',
  typeExtension: (_facts, _quote, _owner, _gift, entitlement) => {
    if (entitlement && 'daoAccommodationSlotId' in entitlement)
      return { daoAccommodationSlotId: entitlement.daoAccommodationSlotId, accommodationVoucherId: null };
    if (entitlement && 'accommodationVoucherId' in entitlement)
      return { daoAccommodationSlotId: null, accommodationVoucherId: entitlement.accommodationVoucherId };
    throw new AppError('CodeInternal');
  },
} satisfies EntitledUseType<'DAO_USE', 'daoUse'>;
