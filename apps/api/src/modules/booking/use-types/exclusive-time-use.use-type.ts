import { createExclusiveTimeTentativeBooking } from '@yado/contract/time-use.contract';
import { timeUseExtension, timeUseTimes } from '../time-use.rules.js';
import type { HourlyUseType } from './use-type.js';

/**
 * EXCLUSIVE_TIME_USE: a house of a TIME house group by the hour (decision 0027), paid whole in yen at
 * confirmation at the owner's or the membership price per hour; no coupon.
 */
export const exclusiveTimeUse = {
  bookingType: 'EXCLUSIVE_TIME_USE',
  createMethod: createExclusiveTimeTentativeBooking,
  heldByTheHour: true,
  offeredBy: (hg) => hg.usageLabel === 'TIME',
  bookableFrom: (today) => today,
  consumes: 'YEN',
  acceptsCoupon: false,
  // Nobody lodges: no headcount, guest register, meals or options; the booking shows its hours.
  lodges: false,
  shownTimes: timeUseTimes,
  extensionField: 'exclusiveTimeUse',
  typeExtension: (facts, quote) => timeUseExtension(quote, facts.deposit),
} satisfies HourlyUseType<'EXCLUSIVE_TIME_USE', 'exclusiveTimeUse'>;
