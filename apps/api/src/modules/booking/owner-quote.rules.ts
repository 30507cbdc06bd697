import type { HouseGroupShort } from '@yado/contract/catalogue.contract';
import { addMonthsToDate, civilFromIso, daysBetween, type IsoDate } from '@yado/contract/civil-date';
import { CONSUMPTION_TAX_PERCENT, inclusiveOf, type ConsumptionTaxRate } from '@yado/contract/consumption-tax';
import { dateTimeFromDate } from '@yado/contract/date-time';
import { computeTotals, type BillingLineInput } from '../billing/billing.service.js';
import {
  formatServiceCharge,
  type PricedNightInput,
  type QuoteInput,
  type QuoteSnapshot,
} from './booking-quote.rules.js';

/*
 * The price side of the owner booking types (OWN_USE, MUTUAL_USE): the nights are paid with slots,
 * not yen; the stay costs the house group's own-use fee and, for mutual use, an extra charge per
 * night. Pure functions: the same input always gives the same quote.
 */

/** The consumption tax rate of owners' fees: a service, at the standard rate. */
export const OWNER_FEE_TAX_RATE_TYPE = 'STANDARD' satisfies ConsumptionTaxRate;
/** Its percentage, as the owner expenditure ledger keeps it beside a fee. */
export const OWNER_FEE_TAX_RATE = CONSUMPTION_TAX_PERCENT[OWNER_FEE_TAX_RATE_TYPE];

/** The subjects an owner booking's debt option settles; never part of the DEFAULT billing. */
export const OWNER_FEE_SUBJECTS = ['OWN_USE_FEE', 'MUTUAL_USE_EXTRA_CHARGE'] as const;
export type OwnerFeeSubject = (typeof OWNER_FEE_SUBJECTS)[number];
export const isOwnerFeeLine = (l: BillingLineInput) => (OWNER_FEE_SUBJECTS as readonly string[]).includes(l.subject);

/** The fee lines of an owner stay: the own-use fee once (on the first night) and the extra charge per night. */
export function ownerFeeLines(input: {
  nights: readonly PricedNightInput[];
  ownUseFee: number;
  extraChargePerDay: number;
}): BillingLineInput[] {
  const lines: BillingLineInput[] = [];
  const first = input.nights[0];
  if (first && input.ownUseFee > 0) {
    lines.push({
      subject: 'OWN_USE_FEE',
      category: null,
      titleEn: 'Own-use fee (cleaning and preparation)',
      titleJa: 'オーナー利用料（清掃・準備）',
      date: first.date,
      quantity: 1,
      amount: input.ownUseFee,
      taxRateType: OWNER_FEE_TAX_RATE_TYPE,
      serviceChargeApplicable: false,
    });
  }
  if (input.extraChargePerDay > 0) {
    for (const n of input.nights) {
      lines.push({
        subject: 'MUTUAL_USE_EXTRA_CHARGE',
        category: null,
        titleEn: 'Mutual-use extra charge',
        titleJa: '相互利用追加料金',
        date: n.date,
        quantity: 1,
        amount: input.extraChargePerDay,
        taxRateType: OWNER_FEE_TAX_RATE_TYPE,
        serviceChargeApplicable: false,
      });
    }
  }
  return lines;
}

/** The last day an owner cancels free: the same day of the month OWNER_FREE_CANCELLATION_MONTHS before check-in (or that month's last day). */
export function ownerFreeCancellationLimit(checkinDate: IsoDate, months: number): IsoDate {
  return addMonthsToDate(checkinDate, -months);
}

export type SlotUse = { slotStandard: number; slotHigh: number; slotHighSubstitute: number };

export type OwnerQuoteInput = Omit<QuoteInput, 'coupon' | 'fixedDepositAmount'> & {
  ownUseFee: number;
  extraChargePerDay: number;
  consumption: SlotUse;
  consumptionHouseGroup: HouseGroupShort;
  shareId: string;
  freeCancellationLimitDate: IsoDate;
};

/**
 * The quote of an owner stay: the slots it consumes, the own-use fee and extra charges (service
 * charge does not apply to them), meals and options as for any stay, no deposit and no
 * accommodation tax (no lodging is sold). nightAmounts carry the fees per date, tax-inclusive:
 * what a late cancellation keeps.
 */
