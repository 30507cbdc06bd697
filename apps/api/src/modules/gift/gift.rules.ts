import { GIFT_ACCEPTANCE_CUTOFF_HOUR, type GiftStatusValue } from '@yado/contract/gift.contract';
import { addDays, utcOffsetIn, type IsoDate } from '@yado/contract/civil-date';
import type { ErrorReason } from '@yado/contract/error-catalogue';

/**
 * The moment a dated gift stops being acceptable: 17:00 of the day before check-in, on the house
 * group's clock (its offset on that day, so a zone with daylight saving is read at the right time).
 */
export function datedGiftDeadline(checkinDate: IsoDate, timeZone: string): Date {
  const day = addDays(checkinDate, -1);
  const hh = String(GIFT_ACCEPTANCE_CUTOFF_HOUR).padStart(2, '0');
  // The offset at noon UTC of that day is the day's offset except across a change at 17:00 itself.
  const offset = utcOffsetIn(timeZone, new Date(`${day}T12:00:00Z`)) ?? '+00:00';
  return new Date(`${day}T${hh}:00:00${offset}`);
}

/** What a gift's state is to someone about to act on it, whatever its stored status says. */
export type GiftStanding =
  | { open: true }
  | { open: false; reason: Extract<ErrorReason, 'CodeGiftExpired' | 'CodeGiftWithdrawn' | 'CodeGiftAlreadyAccepted'> };

/**
 * Whether a gift can still be accepted, declined or withdrawn now. An OPEN gift past its time is
 * expired already (the job that cancels it may not have run yet).
 */
export function standingOf(g: { status: GiftStatusValue; expiresAt: Date }, now: Date): GiftStanding {
  switch (g.status) {
    case 'OPEN':
      return now >= g.expiresAt ? { open: false, reason: 'CodeGiftExpired' } : { open: true };
    case 'ACCEPTED':
      return { open: false, reason: 'CodeGiftAlreadyAccepted' };
    case 'EXPIRED':
      return { open: false, reason: 'CodeGiftExpired' };
    case 'WITHDRAWN':
    case 'DECLINED':
      return { open: false, reason: 'CodeGiftWithdrawn' };
  }
}

/** The status a list shows: an OPEN gift past its time reads EXPIRED before the job gets to it. */
export function shownStatus(g: { status: GiftStatusValue; expiresAt: Date }, now: Date): GiftStatusValue {
  return g.status === 'OPEN' && now >= g.expiresAt ? 'EXPIRED' : g.status;
}
