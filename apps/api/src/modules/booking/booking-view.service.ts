import type {
  BasicBooking,
  BookingDetail,
  BookingListItem,
  BookingStatusValue,
  Headcount,
  StaffBookingListItem,
} from '@yado/contract/booking.contract';
import type { BillingDetail } from '@yado/contract/billing.contract';
import type { HouseGroup, HouseGroupShort } from '@yado/contract/catalogue.contract';
import type { DateTime } from '@yado/contract/common.schema';
import { dateTimeFromDate } from '@yado/contract/date-time';
import type { Language } from '@yado/contract/headers';
import { AppError } from '../../platform/app-error.js';
import type { Deps } from '../../platform/deps.js';
import { billingWithLines, listBookingBillings, toBillingDetail } from '../billing/billing.service.js';
import { computeTotals, lineDisplay } from '../billing/billing.rules.js';
import { cancellationFeeSchedule } from '../billing/cancellation-fee.rules.js';
import { getHouseGroup, getHouseGroupLocation, getPlace, listHouses } from '../catalogue/catalogue.service.js';
import { isoFromCivil, todayIn } from '../catalogue/civil-date.js';
import { bookingExtraOptions, bookingMealEntries, mealFlags } from '../meal/meal.service.js';
import { requireUser, toUserView } from '../user/user.service.js';
import { civil, depositLine, guestsOf, headcountOf, type IsoDate } from './booking-quote.rules.js';
import { canMove, CHANGEABLE, LIST_FILTERS, ORDERABLE } from './booking-state.rules.js';
import * as repo from './booking.repo.js';
import type { BookingRecord } from './booking.repo.js';

type UserRecord = Awaited<ReturnType<typeof requireUser>>;

/** A civil date and a local "HH:MM" of the house group, with its UTC offset. */
export function localDateTime(date: IsoDate, time: string, utcOffset: string): DateTime {
  const c = civil(date);
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
export function instantOf(date: IsoDate, time: string, utcOffset: string): Date {
  const sign = utcOffset.startsWith('-') ? -1 : 1;
  const offsetMin = sign * (Number(utcOffset.slice(1, 3)) * 60 + Number(utcOffset.slice(4, 6)));
  const utc = Date.UTC(
    Number(date.slice(0, 4)),
    Number(date.slice(5, 7)) - 1,
    Number(date.slice(8, 10)),
    Number(time.slice(0, 2)),
    Number(time.slice(3, 5)),
  );
  return new Date(utc - offsetMin * 60_000);
}

/** The UTC offset ("+09:00") of an IANA time zone at an instant. */
export function zoneOffset(timeZone: string, at: Date): string {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-]\d{2}):?(\d{2})?/.exec(name);
  return m ? `${m[1]}:${m[2] ?? '00'}` : '+00:00';
}

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

