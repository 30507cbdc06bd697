import { TENTATIVE_HOLD_MINUTES, type BookingQuote, type Headcount } from '@yado/contract/booking.contract';
import { freeCancellationLimitDate, type CancellationPolicy } from '@yado/contract/cancellation-fee';
import { civilFromIso, type IsoDate } from '@yado/contract/civil-date';
import { dateTimeFromDate } from '@yado/contract/date-time';
import { extraChargePerNight, extraGuestsOf } from '@yado/contract/extra-guest-charge';
import type { ExtraOption, UnconfirmedMealOrder } from '@yado/contract/meal.contract';
import { AppError, type FieldIssue } from '../../platform/app-error.js';
import {
  accommodationTaxForNights,
  computeTotals,
  depositAmount,
  type AccommodationTaxBand,
  type BillingLineInput,
} from '../billing/billing.service.js';
import { capacityIssues, type CapacityRules } from '../catalogue/catalogue.service.js';

/** How long a TENTATIVE booking holds its house before confirmation (the contract states it in minutes). */
export const TENTATIVE_HOLD_MS = TENTATIVE_HOLD_MINUTES * 60_000;

/** The deadline of a hold made now. */
export function tentativeDeadlineFrom(now: Date): Date {
  return new Date(now.getTime() + TENTATIVE_HOLD_MS);
}

// Headcount ------------------------------------------------------------------------

export type HeadcountCounts = {
  males: number;
  females: number;
  children: number;
  infants: number | null;
  largeDogs: number;
  mediumDogs: number;
  smallDogs: number;
};

export function countsOf(h: Headcount): HeadcountCounts {
  return {
    males: h.males ?? 0,
    females: h.females ?? 0,
    children: h.children ?? 0,
    infants: h.infants ?? null,
    largeDogs: h.largeDogs ?? 0,
    mediumDogs: h.mediumDogs ?? 0,
    smallDogs: h.smallDogs ?? 0,
  };
}

export function headcountOf(c: HeadcountCounts): Headcount {
  const h: Headcount = {
    males: c.males,
    females: c.females,
    children: c.children,
    largeDogs: c.largeDogs,
    mediumDogs: c.mediumDogs,
    smallDogs: c.smallDogs,
  };
  if (c.infants !== null) h.infants = c.infants;
  return h;
}

export const adultsOf = (c: HeadcountCounts) => c.males + c.females;
export const dogsOf = (c: HeadcountCounts) => c.largeDogs + c.mediumDogs + c.smallDogs;
/** Adults and children: who counts against capacity and for the extra charge (infants do not). */
export const chargeableOf = (c: HeadcountCounts) => adultsOf(c) + c.children;
/** Everyone who stays, infants included: one guest-register entry each. */
export const guestsOf = (c: HeadcountCounts) => chargeableOf(c) + (c.infants ?? 0);

/**
 * Refuses a headcount the house group does not take, naming the request's own
 * fields: too few adults (males, females), too many guests (children), dogs
 * where pets are not allowed or more than allowed (the dog fields given).
 */
export function assertHeadcount(rules: CapacityRules, c: HeadcountCounts, childrenAge: readonly number[]): void {
  const expectedAges = c.children + (c.infants ?? 0);
  if (childrenAge.length !== expectedAges) {
    throw new AppError('CodeInvalidArgument', {
      fields: [{ field: 'childrenAge', description: `one age per child and infant: ${expectedAges} expected` }],
    });
  }
  if (chargeableOf(c) === 0) {
    throw new AppError('CodeHeadcountNotAllowed', {
      fields: [{ field: 'headcount.males', description: 'at least one guest' }],
    });
  }
  const issues = capacityIssues(rules, {
    adults: adultsOf(c),
    children: c.children,
    infants: c.infants ?? 0,
    pets: dogsOf(c),
  });
  if (issues.length === 0) return;
  const fields: FieldIssue[] = [];
  for (const i of issues) {
    if (i.field === 'adults') {
      fields.push({ field: 'headcount.males', description: i.description });
      fields.push({ field: 'headcount.females', description: i.description });
    } else if (i.field === 'children') {
      fields.push({ field: 'headcount.children', description: i.description });
    } else {
      const dogFields = (['largeDogs', 'mediumDogs', 'smallDogs'] as const).filter((k) => c[k] > 0);
      for (const k of dogFields) fields.push({ field: `headcount.${k}`, description: i.description });
    }
  }
  throw new AppError('CodeHeadcountNotAllowed', { fields });
}

