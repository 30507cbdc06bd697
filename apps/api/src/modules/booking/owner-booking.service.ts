import { createHash, randomUUID } from 'node:crypto';
import type { BookingQuote, OwnerBookingRequest } from '@yado/contract/booking.contract';
import { addMonthsToDate, civilFromIso, realIsoFromCivil, todayIn, type IsoDate } from '@yado/contract/civil-date';
import type { Language } from '@yado/contract/headers';
import { AppError } from '../../platform/app-error.js';
import { withTx, type Db } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import { houseGroupForBooking } from '../catalogue/house-group-cache.service.js';
import { DEFAULT_OWNER_SETTINGS, type OwnerSettings } from '../ownership/owner-settings.service.js';
import {
  findShare,
  ownerHoldContext,
  sharesHeldBy,
  type OwnerHoldContextRead,
} from '../ownership/owner-share.service.js';
import {
  forgetOwnerContext,
  keepOwnerContext,
  keptOwnerContext,
  ownerContextReadUnderWay,
  readingOwnerContext,
  rememberTierBalance,
  tierLastReadEmpty,
  type KeptOwnerContext,
} from '../ownership/owner-hold-context-cache.service.js';
import {
  consumePlannedSlots,
  consumeSlots,
  planFromBalances,
  previewConsumption,
  plannedConsumeEntries,
  type ConsumeRequest,
} from '../ownership/slot-ledger.service.js';
import type { HoldingUser } from './booking.repo.js';
import { basicBooking, shortOf } from './booking-output.rules.js';
import { priceRequest, type PricedRequest } from './booking-quote.service.js';
import { headcountOf, type QuoteSnapshot } from './booking-quote.rules.js';
import { actorOf } from './booking-state.rules.js';
import * as repo from './booking.repo.js';
import {
  createdOutput,
  placeRequestedOrders,
  settled,
  takeFirstFreeHouse,
  type Created,
  type Held,
  type HoldIds,
  type HoldRequest,
} from './create-tentative-booking.service.js';
import { buildOwnerQuote, ownerFreeCancellationLimit } from './owner-quote.rules.js';
import type { OwnerUse, UseType } from './use-types/use-type.js';
import { useTypeOf, type BookingTypeValue } from './use-types/use-types.registry.js';
import { confirmOwnerBooking } from './owner-fees.service.js';
import { holdOwnerStayInTurn } from './owner-hold-batch.service.js';
import { OWNER_FREE_CANCELLATION_MONTHS } from '@yado/contract/booking.contract';

/*
 * Holding an owner stay (OWN_USE, MUTUAL_USE; decision 0030). The core prices the nights, meals
 * and options and chooses the house; this adds who may pay with which share, the booking window,
 * the slots (consumed in the hold's own transaction, each balance of the share locked as it is
 * written, so concurrent holds of one balance take turns and never overdraw it) and the owner's
 * fees instead of a room price.
 */

type ShareChoice = {
  share: Awaited<ReturnType<typeof sharesHeldBy>>[number];
  /** The share is the owner's who shares with the caller, not the caller's own. */
  byFamilyMember: boolean;
};

/**
 * The share that pays: the one asked for (404 when the caller may not use it), or the first that
 * fits. Own use takes a share of the stay's house group; mutual use one of another house group.
 */
function chooseShare(
  choices: readonly ShareChoice[],
  owner: OwnerUse,
  houseGroupId: string,
  shareId: string | undefined,
): ShareChoice {
  const holdsShares = choices.some((c) => !c.byFamilyMember);
  if (shareId && !choices.some((c) => c.share.id === shareId)) {
    // An owner asking for another owner's share finds nothing; anyone else is told they are not in
    // that owner's family (whether the share exists stays unsaid).
    throw new AppError(holdsShares ? 'CodeShareNotFound' : 'CodeNotFamilyMember');
  }
  if (choices.length === 0) throw new AppError('CodeNotOwner');
  const fits = (c: ShareChoice) =>
    owner.houseGroupOfShare === 'SAME' ? c.share.houseGroupId === houseGroupId : c.share.houseGroupId !== houseGroupId;
  if (shareId) {
    const asked = choices.find((c) => c.share.id === shareId);
    if (!asked) throw new AppError('CodeShareNotFound');
    if (!fits(asked)) throw new AppError('CodeBookingTypeNotAvailable');
    return asked;
  }
  const fitting = choices.filter(fits);
  if (fitting.length === 0) {
    throw owner.houseGroupOfShare === 'SAME'
      ? new AppError('CodeNotOwner')
      : new AppError('CodeBookingTypeNotAvailable');
  }
  // The caller's own share before one shared with them; otherwise the oldest.
  return fitting.find((c) => !c.byFamilyMember) ?? fitting[0]!;
}

