import { daysBetween, type IsoDate } from '@yado/contract/civil-date';
import { WAITLIST_EXCLUSIVE_MINUTES, WAITLIST_MAX_NIGHTS } from '@yado/contract/waitlist.contract';

/** How long an offer keeps the nights for its subscriber alone, in milliseconds. */
export const EXCLUSIVE_MS = WAITLIST_EXCLUSIVE_MINUTES * 60_000;

/** Whether the nights may be waited for: one to WAITLIST_MAX_NIGHTS nights. */
export function nightsAcceptable(checkin: IsoDate, checkout: IsoDate): boolean {
  const nights = daysBetween(checkin, checkout);
  return nights >= 1 && nights <= WAITLIST_MAX_NIGHTS;
}

/** Whether the guests fit the group: at least its minimum of adults, at most its capacity (infants not counted). */
export function guestsFit(
  g: { minAdultCapacity: number; maxCapacity: number },
  h: { adults: number; children: number },
): boolean {
  return h.adults >= Math.max(1, g.minAdultCapacity) && h.adults + h.children <= g.maxCapacity;
}

/** A waiting subscription whose check-in day has come and gone can no longer be offered. */
export function isPast(checkin: IsoDate, today: IsoDate): boolean {
  return checkin < today;
}

/** The end of an offer's exclusive period. */
export function exclusiveUntil(now: Date): Date {
  return new Date(now.getTime() + EXCLUSIVE_MS);
}

/**
 * The booking page for the offered nights and guests (the address the house-group page's "Book"
 * leads to), in English form: the web app adds the reader's language prefix when it follows it.
 */
export function bookingPath(
  houseGroupId: string,
  s: { checkinDate: IsoDate; checkoutDate: IsoDate; adults: number; children: number; infants: number },
): string {
  const q = new URLSearchParams({
    checkin: s.checkinDate,
    checkout: s.checkoutDate,
    adults: String(s.adults),
    children: String(s.children),
    infants: String(s.infants),
  });
  return `/mypage/bookings/new/${encodeURIComponent(houseGroupId)}?${q.toString()}`;
}
