import { randomUUID } from 'node:crypto';
import type { BookingRequest, Headcount, OwnerBookingRequest } from '@yado/contract/booking.contract';
import { OWNER_FREE_CANCELLATION_MONTHS, OWN_USE_WINDOW_MONTHS } from '@yado/contract/booking.contract';
import { addMonthsToDate, civilFromIso, todayIn, type IsoDate } from '@yado/contract/civil-date';
import type { CivilDate } from '@yado/contract/common.schema';
import type { Language } from '@yado/contract/headers';
import { AppError } from '../../platform/app-error.js';
import type { Db } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import { getHouseGroup, getPlace } from '../catalogue/catalogue.service.js';
import { cancelOrdersOfBooking } from '../meal/meal.service.js';
import { ownerSettingsOf } from '../ownership/owner-settings.service.js';
import { consumeGiftedNights, planGiftedNights, returnSlots } from '../ownership/slot-ledger.service.js';
import { requireUser } from '../user/user.service.js';
import { recordTransition } from './booking-lifecycle.service.js';
import { shortOf } from './booking-output.rules.js';
import { priceRequest, type PricedRequest } from './booking-quote.service.js';
import type { QuoteSnapshot } from './booking-quote.rules.js';
import { actorOf, move } from './booking-state.rules.js';
import * as repo from './booking.repo.js';
import type { BookingRecord } from './booking.repo.js';
import { placeRequestedOrders, takeFirstFreeHouse, type HoldIds } from './create-tentative-booking.service.js';
import { holdOwnerStay } from './owner-booking.service.js';
import { recordGiftFees } from './owner-fees.service.js';
import { buildOwnerQuote, ownerFreeCancellationLimit } from './owner-quote.rules.js';
import type { UseType } from './use-types/use-type.js';
import { useTypeOf, type BookingTypeValue } from './use-types/use-types.registry.js';
import { ownBookingOr404 } from './booking-access.service.js';

/*
 * The booking side of owners' gifts (decision 0034). The gift module keeps the gift, its link and
 * its state, and calls these inside its own transactions, the gift's row locked first and the
 * booking's second (every path takes them in that order, so an acceptance, a withdrawal and the
 * expiry job racing for one gift take turns and only the first acts).
 */

/** What a recipient chooses when taking a stay given to them. */
export type GiftStayChoices = Pick<
  BookingRequest,
  'headcount' | 'childrenAge' | 'allergy' | 'request' | 'pet' | 'meals' | 'extraOptions'
>;

/** A house group as a gift shows it (and whether it lists the type of the gift). */
export async function giftHouseGroup(deps: Deps, language: Language, houseGroupId: string) {
  const { houseGroup } = await getHouseGroup(deps, language, houseGroupId);
  const { place } = await getPlace(deps, language, houseGroup.placeId);
  return { houseGroup, short: shortOf(houseGroup, place.prefectureName) };
}

/**
 * Holds the nights of a dated gift on the owner's share: the owner hold (window, slots consumed,
 * own-use fee) for the fewest adults the house group takes, without meals or options (the
 * recipient chooses those). The booking is TENTATIVE until markGifted moves it in the gift's
 * transaction; should that never happen, the hold lapses at its deadline and its slots return.
 */
export async function holdGiftStay(
  deps: Deps,
  input: {
    accountId: string;
    language: Language;
    bookingType: BookingTypeValue;
    houseGroupId: string;
    checkinDate: CivilDate;
    checkoutDate: CivilDate;
    shareId: string;
    bookingId: string;
  },
): Promise<{ bookingId: string }> {
  const { houseGroup } = await getHouseGroup(deps, input.language, input.houseGroupId);
  const request: OwnerBookingRequest = {
    houseGroupId: input.houseGroupId,
    checkinDate: input.checkinDate,
    checkoutDate: input.checkoutDate,
    headcount: placeholderHeadcount(houseGroup.minAdultCapacity),
    childrenAge: [],
    allergy: '',
    request: '',
    meals: [],
    extraOptions: [],
    shareId: input.shareId,
    debtOption: 'DEFAULT',
  };
  const held = await holdOwnerStay(deps, input.accountId, input.language, giftUseType(input.bookingType), request, {
    bookingId: input.bookingId,
  });
  return { bookingId: held.bookingId };
}

const placeholderHeadcount = (adults: number): Headcount => ({
  males: Math.max(1, adults),
  females: 0,
  children: 0,
  largeDogs: 0,
  mediumDogs: 0,
  smallDogs: 0,
});

function giftUseType(bookingType: BookingTypeValue): UseType {
  const t = useTypeOf(bookingType);
  if (!t.owner || !('gift' in t)) throw new AppError('CodeBookingTypeNotAvailable');
  return t;
}