function assertWindow(checkinDate: IsoDate, today: IsoDate, months: number): void {
  const last = addMonthsToDate(today, months);
  if (checkinDate > last || checkinDate < today) {
    throw new AppError('CodeOutsideBookingWindow', {
      fields: [
        { field: 'checkinDate', description: `bookable from ${today} to ${last}` },
        { field: 'windowFirstDate', description: today },
        { field: 'windowLastDate', description: last },
      ],
    });
  }
}

export type OwnerPriced = {
  priced: PricedRequest;
  choice: ShareChoice;
  settings: OwnerSettings;
  snapshot: QuoteSnapshot;
  /** The slots the stay would take per slot year, as read before any transaction. */
  plannedYears: Parameters<typeof consumePlannedSlots>[2];
  user: HoldingUser;
  /** owner_hold_context_fingerprint of the shares and settings this was priced from. */
  contextFingerprint: string;
  /** Priced from the kept context: the reservation and balances are left to the hold's call. */
  fromKeptContext: boolean;
};

/**
 * The owner context of a hold or quote: the copy kept since an earlier read when the caller lets
 * the hold's call check it (`keptContext`), else read (and kept for the next hold).
 */
async function ownerContextOf(
  deps: Deps,
  input: { accountId: string; request: OwnerBookingRequest; allocated?: boolean; keptContext?: boolean },
): Promise<KeptOwnerContext | OwnerHoldContextRead> {
  const { request } = input;
  const keptNow = () =>
    input.keptContext ? keptOwnerContext(deps.db, input.accountId, request.houseGroupId, Date.now()) : null;
  const kept = keptNow();
  if (kept) return kept;
  // Another hold of the caller is reading the same context: its copy, once kept, serves this one.
  const underWay = input.keptContext ? ownerContextReadUnderWay(deps.db, input.accountId, request.houseGroupId) : null;
  if (underWay) {
    await underWay.catch(() => undefined);
    const keptSince = keptNow();
    if (keptSince) return keptSince;
  }
  const stayDates = requestedDates(request);
  const reading = ownerHoldContext(deps.db, {
    accountId: input.accountId,
    houseGroupId: request.houseGroupId,
    slotYears: stayDates ? slotYearsBetween(stayDates.checkin, stayDates.checkout) : [],
    reservation:
      input.allocated || !stayDates
        ? null
        : { houseGroupId: request.houseGroupId, checkin: stayDates.checkin, checkout: stayDates.checkout },
  });
  const read = await readingOwnerContext(deps.db, input.accountId, request.houseGroupId, reading);
  const now = Date.now();
  keepOwnerContext(deps.db, input.accountId, request.houseGroupId, read, now);
  for (const b of read.balances) rememberTierBalance(deps.db, b.shareId, b.slotYear, b.tier, b.balance, now);
  return read;
}

/**
 * The slots the stay would take: from the balances read, or, from a kept copy (no balances), each
 * night from its own tier, the ledger's guard refusing the hold when a balance is short (it is then
 * priced again from a read, high-substitutes and all).
 */
function planOf(
  context: KeptOwnerContext | OwnerHoldContextRead,
  nights: PricedRequest['nights'],
  shareId: string,
  allowHighSubstitute: boolean,
) {
  if (!('balances' in context)) return planFromBalances(nights, UNREAD_BALANCES(nights), false);
  if (context.reservedByRound) throw new AppError('CodeDatesReservedForAllocation');
  return planFromBalances(
    nights,
    context.balances.filter((b) => b.shareId === shareId),
    allowHighSubstitute,
  );
}

/**
 * Everything an owner hold or quote needs, read-only: the priced request (house group, nights,
 * meals, options), the share and the house group's owner settings, the window, and the quote with
 * the slots the stay would take now (CodeInsufficientSlots when a year's balance is short).
 *
 * The reads go out in two waves of independent reads (the caller and their shares, the priced
 * request, the owner settings; then the allocation rounds, the balances and the share's house
 * group), and refusals are raised in the order a caller can act on them, whichever
 * read finished first. Nothing here is a decision: in the hold's transaction the ledger's guard
 * (or the share's lock) has the last word on the slots.
 */
