import { addDaysToCivil, civilFromIso, compareCivil, todayIn, wallClockIn } from '@yado/contract/civil-date';
import type { Coupon } from '@yado/contract/coupon.contract';
import type { CivilDate, DateTime } from '@yado/contract/common.schema';
import { dateFromDateTime } from '@yado/contract/date-time';
import { OPERATOR_TIME_ZONE } from '@yado/contract/operator-zone';
import type { DateTimeParts } from '../../lib/format-date';

// Coupons are the operator's campaigns: their times are read in the operator's zone.

/** The operator's wall-clock time of an instant the API sent (it sends UTC). */
export function japanTimeOf(dateTime: DateTime): DateTimeParts {
  const { year, month, day, hours, minutes } = wallClockIn(OPERATOR_TIME_ZONE, dateFromDateTime(dateTime));
  return { year, month, day, hours, minutes };
}

/** Today's date in the operator's zone. */
export function japanToday(now: Date): CivilDate {
  return civilFromIso(todayIn(OPERATOR_TIME_ZONE, now));
}

export type SampleStay = { checkinDate: CivilDate; checkoutDate: CivilDate };

/**
 * The one-night stay the coupon page prices: the first night the coupon may be
 * used for, from tomorrow (a stay tonight is usually past booking) or the
 * coupon's first stay date, whichever is later. Null when the coupon's stay
 * dates have already passed, so no stay could use it.
 */
export function sampleStayFor(
  coupon: Pick<Coupon, 'stayDateFrom' | 'stayDateTo'>,
  today: CivilDate,
): SampleStay | null {
  const tomorrow = addDaysToCivil(today, 1);
  const checkinDate =
    coupon.stayDateFrom && compareCivil(coupon.stayDateFrom, tomorrow) > 0 ? coupon.stayDateFrom : tomorrow;
  if (coupon.stayDateTo && compareCivil(checkinDate, coupon.stayDateTo) > 0) return null;
  return { checkinDate, checkoutDate: addDaysToCivil(checkinDate, 1) };
}

/** Whether a house group may use the coupon at all (the API decides the rest when it checks a stay). */
export function isEligible(coupon: Pick<Coupon, 'allHouseGroups' | 'houseGroups'>, houseGroupId: string): boolean {
  return coupon.allHouseGroups || coupon.houseGroups.some((h) => h.id === houseGroupId);
}

/** `/coupons/CAMPAIGN/SUMMER26` and its place and house-group variants, unprefixed (English). */
export function couponPath(
  coupon: Pick<Coupon, 'couponType' | 'code'>,
  focus?: { placeId: string } | { houseGroupId: string },
): string {
  const base = `/coupons/${encodeURIComponent(coupon.couponType)}/${encodeURIComponent(coupon.code)}`;
  if (!focus) return base;
  return 'placeId' in focus
    ? `${base}/places/${encodeURIComponent(focus.placeId)}`
    : `${base}/house-groups/${encodeURIComponent(focus.houseGroupId)}`;
}

const CATALOGUE_IMAGE = /^(\/media\/catalogue\/[a-z0-9-]+)-960\.jpg$/;

/**
 * The responsive sources of a catalogue image. Rows store the 960-wide JPEG;
 * the 480 and 1600 widths and WebP copies follow the same pattern
 * (docs/decisions/0008-catalogue-images.md). Other URLs are used as they are.
 */
export function catalogueImageSources(url: string): { src: string; webp: string | null; jpeg: string | null } {
  const match = CATALOGUE_IMAGE.exec(url);
  if (!match) return { src: url, webp: null, jpeg: null };
  const stem = match[1] as string;
  const set = (format: 'jpg' | 'webp') => [480, 960, 1600].map((w) => `${stem}-${w}.${format} ${w}w`).join(', ');
  return { src: url, webp: set('webp'), jpeg: set('jpg') };
}
