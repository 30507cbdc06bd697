import { addDays, zonedInstant, type IsoDate } from '@yado/contract/civil-date';

/** The booking statuses of a stay that is confirmed and not over: the only ones with a pass. */
const PASS_STATUSES = ['BOOKED', 'READY_TO_CHECKIN', 'STAYING'] as const;
/** Statuses that end a stay for good: their pass is gone, whatever the clock says. */
const ENDED_STATUSES = ['CHECKED_OUT', 'CANCELLED', 'NO_SHOW'] as const;

export type PassStay = {
  status: string;
  checkinDate: IsoDate;
  checkoutDate: IsoDate;
  timezone: string;
  /** Local "HH:MM" of the house group. */
  checkinTime: string;
  checkoutTime: string;
};

export type PassWindow = {
  /** 00:00 of the day before check-in, in the house group's zone. */
  availableFrom: Date;
  /** The check-out time on the check-out day, in the house group's zone. */
  availableUntil: Date;
};

export type PassState = 'NOT_YET' | 'OPEN' | 'ENDED';

export function passWindowOf(stay: PassStay): PassWindow {
  // The key's own validity (and so when its key-box code shows) is the keys module's (stay_keys).
  return {
    availableFrom: zonedInstant(addDays(stay.checkinDate, -1), '00:00', stay.timezone),
    availableUntil: zonedInstant(stay.checkoutDate, stay.checkoutTime, stay.timezone),
  };
}

/**
 * Whether the pass of a stay is open now. A stay that ended (checked out, cancelled, no-show) or whose
 * check-out time has passed has none any more; one not yet confirmed (TENTATIVE, GIFTED) or before the
 * day before check-in has none yet.
 */
export function passStateOf(stay: PassStay, now: Date): PassState {
  if ((ENDED_STATUSES as readonly string[]).includes(stay.status)) return 'ENDED';
  const w = passWindowOf(stay);
  if (now.getTime() >= w.availableUntil.getTime()) return 'ENDED';
  if (!(PASS_STATUSES as readonly string[]).includes(stay.status)) return 'NOT_YET';
  return now.getTime() < w.availableFrom.getTime() ? 'NOT_YET' : 'OPEN';
}
