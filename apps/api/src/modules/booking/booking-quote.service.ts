import type { BookingQuote, BookingRequest } from '@yado/contract/booking.contract';
import { CATALOGUE_LIMITS, type HouseGroup } from '@yado/contract/catalogue.contract';
import type { Language } from '@yado/contract/headers';
import { AppError } from '../../platform/app-error.js';
import type { Deps } from '../../platform/deps.js';
import { requireIsoDate } from '../catalogue/catalogue.service.js';
import { addDays, daysBetween, todayIn, type IsoDate } from '@yado/contract/civil-date';
import { houseGroupForBooking, type SeasonDay } from '../catalogue/house-group-cache.service.js';
import { extraChargePerNight } from '@yado/contract/extra-guest-charge';
import { checkCoupon } from '../coupon/coupon.service.js';
import { requireUser } from '../user/user.service.js';
import {
  priceExtraOptions,
  priceMealOrders,
  type ExtraOptionPricing,
  type MealPricing,
  type MealOrderRequest,
} from '../meal/meal.service.js';
import { basicBooking } from './booking-output.rules.js';
import {
  assertHeadcount,
  buildQuote,
  countsOf,
  headcountOf,
  chargeableOf,
  tentativeDeadlineFrom,
  type AppliedCoupon,
  type HeadcountCounts,
  type PricedNightInput,
  type QuoteSnapshot,
} from './booking-quote.rules.js';
import type { UseType } from './use-types/use-type.js';
import { useTypeOf, type BookingTypeValue } from './use-types/use-types.registry.js';

export type PricedRequest = {
  houseGroup: HouseGroup;
  /** The prefecture of the house group's place (in the request's language). */
  prefectureName: string;
  /** The houses a hold may take, in the order it tries them. */
  houseIds: string[];
  /** A snapshot taken before the catalogue read here (see houseGroupForBooking). */
  catalogueSeen: string;
  checkinDate: IsoDate;
  checkoutDate: IsoDate;
  counts: HeadcountCounts;
  nights: PricedNightInput[];
  mealRequests: MealOrderRequest[];
  mealPricing: MealPricing;
  optionPricing: ExtraOptionPricing;
  coupon: AppliedCoupon | null;
  snapshot: QuoteSnapshot;
  tentativeDeadline: Date;
};

/** The house group's settings a quote reads, in the shape of booking-quote.rules. */
export function quoteHouseGroup(hg: HouseGroup) {
  return {
    baseCapacity: hg.baseCapacity,
    extraChargePerGuestPerNight: hg.extraChargePerGuestPerNight,
    serviceChargePercentage: hg.serviceChargePercentage,
    accommodationTaxBands: hg.accommodationTaxBands,
    cancellationPolicy: hg.cancellationPolicy,
  };
}

export function capacityRulesOf(hg: HouseGroup) {
  return {
    maxCapacity: hg.maxCapacity,
    minAdultCapacity: hg.minAdultCapacity,
    isPetAllowed: hg.isPetAllowed,
    maxPetCapacity: hg.maxPetCapacity,
  };
}

/** Refuses a booking type the house group does not offer: one it does not list, or one its module declines. */
export function assertBookingType(hg: HouseGroup, useType: UseType): void {
  const offered = (hg.availableBookingTypes as string[]).includes(useType.bookingType) && useType.offeredBy(hg);
  if (!offered) throw new AppError('CodeBookingTypeNotAvailable');
}

function nightsOf(
  hg: HouseGroup,
  useType: UseType,
  now: Date,
  stay: { checkinDate: IsoDate; checkoutDate: IsoDate },
  days: readonly SeasonDay[],
): PricedNightInput[] {
  const { checkinDate, checkoutDate } = stay;
  if (checkinDate < useType.bookableFrom(todayIn(hg.timezone, now))) throw new AppError('CodeDatesNotBookable');
  const nightCount = daysBetween(checkinDate, checkoutDate);
  if (days.length !== nightCount || days.some((d) => d.closed)) throw new AppError('CodeDatesNotBookable');
  return days.map((d, i) => ({ date: addDays(checkinDate, i), priceType: d.priceType, amount: d.price }));
}

export function stayDates(input: {
  checkinDate: BookingRequest['checkinDate'];
  checkoutDate: BookingRequest['checkoutDate'];
}) {
  const checkinDate = requireIsoDate('checkinDate', input.checkinDate);
  const checkoutDate = requireIsoDate('checkoutDate', input.checkoutDate);
  const nights = daysBetween(checkinDate, checkoutDate);
  if (nights < 1) {
    throw new AppError('CodeInvalidArgument', {
      fields: [{ field: 'checkoutDate', description: 'must be after the check-in date' }],
    });
  }
  if (nights > CATALOGUE_LIMITS.maxStayNights) {
    throw new AppError('CodeInvalidArgument', {
      fields: [{ field: 'checkoutDate', description: `at most ${CATALOGUE_LIMITS.maxStayNights} nights` }],
    });
  }
  return { checkinDate, checkoutDate };
}

export function mealRequestsOf(meals: BookingRequest['meals']): MealOrderRequest[] {
  return meals.map((m, i) => ({
    date: requireIsoDate(`meals[${i}].date`, m.date),
    mealId: m.mealId,
    quantities: m.quantities,
  }));
}