export async function priceOwnerRequest(
  deps: Deps,
  input: {
    accountId: string;
    language: Language;
    useType: UseType;
    request: OwnerBookingRequest;
    /** A booking the high-season draw allocated: the round's reservation is what it fills. */
    allocated?: boolean;
    /** The hold's one call checks `priced.catalogueSeen`, so the catalogue need not be waited for. */
    catalogueCheckedWhenWritten?: boolean;
    /** The hold's one call checks the context's fingerprint, so a kept copy may stand in for the read. */
    keptContext?: boolean;
  },
): Promise<OwnerPriced> {
  const { useType, request } = input;
  const owner = useType.owner;
  if (!owner) throw new AppError('CodeBookingTypeNotAvailable');
  // The caller, the shares they may use (their own and their family's) with those shares'
  // balances, the owner settings and the allocation rounds' reservation are one read, beside the
  // (in-memory) pricing of the request. A hold may take them from the copy kept since an earlier
  // read instead (decision 0037): its one call then checks the copy and the reservation itself.
  const [contextR, pricedR] = await Promise.allSettled([
    ownerContextOf(deps, input),
    priceRequest(deps, {
      accountId: input.accountId,
      language: input.language,
      bookingType: useType.bookingType as BookingTypeValue,
      request,
      catalogueCheckedWhenWritten: input.catalogueCheckedWhenWritten ?? false,
    }),
  ]);
  const context = settled(contextR);
  const caller = context.caller;
  if (!caller || caller.anonymised) throw new AppError('CodeUserNotFound');
  const user: HoldingUser = { id: caller.id, firstName: caller.firstName, lastName: caller.lastName };
  const choices = context.choices;
  const priced = settled(pricedR);
  const hg = priced.houseGroup;
  const choice = chooseShare(choices, owner, hg.id, request.shareId);
  const settings = context.settings ?? { houseGroupId: hg.id, ...DEFAULT_OWNER_SETTINGS };
  if (owner.houseGroupOfShare === 'OTHER' && !settings.inOwnerNetwork) throw new AppError('CodeNotInOwnerNetwork');
  const today = todayIn(hg.timezone, deps.clock.now());
  const nightsPerYear = choices
    .filter((c) => c.share.userId === choice.share.userId)
    .reduce((s, c) => s + c.share.standardNights + c.share.highNights, 0);
  assertWindow(priced.checkinDate, today, owner.windowMonths(nightsPerYear));
  const plan = planOf(context, priced.nights, choice.share.id, settings.allowHighSubstitute);
  if (!plan.ok) throw insufficient(plan);
  const shareGroup = await shareHouseGroupShort(deps, input.language, choice.share.houseGroupId, priced);
  const snapshot = buildOwnerQuote({
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
    ownUseFee: settings.ownUseFee,
    extraChargePerDay: owner.paysExtraChargePerDay ? settings.mutualUseExtraChargePerDay : 0,
    consumption: sumYears(plan.years),
    consumptionHouseGroup: shareGroup,
    shareId: choice.share.id,
    freeCancellationLimitDate: ownerFreeCancellationLimit(priced.checkinDate, OWNER_FREE_CANCELLATION_MONTHS),
  });
  return {
    priced,
    choice,
    settings,
    snapshot,
    plannedYears: plan.years,
    user,
    contextFingerprint: context.fingerprint,
    fromKeptContext: !('balances' in context),
  };
}

/** Balances no plan can exceed, for pricing from the kept context (the ledger's guard checks the real ones). */
function UNREAD_BALANCES(nights: readonly { date: IsoDate }[]) {
  return [...new Set(nights.map((n) => Number(n.date.slice(0, 4))))].flatMap((slotYear) => [
    { slotYear, tier: 'STANDARD' as const, balance: Number.MAX_SAFE_INTEGER },
    { slotYear, tier: 'HIGH' as const, balance: Number.MAX_SAFE_INTEGER },
  ]);
}

/** The stay's check-in and check-out as ISO dates, or null when the request's dates are not real ones. */
function requestedDates(request: OwnerBookingRequest): { checkin: IsoDate; checkout: IsoDate } | null {
  const checkin = realIsoFromCivil(request.checkinDate);
  const checkout = realIsoFromCivil(request.checkoutDate);
  return checkin && checkout && checkin < checkout ? { checkin, checkout } : null;
}

