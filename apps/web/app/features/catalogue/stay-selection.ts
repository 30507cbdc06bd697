import { addDays, daysBetween, type IsoDate } from '@yado/contract/civil-date';
import type { CalendarDay } from './calendar-grid';

/** The longest stay the API prices (CATALOGUE_LIMITS.maxStayNights). */
export const MAX_STAY_NIGHTS = 30;

export type StaySelection = { checkin: IsoDate | null; checkout: IsoDate | null };

export type DayAction =
  { kind: 'checkin'; next: StaySelection } | { kind: 'checkout'; next: StaySelection } | { kind: 'disabled' };

/** Whether the calendar shows night `date` as free (a night is free when check-in on it is possible). */
function nightFree(days: ReadonlyMap<IsoDate, CalendarDay>, date: IsoDate): boolean | null {
  const day = days.get(date);
  return day ? day.availableForCheckin : null;
}

/**
 * Whether [checkin, checkout) can be asked for: checkout later than checkin,
 * at most {@link MAX_STAY_NIGHTS} nights, check-out possible on that day, and
 * no night in between that the calendar shows as taken. Nights of months not
 * loaded are left to the price answer, which checks every night itself.
 */
export function isValidCheckout(days: ReadonlyMap<IsoDate, CalendarDay>, checkin: IsoDate, checkout: IsoDate): boolean {
  const nights = daysBetween(checkin, checkout);
  if (nights < 1 || nights > MAX_STAY_NIGHTS) return false;
  const out = days.get(checkout);
  if (out && !out.availableForCheckout) return false;
  for (let i = 0; i < nights; i++) if (nightFree(days, addDays(checkin, i)) === false) return false;
  return true;
}

/**
 * What choosing `date` on the calendar does. With no check-in, or both dates
 * chosen, a free night starts a new stay. With a check-in only, a later day
 * that ends a stay of free nights becomes the check-out; any other free night
 * starts over from it. Everything else cannot be chosen.
 */
export function dayAction(days: ReadonlyMap<IsoDate, CalendarDay>, current: StaySelection, date: IsoDate): DayAction {
  const choosingCheckout = current.checkin !== null && current.checkout === null;
  if (
    choosingCheckout &&
    date > (current.checkin as IsoDate) &&
    isValidCheckout(days, current.checkin as IsoDate, date)
  ) {
    return { kind: 'checkout', next: { checkin: current.checkin, checkout: date } };
  }
  if (nightFree(days, date) === true) return { kind: 'checkin', next: { checkin: date, checkout: null } };
  return { kind: 'disabled' };
}

/** Where a date stands in the selection, for its look. */
export function selectionRole(current: StaySelection, date: IsoDate): 'checkin' | 'checkout' | 'within' | null {
  if (date === current.checkin) return 'checkin';
  if (date === current.checkout) return 'checkout';
  if (current.checkin && current.checkout && date > current.checkin && date < current.checkout) return 'within';
  return null;
}
