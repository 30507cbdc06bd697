import { AppError } from '../../platform/app-error.js';
import type { Deps } from '../../platform/deps.js';
import { findShare } from '../ownership/owner-share.service.js';
import { findUserOfAccount } from '../user/user.service.js';
import * as repo from './booking.repo.js';
import type { BookingRecord } from './booking.repo.js';

/** The booking of this account, or 404 CodeBookingNotFound (another account's booking looks unknown). */
export async function requireOwnBooking(deps: Deps, accountId: string, bookingId: string): Promise<BookingRecord> {
  const b = await repo.findBooking(deps.db, bookingId);
  if (!b || b.accountId !== accountId) throw new AppError('CodeBookingNotFound');
  return b;
}

/** Any account's booking (staff), or 404 CodeBookingNotFound. */
export async function requireBooking(deps: Deps, bookingId: string): Promise<BookingRecord> {
  const b = await repo.findBooking(deps.db, bookingId);
  if (!b) throw new AppError('CodeBookingNotFound');
  return b;
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