/** TENTATIVE → GIFTED, inside the gift's transaction: the hold now waits for its recipient until expireAt. */
export async function markGifted(
  tx: Db,
  bookingId: string,
  g: { accountId: string; senderUserId: string; expireAt: Date; now: Date },
): Promise<void> {
  const b = ownBookingOr404(await repo.lockBooking(tx, bookingId), g.accountId);
  await recordTransition(tx, b, {
    action: 'GIFT',
    to: move(b.status, 'GIFT'),
    actor: actorOf.account(g.accountId),
    at: g.now,
    patch: { giftSenderUserId: g.senderUserId, giftExpireAt: g.expireAt, tentativeDeadline: null },
    detail: { giftExpireAt: g.expireAt.toISOString() },
  });
}

/** A stay priced with what its recipient chose, before the transaction that books it. */
type StayPricing = {
  priced: PricedRequest;
  snapshot: QuoteSnapshot;
  choices: GiftStayChoices;
  language: Language;
};

/** A GIFTED booking priced for its recipient. */
export type GiftStayPricing = StayPricing & { booking: BookingRecord };

/**
 * Prices a GIFTED booking for its recipient: their headcount (checked against the house group),
 * meals and options, with the slots the gift already consumed and the owner's fee. Reads only.
 */
export async function priceGiftAcceptance(
  deps: Deps,
  input: { accountId: string; language: Language; bookingId: string; choices: GiftStayChoices },
): Promise<GiftStayPricing> {
  const b = await repo.findBooking(deps.db, input.bookingId);
  if (!b) throw new AppError('CodeBookingNotFound');
  if (b.status !== 'GIFTED') throw new AppError('CodeBookingStatusInvalid');
  const priced = await priceRequest(deps, {
    accountId: input.accountId,
    language: input.language,
    bookingType: b.bookingType,
    request: {
      ...input.choices,
      houseGroupId: b.houseGroupId,
      checkinDate: civilOf(b.checkinDate),
      checkoutDate: civilOf(b.checkoutDate),
    },
  });
  const settings = await ownerSettingsOf(deps.db, b.houseGroupId);
  const q = b.quote.quote;
  const snapshot = ownerSnapshot(priced, {
    ownUseFee: settings.ownUseFee,
    consumption: {
      slotStandard: q.consumptionSlotStandard,
      slotHigh: q.consumptionSlotHigh,
      slotHighSubstitute: q.consumptionSlotHighSubstitute,
    },
    consumptionHouseGroup: q.consumptionHouseGroup!,
    shareId: b.shareId!,
    houseId: b.houseId,
  });
  return { booking: b, priced, snapshot, choices: input.choices, language: input.language };
}

const civilOf = (iso: IsoDate): CivilDate => civilFromIso(iso);

function ownerSnapshot(
  priced: PricedRequest,
  o: {
    ownUseFee: number;
    consumption: { slotStandard: number; slotHigh: number; slotHighSubstitute: number };
    consumptionHouseGroup: NonNullable<QuoteSnapshot['quote']['consumptionHouseGroup']>;
    shareId: string;
    houseId: string;
  },
): QuoteSnapshot {
  const hg = priced.houseGroup;
  return buildOwnerQuote({
    houseGroup: {
      baseCapacity: hg.baseCapacity,
      extraChargePerGuestPerNight: hg.extraChargePerGuestPerNight,
      serviceChargePercentage: hg.serviceChargePercentage,
      accommodationTaxBands: hg.accommodationTaxBands,
      cancellationPolicy: hg.cancellationPolicy,
    },
    checkinDate: priced.checkinDate,
    nights: priced.nights,
    headcount: priced.counts,
    meals: priced.mealPricing,
    options: priced.optionPricing,
    tentativeDeadline: priced.tentativeDeadline,
    ownUseFee: o.ownUseFee,
    extraChargePerDay: 0,
    consumption: o.consumption,
    consumptionHouseGroup: o.consumptionHouseGroup,
    shareId: o.shareId,
    houseId: o.houseId,
    freeCancellationLimitDate: ownerFreeCancellationLimit(priced.checkinDate, OWNER_FREE_CANCELLATION_MONTHS),
  });
}

/**
 * GIFTED → BOOKED in the recipient's name, inside the acceptance's transaction: their headcount and
 * the quote with their meals and options, whose orders bill them; the owner's fee to the owner's
 * statement. A booking no longer GIFTED is refused (CodeBookingStatusInvalid) and nothing changes.
 */