/** The slot years (calendar years) a stay's nights fall in. */
function slotYearsBetween(checkin: IsoDate, checkout: IsoDate): number[] {
  const years: number[] = [];
  for (let y = Number(checkin.slice(0, 4)); y <= Number(checkout.slice(0, 4)); y += 1) years.push(y);
  return years;
}

/**
 * The share's house group as the quote shows it: own use's is the stay's, priced already; mutual
 * use's comes from the catalogue kept in memory (a one-night read of it).
 */
async function shareHouseGroupShort(deps: Deps, language: Language, houseGroupId: string, priced: PricedRequest) {
  if (houseGroupId === priced.houseGroup.id) return shortOf(priced.houseGroup, priced.prefectureName);
  const other = await houseGroupForBooking(deps, language, houseGroupId, priced.checkinDate, priced.checkinDate);
  return shortOf(other.houseGroup, other.prefectureName);
}

const sumYears = (years: readonly { slotStandard: number; slotHigh: number; slotHighSubstitute: number }[]) =>
  years.reduce(
    (s, y) => ({
      slotStandard: s.slotStandard + y.slotStandard,
      slotHigh: s.slotHigh + y.slotHigh,
      slotHighSubstitute: s.slotHighSubstitute + y.slotHighSubstitute,
    }),
    { slotStandard: 0, slotHigh: 0, slotHighSubstitute: 0 },
  );

function insufficient(plan: {
  slotYear: number;
  balance: { STANDARD: number; HIGH: number };
  needed: { STANDARD: number; HIGH: number };
}) {
  return new AppError('CodeInsufficientSlots', {
    fields: [
      {
        field: 'slotStandard',
        description: `${plan.slotYear} balance ${plan.balance.STANDARD}, needed ${plan.needed.STANDARD}`,
      },
      { field: 'slotHigh', description: `${plan.slotYear} balance ${plan.balance.HIGH}, needed ${plan.needed.HIGH}` },
    ],
  });
}

/** get_booking_quote for an owner type: the quote with its slot consumption, nothing held. */
export async function getOwnerQuote(
  deps: Deps,
  accountId: string,
  language: Language,
  useType: UseType,
  request: OwnerBookingRequest,
): Promise<{ quote: BookingQuote }> {
  const { snapshot, priced, user } = await priceOwnerRequest(deps, { accountId, language, useType, request });
  return {
    quote: {
      ...snapshot.quote,
      booking: basicBooking({
        id: '',
        bookingNumber: '',
        user,
        houseGroup: priced.houseGroup,
        houseId: '',
        checkinDate: priced.checkinDate,
        checkoutDate: priced.checkoutDate,
        status: 'TENTATIVE',
        bookingType: useType.bookingType as BookingTypeValue,
        headcount: headcountOf(priced.counts),
        request,
        bookedAt: null,
        createdAt: null,
        updatedAt: null,
      }),
    },
  };
}

type OwnerRow = {
  hold: HoldRequest;
  priced: PricedRequest;
  ids: HoldIds;
  houseId: string;
  snapshot: QuoteSnapshot;
  userId: string;
  detail: Record<string, unknown>;
};

/** The TENTATIVE booking row of an owner hold (the one-call hold finds the house and the user itself). */
function ownerBookingRow(h: OwnerRow) {
  const { hold, priced, ids, snapshot } = h;
  const request = hold.request;
  return {
    id: ids.bookingId,
    accountId: hold.accountId,
    userId: h.userId,
    houseGroupId: priced.houseGroup.id,
    houseId: h.houseId,
    stayId: ids.stayId,
    bookingType: hold.bookingType,
    status: 'TENTATIVE' as const,
    checkinDate: priced.checkinDate,
    checkoutDate: priced.checkoutDate,
    timezone: priced.houseGroup.timezone,
    ...priced.counts,
    childrenAges: request.childrenAge,
    allergy: request.allergy,
    request: request.request,
    pet: request.pet ?? null,
    tentativeDeadline: priced.tentativeDeadline,
    couponRedemptionId: null,
    quote: snapshot,
    conversationId: ids.conversationId,
    createdAt: ids.now,
  };
}

/** The owner booking's first recorded transition: into TENTATIVE, with the share and the slots. */
function ownerFirstEvent(h: OwnerRow) {
  return {
    fromStatus: null,
    toStatus: 'TENTATIVE',
    action: 'CREATE_TENTATIVE',
    actor: actorOf.account(h.hold.accountId),
    detail: {
      houseId: h.houseId,
      bookingType: h.hold.bookingType,
      totalAmount: h.snapshot.quote.totalAmount,
      ...h.detail,
    },
  };
}