export function basicBooking(b: {
  id: string;
  bookingNumber: string;
  user: Pick<UserRecord, 'id' | 'firstName' | 'lastName'>;
  houseGroup: HouseGroup;
  houseId: string;
  checkinDate: IsoDate;
  checkoutDate: IsoDate;
  status: BookingStatusValue;
  bookingType: 'GUEST_USE' | 'EXCLUSIVE_ACCOMMODATION_USE';
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

/** The booking of this account, or 404 CodeBookingNotFound (another account's booking looks unknown). */
export async function requireOwnBooking(deps: Deps, accountId: string, bookingId: string): Promise<BookingRecord> {
  const b = await repo.findBooking(deps.db, bookingId);
  if (!b || b.accountId !== accountId) throw new AppError('CodeBookingNotFound');
  return b;
}

export async function requireBooking(deps: Deps, bookingId: string): Promise<BookingRecord> {
  const b = await repo.findBooking(deps.db, bookingId);
  if (!b) throw new AppError('CodeBookingNotFound');
  return b;
}

/** What cancelling today would cost, per stay date. */
export function feeScheduleOf(b: BookingRecord, hg: HouseGroup, now: Date, noShow = false) {
  return cancellationFeeSchedule({
    policy: hg.cancellationPolicy,
    nights: b.quote.nightAmounts,
    today: todayIn(hg.timezone, now),
    noShow,
  });
}

export function checkinOpensAt(b: BookingRecord, hg: HouseGroup): Date {
  return instantOf(b.checkinDate, hg.checkinTime, hg.utcOffset);
}

/**
 * What the deposit covers, as a billing detail: the DEPOSIT billing itself once
 * confirmation created it; before that, the billing confirmation would create
 * from the quote (its one ACCOMMODATION_DEPOSIT line, no number yet), so the
 * page can show what will be charged.
 */
export async function depositDetailOf(deps: Deps, b: BookingRecord, language: Language): Promise<BillingDetail> {
  if (b.depositBillingId) {
    const billed = await billingWithLines(deps.db, b.depositBillingId);
    if (billed) return toBillingDetail(billed.billing, billed.lines, language);
  }
  const line = depositLine(b.quote.quote.depositAmount);
  const t = computeTotals({
    lines: [line],
    serviceChargePercentage: b.quote.serviceChargePercentage,
    accommodationTax: 0,
  });
  const shown = lineDisplay(line);
  return {
    billingNumber: '',
    isSplitSource: false,
    taxInclusiveTotalAmount: t.taxInclusiveTotalAmount,
    subtotalsBySubject: t.subtotalsBySubject,
    mutualUseExtraChargePerDay: 0,
    preDiscountSubtotalsByConsumptionTaxRate: t.preDiscountSubtotalsByConsumptionTaxRate,
    preDiscountTaxExclusiveSubtotalAmount: t.preDiscountTaxExclusiveSubtotalAmount,
    preDiscountTaxInclusiveSubtotalAmount: t.preDiscountTaxInclusiveSubtotalAmount,
    nacGuaranteedDiscountAmount: 0,
    subtotalsByConsumptionTaxRate: t.subtotalsByConsumptionTaxRate,
    adjustmentAmount: 0,
    orders: [
      {
        orderId: null,
        orderNumber: null,
        title: language === 'ja' ? line.titleJa : line.titleEn,
        category: null,
        date: null,
        quantity: line.quantity,
        status: 'ORDERED',
        amount: shown.amount,
        adjustmentAmount: 0,
        taxInclusiveAmount: shown.taxInclusiveAmount,
        consumptionTax: shown.consumptionTax,
        consumptionTaxRate: shown.taxRate,
        consumptionTaxRateType: shown.taxRateType,
        serviceChargeApplicable: line.serviceChargeApplicable,
        subject: line.subject,
        source: null,
      },
    ],
    ownUseFee: 0,
    mutualUseExtraCharge: 0,
    accommodationAmount: t.accommodationAmount,
    cancellationFee: [],
    subtotalByServiceChargePercentage: t.subtotalByServiceChargePercentage,
    discountAmount: t.discountAmount,
    serviceChargeAmount: t.serviceChargeAmount,
    accommodationTaxAmount: 0,
  };
}

/** get_booking: the spec's full booking detail. */
export async function bookingDetail(deps: Deps, b: BookingRecord, language: Language): Promise<BookingDetail> {
  const now = deps.clock.now();
  const [{ houseGroup: hg }, user, billings, meals, extraOptions, flags, register, depositDetail] = await Promise.all([
    getHouseGroup(deps, language, b.houseGroupId),
    requireUser(deps, b.accountId),
    listBookingBillings(deps.db, b.id, language),
    bookingMealEntries(deps.db, { bookingId: b.id, language, canOrder: ORDERABLE.includes(b.status), now }),
    bookingExtraOptions(deps.db, b.id, language),
    mealFlags(deps.db, {
      houseGroupId: b.houseGroupId,
      bookingId: b.id,
      checkinDate: b.checkinDate,
      checkoutDate: b.checkoutDate,
    }),
    repo.listGuestRegister(deps.db, b.id),
    depositDetailOf(deps, b, language),
  ]);
  const [{ place }, { houses }, { houseGroupLocation: location }] = await Promise.all([
    getPlace(deps, language, hg.placeId),
    listHouses(deps, language, hg.id),
    getHouseGroupLocation(deps, language, hg.id),
  ]);
  const house = houses.find((h) => h.id === b.houseId) ?? { id: b.houseId, name: '', floor: 1 };
  const headcount = headcountOf(b);
  const fees = feeScheduleOf(b, hg, now);
  const q = b.quote.quote;
  const deposit =
    billings.billings.find((x) => x.billingType === 'DEPOSIT' && x.billingId === b.depositBillingId) ?? null;
  const typeExtension = {
    accommodationAmount: q.accommodationAmount,
    depositAmount: q.depositAmount,
    deposit,
    depositDetail,
  };
  const attempt = b.paymentAttempt;
  const tentative = b.status === 'TENTATIVE';
  const checkinOpen = now >= checkinOpensAt(b, hg);
  return {
    bookingId: b.id,
    bookingNumber: b.bookingNumber,
    place,
    houseGroup: shortOf(hg, place.prefectureName),
    house,
    bookingStatus: b.status,
    bookingType: b.bookingType,
    isBookedByFamilySharedUser: false,
    guestUse: b.bookingType === 'GUEST_USE' ? { ...typeExtension, discountAmount: q.discountAmount } : null,
    exclusiveAccommodationUse: b.bookingType === 'EXCLUSIVE_ACCOMMODATION_USE' ? typeExtension : null,
    tentative:
      tentative && b.tentativeDeadline
        ? {
            deadline: dateTimeFromDate(b.tentativeDeadline),
            extraOptions,
            extraOptionAmount: q.extraOptionAmount,
            mealAmount: q.mealAmount,
            totalAmount: q.totalAmount,
            serviceChargeAndTaxInclusiveAmount: q.serviceChargeAndTaxInclusiveAmount,
            serviceChargeAmount: q.serviceChargeAmount,
            discountAmount: q.discountAmount,
          }
        : null,
    checkinTime: localDateTime(b.checkinDate, hg.checkinTime, hg.utcOffset),
    checkoutTime: localDateTime(b.checkoutDate, hg.checkoutTime, hg.utcOffset),
    checkinDate: civil(b.checkinDate),
    checkoutDate: civil(b.checkoutDate),
    user: (() => {
      const u = toUserView(user, language);
      return {
        id: u.id,
        userNumber: u.userNumber,
        firstName: u.firstName,
        lastName: u.lastName,
        romanizedFirstName: u.romanizedFirstName,
        romanizedLastName: u.romanizedLastName,
        profilePhotoUrl: u.profilePhotoUrl,
      };
    })(),
    bookingHeadcount: headcount,
    childrenAge: b.childrenAges,
    allergy: b.allergy,
    request: b.request,
    billings: billings.billings,
    billingWithDetails: billings.billingWithDetails,
    totalUnbilledAmount: billings.totalUnbilledAmount,
    freeCancellationLimitDate: q.freeCancellationLimitDate,
    underFreeCancellationPeriod: fees.underFreeCancellationPeriod,
    cancellationFee: fees.perDate.map((d) => ({ ...d, date: civil(d.date) })),
    conversationId: b.conversationId ?? '',
    meals,
    extraOptions,
    pet: b.pet,
    stayingPeriodNotes: stayingPeriodNotes(hg, language, CHANGEABLE.includes(b.status) && !b.guestRegisterComplete),
    isMealOrderRequired: flags.isMealOrderRequired,
    isAdditionalMealRequestRecommended: flags.isAdditionalMealRequestRecommended,
    access: { address: location.address, latitude: location.latitude, longitude: location.longitude },
    quote: {
      ...q,
      booking: basicBooking({
        id: b.id,
        bookingNumber: b.bookingNumber,
        user,
        houseGroup: hg,
        houseId: b.houseId,
        checkinDate: b.checkinDate,
        checkoutDate: b.checkoutDate,
        status: b.status,
        bookingType: b.bookingType,
        headcount,
        request: { childrenAge: b.childrenAges, allergy: b.allergy, request: b.request, pet: b.pet },
        bookedAt: b.bookedAt,
        createdAt: b.createdAt,
        updatedAt: b.updatedAt,
      }),
    },
    totalAmount: q.totalAmount,
    guestRegister: {
      complete: b.guestRegisterComplete,
      requiredEntries: guestsOf(b),
      guests: register.map((g) => ({
        fullName: g.fullName,
        address: {
          countryCode: g.address['countryCode'] ?? '',
          postalCode: g.address['postalCode'] ?? '',
          state: g.address['state'] ?? '',
          city: g.address['city'] ?? '',
          street1: g.address['street1'] ?? '',
          street2: g.address['street2'] ?? '',
        },
        phoneNumber: g.phoneNumber,
        emailAddress: g.emailAddress,
        nationalityCountryCode: g.nationalityCountryCode,
        passportNumber: g.passportNumber,
        age: g.age,
      })),
    },
    actions: {
      canConfirm: tentative && !!b.tentativeDeadline && now < b.tentativeDeadline,
      canCancel: canMove(b.status, 'CANCEL'),
      canChangeHeadcount: CHANGEABLE.includes(b.status),
      canSubmitGuestRegister: CHANGEABLE.includes(b.status) && b.status !== 'TENTATIVE',
      canCheckin: canMove(b.status, 'CHECKIN') && checkinOpen && b.guestRegisterComplete,
      canCheckout: canMove(b.status, 'CHECKOUT'),
      canOrder: ORDERABLE.includes(b.status),
    },
    pendingPayment:
      tentative && attempt && (attempt.status === 'REQUIRES_ACTION' || attempt.status === 'PENDING')
        ? attempt.status === 'REQUIRES_ACTION' && attempt.challengeUrl
          ? { status: 'REQUIRES_ACTION', challengeUrl: attempt.challengeUrl }
          : { status: attempt.status }
        : null,
    createdAt: dateTimeFromDate(b.createdAt),
    updatedAt: dateTimeFromDate(b.updatedAt),
  };
}

/**
 * House rules the booking page lists for the stay. The guest register is asked for only while the
 * guest can still give it and has not: not of a stay cancelled, under way or over.
 */
function stayingPeriodNotes(hg: HouseGroup, language: Language, registerDue: boolean): string[] {
  const ja = language === 'ja';
  const notes = [
    ja
      ? `チェックインは${hg.checkinTime}から、チェックアウトは${hg.checkoutTime}までです。`
      : `Check-in from ${hg.checkinTime}, check-out by ${hg.checkoutTime}.`,
  ];
  if (registerDue)
    notes.push(
      ja ? 'チェックインの前に宿泊者名簿をご入力ください。' : 'Please complete the guest register before check-in.',
    );
  if (hg.isPetAllowed)
    notes.push(ja ? 'ペットはケージまたはリードでお願いします。' : 'Pets must stay on a lead or in a crate indoors.');
  return notes;
}

export async function listBookings(
  deps: Deps,
  accountId: string,
  language: Language,
  input: { filter: 'UPCOMING' | 'PAST' | 'CANCELLED'; pageRequest: { pageSize: number; pageToken: string } },
): Promise<{ bookings: BookingListItem[]; nextPageToken: string }> {
  const after = decodeCursor(input.pageRequest.pageToken);
  const rows = await repo.listBookingsOfAccount(deps.db, {
    accountId,
    statuses: [...LIST_FILTERS[input.filter]],
    ascending: input.filter === 'UPCOMING',
    after,
    limit: input.pageRequest.pageSize + 1,
  });
  const page = rows.slice(0, input.pageRequest.pageSize);
  const groups = new Map<
    string,
    { hg: HouseGroup; short: HouseGroupShort; houses: { id: string; name: string; floor: number }[] }
  >();
  for (const id of new Set(page.map((b) => b.houseGroupId))) {
    const { houseGroup: hg } = await getHouseGroup(deps, language, id);
    const [{ place }, { houses }] = await Promise.all([
      getPlace(deps, language, hg.placeId),
      listHouses(deps, language, id),
    ]);
    groups.set(id, { hg, short: shortOf(hg, place.prefectureName), houses });
  }
  const last = page.at(-1);
  return {
    bookings: page.map((b) => {
      const g = groups.get(b.houseGroupId)!;
      return {
        bookingId: b.id,
        bookingNumber: b.bookingNumber,
        bookingStatus: b.status,
        bookingType: b.bookingType,
        houseGroup: g.short,
        house: g.houses.find((h) => h.id === b.houseId) ?? { id: b.houseId, name: '', floor: 1 },
        checkinDate: civil(b.checkinDate),
        checkoutDate: civil(b.checkoutDate),
        checkinTime: localDateTime(b.checkinDate, g.hg.checkinTime, g.hg.utcOffset),
        checkoutTime: localDateTime(b.checkoutDate, g.hg.checkoutTime, g.hg.utcOffset),
        bookingHeadcount: headcountOf(b),
        totalAmount: b.quote.quote.totalAmount,
        tentativeBookingDeadline:
          b.status === 'TENTATIVE' && b.tentativeDeadline ? dateTimeFromDate(b.tentativeDeadline) : null,
        createdAt: dateTimeFromDate(b.createdAt),
      };
    }),
    nextPageToken:
      rows.length > page.length && last ? Buffer.from(`${last.checkinDate}|${last.id}`).toString('base64url') : '',
  };
}

function decodeCursor(token: string): repo.ListCursor | null {
  if (!token) return null;
  const [date, id] = Buffer.from(token, 'base64url').toString().split('|');
  if (!date || !id || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
    throw new AppError('CodeInvalidArgument', {
      fields: [{ field: 'pageRequest.pageToken', description: 'not a page token' }],
    });
  }
  return { date, id };
}

/** The front desk's list: every account's bookings by check-in date, filtered as staff_list_bookings describes. */
export async function staffListBookings(
  deps: Deps,
  language: Language,
  input: {
    houseGroupId?: string | undefined;
    date?: { year: number; month: number; day: number } | undefined;
    dayFilter: 'ARRIVALS' | 'DEPARTURES' | 'IN_HOUSE';
    statuses: BookingStatusValue[];
    pageSize: number;
    pageToken: string;
  },
): Promise<{ bookings: StaffBookingListItem[]; nextPageToken: string }> {
  const date = input.date ? isoFromCivil(input.date) : null;
  if (input.date && !date) {
    throw new AppError('CodeInvalidArgument', { fields: [{ field: 'date', description: 'not a real date' }] });
  }
  const rows = await repo.listBookingsForStaff(deps.db, {
    houseGroupId: input.houseGroupId ?? null,
    date,
    dayFilter: input.dayFilter,
    statuses: input.statuses,
    language,
    after: decodeCursor(input.pageToken),
    limit: input.pageSize + 1,
  });
  const page = rows.slice(0, input.pageSize);
  const last = page.at(-1);
  return {
    bookings: page.map((b) => ({
      bookingId: b.id,
      bookingNumber: b.bookingNumber,
      bookingStatus: b.status,
      bookingType: b.bookingType,
      guest: { userId: b.userId, firstName: b.firstName, lastName: b.lastName, email: b.email },
      houseGroup: { id: b.houseGroupId, name: b.houseGroupName },
      house: { id: b.houseId, name: b.houseName },
      checkinDate: civil(b.checkinDate),
      checkoutDate: civil(b.checkoutDate),
      bookingHeadcount: headcountOf(b),
      totalAmount: b.totalAmount,
    })),
    nextPageToken:
      rows.length > page.length && last ? Buffer.from(`${last.checkinDate}|${last.id}`).toString('base64url') : '',
  };
}
