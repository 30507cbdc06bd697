import type { BasicBooking, BookingStatusValue, Headcount } from '@yado/contract/booking.contract';
import type { HouseGroup, HouseGroupShort } from '@yado/contract/catalogue.contract';
import { dateTimeFromDate } from '@yado/contract/date-time';
import type { IsoDate } from '@yado/contract/civil-date';
import { localDateTime } from './booking-time.rules.js';
import type { BookingRecord } from './booking.repo.js';

/** The contract's short house group, as booking outputs carry it. */
export function shortOf(hg: HouseGroup, prefectureName: string): HouseGroupShort {
  return {
    id: hg.id,
    placeId: hg.placeId,
    placeName: hg.placeName,
    name: hg.name,
    version: hg.version,
    images: {
      verticalImageUrl: hg.verticalImageUrl,
      horizontalImageUrl: hg.horizontalImageUrl,
      squareImageUrl: hg.squareImageUrl,
    },
    type: hg.type,
    usageLabel: hg.usageLabel,
    mealProvidable: hg.mealProvidable,
    isPetAllowed: hg.isPetAllowed,
    timezone: hg.timezone,
    area: hg.area,
    prefectureName,
    baseCapacity: hg.baseCapacity,
    maxCapacity: hg.maxCapacity,
    standardSeasonPrice: hg.standardSeasonPrice,
  };
}

/** The spec's basic booking, for a quote (no id yet), a new hold and a stored booking alike. */
export function basicBooking(b: {
  id: string;
  bookingNumber: string;
  user: { id: string; firstName: string; lastName: string };
  houseGroup: HouseGroup;
  houseId: string;
  checkinDate: IsoDate;
  checkoutDate: IsoDate;
  status: BookingStatusValue;
  bookingType: BookingRecord['bookingType'];
  headcount: Headcount;
  request: {
    childrenAge: number[];
    allergy: string;
    request: string;
    pet?: { description: string; vaccinated: boolean } | null | undefined;
  };
  bookedAt: Date | null;
  createdAt: Date | null;
  updatedAt: Date | null;
}): BasicBooking {
  const hg = b.houseGroup;
  return {
    id: b.id,
    bookingNumber: b.bookingNumber,
    userId: b.user.id,
    bookingUserFirstName: b.user.firstName,
    bookingUserLastName: b.user.lastName,
    bookedTime: b.bookedAt ? dateTimeFromDate(b.bookedAt) : null,
    houseId: b.houseId,
    checkinTime: localDateTime(b.checkinDate, hg.checkinTime, hg.utcOffset),
    checkoutTime: localDateTime(b.checkoutDate, hg.checkoutTime, hg.utcOffset),
    bookingStatus: b.status,
    bookingType: b.bookingType,
    bookingHeadcount: b.headcount,
    allergy: b.request.allergy,
    request: b.request.request,
    childrenAge: b.request.childrenAge,
    pet: b.request.pet ?? null,
    createdAt: b.createdAt ? dateTimeFromDate(b.createdAt) : null,
    updatedAt: b.updatedAt ? dateTimeFromDate(b.updatedAt) : null,
  };
}