/**
 * The fast attempt of a hold cannot stand: the slots it would consume are not those its quote was
 * written with (or the guard refused them), or a stay written without the nights' locks took the house.
 */
class RetryCarefully extends Error {}

const sameUse = (a: ReturnType<typeof sumYears>, b: ReturnType<typeof sumYears>) =>
  a.slotStandard === b.slotStandard && a.slotHigh === b.slotHigh && a.slotHighSubstitute === b.slotHighSubstitute;

/**
 * How a hold's transaction consumes the slots: 'planned' writes the quote's plan as its last
 * statement and lets the ledger's guard refuse an overdraft (a plan without high-substitutes);
 * 'checked' consumes under the share's lock as its last statement and compares with the quote;
 * 'lock-first' takes the house and then the slots under the lock before writing the booking,
 * whose quote then has the slots actually taken.
 */
type Consumption = 'planned' | 'checked' | 'lock-first';

type HoldContext = {
  read: OwnerPriced;
  hold: HoldRequest;
  ids: HoldIds;
  debtOption: OwnerBookingRequest['debtOption'];
  /** A booking the high-season draw allocated (the round's reservation is what it fills). */
  allocated: boolean;
};

/** The quote with the house taken and the slots consumed. */
function quoteWith(read: OwnerPriced, houseId: string, use: ReturnType<typeof sumYears>): QuoteSnapshot {
  return {
    ...read.snapshot,
    quote: {
      ...read.snapshot.quote,
      consumptionHouseId: houseId,
      consumptionSlotStandard: use.slotStandard,
      consumptionSlotHigh: use.slotHigh,
      consumptionSlotHighSubstitute: use.slotHighSubstitute,
    },
  };
}

function ownerRow(ctx: HoldContext, houseId: string, use: ReturnType<typeof sumYears>): OwnerRow {
  const { read, hold, ids } = ctx;
  const { choice } = read;
  return {
    hold,
    priced: read.priced,
    ids,
    houseId,
    snapshot: quoteWith(read, houseId, use),
    userId: read.user.id,
    detail: { shareId: choice.share.id, consumption: use, byFamilyMember: choice.byFamilyMember },
  };
}

/**
 * The common owner hold (no meals or options) in one database
 * call, outside any explicit transaction: the guest hold's stay, booking, conversation and first
 * event, the owner fields, and the planned slots appended last (hold_owner_stay; decision 0033).
 * Null when the attempt cannot stand (the ledger's guard refused the plan, or a stay written
 * without the nights' locks took the house): nothing was written, and the hold goes the careful way.
 */
async function holdInOneCall(
  db: Db,
  ctx: HoldContext,
  catalogueSeen: string | null,
  /** How many times the balances were read for this hold already (holdAfterReadingBalances). */
  replanned = 0,
): Promise<Held | null | 'catalogue-changed' | 'context-changed' | 'read-balances'> {
  const { read, ids } = ctx;
  const { priced, choice } = read;
  // Priced from the kept copy (each night from its own tier) while the last read of a tier it takes
  // found it empty: the balances are read first rather than sending a hold the guard would refuse.
  if (read.fromKeptContext && replanned === 0 && takesFromEmptyTier(db, choice.share.id, read.plannedYears)) {
    return holdAfterReadingBalances(db, ctx, catalogueSeen, 1);
  }
  const use = sumYears(read.plannedYears);
  const r = ownerRow(ctx, '', use);
  const held = await holdOwnerStayInTurn(db, {
    catalogueSeen,
    houseIds: priced.houseIds,
    booking: ownerBookingRow(r),
    event: ownerFirstEvent(r),
    owner: {
      shareId: choice.share.id,
      debtOption: ctx.debtOption,
      bookedByFamilyMember: choice.byFamilyMember,
      entries: plannedConsumeEntries({ shareId: choice.share.id, bookingId: ids.bookingId }, read.plannedYears),
      // A hold priced from a read was checked by it; only a kept copy is checked by the call.
      contextFingerprint: read.fromKeptContext ? read.contextFingerprint : null,
      checkReservation: read.fromKeptContext && !ctx.allocated,
    },
  });
  if (held === 'none-free') throw new AppError('CodeHouseNotAvailable');
  if (held === 'no-user') throw new AppError('CodeUserNotFound');
  if (held === 'reserved') throw new AppError('CodeDatesReservedForAllocation');
  if (held === 'catalogue-changed' || held === 'context-changed') return held;
  // The guard refused the plan of a kept-copy hold (each night from its own tier, or a plan read
  // since that other holds of the share overtook). The call checked the kept context (shares,
  // settings) and the reservation before its insert, so only the balances are read again
  // (holdAfterReadingBalances), a few times before the whole hold is priced again; the tiers it
  // planned to take from count as empty meanwhile, so the share's next holds read first too.
  if (held === 'insufficient-slots' && read.fromKeptContext) {
    if (replanned >= MAX_BALANCE_READS) return 'read-balances';
    for (const y of read.plannedYears) {
      const now = Date.now();
      if (y.slotHigh > 0) rememberTierBalance(db, choice.share.id, y.slotYear, 'HIGH', 0, now);
      if (y.slotStandard + y.slotHighSubstitute > 0)
        rememberTierBalance(db, choice.share.id, y.slotYear, 'STANDARD', 0, now);
    }
    return holdAfterReadingBalances(db, ctx, catalogueSeen, replanned + 1);
  }
  if (held === 'conflict' || held === 'insufficient-slots') return null;
  return {
    bookingNumber: held.bookingNumber,
    houseId: held.houseId,
    snapshot: quoteWith(read, held.houseId, use),
    user: read.user,
  };
}