export async function takeGiftedStay(
  tx: Db,
  pricing: GiftStayPricing,
  to: { accountId: string; userId: string; now: Date },
): Promise<void> {
  const b = await repo.lockBooking(tx, pricing.booking.id);
  if (!b) throw new AppError('CodeBookingNotFound');
  const actor = actorOf.account(to.accountId);
  const { priced, choices } = pricing;
  await recordTransition(tx, b, {
    action: 'ACCEPT_GIFT',
    to: move(b.status, 'ACCEPT_GIFT'),
    actor,
    at: to.now,
    patch: {
      accountId: to.accountId,
      userId: to.userId,
      ...priced.counts,
      childrenAges: choices.childrenAge,
      allergy: choices.allergy,
      request: choices.request,
      pet: choices.pet ?? null,
      quote: pricing.snapshot,
      bookedAt: to.now,
    },
    detail: { from: b.accountId, totalAmount: pricing.snapshot.quote.totalAmount },
  });
  const ids: HoldIds = { bookingId: b.id, stayId: b.stayId, conversationId: b.conversationId ?? '', now: to.now };
  const hold = {
    accountId: to.accountId,
    language: pricing.language,
    bookingType: b.bookingType,
    request: {
      ...choices,
      houseGroupId: b.houseGroupId,
      checkinDate: civilOf(b.checkinDate),
      checkoutDate: civilOf(b.checkoutDate),
    },
  };
  await placeRequestedOrders(tx, hold, priced, ids, pricing.snapshot);
  await recordGiftFees(tx, { ...b, quote: pricing.snapshot }, actor, to.now);
}

/**
 * Ends a GIFTED booking that nobody accepted (withdrawn, declined, expired), inside the gift's
 * transaction: the house released, any order cancelled, the slots given back (once: the ledger's
 * references are unique), CANCELLED. A booking no longer GIFTED is left as it is.
 */
export async function endGiftedStay(
  tx: Db,
  bookingId: string,
  end: { action: 'GIFT_WITHDRAWN' | 'GIFT_DECLINED' | 'GIFT_EXPIRED'; actor: string; now: Date },
): Promise<void> {
  const b = await repo.lockBooking(tx, bookingId);
  if (!b || b.status !== 'GIFTED') return;
  await repo.releaseStay(tx, b.stayId, end.now);
  await cancelOrdersOfBooking(tx, b.id, end.now);
  await returnSlots(tx, { bookingId: b.id, actor: end.actor, at: end.now });
  await recordTransition(tx, b, {
    action: end.action,
    to: move(b.status, 'END_GIFT'),
    actor: end.actor,
    at: end.now,
    patch: { cancelledAt: end.now },
  });
}

/** An undated gift as the recipient's booking reads it. */
export type SlotsGiftSource = {
  houseGroupId: string;
  shareId: string;
  slotYear: number;
  standard: number;
  high: number;
  /** The ledger key the gift's nights were consumed under. */
  slotKey: string;
  senderUserId: string;
  expireAt: Date;
};

export type SlotsGiftPricing = {
  pricing: StayPricing;
  gift: SlotsGiftSource;
  years: NonNullable<ReturnType<typeof planGiftedNights>>;
};

/**
 * Prices the stay a recipient books with an undated gift: nights at the gift's house group from
 * today within the owner's window (CodeOutsideBookingWindow), all of the gift's slot year and
 * covered by its nights (CodeGiftSlotsExceeded), with their headcount, meals and options. Reads only.
 */
export async function priceSlotsGiftStay(
  deps: Deps,
  input: {
    accountId: string;
    language: Language;
    gift: SlotsGiftSource;
    request: GiftStayChoices & Pick<BookingRequest, 'checkinDate' | 'checkoutDate'>;
  },
): Promise<SlotsGiftPricing> {
  const { gift } = input;
  const priced = await priceRequest(deps, {
    accountId: input.accountId,
    language: input.language,
    bookingType: 'SLOTS_GIFT_USE',
    request: { ...input.request, houseGroupId: gift.houseGroupId },
  });
  const hg = priced.houseGroup;
  const today = todayIn(hg.timezone, deps.clock.now());
  const last = addMonthsToDate(today, OWN_USE_WINDOW_MONTHS);
  if (priced.checkinDate > last) {
    throw new AppError('CodeOutsideBookingWindow', {
      fields: [
        { field: 'checkinDate', description: `bookable from ${today} to ${last}` },
        { field: 'windowFirstDate', description: today },
        { field: 'windowLastDate', description: last },
      ],
    });
  }
  const settings = await ownerSettingsOf(deps.db, hg.id);
  const years = planGiftedNights(
    priced.nights,
    { slotYear: gift.slotYear, standard: gift.standard, high: gift.high },
    settings.allowHighSubstitute,
  );
  if (!years) {
    throw new AppError('CodeGiftSlotsExceeded', {
      fields: [
        {
          field: 'checkoutDate',
          description: `the gift gives ${gift.standard} standard and ${gift.high} high nights of ${gift.slotYear}`,
        },
      ],
    });
  }
  const use = years.reduce(
    (s, y) => ({
      slotStandard: s.slotStandard + y.slotStandard,
      slotHigh: s.slotHigh + y.slotHigh,
      slotHighSubstitute: s.slotHighSubstitute + y.slotHighSubstitute,
    }),
    { slotStandard: 0, slotHigh: 0, slotHighSubstitute: 0 },
  );
  const { short } = await giftHouseGroup(deps, input.language, hg.id);
  const snapshot = ownerSnapshot(priced, {
    ownUseFee: settings.ownUseFee,
    consumption: use,
    consumptionHouseGroup: short,
    shareId: gift.shareId,
    houseId: '',
  });
  return { pricing: { priced, snapshot, choices: input.request, language: input.language }, gift, years };
}