// Quote ------------------------------------------------------------------------------

export type PricedNightInput = { date: IsoDate; priceType: 'STANDARD' | 'HIGH'; amount: number };

export type QuoteHouseGroup = {
  baseCapacity: number;
  extraChargePerGuestPerNight: number;
  /** The percentage as the house group stores it (a number such as 10 or 12.5). */
  serviceChargePercentage: number;
  accommodationTaxBands: readonly AccommodationTaxBand[];
  cancellationPolicy: CancellationPolicy;
};

export type AppliedCoupon = {
  couponType: 'CAMPAIGN' | 'PARTNER' | 'REFERRAL';
  code: string;
  title: string;
  discountAmount: number;
};

/**
 * What a booking keeps of its price (bookings.quote): the quote as shown, the
 * lines every later billing is made of, and the per-night amounts the
 * cancellation fees are a percentage of. Kept as priced, so a later change of
 * the season calendar or a menu never alters a booking.
 */
export type QuoteSnapshot = {
  quote: Omit<BookingQuote, 'booking'>;
  /** Accommodation (per night, extra guests per night), discount, meals and options, before service charge and tax. */
  lines: BillingLineInput[];
  serviceChargePercentage: string;
  accommodationTax: number;
  /** Accommodation per night (room + extra guests), what cancellation fees are reckoned on. */
  nightAmounts: { date: IsoDate; amount: number }[];
  coupon: AppliedCoupon | null;
};

export type QuoteInput = {
  houseGroup: QuoteHouseGroup;
  checkinDate: IsoDate;
  nights: readonly PricedNightInput[];
  headcount: HeadcountCounts;
  meals: { meals: UnconfirmedMealOrder[]; lines: BillingLineInput[]; mealAmount: number };
  options: { extraOptions: ExtraOption[]; lines: BillingLineInput[]; extraOptionAmount: number };
  coupon: AppliedCoupon | null;
  tentativeDeadline: Date;
  /** A deposit already billed stays what it was; otherwise 30% of the total. */
  fixedDepositAmount?: number | null;
  houseId?: string;
};

export function formatServiceCharge(percentage: number): string {
  return (Math.round(percentage * 100) / 100).toFixed(2);
}

/** The accommodation lines: each night's price, and each night's extra charge for guests above baseCapacity. */
export function accommodationLines(input: {
  nights: readonly PricedNightInput[];
  extraGuests: number;
  extraChargePerGuestPerNight: number;
}): BillingLineInput[] {
  const lines: BillingLineInput[] = [];
  for (const n of input.nights) {
    lines.push({
      subject: 'ACCOMMODATION',
      category: null,
      titleEn: n.priceType === 'HIGH' ? 'Accommodation (high season)' : 'Accommodation',
      titleJa: n.priceType === 'HIGH' ? '宿泊料金（ハイシーズン）' : '宿泊料金',
      date: n.date,
      quantity: 1,
      amount: n.amount,
      taxRateType: 'STANDARD',
      serviceChargeApplicable: true,
    });
    if (input.extraGuests > 0 && input.extraChargePerGuestPerNight > 0) {
      lines.push({
        subject: 'ACCOMMODATION',
        category: null,
        titleEn: `Extra guests (${input.extraGuests})`,
        titleJa: `追加人数料金（${input.extraGuests}名）`,
        date: n.date,
        quantity: input.extraGuests,
        amount: input.extraGuests * input.extraChargePerGuestPerNight,
        taxRateType: 'STANDARD',
        serviceChargeApplicable: true,
      });
    }
  }
  return lines;
}

