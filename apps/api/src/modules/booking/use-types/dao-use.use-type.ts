import { createDaoTentativeBooking } from '@yado/contract/dao.contract';
import { AppError } from '../../../platform/app-error.js';
import type { EntitledUseType } from './use-type.js';

/**
 * DAO_USE: a member of the decentralised organisation stays on their DAO accommodation slot's days
 * (standard and high apart), at any accommodation house group that offers DAO stays; the slot pays the room.
 */
export const daoUse = {
  bookingType: 'DAO_USE',
  createMethod: createDaoTentativeBooking,
  offeredBy: (hg) => hg.usageLabel === 'ACCOMMODATION',
  bookableFrom: (today) => today,
  consumes: 'YEN',
  coversNights: true,
  acceptsCoupon: false,
  entitlement: 'DAO_SLOT',
  extensionField: 'daoUse',
  typeExtension: (_facts, _quote, _owner, _gift, entitlement) => {
    if (!entitlement || !('daoAccommodationSlotId' in entitlement)) throw new AppError('CodeInternal');
    return { daoAccommodationSlotId: entitlement.daoAccommodationSlotId };
  },
} satisfies EntitledUseType<'DAO_USE', 'daoUse'>;
