import { addDays, utcOffsetIn, type IsoDate } from '@yado/contract/civil-date';

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

/**
 * The instant of a local wall-clock time on a civil date in an IANA zone. The offset is looked up
 * at the instant itself (twice, for a time just after a daylight-saving change), so a house group in
 * a zone with summer time gets its real check-in hour; an unknown zone reads as UTC.
 */
export function zonedInstant(date: IsoDate, time: string, timeZone: string): Date {
  const wall = Date.UTC(
    Number(date.slice(0, 4)),
    Number(date.slice(5, 7)) - 1,
    Number(date.slice(8, 10)),
    Number(time.slice(0, 2)),
    Number(time.slice(3, 5)),
  );
  const at = (offset: string | null) => {
    if (!offset) return new Date(wall);
    const sign = offset.startsWith('-') ? -1 : 1;
    return new Date(wall - sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6))) * 60_000);
  };
  const first = at(utcOffsetIn(timeZone, new Date(wall)));
  return at(utcOffsetIn(timeZone, first));
}

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