export function discountLine(coupon: AppliedCoupon): BillingLineInput {
  return {
    subject: 'DISCOUNT',
    category: null,
    titleEn: `Coupon ${coupon.code}`,
    titleJa: `クーポン ${coupon.code}`,
    date: null,
    quantity: 1,
    amount: -coupon.discountAmount,
    taxRateType: 'STANDARD',
    serviceChargeApplicable: true,
  };
}

/**
 * Prices a stay: accommodation with the extra charge, the coupon discount on
 * it, meals and options, then the service charge, consumption tax (once per
 * rate) and accommodation tax by billing.rules, the deposit and the
 * free-cancellation limit. Pure: the same input always gives the same quote.
 */
export function buildQuote(input: QuoteInput): QuoteSnapshot {
  const hg = input.houseGroup;
  const extraGuests = extraGuestsOf(chargeableOf(input.headcount), hg.baseCapacity);
  const extraChargePerDay = extraChargePerNight(
    chargeableOf(input.headcount),
    hg.baseCapacity,
    hg.extraChargePerGuestPerNight,
  );
  const accommodation = accommodationLines({
    nights: input.nights,
    extraGuests,
    extraChargePerGuestPerNight: hg.extraChargePerGuestPerNight,
  });
  const nightAmounts = input.nights.map((n) => ({ date: n.date, amount: n.amount + extraChargePerDay }));
  const accommodationAmount = nightAmounts.reduce((s, n) => s + n.amount, 0);
  // A coupon never takes off more than the accommodation it applies to.
  const coupon = input.coupon
    ? { ...input.coupon, discountAmount: Math.min(input.coupon.discountAmount, accommodationAmount) }
    : null;
  const lines: BillingLineInput[] = [
    ...accommodation,
    ...(coupon && coupon.discountAmount > 0 ? [discountLine(coupon)] : []),
    ...input.meals.lines,
    ...input.options.lines,
  ];
  const serviceChargePercentage = formatServiceCharge(hg.serviceChargePercentage);
  const accommodationTax = accommodationTaxForNights({
    bands: hg.accommodationTaxBands,
    nightAmounts: nightAmounts.map((n) => n.amount),
    persons: chargeableOf(input.headcount),
  });
  const totals = computeTotals({ lines, serviceChargePercentage, accommodationTax });
  const totalAmount = totals.taxInclusiveTotalAmount;
  const deposit = input.fixedDepositAmount ?? depositAmount(totalAmount);
  const consumptionTaxAmount = totals.subtotalsByConsumptionTaxRate.reduce((s, t) => s + t.taxAmount, 0);
  return {
    quote: {
      totalAmount,
      mealAmount: input.meals.mealAmount,
      accommodationAmount,
      consumptionSlotStandard: 0,
      consumptionSlotHigh: 0,
      consumptionSlotHighSubstitute: 0,
      consumptionHouseGroup: null,
      extraChargePerDay,
      totalExtraCharge: extraChargePerDay * input.nights.length,
      depositAmount: deposit,
      tentativeBookingDeadline: dateTimeFromDate(input.tentativeDeadline),
      freeCancellationLimitDate: civilFromIso(freeCancellationLimitDate(input.checkinDate, hg.cancellationPolicy)),
      extraOptions: input.options.extraOptions,
      extraOptionAmount: input.options.extraOptionAmount,
      temairazuAmount: 0,
      consumptionHouseId: input.houseId ?? '',
      temairazuMeals: [],
      meals: input.meals.meals.map((m) => ({
        date: m.providingDate,
        meal: m.meal,
        subtotal: m.subtotal,
        quantities: m.quantities,
        serviceChargeAndTaxInclusiveAmount: m.serviceChargeAndTaxInclusiveAmount,
      })),
      datesFixed: true,
      nights: input.nights.map((n) => ({ date: civilFromIso(n.date), priceType: n.priceType, amount: n.amount })),
      serviceChargeAmount: totals.serviceChargeAmount,
      consumptionTaxAmount,
      subtotalsByConsumptionTaxRate: totals.subtotalsByConsumptionTaxRate,
      accommodationTaxAmount: accommodationTax,
      discountAmount: totals.discountAmount,
      coupon: coupon && coupon.discountAmount > 0 ? coupon : null,
      serviceChargeAndTaxInclusiveAmount: totalAmount - accommodationTax,
      remainingAmount: Math.max(0, totalAmount - deposit),
      totalOwnUseFee: 0,
      consumptionShareId: '',
    },
    lines,
    serviceChargePercentage,
    accommodationTax,
    nightAmounts,
    coupon,
  };
}

