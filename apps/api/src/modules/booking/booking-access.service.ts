import { AppError } from '../../platform/app-error.js';
import type { Deps } from '../../platform/deps.js';
import { findShare } from '../ownership/owner-share.service.js';
import { findUserOfAccount } from '../user/user.service.js';
import * as repo from './booking.repo.js';
import type { BookingRecord } from './booking.repo.js';

/**
 * The one "own booking or 404" check, on a booking a service read itself (locked in its transaction,
 * or read before one): the booking when it is this account's, or any account's for staff (`accountId`
 * null); otherwise 404 CodeBookingNotFound, so another account's booking looks unknown.
 */
export function ownBookingOr404<B extends Pick<BookingRecord, 'accountId'>>(
  b: B | null | undefined,
  accountId: string | null,
): B {
  if (!b || (accountId !== null && b.accountId !== accountId)) throw new AppError('CodeBookingNotFound');
  return b;
}

/** The booking of this account, or 404 CodeBookingNotFound (another account's booking looks unknown). */
export async function requireOwnBooking(deps: Deps, accountId: string, bookingId: string): Promise<BookingRecord> {
  return ownBookingOr404(await repo.findBooking(deps.db, bookingId), accountId);
}

/** Any account's booking (staff), or 404 CodeBookingNotFound. */
export async function requireBooking(deps: Deps, bookingId: string): Promise<BookingRecord> {
  return ownBookingOr404(await repo.findBooking(deps.db, bookingId), null);
}

/**
 * The booking of this account, or one booked by a family member on a share this account's user
 * holds (the holder sees and may cancel those stays); otherwise 404 CodeBookingNotFound.
 */
export async function requireViewableBooking(deps: Deps, accountId: string, bookingId: string): Promise<BookingRecord> {
  const b = await repo.findBooking(deps.db, bookingId);
  if (b && b.accountId === accountId) return b;
  if (b?.shareId && b.bookedByFamilyMember) {
    const [share, user] = await Promise.all([findShare(deps.db, b.shareId), findUserOfAccount(deps, accountId)]);
    if (share && user && share.userId === user.id) return b;
  }
  throw new AppError('CodeBookingNotFound');
}
