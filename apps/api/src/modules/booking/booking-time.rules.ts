import type { HouseGroup } from '@yado/contract/catalogue.contract';
import type { DateTime } from '@yado/contract/common.schema';
import { civilFromIso, instantAtOffset, type IsoDate } from '@yado/contract/civil-date';

/** A civil date and a local "HH:MM" of the house group, with its UTC offset. */
export function localDateTime(date: IsoDate, time: string, utcOffset: string): DateTime {
  const c = civilFromIso(date);
  return {
    ...c,
    hours: Number(time.slice(0, 2)),
    minutes: Number(time.slice(3, 5)),
    seconds: 0,
    nanos: 0,
    utcOffset,
  };
}

/** The instant of a local "HH:MM" on a civil date at a UTC offset such as "+09:00". */
export const instantOf = instantAtOffset;

/** When a guest may check in: the house group's check-in time on the check-in day. */
export function checkinOpensAt(b: { checkinDate: IsoDate }, hg: Pick<HouseGroup, 'checkinTime' | 'utcOffset'>): Date {
  return instantOf(b.checkinDate, hg.checkinTime, hg.utcOffset);
}