/**
 * A kept-copy hold whose slots a read must plan: the share's balances are read (and remembered as
 * the hint of takesFromEmptyTier); when even high-substitutes cannot cover the stay, that is the
 * refusal, answered without pricing the stay again; otherwise one more call with that plan, whose
 * own check keeps a substitute only while it is needed. Refused again, other holds of the share
 * took the slots meanwhile: read again (MAX_BALANCE_READS in all), then the hold is priced again
 * from a full read ('read-balances').
 */
async function holdAfterReadingBalances(
  db: Db,
  ctx: HoldContext,
  catalogueSeen: string | null,
  reads: number,
): ReturnType<typeof holdInOneCall> {
  const { read } = ctx;
  const shareId = read.choice.share.id;
  const now = Date.now();
  const plan = await previewConsumption(db, shareId, read.priced.nights, read.settings.allowHighSubstitute, (y, b) => {
    rememberTierBalance(db, shareId, y, 'STANDARD', b.STANDARD, now);
    rememberTierBalance(db, shareId, y, 'HIGH', b.HIGH, now);
  });
  if (!plan.ok) throw insufficient(plan);
  return holdInOneCall(db, { ...ctx, read: { ...read, plannedYears: plan.years } }, catalogueSeen, reads);
}

/** How many times a kept-copy hold reads the balances again before it prices the whole hold again. */
const MAX_BALANCE_READS = 3;

/** Whether the plan takes from a tier whose last read found it empty (a hint, see rememberTierBalance). */
function takesFromEmptyTier(db: Db, shareId: string, years: OwnerPriced['plannedYears']): boolean {
  const now = Date.now();
  return years.some(
    (y) =>
      (y.slotStandard + y.slotHighSubstitute > 0 && tierLastReadEmpty(db, shareId, y.slotYear, 'STANDARD', now)) ||
      (y.slotHigh > 0 && tierLastReadEmpty(db, shareId, y.slotYear, 'HIGH', now)),
  );
}

/**
 * One attempt of an owner hold's transaction (see holdOwnerStay). 'planned' and 'checked' take the
 * house, write the stay, the booking, its conversation and first event in one call (the plain
 * guest hold's, which passes over taken houses and queues on the nights' locks), then the owner
 * fields and orders, and consume the slots last. 'lock-first' is the careful path: the stay house
 * by house, the slots under the share's lock, then the booking with the slots actually taken.
 */
