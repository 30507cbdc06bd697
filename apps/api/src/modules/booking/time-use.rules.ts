import type { BookingDetail, BookingQuote } from '@yado/contract/booking.contract';
import type { BillingSummary } from '@yado/contract/billing.contract';
import type { DateTime } from '@yado/contract/common.schema';
import type { HouseGroup } from '@yado/contract/catalogue.contract';
import { addDays, type IsoDate } from '@yado/contract/civil-date';
import { CONSUMPTION_TAX_PERCENT } from '@yado/contract/consumption-tax';
import {
  TIME_USE_MAX_HOURS,
  TIME_USE_MIN_HOURS,
  TIME_USE_WINDOW_DAYS,
  type TimeUsePriceKindValue,
} from '@yado/contract/time-use.contract';
import { AppError } from '../../platform/app-error.js';
import { buildQuote, type QuoteSnapshot } from './booking-quote.rules.js';
import { instantOf, localDateTime } from './booking-time.rules.js';

// Exclusive time use (docs/decisions/0027-exclusive-time-use.md): pure rules of hours, window and price.

/** The consumption tax rate of the hours: a service, STANDARD (the quote's lines carry it; billing.rules totals it). */
export const TIME_USE_TAX_RATE = CONSUMPTION_TAX_PERCENT.STANDARD;

/** A TIME house group's opening hours: its check-in time rounded up to its check-out time rounded down, whole hours. */
export function openingHours(hg: Pick<HouseGroup, 'checkinTime' | 'checkoutTime'>): {
  opensAt: number;
  closesAt: number;
} {
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const opensAt = Math.ceil(minutes(hg.checkinTime) / 60);
  const closesAt = Math.floor(minutes(hg.checkoutTime) / 60);
  // A group whose check-out is not after its check-in has no hours to sell.
  return closesAt > opensAt ? { opensAt, closesAt } : { opensAt, closesAt: opensAt };
}

/** The dates a booking made today may be on: today to TIME_USE_WINDOW_DAYS ahead, in the group's zone. */
export function bookingWindow(today: IsoDate): { from: IsoDate; until: IsoDate } {
  return { from: today, until: addDays(today, TIME_USE_WINDOW_DAYS) };
}

const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The instant a local whole hour of a date begins, at the day's UTC offset (hour 24 is the next midnight). */
export function hourInstant(date: IsoDate, hour: number, utcOffset: string): Date {
  return hour >= 24 ? instantOf(addDays(date, 1), hh(hour - 24), utcOffset) : instantOf(date, hh(hour), utcOffset);
}

export type TimeUseSlot = { date: IsoDate; startHour: number; hours: number };

/**
 * Refuses hours that cannot be booked now, in the order a guest can act on: a length outside
 * TIME_USE_MIN_HOURS..TIME_USE_MAX_HOURS or hours outside the opening hours (CodeTimeUseHoursInvalid),
 * a date outside the window (CodeOutsideBookingWindow), an hour already begun (CodeTimeUseHoursInvalid).
 */
export function assertBookableHours(
  slot: TimeUseSlot,
  hg: Pick<HouseGroup, 'checkinTime' | 'checkoutTime'>,
  ctx: { today: IsoDate; now: Date; utcOffset: string },
): void {
  const { opensAt, closesAt } = openingHours(hg);
  const end = slot.startHour + slot.hours;
  if (slot.hours < TIME_USE_MIN_HOURS || slot.hours > TIME_USE_MAX_HOURS) {
    throw new AppError('CodeTimeUseHoursInvalid', {
      fields: [{ field: 'hours', description: `${TIME_USE_MIN_HOURS} to ${TIME_USE_MAX_HOURS} hours` }],
    });
  }
  if (slot.startHour < opensAt || end > closesAt) {
    throw new AppError('CodeTimeUseHoursInvalid', {
      fields: [{ field: 'startHour', description: `within opening hours ${hh(opensAt)}–${hh(closesAt)}` }],
    });
  }
  const window = bookingWindow(ctx.today);
  if (slot.date < window.from || slot.date > window.until) {
    throw new AppError('CodeOutsideBookingWindow', {
      fields: [{ field: 'date', description: `from ${window.from} to ${window.until}` }],
    });
  }
  if (hourInstant(slot.date, slot.startHour, ctx.utcOffset) <= ctx.now) {
    throw new AppError('CodeTimeUseHoursInvalid', {
      fields: [{ field: 'startHour', description: 'this hour has begun or passed' }],
    });
  }
}

/**
 * The caller's price: OWNER (ownerTimeUsePricePerHour) for a holder of a share of the group,
 * MEMBERSHIP (membershipTimeUsePricePerHour) for everyone else; a price of 0 means that kind may not
 * book by the hour, so pricePerHour is null.
 */
