import type {
  BookingDetail,
  BookingListItem,
  BookingStatusValue,
  StaffBookingListItem,
} from '@yado/contract/booking.contract';
import type { BillingDetail } from '@yado/contract/billing.contract';
import type { HouseGroup, HouseGroupShort } from '@yado/contract/catalogue.contract';
import { dateTimeFromDate } from '@yado/contract/date-time';
import type { Language } from '@yado/contract/headers';
import { AppError } from '../../platform/app-error.js';
import type { Deps } from '../../platform/deps.js';
import {
  billingWithLines,
  draftBillingDetail,
  listBookingBillings,
  toBillingDetail,
} from '../billing/billing.service.js';
import { getHouseGroup, getHouseGroupLocation, getPlace, listHouses } from '../catalogue/catalogue.service.js';
import { civilFromIso, realIsoFromCivil } from '@yado/contract/civil-date';
import { bookingExtraOptions, bookingMealEntries, mealFlags } from '../meal/meal.service.js';
import { findUserById, requireUser, toUserView } from '../user/user.service.js';
import { feeScheduleOf } from './booking-fee.rules.js';
import { basicBooking, shortOf } from './booking-output.rules.js';
import { depositLine, guestsOf, headcountOf } from './booking-quote.rules.js';
import { canMove, CHANGEABLE, LIST_FILTERS, ORDERABLE } from './booking-state.rules.js';
import { checkinOpensAt, localDateTime } from './booking-time.rules.js';
import { bookingStayStyle } from '../stay-style/stay-style.service.js';
import * as repo from './booking.repo.js';
import type { BookingRecord } from './booking.repo.js';
import { ownerFactsFor } from './owner-facts.rules.js';
import type { DepositFacts, GiftFacts } from './use-types/use-type.js';
import { USE_TYPES, useTypeOf } from './use-types/use-types.registry.js';

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
  return draftBillingDetail(
    {
      lines: [depositLine(b.quote.quote.depositAmount)],
      serviceChargePercentage: b.quote.serviceChargePercentage,
      accommodationTax: 0,
    },
    language,
  );
}

type DetailParts = Awaited<ReturnType<typeof detailParts>>;