async function writeOwnerHold(tx: Db, ctx: HoldContext, mode: Consumption): Promise<Held> {
  const { read, hold, ids } = ctx;
  const { priced, choice, settings, user } = read;
  const consumer = {
    shareId: choice.share.id,
    bookingId: ids.bookingId,
    actor: actorOf.account(hold.accountId),
    at: ids.now,
  };
  const consume = () =>
    consumeSlots(tx, {
      ...consumer,
      nights: priced.nights,
      allowHighSubstitute: settings.allowHighSubstitute,
    } satisfies ConsumeRequest);
  const row = (houseId: string, use: ReturnType<typeof sumYears>) => ownerRow(ctx, houseId, use);
  let houseId: string;
  let bookingNumber: string;
  let use: ReturnType<typeof sumYears>;
  if (mode === 'lock-first') {
    houseId = await takeFirstFreeHouse(tx, priced, priced.houseIds, ids);
    use = sumYears(await consume());
    const r = row(houseId, use);
    bookingNumber = await repo.insertBooking(tx, ownerBookingRow(r), ownerFirstEvent(r));
  } else {
    use = sumYears(read.plannedYears);
    const r = row('', use);
    const held = await repo.holdTentativeBooking(tx, null, priced.houseIds, ownerBookingRow(r), ownerFirstEvent(r));
    if (held === 'none-free') throw new AppError('CodeHouseNotAvailable');
    if (held === 'no-user') throw new AppError('CodeUserNotFound');
    // A stay written without the nights' locks refused the house and aborted the transaction.
    if (held === 'conflict' || held === 'catalogue-changed') throw new RetryCarefully();
    houseId = held.houseId;
    bookingNumber = held.bookingNumber;
  }
  const snapshot = quoteWith(read, houseId, use);
  await repo.setOwnerFields(tx, ids.bookingId, {
    shareId: choice.share.id,
    debtOption: ctx.debtOption,
    bookedByFamilyMember: choice.byFamilyMember,
  });
  const ordered = await placeRequestedOrders(tx, hold, priced, ids, snapshot);
  if (mode === 'planned') {
    await consumePlannedSlots(tx, consumer, read.plannedYears).catch((err: unknown) => {
      throw err instanceof AppError && err.reason === 'CodeInsufficientSlots' ? new RetryCarefully() : err;
    });
  } else if (mode === 'checked' && !sameUse(sumYears(await consume()), use)) {
    throw new RetryCarefully();
  }
  return { bookingNumber, houseId, snapshot: ordered, user };
}

/**
 * create_own_use_tentative_booking and create_mutual_use_tentative_booking: in one transaction the
 * stay on the first free house, the booking with its share, debt option and family flag, its
 * conversation, orders and first event, and the slots consumed.
 *
 * The stay, booking, conversation and first event are written by one call (the plain guest
 * hold's) and the slots are consumed last, just before the commit: the lock on each balance written
 * (share, slot year, tier), which makes the holds of one balance take turns, is then held for one
 * statement and the commit, and the other holds of the share write their stays and bookings
 * meanwhile (and those taking the share's other tier their slots too). The booking is written
 * with the slots the quote read before the transaction; when the balance moved in between so that
 * the consumption would differ (or the guard refuses the plan), the transaction is undone and run
 * once more the careful way, the slots taken under the lock before the booking is written.
 * Without meals or options (the common case), all of
 * that is one database call and no explicit transaction (holdInOneCall, decision 0033), the stay
 * priced from the catalogue kept in memory and the call checking that it did not change since.
 * bench/slot-contention.bench.ts measures it against guest holds.
 */
export async function holdOwnerStay(
  deps: Deps,
  accountId: string,
  language: Language,
  useType: UseType,
  request: OwnerBookingRequest,
  options: { bookingId?: string; allocated?: boolean } = {},
): Promise<Created> {
  if (request.meals.length === 0 && request.extraOptions.length === 0) {
    const held = await holdOwnerOnce(deps, accountId, language, useType, request, options, 'kept-copy');
    if (held !== 'read-again') return held;
  }
  return (await holdOwnerOnce(deps, accountId, language, useType, request, options, 'after-barrier')) as Created;
}

/**
 * One owner hold. With 'kept-copy' the request is priced from the catalogue kept in memory without
 * waiting for the listening connection's barrier (as the guest's plain hold): only the one call
 * checks that no change of the house group's catalogue committed since that copy was taken, so a
 * hold that cannot go in one call (a plan with high-substitutes), or whose call met such a change,
 * answers 'read-again' having written nothing. Any other outcome of the call comes after its check
 * passed, so the careful path that may follow it writes from a current read.
 */