/** Prices the meals and options a request orders; nothing to price costs no query (most order later, if at all). */
async function priceOrders(
  deps: Deps,
  input: { hg: HouseGroup; checkinDate: IsoDate; checkoutDate: IsoDate; nights: number; language: Language; now: Date },
  mealRequests: MealOrderRequest[],
  req: BookingRequest,
): Promise<[MealPricing, ExtraOptionPricing]> {
  const { hg, language } = input;
  return Promise.all([
    mealRequests.length === 0
      ? Promise.resolve<MealPricing>({ meals: [], lines: [], mealAmount: 0, orders: [], requiredMealMissing: false })
      : priceMealOrders(deps.db, {
          houseGroupId: hg.id,
          checkinDate: input.checkinDate,
          checkoutDate: input.checkoutDate,
          orders: mealRequests,
          language,
          now: input.now,
        }),
    req.extraOptions.length === 0
      ? Promise.resolve<ExtraOptionPricing>({ extraOptions: [], lines: [], extraOptionAmount: 0, selections: [] })
      : priceExtraOptions(deps.db, {
          houseGroupId: hg.id,
          nights: input.nights,
          selections: req.extraOptions,
          language,
        }),
  ]);
}

/** The coupon of the request, checked against the accommodation it discounts; only types that accept one take it. */
async function applyCoupon(
  deps: Deps,
  input: { accountId: string; language: Language; useType: UseType; request: BookingRequest },
  hg: HouseGroup,
  counts: HeadcountCounts,
  nights: readonly PricedNightInput[],
): Promise<AppliedCoupon | null> {
  const req = input.request;
  if (!req.coupon) return null;
  if (!input.useType.acceptsCoupon) throw new AppError('CodeCouponNotApplicable');
  const perNight = extraChargePerNight(chargeableOf(counts), hg.baseCapacity, hg.extraChargePerGuestPerNight);
  const accommodationAmount = nights.reduce((s, n) => s + n.amount + perNight, 0);
  const checked = await checkCoupon(
    deps,
    input.accountId,
    {
      couponType: req.coupon.couponType,
      code: req.coupon.code,
      houseGroupId: hg.id,
      checkinDate: req.checkinDate,
      checkoutDate: req.checkoutDate,
      accommodationAmount,
    },
    input.language,
  );
  return {
    couponType: checked.couponType,
    code: checked.code,
    title: checked.title,
    discountAmount: checked.discountAmount,
  };
}

/**
 * Everything a quote and a tentative booking need, checked in the order a
 * guest can act on: booking type, dates, headcount, prices, meals and options,
 * the coupon. Reads only; a booking redeems the coupon in its own transaction.
 */
export async function priceRequest(
  deps: Deps,
  input: {
    accountId: string;
    language: Language;
    bookingType: BookingTypeValue;
    request: BookingRequest;
    /** The caller's write checks `catalogueSeen`, so the catalogue need not be waited for. */
    catalogueCheckedWhenWritten?: boolean;
  },
): Promise<PricedRequest> {
  const req = input.request;
  const useType = useTypeOf(input.bookingType);
  const now = deps.clock.now();
  const { checkinDate, checkoutDate } = stayDates(req);
  // The house group, its houses and the stay's season days come from memory (kept current by the
  // catalogue change notifications) once the group has been read.
  const {
    houseGroup: hg,
    prefectureName,
    houseIds,
    days,
    seen,
  } = await houseGroupForBooking(deps, input.language, req.houseGroupId, checkinDate, addDays(checkoutDate, -1), {
    checkedWhenWritten: input.catalogueCheckedWhenWritten ?? false,
  });
  assertBookingType(hg, useType);
  const counts = countsOf(req.headcount);
  assertHeadcount(capacityRulesOf(hg), counts, req.childrenAge);
  const nights = nightsOf(hg, useType, deps.clock.now(), { checkinDate, checkoutDate }, days);
  const mealRequests = mealRequestsOf(req.meals);
  const stay = { hg, checkinDate, checkoutDate, nights: nights.length, language: input.language, now };
  const [mealPricing, optionPricing] = await priceOrders(deps, stay, mealRequests, req);
  const coupon = await applyCoupon(deps, { ...input, useType }, hg, counts, nights);
  const tentativeDeadline = tentativeDeadlineFrom(now);
  const snapshot = buildQuote({
    houseGroup: quoteHouseGroup(hg),
    checkinDate,
    // An entitlement (a key token) pays the room: its nights are priced at zero, their types kept.
    nights: useType.coversNights ? nights.map((n) => ({ ...n, amount: 0 })) : nights,
    headcount: counts,
    meals: mealPricing,
    options: optionPricing,
    coupon,
    tentativeDeadline,
  });
  return {
    houseGroup: hg,
    prefectureName,
    houseIds,
    catalogueSeen: seen,
    checkinDate,
    checkoutDate,
    counts,
    nights,
    mealRequests,
    mealPricing,
    optionPricing,
    coupon,
    snapshot,
    tentativeDeadline,
  };
}

/** get_booking_quote: the price of a stay without holding anything. */
export async function getBookingQuote(
  deps: Deps,
  accountId: string,
  language: Language,
  input: BookingRequest & { bookingType: BookingTypeValue },
): Promise<{ quote: BookingQuote }> {
  const user = await requireUser(deps, accountId);
  const priced = await priceRequest(deps, { accountId, language, bookingType: input.bookingType, request: input });
  return {
    quote: {
      ...priced.snapshot.quote,
      booking: basicBooking({
        id: '',
        bookingNumber: '',
        user,
        houseGroup: priced.houseGroup,
        houseId: '',
        checkinDate: priced.checkinDate,
        checkoutDate: priced.checkoutDate,
        status: 'TENTATIVE',
        bookingType: input.bookingType,
        headcount: headcountOf(priced.counts),
        request: input,
        bookedAt: null,
        createdAt: null,
        updatedAt: null,
      }),
    },
  };
}
