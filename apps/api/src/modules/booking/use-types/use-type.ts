import type { BookingDetail, BookingRequest, DebtOptionUi } from '@yado/contract/booking.contract';
import type { BillingDetail, BillingSummary } from '@yado/contract/billing.contract';
import type { HouseGroup } from '@yado/contract/catalogue.contract';
import type { DateTime } from '@yado/contract/common.schema';
import type { MethodDef } from '@yado/contract/method';
import type { TimeUseRequest } from '@yado/contract/time-use.contract';
import type { z } from 'zod';
import type { IsoDate } from '@yado/contract/civil-date';
import type { QuoteSnapshot } from '../booking-quote.rules.js';

/**
 * What a booking of a type uses up when it is held. The guest types pay in yen; the types to come
 * add their own (slots, NAC, vouchers, key tokens), each spent by its module's hooks.
 */
export type Consumption = 'YEN' | 'SLOTS';

/** What every deposit-paid booking shows in its type extension (spec: guest use, exclusive accommodation). */
export type DepositFacts = {
  accommodationAmount: number;
  depositAmount: number;
  deposit: BillingSummary | null;
  depositDetail: BillingDetail;
};

/** What every owner booking shows in its type extension (spec: own use, mutual use). */
export type OwnerFacts = {
  consumption: NonNullable<BookingDetail['ownUse']>['consumption'];
  /** Tax-inclusive yen. */
  totalOwnUseFee: number;
  /** The mutual-use extra charge of the stay, tax-inclusive yen. */
  extraCharge: number;
  debtOptionUi: DebtOptionUi;
};

/**
 * What a booking type paid with a share's slots adds (decision 0030): which share may pay, how far
 * ahead, what it charges besides the slots, and what a late cancellation keeps.
 */
export type OwnerUse = {
  /** SAME: the share's own house group (own use); OTHER: another house group of the owner network (mutual use). */
  houseGroupOfShare: 'SAME' | 'OTHER';
  /** How many months ahead a stay may start, given the owner's nights per year. */
  windowMonths(nightsPerYear: number): number;
  /** Whether the stay pays the house group's extra charge per night. */
  paysExtraChargePerDay: boolean;
  /** The source a late cancellation's fee details name. */
  cancellationSource: 'ACCOMMODATION_AMOUNT' | 'MUTUAL_USE_EXTRA_CHARGE';
  /** The fees the booking's debt option applies to (spec: TARGET_ prefixed). */
  debtTargets: DebtOptionUi['targets'];
};

/** What every gifted booking shows in its type extension (spec: gift use, slots gift, dated slots gift). */
export type GiftFacts = {
  sender: NonNullable<BookingDetail['giftUse']>['sender'];
  /** Until when the gift may be accepted (the booking's gift_expire_at). */
  expireAt: DateTime;
};

/**
 * What a booking type given by an owner adds (decision 0034): whether the owner dates the nights
 * (the booking is held GIFTED with the gift) or the recipient does, and what the recipient sees of the sender.
 */
export type GiftUse = {
  /** True: held GIFTED for its nights when given; false: undated nights the recipient books. */
  dated: boolean;
  /** The recipient sees the sender's full name (GIFT_USE), else only the last name. */
  showsSenderName: boolean;
};

/**
 * A booking type an owner gives (GIFT_USE, SLOTS_GIFT_USE, DATED_SLOTS_GIFT_USE): its create method
 * is the gift module's (a gift record and its link are written with the booking), and it is paid
 * with the share's slots as an owner stay is.
 */
export type GiftedUseType<T extends string, F extends keyof BookingDetail> = Omit<UseType<T, F>, 'createMethod'> & {
  createMethod: MethodDef<z.ZodType, z.ZodType>;
  owner: OwnerUse;
  gift: GiftUse;
};

/**
 * What a booking held on an entitlement shows in its type extension: the key token and the wallet
 * that held it, or the DAO slot whose days it took.
 */
export type EntitlementFacts =
  { tokenId: string; walletAddress: string } | { daoAccommodationSlotId: string } | { accommodationVoucherId: string };

/**
 * A booking type whose room an entitlement pays (NFT_THE_KEY_USE, NFT_MASTER_KEY_USE, DAO_USE;
 * decision 0051): its create method is the entitlement's module's (the nights leave the token's or
 * the slot's ledger in the hold's transaction); the core prices its nights at zero and holds, confirms and cancels it as any
 * stay paid in yen (meals, options, extra guests).
 */
export type EntitledUseType<T extends string, F extends keyof BookingDetail> = Omit<UseType<T, F>, 'createMethod'> & {
  createMethod: MethodDef<z.ZodType, z.ZodType>;
  coversNights: true;
  /** What pays the room; the booking keeps the entitlement's facts (bookings.entitlement). */
  entitlement: 'KEY_TOKEN' | 'DAO_SLOT' | 'DAO_SLOT_OR_VOUCHER';
};

/** The request a type's create method takes: the booking request, with or without a coupon. */
export type HoldInput = Omit<BookingRequest, 'coupon'> & { coupon?: BookingRequest['coupon'] };

/**
 * A booking type held by the hour instead of by nights (EXCLUSIVE_TIME_USE, decision 0027): its create
 * method takes hours and its own hold (time-use.service.ts) serves it; the lifecycle, confirmation,
 * payment, cancellation and view are the core's, as for every UseType.
 */
export type HourlyUseType<T extends string, F extends keyof BookingDetail> = Omit<UseType<T, F>, 'createMethod'> & {
  createMethod: MethodDef<z.ZodType<TimeUseRequest>, z.ZodType>;
  heldByTheHour: true;
};

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
  /** The owner side of a type that consumes SLOTS; absent for the types paid in yen. */
  owner?: OwnerUse;
  /** False for a type that lodges nobody (held by the hour): no headcount, register, meals or options. */
  lodges?: boolean;
  /** The check-in and check-out a booking shows when they are not the nights' (a type held by the hour shows its hours). */
  shownTimes?(quote: QuoteSnapshot['quote']): { checkinTime: DateTime; checkoutTime: DateTime };
  /** The room is paid by an entitlement (a key token): the quote prices each night at zero. */
  coversNights?: boolean;
  /** Its part of the quote: whether a coupon may discount the stay. */
  acceptsCoupon: boolean;
  /** The booking detail's field that carries the type extension (null for every other type). */
  extensionField: F;
  typeExtension(
    facts: DepositFacts,
    quote: QuoteSnapshot['quote'],
    owner: OwnerFacts | null,
    gift?: GiftFacts | null,
    entitlement?: EntitlementFacts | null,
  ): NonNullable<BookingDetail[F]>;
};