async function holdOwnerOnce(
  deps: Deps,
  accountId: string,
  language: Language,
  useType: UseType,
  request: OwnerBookingRequest,
  options: { bookingId?: string; allocated?: boolean },
  catalogue: 'kept-copy' | 'after-barrier',
): Promise<Created | 'read-again'> {
  const fromKept =
    catalogue === 'kept-copy' && !!keptOwnerContext(deps.db, accountId, request.houseGroupId, Date.now());
  let read: OwnerPriced;
  try {
    read = await priceOwnerRequest(deps, {
      accountId,
      language,
      useType,
      request,
      ...(options.allocated ? { allocated: true } : {}),
      catalogueCheckedWhenWritten: catalogue === 'kept-copy',
      keptContext: catalogue === 'kept-copy',
    });
  } catch (err) {
    // A refusal read from kept copies (a share granted since, say) is only given after a fresh read.
    if (fromKept && err instanceof AppError) return 'read-again';
    throw err;
  }
  const { priced } = read;
  const ids: HoldIds = {
    bookingId: options.bookingId ?? randomUUID(),
    stayId: randomUUID(),
    conversationId: randomUUID(),
    now: deps.clock.now(),
    accountId,
  };
  const hold: HoldRequest = {
    accountId,
    language,
    bookingType: useType.bookingType as BookingTypeValue,
    request: { ...request, coupon: undefined },
  };
  const ctx: HoldContext = { read, hold, ids, debtOption: request.debtOption, allocated: !!options.allocated };
  const attempt = (mode: Consumption) => withTx(deps.db, (tx) => writeOwnerHold(tx, ctx, mode));
  const planned = !read.plannedYears.some((y) => y.slotHighSubstitute > 0);
  // A plan with high-substitutes goes in one call too: the call keeps them only while no high slot
  // of their year is left, and otherwise answers 'conflict' (the careful path below).
  const oneCall = priced.mealRequests.length === 0 && priced.optionPricing.selections.length === 0;
  if (catalogue === 'kept-copy' && !oneCall) return 'read-again';
  let held: Held | null = null;
  if (oneCall) {
    const once = await holdInOneCall(deps.db, ctx, catalogue === 'kept-copy' ? priced.catalogueSeen : null);
    if (once === 'context-changed') {
      forgetOwnerContext(deps.db, accountId, request.houseGroupId);
      return 'read-again';
    }
    if (once === 'catalogue-changed' || once === 'read-balances') return 'read-again';
    held = once ?? (await attempt('lock-first'));
  } else {
    try {
      held = await attempt(planned ? 'planned' : 'checked');
    } catch (err) {
      if (!(err instanceof RetryCarefully)) throw err;
      held = await attempt('lock-first');
    }
  }
  return createdOutput(hold, priced, ids, held);
}

/** A booking id derived from a reference (UUID-shaped), so the same reference always names the same booking. */
function bookingIdOf(reference: string): string {
  const h = createHash('sha256').update(reference).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * An OWN_USE stay the high-season draw allocated: held and confirmed at once on the share's slots
 * under the DEFAULT debt option. Idempotent on `reference` (the booking's id is derived from it): a
 * retry confirms a hold left unconfirmed, or answers the booking already made. Refusals as a hold's
 * (CodeInsufficientSlots, CodeHouseNotAvailable).
 */
export async function createAllocatedOwnUseBooking(
  deps: Deps,
  input: {
    accountId: string;
    shareId: string;
    checkinDate: IsoDate;
    checkoutDate: IsoDate;
    adults: number;
    reference: string;
  },
): Promise<{ bookingId: string; bookingNumber: string }> {
  const bookingId = bookingIdOf(input.reference);
  let existing = await repo.findBooking(deps.db, bookingId);
  if (!existing) {
    const share = await findShare(deps.db, input.shareId);
    if (!share) throw new AppError('CodeShareNotFound');
    await holdOwnerStay(
      deps,
      input.accountId,
      'en',
      useTypeOf('OWN_USE'),
      {
        houseGroupId: share.houseGroupId,
        checkinDate: civilFromIso(input.checkinDate),
        checkoutDate: civilFromIso(input.checkoutDate),
        headcount: { males: input.adults, females: 0, children: 0, largeDogs: 0, mediumDogs: 0, smallDogs: 0 },
        childrenAge: [],
        allergy: '',
        request: '',
        meals: [],
        extraOptions: [],
        shareId: input.shareId,
        debtOption: 'DEFAULT',
      },
      { bookingId, allocated: true },
    );
    existing = await repo.findBooking(deps.db, bookingId);
  }
  if (!existing) throw new AppError('CodeBookingNotFound');
  if (existing.status === 'TENTATIVE') await confirmOwnerBooking(deps, existing.accountId, { bookingId });
  return { bookingId, bookingNumber: existing.bookingNumber };
}
