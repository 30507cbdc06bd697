import type { BookingStatusValue } from '@yado/contract/booking.contract';
import { AppError } from '../../platform/app-error.js';

/**
 * The moves a booking can make (docs/domain.md, Bookings). Anything else is
 * refused with 409 CodeBookingStatusInvalid.
 */
export const TRANSITIONS = {
  CONFIRM: { from: ['TENTATIVE'], to: 'BOOKED' },
  EXPIRE: { from: ['TENTATIVE'], to: 'CANCELLED' },
  CANCEL: { from: ['TENTATIVE', 'BOOKED', 'READY_TO_CHECKIN'], to: 'CANCELLED' },
  READY: { from: ['BOOKED'], to: 'READY_TO_CHECKIN' },
  CHECKIN: { from: ['BOOKED', 'READY_TO_CHECKIN'], to: 'STAYING' },
  CHECKOUT: { from: ['STAYING'], to: 'CHECKED_OUT' },
  NO_SHOW: { from: ['BOOKED', 'READY_TO_CHECKIN'], to: 'NO_SHOW' },
  // An owner's gift (decision 0034): the held stay waits for its recipient, who accepts it (BOOKED
  // in their name), or it ends unaccepted (withdrawn, declined, expired) and its nights go back.
  GIFT: { from: ['TENTATIVE'], to: 'GIFTED' },
  ACCEPT_GIFT: { from: ['GIFTED'], to: 'BOOKED' },
  END_GIFT: { from: ['GIFTED'], to: 'CANCELLED' },
} as const satisfies Record<string, { from: readonly BookingStatusValue[]; to: BookingStatusValue }>;

export type Transition = keyof typeof TRANSITIONS;

export function canMove(status: BookingStatusValue, t: Transition): boolean {
  return (TRANSITIONS[t].from as readonly string[]).includes(status);
}

/** The status after the move, or 409 CodeBookingStatusInvalid. */
export function move(status: BookingStatusValue, t: Transition): BookingStatusValue {
  if (!canMove(status, t)) throw new AppError('CodeBookingStatusInvalid');
  return TRANSITIONS[t].to;
}

/** Statuses in which the guest may still change what they ordered or who comes. */
export const CHANGEABLE: readonly BookingStatusValue[] = ['TENTATIVE', 'BOOKED', 'READY_TO_CHECKIN'];
export const ORDERABLE: readonly BookingStatusValue[] = ['TENTATIVE', 'BOOKED', 'READY_TO_CHECKIN', 'STAYING'];

export const LIST_FILTERS = {
  UPCOMING: ['TENTATIVE', 'BOOKED', 'READY_TO_CHECKIN', 'STAYING'],
  PAST: ['CHECKED_OUT', 'NO_SHOW'],
  CANCELLED: ['CANCELLED'],
} as const satisfies Record<string, readonly BookingStatusValue[]>;

export function assertStatusIn(status: BookingStatusValue, allowed: readonly BookingStatusValue[]): void {
  if (!allowed.includes(status)) throw new AppError('CodeBookingStatusInvalid');
}

/** Who made a change, as booking_events records it. */
export const actorOf = {
  account: (accountId: string) => `account:${accountId}`,
  staff: (accountId: string) => `staff:${accountId}`,
  system: 'system',
} as const;
