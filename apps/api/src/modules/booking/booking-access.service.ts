import { AppError } from '../../platform/app-error.js';
import type { Deps } from '../../platform/deps.js';
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
