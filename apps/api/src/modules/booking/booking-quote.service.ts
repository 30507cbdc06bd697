import type { BookingRequest } from '@yado/contract/booking.contract';
import { CATALOGUE_LIMITS, type HouseGroup } from '@yado/contract/catalogue.contract';
import type { Language } from '@yado/contract/headers';
import { AppError } from '../../platform/app-error.js';
import type { Deps } from '../../platform/deps.js';
import { requireIsoDate } from '../catalogue/catalogue.service.js';
import { addDays, daysBetween, todayIn } from '../catalogue/civil-date.js';
import { houseGroupForBooking, type SeasonDay } from '../catalogue/house-group-cache.service.js';
import { checkCoupon } from '../coupon/coupon.service.js';
import {
  priceExtraOptions,
  priceMealOrders,
  type ExtraOptionPricing,
  type MealPricing,
  type MealOrderRequest,
} from '../meal/meal.service.js';
import {
  assertHeadcount,
  buildQuote,
  countsOf,
  TENTATIVE_HOLD_MS,
  type AppliedCoupon,
  type HeadcountCounts,
  type IsoDate,
  type PricedNightInput,
  type QuoteSnapshot,
} from './booking-quote.rules.js';

export type GuestBookingTypeValue = 'GUEST_USE' | 'EXCLUSIVE_ACCOMMODATION_USE';

export type PricedRequest = {
  houseGroup: HouseGroup;
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

/** Refuses a booking type the house group does not offer (EXCLUSIVE_ACCOMMODATION_USE only on EXCLUSIVE groups). */
export function assertBookingType(hg: HouseGroup, bookingType: GuestBookingTypeValue): void {
  const offered =
    hg.usageLabel === 'ACCOMMODATION' &&
    (hg.availableBookingTypes as string[]).includes(bookingType) &&
    (bookingType !== 'EXCLUSIVE_ACCOMMODATION_USE' || hg.type === 'EXCLUSIVE');
  if (!offered) throw new AppError('CodeBookingTypeNotAvailable');
}

function nightsOf(
  hg: HouseGroup,
  now: Date,
  checkinDate: IsoDate,
  checkoutDate: IsoDate,
  days: readonly SeasonDay[],
): PricedNightInput[] {
  const today = todayIn(hg.timezone, now);
  if (checkinDate < today) throw new AppError('CodeDatesNotBookable');
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
    bookingType: GuestBookingTypeValue;
    request: BookingRequest;
    /** The caller's write checks `catalogueSeen`, so the catalogue need not be waited for. */
    catalogueCheckedWhenWritten?: boolean;
  },
): Promise<PricedRequest> {
  const req = input.request;
  const now = deps.clock.now();
  const { checkinDate, checkoutDate } = stayDates(req);
  // The house group, its houses and the stay's season days come from memory (kept current by the
  // catalogue change notifications) once the group has been read.
  const {
    houseGroup: hg,
    houseIds,
    days,
    seen,
  } = await houseGroupForBooking(deps, input.language, req.houseGroupId, checkinDate, addDays(checkoutDate, -1), {
    checkedWhenWritten: input.catalogueCheckedWhenWritten ?? false,
  });
  assertBookingType(hg, input.bookingType);
  const counts = countsOf(req.headcount);
  assertHeadcount(capacityRulesOf(hg), counts, req.childrenAge);
  const nights = nightsOf(hg, deps.clock.now(), checkinDate, checkoutDate, days);

  const mealRequests = mealRequestsOf(req.meals);
  // Nothing to price costs no query: most bookings order meals and options later, if at all.
  const [mealPricing, optionPricing] = await Promise.all([
    mealRequests.length === 0
      ? Promise.resolve<MealPricing>({ meals: [], lines: [], mealAmount: 0, orders: [], requiredMealMissing: false })
      : priceMealOrders(deps.db, {
          houseGroupId: hg.id,
          checkinDate,
          checkoutDate,
          orders: mealRequests,
          language: input.language,
          now,
        }),
    req.extraOptions.length === 0
      ? Promise.resolve<ExtraOptionPricing>({ extraOptions: [], lines: [], extraOptionAmount: 0, selections: [] })
      : priceExtraOptions(deps.db, {
          houseGroupId: hg.id,
          nights: nights.length,
          selections: req.extraOptions,
          language: input.language,
        }),
  ]);

  let coupon: AppliedCoupon | null = null;
  if (req.coupon) {
    if (input.bookingType !== 'GUEST_USE') throw new AppError('CodeCouponNotApplicable');
    const extraGuests = Math.max(0, counts.males + counts.females + counts.children - hg.baseCapacity);
    const accommodationAmount = nights.reduce((s, n) => s + n.amount + extraGuests * hg.extraChargePerGuestPerNight, 0);
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
    coupon = {
      couponType: checked.couponType,
      code: checked.code,
      title: checked.title,
      discountAmount: checked.discountAmount,
    };
  }

  const tentativeDeadline = new Date(now.getTime() + TENTATIVE_HOLD_MS);
  const snapshot = buildQuote({
    houseGroup: quoteHouseGroup(hg),
    checkinDate,
    nights,
    headcount: counts,
    meals: mealPricing,
    options: optionPricing,
    coupon,
    tentativeDeadline,
  });
  return {
    houseGroup: hg,
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