/** Everything the detail reads besides the booking, fetched at once. */
async function detailParts(deps: Deps, b: BookingRecord, language: Language) {
  const [{ houseGroup: hg }, user, billings, meals, extraOptions, flags, register, depositDetail] = await Promise.all([
    getHouseGroup(deps, language, b.houseGroupId),
    requireUser(deps, b.accountId),
    listBookingBillings(deps.db, b.id, language),
    bookingMealEntries(deps.db, {
      bookingId: b.id,
      language,
      canOrder: ORDERABLE.includes(b.status),
      now: deps.clock.now(),
    }),
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
  const [{ place }, { houses }, { houseGroupLocation: location }, gift, stayStyle] = await Promise.all([
    getPlace(deps, language, hg.placeId),
    listHouses(deps, language, hg.id),
    getHouseGroupLocation(deps, language, hg.id),
    giftFactsOf(deps, b),
    bookingStayStyle(deps.db, language, b.id),
  ]);
  return {
    ...{ hg, user, billings, meals, extraOptions, flags, register, depositDetail, place, houses, location, gift },
    stayStyle,
  };
}

/** Who gave a gifted booking and until when it could be accepted; null for every other booking. */
async function giftFactsOf(deps: Deps, b: BookingRecord): Promise<GiftFacts | null> {
  if (!('gift' in useTypeOf(b.bookingType))) return null;
  // A dated gift's hold is TENTATIVE for a moment before it is GIFTED: until then its holder is the
  // sender, and the hold's deadline its time.
  const senderUserId = b.giftSenderUserId ?? b.userId;
  const expireAt = b.giftExpireAt ?? b.tentativeDeadline ?? b.createdAt;
  const sender = await findUserById(deps, senderUserId);
  return {
    sender: {
      userId: senderUserId,
      firstName: sender?.firstName ?? '',
      lastName: sender?.lastName ?? '',
      romanizedFirstName: sender?.romanizedFirstName ?? '',
      romanizedLastName: sender?.romanizedLastName ?? '',
    },
    expireAt: dateTimeFromDate(expireAt),
  };
}

/** The booking's type extension under its type's field, and null under every other type's (spec: one type extension). */
function typeExtensionsOf(b: BookingRecord, p: DetailParts) {
  const q = b.quote.quote;
  const facts: DepositFacts = {
    accommodationAmount: q.accommodationAmount,
    depositAmount: q.depositAmount,
    deposit: p.billings.billings.find((x) => x.billingType === 'DEPOSIT' && x.billingId === b.depositBillingId) ?? null,
    depositDetail: p.depositDetail,
  };
  const house = p.houses.find((h) => h.id === b.houseId) ?? { id: b.houseId, name: '', floor: 1 };
  const owner = ownerFactsFor(b, house, p.billings.billings);
  const fields = {} as Record<(typeof USE_TYPES)[number]['extensionField'], unknown>;
  for (const t of USE_TYPES)
    fields[t.extensionField] =
      t.bookingType === b.bookingType ? t.typeExtension(facts, q, owner, p.gift, b.entitlement) : null;
  return fields as Pick<BookingDetail, (typeof USE_TYPES)[number]['extensionField']>;
}

/** The status extension of a TENTATIVE booking; null otherwise. */
function tentativeExtensionOf(b: BookingRecord, p: DetailParts): BookingDetail['tentative'] {
  const q = b.quote.quote;
  if (b.status !== 'TENTATIVE' || !b.tentativeDeadline) return null;
  return {
    deadline: dateTimeFromDate(b.tentativeDeadline),
    extraOptions: p.extraOptions,
    extraOptionAmount: q.extraOptionAmount,
    mealAmount: q.mealAmount,
    totalAmount: q.totalAmount,
    serviceChargeAndTaxInclusiveAmount: q.serviceChargeAndTaxInclusiveAmount,
    serviceChargeAmount: q.serviceChargeAmount,
    discountAmount: q.discountAmount,
  };
}

/** The status extension of a GIFTED booking (the amounts of the stay as given); null otherwise. */
function giftedExtensionOf(b: BookingRecord, p: DetailParts): BookingDetail['gifted'] {
  const q = b.quote.quote;
  if (b.status !== 'GIFTED') return null;
  return {
    extraOptions: p.extraOptions,
    extraOptionAmount: q.extraOptionAmount,
    mealAmount: q.mealAmount,
    totalAmount: q.totalAmount,
    serviceChargeAndTaxInclusiveAmount: q.serviceChargeAndTaxInclusiveAmount,
    serviceChargeAmount: q.serviceChargeAmount,
  };
}

function bookingUserOf(p: DetailParts, language: Language): BookingDetail['user'] {
  const u = toUserView(p.user, language);
  return {
    id: u.id,
    userNumber: u.userNumber,
    firstName: u.firstName,
    lastName: u.lastName,
    romanizedFirstName: u.romanizedFirstName,
    romanizedLastName: u.romanizedLastName,
    profilePhotoUrl: u.profilePhotoUrl,
  };
}

function guestRegisterOf(b: BookingRecord, p: DetailParts): BookingDetail['guestRegister'] {
  return {
    complete: b.guestRegisterComplete,
    requiredEntries: guestsOf(b),
    guests: p.register.map((g) => ({
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
  };
}

/** The check-in and check-out the booking shows: its type's own (the hours of a time use), else the nights' times. */
function stayTimesOf(b: BookingRecord, hg: Pick<HouseGroup, 'checkinTime' | 'checkoutTime' | 'utcOffset'>) {
  return (
    useTypeOf(b.bookingType).shownTimes?.(b.quote.quote) ?? {
      checkinTime: localDateTime(b.checkinDate, hg.checkinTime, hg.utcOffset),
      checkoutTime: localDateTime(b.checkoutDate, hg.checkoutTime, hg.utcOffset),
    }
  );
}

function actionsOf(b: BookingRecord, hg: HouseGroup, now: Date): BookingDetail['actions'] {
  const tentative = b.status === 'TENTATIVE';
  // A type that lodges nobody (a time use) has no guests to change or register and orders no meals.
  const lodges = useTypeOf(b.bookingType).lodges !== false;
  return {
    canConfirm: tentative && !!b.tentativeDeadline && now < b.tentativeDeadline,
    canCancel: canMove(b.status, 'CANCEL'),
    canChangeHeadcount: CHANGEABLE.includes(b.status) && lodges,
    canSubmitGuestRegister: CHANGEABLE.includes(b.status) && b.status !== 'TENTATIVE' && lodges,
    canCheckin: canMove(b.status, 'CHECKIN') && now >= checkinOpensAt(b, hg) && b.guestRegisterComplete,
    canCheckout: canMove(b.status, 'CHECKOUT'),
    canOrder: ORDERABLE.includes(b.status) && lodges,
  };
}

function pendingPaymentOf(b: BookingRecord): BookingDetail['pendingPayment'] {
  const attempt = b.paymentAttempt;
  if (b.status !== 'TENTATIVE' || !attempt) return null;
  if (attempt.status !== 'REQUIRES_ACTION' && attempt.status !== 'PENDING') return null;
  return attempt.status === 'REQUIRES_ACTION' && attempt.challengeUrl
    ? { status: 'REQUIRES_ACTION', challengeUrl: attempt.challengeUrl }
    : { status: attempt.status };
}

/** get_booking: the spec's full booking detail. */
export async function bookingDetail(deps: Deps, b: BookingRecord, language: Language): Promise<BookingDetail> {
  const now = deps.clock.now();
  const p = await detailParts(deps, b, language);
  const { hg, place } = p;
  const headcount = headcountOf(b);
  const fees = feeScheduleOf(b, hg, now);
  const q = b.quote.quote;
  return {
    bookingId: b.id,
    bookingNumber: b.bookingNumber,
    place,
    houseGroup: shortOf(hg, place.prefectureName),
    house: p.houses.find((h) => h.id === b.houseId) ?? { id: b.houseId, name: '', floor: 1 },
    bookingStatus: b.status,
    bookingType: b.bookingType,
    isBookedByFamilySharedUser: b.bookedByFamilyMember,
    ...typeExtensionsOf(b, p),
    tentative: tentativeExtensionOf(b, p),
    gifted: giftedExtensionOf(b, p),
    ...stayTimesOf(b, hg),
    checkinDate: civilFromIso(b.checkinDate),
    checkoutDate: civilFromIso(b.checkoutDate),
    user: bookingUserOf(p, language),
    bookingHeadcount: headcount,
    childrenAge: b.childrenAges,
    allergy: b.allergy,
    request: b.request,
    billings: p.billings.billings,
    billingWithDetails: p.billings.billingWithDetails,
    totalUnbilledAmount: p.billings.totalUnbilledAmount,
    freeCancellationLimitDate: q.freeCancellationLimitDate,
    underFreeCancellationPeriod: fees.underFreeCancellationPeriod,
    cancellationFee: fees.perDate.map((d) => ({ ...d, date: civilFromIso(d.date) })),
    conversationId: b.conversationId ?? '',
    meals: p.meals,
    extraOptions: p.extraOptions,
    pet: b.pet,
    stayingPeriodNotes: stayingPeriodNotes(hg, language, CHANGEABLE.includes(b.status) && !b.guestRegisterComplete),
    isMealOrderRequired: p.flags.isMealOrderRequired,
    isAdditionalMealRequestRecommended: p.flags.isAdditionalMealRequestRecommended,
    access: { address: p.location.address, latitude: p.location.latitude, longitude: p.location.longitude },
    stayStyleId: p.stayStyle?.id ?? null,
    stayStyleName: p.stayStyle?.name ?? null,
    quote: { ...q, booking: basicBookingOf(b, p) },
    totalAmount: q.totalAmount,
    guestRegister: guestRegisterOf(b, p),
    actions: actionsOf(b, hg, now),
    pendingPayment: pendingPaymentOf(b),
    createdAt: dateTimeFromDate(b.createdAt),
    updatedAt: dateTimeFromDate(b.updatedAt),
  };
}

function basicBookingOf(b: BookingRecord, p: DetailParts) {
  return basicBooking({
    id: b.id,
    bookingNumber: b.bookingNumber,
    user: p.user,
    houseGroup: p.hg,
    houseId: b.houseId,
    checkinDate: b.checkinDate,
    checkoutDate: b.checkoutDate,
    status: b.status,
    bookingType: b.bookingType,
    headcount: headcountOf(b),
    request: { childrenAge: b.childrenAges, allergy: b.allergy, request: b.request, pet: b.pet },
    bookedAt: b.bookedAt,
    createdAt: b.createdAt,
    updatedAt: b.updatedAt,
  });
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
        checkinDate: civilFromIso(b.checkinDate),
        checkoutDate: civilFromIso(b.checkoutDate),
        ...stayTimesOf(b, g.hg),
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
  const date = input.date ? realIsoFromCivil(input.date) : null;
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
      checkinDate: civilFromIso(b.checkinDate),
      checkoutDate: civilFromIso(b.checkoutDate),
      bookingHeadcount: headcountOf(b),
      totalAmount: b.totalAmount,
    })),
    nextPageToken:
      rows.length > page.length && last ? Buffer.from(`${last.checkinDate}|${last.id}`).toString('base64url') : '',
  };
}