/**
 * The snapshot with lines added (meals or options ordered before the stay) or
 * replaced, re-totalled. The deposit already billed stays as it was.
 */
export function retotal(
  snap: QuoteSnapshot,
  change: {
    lines: BillingLineInput[];
    meals?: BookingQuote['meals'];
    extraOptions?: ExtraOption[];
    mealAmount?: number;
    extraOptionAmount?: number;
    fixedDepositAmount: number | null;
  },
): QuoteSnapshot {
  const totals = computeTotals({
    lines: change.lines,
    serviceChargePercentage: snap.serviceChargePercentage,
    accommodationTax: snap.accommodationTax,
  });
  const totalAmount = totals.taxInclusiveTotalAmount;
  const deposit = change.fixedDepositAmount ?? depositAmount(totalAmount);
  return {
    ...snap,
    lines: change.lines,
    quote: {
      ...snap.quote,
      totalAmount,
      mealAmount: change.mealAmount ?? snap.quote.mealAmount,
      extraOptionAmount: change.extraOptionAmount ?? snap.quote.extraOptionAmount,
      meals: change.meals ?? snap.quote.meals,
      extraOptions: change.extraOptions ?? snap.quote.extraOptions,
      depositAmount: deposit,
      serviceChargeAmount: totals.serviceChargeAmount,
      consumptionTaxAmount: totals.subtotalsByConsumptionTaxRate.reduce((s, t) => s + t.taxAmount, 0),
      subtotalsByConsumptionTaxRate: totals.subtotalsByConsumptionTaxRate,
      discountAmount: totals.discountAmount,
      serviceChargeAndTaxInclusiveAmount: totalAmount - snap.accommodationTax,
      remainingAmount: Math.max(0, totalAmount - deposit),
    },
  };
}

/** The DEPOSIT billing's one line: an advance, not a taxable sale (EXEMPT, no service charge). */
export function depositLine(amount: number): BillingLineInput {
  return {
    subject: 'ACCOMMODATION_DEPOSIT',
    category: null,
    titleEn: 'Deposit',
    titleJa: '予約金',
    date: null,
    quantity: 1,
    amount,
    taxRateType: 'EXEMPT',
    serviceChargeApplicable: false,
  };
}

/** The CANCELLATION billing's lines: the fee of each stay date (compensation, not a taxable sale). */
export function cancellationFeeLines(
  perDate: readonly { date: IsoDate; amount: number }[],
  noShow: boolean,
): BillingLineInput[] {
  return perDate
    .filter((d) => d.amount > 0)
    .map((d) => ({
      subject: 'ACCOMMODATION_CANCEL_FEE' as const,
      category: null,
      titleEn: noShow ? 'No-show fee' : 'Cancellation fee',
      titleJa: noShow ? '不泊料金' : 'キャンセル料',
      date: d.date,
      quantity: 1,
      amount: d.amount,
      taxRateType: 'EXEMPT' as const,
      serviceChargeApplicable: false,
      source: 'CANCEL' as const,
    }));
}
