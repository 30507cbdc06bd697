import type { BookingDetail, BookingRequest } from '@yado/contract/booking.contract';
import type { BillingDetail, BillingSummary } from '@yado/contract/billing.contract';
import type { HouseGroup } from '@yado/contract/catalogue.contract';
import type { MethodDef } from '@yado/contract/method';
import type { z } from 'zod';
import type { IsoDate } from '@yado/contract/civil-date';
import type { QuoteSnapshot } from '../booking-quote.rules.js';

/**
 * What a booking of a type uses up when it is held. The guest types pay in yen; the types to come
 * add their own (slots, NAC, vouchers, key tokens), each spent by its module's hooks.
 */
export type Consumption = 'YEN';

/** What every deposit-paid booking shows in its type extension (spec: guest use, exclusive accommodation). */
export type DepositFacts = {
  accommodationAmount: number;
  depositAmount: number;
  deposit: BillingSummary | null;
  depositDetail: BillingDetail;
};

/** The request a type's create method takes: the booking request, with or without a coupon. */
export type HoldInput = Omit<BookingRequest, 'coupon'> & { coupon?: BookingRequest['coupon'] };

/**
 * One booking type, plugged in beside the booking core (decision 0021). The core chooses the house,
 * holds it, runs the lifecycle and records every transition; the type says who may book it and
 * where, when, what it consumes, what it adds to the quote and its type extension of the booking
 * detail. Every type is listed once, in use-types.registry.ts; shared code never branches on a type.
 */
export type UseType<T extends string = string, F extends keyof BookingDetail = keyof BookingDetail> = {
  bookingType: T;
  /** The contract method that holds a booking of this type (its access says who may call it). */
  createMethod: MethodDef<z.ZodType<HoldInput>, z.ZodType>;
  /** Whether a house group that lists the type may be booked for it (the group's usage, its kind). */
  offeredBy(hg: HouseGroup): boolean;
  /** The first check-in date a booking made today may have. */
  bookableFrom(today: IsoDate): IsoDate;
  consumes: Consumption;
  /** Its part of the quote: whether a coupon may discount the stay. */
  acceptsCoupon: boolean;
  /** The booking detail's field that carries the type extension (null for every other type). */
  extensionField: F;
  typeExtension(facts: DepositFacts, quote: QuoteSnapshot['quote']): NonNullable<BookingDetail[F]>;
};