export function priceFor(
  hg: Pick<HouseGroup, 'ownerTimeUsePricePerHour' | 'membershipTimeUsePricePerHour'>,
  holdsShare: boolean,
): { priceKind: TimeUsePriceKindValue; pricePerHour: number | null } {
  const priceKind = holdsShare ? 'OWNER' : 'MEMBERSHIP';
  const price = holdsShare ? hg.ownerTimeUsePricePerHour : hg.membershipTimeUsePricePerHour;
  return { priceKind, pricePerHour: price > 0 ? price : null };
}

/** What a time-use booking keeps of its hours beside the quote (read by its type extension). */
export type TimeUseFacts = {
  date: IsoDate;
  startHour: number;
  hours: number;
  utcOffset: string;
  pricePerHour: number;
  priceKind: TimeUsePriceKindValue;
};

/**
 * The quote a time-use booking keeps: the contract's quote with the hours beside it (`timeUse`, which
 * the contract's quote schema does not list, so no answer carries it), read by its type extension.
 */
export type TimeUseQuote = Omit<BookingQuote, 'booking'> & { timeUse: TimeUseFacts };
export type TimeUseSnapshot = QuoteSnapshot & { quote: TimeUseQuote };

/** A local whole hour of a date as the contract's date and time (hour 24 is the next midnight). */
export function hourDateTime(date: IsoDate, hour: number, utcOffset: string): DateTime {
  return hour >= 24
    ? localDateTime(addDays(date, 1), hh(hour - 24), utcOffset)
    : localDateTime(date, hh(hour), utcOffset);
}

/** The booked hours of a time-use quote as the booking's check-in and check-out. */
export function timeUseTimes(quote: Omit<BookingQuote, 'booking'>): { checkinTime: DateTime; checkoutTime: DateTime } {
  const t = (quote as Partial<TimeUseQuote>).timeUse;
  // Only a booking held by the hour has a time-use quote; anything else is a broken row.
  if (!t) throw new Error('a time-use booking without its hours');
  return {
    checkinTime: hourDateTime(t.date, t.startHour, t.utcOffset),
    checkoutTime: hourDateTime(t.date, t.startHour + t.hours, t.utcOffset),
  };
}

/** The exclusive-time-use type extension of a booking's kept quote; its payment is the billing paid at confirmation. */
export function timeUseExtension(
  quote: Omit<BookingQuote, 'booking'>,
  payment: BillingSummary | null,
): NonNullable<BookingDetail['exclusiveTimeUse']> {
  const t = (quote as TimeUseQuote).timeUse;
  const { checkinTime, checkoutTime } = timeUseTimes(quote);
  return {
    start: checkinTime,
    end: checkoutTime,
    hours: t.hours,
    pricePerHour: t.pricePerHour,
    priceKind: t.priceKind,
    usageAmount: t.hours * t.pricePerHour,
    payment,
  };
}

/**
 * Prices the hours with the booking core's quote (billing.rules' consumption tax, STANDARD rate, once
 * per rate): one line of hours × price per hour, no service charge, no accommodation tax (nobody
 * lodges), all of it paid at confirmation (the deposit is the whole), nothing left for later.
 */
export function timeUseQuote(input: {
  facts: TimeUseFacts;
  cancellationPolicy: HouseGroup['cancellationPolicy'];
  tentativeDeadline: Date;
  houseId?: string;
}): TimeUseSnapshot {
  const { facts } = input;
  const usageAmount = facts.hours * facts.pricePerHour;
  const base = buildQuote({
    houseGroup: {
      baseCapacity: 0,
      extraChargePerGuestPerNight: 0,
      serviceChargePercentage: 0,
      accommodationTaxBands: [],
      cancellationPolicy: input.cancellationPolicy,
    },
    checkinDate: facts.date,
    nights: [{ date: facts.date, priceType: 'STANDARD', amount: usageAmount }],
    headcount: { males: 0, females: 0, children: 0, infants: null, largeDogs: 0, mediumDogs: 0, smallDogs: 0 },
    meals: { meals: [], lines: [], mealAmount: 0 },
    options: { extraOptions: [], lines: [], extraOptionAmount: 0 },
    coupon: null,
    tentativeDeadline: input.tentativeDeadline,
    ...(input.houseId ? { houseId: input.houseId } : {}),
  });
  const span = `${hh(facts.startHour)}–${hh(facts.startHour + facts.hours)}`;
  const lines = base.lines.map((l) => ({
    ...l,
    titleEn: `Exclusive time use ${span} (${facts.hours} h)`,
    titleJa: `貸切時間利用 ${span}（${facts.hours}時間）`,
    quantity: facts.hours,
    serviceChargeApplicable: false,
  }));
  const quote: TimeUseQuote = {
    ...base.quote,
    nights: [],
    depositAmount: base.quote.totalAmount,
    remainingAmount: 0,
    timeUse: facts,
  };
  return { ...base, quote, lines };
}