/** Fresh ids of a stay written at `now`. */
const newHoldIds = (now: Date) => ({
  bookingId: randomUUID(),
  stayId: randomUUID(),
  conversationId: randomUUID(),
  now,
});

/**
 * Books the recipient's stay with an undated gift, inside the gift's transaction: the gift's
 * nights go back to the share and the stay's are consumed from them (so unused ones stay with the
 * owner), the first free house is taken, and the booking is written BOOKED in the recipient's name
 * with their orders and the owner's fee to the owner's statement. CodeHouseNotAvailable undoes it all.
 */
export async function writeSlotsGiftStay(
  tx: Db,
  p: SlotsGiftPricing,
  to: { accountId: string; userId: string; now: Date },
): Promise<{ bookingId: string }> {
  const { priced, choices, language } = p.pricing;
  const ids: HoldIds = { ...newHoldIds(to.now), accountId: to.accountId };
  const actor = actorOf.account(to.accountId);
  await returnSlots(tx, { bookingId: p.gift.slotKey, actor, at: to.now });
  const houseId = await takeFirstFreeHouse(tx, priced, priced.houseIds, ids);
  const snapshot: QuoteSnapshot = {
    ...p.pricing.snapshot,
    quote: { ...p.pricing.snapshot.quote, consumptionHouseId: houseId },
  };
  const request = {
    ...choices,
    houseGroupId: p.gift.houseGroupId,
    checkinDate: civilOf(priced.checkinDate),
    checkoutDate: civilOf(priced.checkoutDate),
  };
  await repo.insertBooking(
    tx,
    {
      id: ids.bookingId,
      accountId: to.accountId,
      userId: to.userId,
      houseGroupId: p.gift.houseGroupId,
      houseId,
      stayId: ids.stayId,
      bookingType: 'SLOTS_GIFT_USE',
      status: 'BOOKED',
      checkinDate: priced.checkinDate,
      checkoutDate: priced.checkoutDate,
      timezone: priced.houseGroup.timezone,
      ...priced.counts,
      childrenAges: choices.childrenAge,
      allergy: choices.allergy,
      request: choices.request,
      pet: choices.pet ?? null,
      tentativeDeadline: null,
      couponRedemptionId: null,
      quote: snapshot,
      conversationId: ids.conversationId,
      createdAt: to.now,
    },
    {
      fromStatus: null,
      toStatus: 'BOOKED',
      action: 'ACCEPT_GIFT',
      actor,
      detail: {
        houseId,
        bookingType: 'SLOTS_GIFT_USE',
        slotKey: p.gift.slotKey,
        totalAmount: snapshot.quote.totalAmount,
      },
    },
  );
  await repo.setOwnerFields(tx, ids.bookingId, {
    shareId: p.gift.shareId,
    debtOption: 'DEFAULT',
    bookedByFamilyMember: false,
  });
  await repo.updateBooking(
    tx,
    ids.bookingId,
    { bookedAt: to.now, giftSenderUserId: p.gift.senderUserId, giftExpireAt: p.gift.expireAt },
    to.now,
  );
  await consumeGiftedNights(tx, { shareId: p.gift.shareId, bookingId: ids.bookingId, actor, at: to.now }, p.years);
  const hold = { accountId: to.accountId, language, bookingType: 'SLOTS_GIFT_USE' as const, request };
  const ordered = await placeRequestedOrders(tx, hold, priced, ids, snapshot);
  const b = await repo.findBooking(tx, ids.bookingId);
  await recordGiftFees(tx, { ...b!, quote: ordered }, actor, to.now);
  return { bookingId: ids.bookingId };
}

/** The user a gift's recipient is (their booking is written in that name). */
export async function recipientOf(deps: Deps, accountId: string) {
  return requireUser(deps, accountId);
}