export function buildOwnerQuote(input: OwnerQuoteInput): QuoteSnapshot {
  const feeLines = ownerFeeLines(input);
  const lines = [...feeLines, ...input.meals.lines, ...input.options.lines];
  const serviceChargePercentage = formatServiceCharge(input.houseGroup.serviceChargePercentage);
  const totals = computeTotals({ lines, serviceChargePercentage, accommodationTax: 0 });
  const totalAmount = totals.taxInclusiveTotalAmount;
  const nightAmounts = input.nights.map((n, i) => ({
    date: n.date,
    amount:
      inclusiveOf(input.extraChargePerDay, OWNER_FEE_TAX_RATE_TYPE) +
      (i === 0 ? inclusiveOf(input.ownUseFee, OWNER_FEE_TAX_RATE_TYPE) : 0),
  }));
  return {
    quote: {
      totalAmount,
      mealAmount: input.meals.mealAmount,
      accommodationAmount: 0,
      consumptionSlotStandard: input.consumption.slotStandard,
      consumptionSlotHigh: input.consumption.slotHigh,
      consumptionSlotHighSubstitute: input.consumption.slotHighSubstitute,
      consumptionHouseGroup: input.consumptionHouseGroup,
      extraChargePerDay: input.extraChargePerDay,
      totalExtraCharge: input.extraChargePerDay * input.nights.length,
      depositAmount: 0,
      tentativeBookingDeadline: dateTimeFromDate(input.tentativeDeadline),
      freeCancellationLimitDate: civilFromIso(input.freeCancellationLimitDate),
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
      nights: input.nights.map((n) => ({ date: civilFromIso(n.date), priceType: n.priceType, amount: 0 })),
      serviceChargeAmount: totals.serviceChargeAmount,
      consumptionTaxAmount: totals.subtotalsByConsumptionTaxRate.reduce((s, t) => s + t.taxAmount, 0),
      subtotalsByConsumptionTaxRate: totals.subtotalsByConsumptionTaxRate,
      accommodationTaxAmount: 0,
      discountAmount: 0,
      coupon: null,
      serviceChargeAndTaxInclusiveAmount: totalAmount,
      remainingAmount: totalAmount,
      totalOwnUseFee: feeLines.filter((l) => l.subject === 'OWN_USE_FEE').reduce((s, l) => s + l.amount, 0),
      consumptionShareId: input.shareId,
    },
    lines,
    serviceChargePercentage,
    accommodationTax: 0,
    nightAmounts,
    coupon: null,
  };
}

export type ConsumedSlotValue = 'STANDARD' | 'HIGH' | 'HIGH_SUBSTITUTE';

/**
 * Which slot each night consumed: a STANDARD night a standard slot; HIGH nights, in date order,
 * high slots first and then standard slots as high-substitutes (as the ledger took them).
 */
export function consumedSlotsByNight(
  nights: readonly { date: IsoDate; priceType: 'STANDARD' | 'HIGH' }[],
  slotHigh: number,
): { date: IsoDate; consumedSlot: ConsumedSlotValue }[] {
  let highLeft = slotHigh;
  return [...nights]
    .sort((a, b) => (a.date < b.date ? -1 : 1))
    .map((n) => {
      if (n.priceType === 'STANDARD') return { date: n.date, consumedSlot: 'STANDARD' as const };
      if (highLeft > 0) {
        highLeft -= 1;
        return { date: n.date, consumedSlot: 'HIGH' as const };
      }
      return { date: n.date, consumedSlot: 'HIGH_SUBSTITUTE' as const };
    });
}

export type OwnerFeeSchedule = {
  underFreeCancellationPeriod: boolean;
  percentage: number;
  totalFee: number;
  perDate: {
    date: IsoDate;
    amount: number;
    details: {
      percentage: number;
      amount: number;
      source: 'ACCOMMODATION_AMOUNT' | 'MUTUAL_USE_EXTRA_CHARGE';
      consumedSlot: ConsumedSlotValue | null;
    }[];
  }[];
};

/**
 * What cancelling an owner stay today costs. Until the free-cancellation limit (a month before
 * check-in) nothing: the slots go back and no fee is owed. Later, every night's slot is consumed
 * (consumedSlot) and the stay's fees (own-use fee, extra charges) are kept as the cancellation
 * fee; a hold never confirmed cancels free.
 */
export function ownerCancellationSchedule(input: {
  nights: readonly { date: IsoDate; priceType: 'STANDARD' | 'HIGH' }[];
  nightAmounts: readonly { date: IsoDate; amount: number }[];
  slotHigh: number;
  freeCancellationLimitDate: IsoDate;
  today: IsoDate;
  confirmed: boolean;
  source: 'ACCOMMODATION_AMOUNT' | 'MUTUAL_USE_EXTRA_CHARGE';
}): OwnerFeeSchedule {
  const under = !input.confirmed || daysBetween(input.today, input.freeCancellationLimitDate) >= 0;
  const slots = new Map(consumedSlotsByNight(input.nights, input.slotHigh).map((s) => [s.date, s.consumedSlot]));
  const perDate = input.nightAmounts.map((n) => {
    const amount = under ? 0 : n.amount;
    return {
      date: n.date,
      amount,
      details: [
        {
          percentage: under ? 0 : 100,
          amount,
          source: input.source,
          consumedSlot: under ? null : (slots.get(n.date) ?? null),
        },
      ],
    };
  });
  return {
    underFreeCancellationPeriod: under,
    percentage: under ? 0 : 100,
    totalFee: perDate.reduce((s, d) => s + d.amount, 0),
    perDate,
  };
}
