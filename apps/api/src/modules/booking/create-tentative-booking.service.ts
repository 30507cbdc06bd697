import { randomUUID } from 'node:crypto';
import type { BookingQuote, BookingRequest } from '@yado/contract/booking.contract';
import type { Language } from '@yado/contract/headers';
import { AppError } from '../../platform/app-error.js';
import { withTx, type Db } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import { redeemCoupon } from '../coupon/coupon.service.js';
import { placeExtraOptionOrders, placeMealOrders } from '../meal/meal.service.js';
import { setBookingStayStyle } from '../stay-style/stay-style.service.js';
import { requireUser } from '../user/user.service.js';
import { basicBooking } from './booking-output.rules.js';
import { headcountOf, type QuoteSnapshot } from './booking-quote.rules.js';
import { priceRequest, stayDates, type PricedRequest } from './booking-quote.service.js';
import { actorOf } from './booking-state.rules.js';
import * as repo from './booking.repo.js';
import type { HoldingUser } from './booking.repo.js';
import type { BookingTypeValue } from './use-types/use-types.registry.js';

/** What a guest asks to hold. */
export type HoldRequest = {
  accountId: string;
  language: Language;
  bookingType: BookingTypeValue;
  request: BookingRequest;
};

/**
 * How the hold reads the catalogue: from the copy kept in memory, checked by the plain hold's call
 * against changes committed since ('kept-copy'), or after the listening connection's barrier, unchecked.
 */
type CatalogueRead = 'kept-copy' | 'after-barrier';

/** The ids and the moment of one hold, chosen before any write. */
export type HoldIds = {
  bookingId: string;
  stayId: string;
  conversationId: string;
  now: Date;
  /** The holder's account: a waitlist offer's nights are theirs only (decision 0045); absent: nobody's offer. */
  accountId?: string;
};

type HoldReads = { user: HoldingUser | null; priced: PricedRequest; candidates: string[] };

export type Held = { bookingNumber: string; houseId: string; snapshot: QuoteSnapshot; user: HoldingUser };

export type Created = { bookingId: string; bookingNumber: string; quote: BookingQuote };

/**
 * Two requests inserting overlapping stays of one house at the same moment can
 * each wait for the other inside the exclusion constraint; PostgreSQL then
 * aborts one of them (40P01). That one simply runs again: it now sees the
 * winner's stay and tries the next house, or answers CodeHouseNotAvailable.
 */
async function withDeadlockRetry<T>(run: () => Promise<T>, attempts = 4): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01' || i >= attempts) throw err;
    }
  }
}

/** The value of a settled read, or its refusal thrown (reads go out together, refusals come in order). */
export function settled<T>(r: PromiseSettledResult<T>): T {
  if (r.status === 'rejected') throw r.reason;
  return r.value;
}

/**
 * Holds a free house for the stay as a TENTATIVE booking, in one transaction:
 * the stay, the coupon redemption, the booking, its conversation, its orders
 * and its first event. Houses are tried in the group's order; the exclusion
 * constraint on stays decides between concurrent requests for one house, and
 * the loser tries the next house (inside a savepoint, or, for the plain hold,
 * inside its one call or by calling again) until none is left.
 *
 * The plain hold prices the stay from the catalogue kept in memory without
 * waiting for the listening connection's barrier; its call then checks that no
 * change of the house group's catalogue committed since that copy was taken.
 * If one did, the stay is priced again after the barrier, as any other read.
 */
export async function createTentativeBooking(
  deps: Deps,
  accountId: string,
  language: Language,
  bookingType: BookingTypeValue,
  request: BookingRequest,
): Promise<Created> {
  const hold: HoldRequest = { accountId, language, bookingType, request };
  const held = await holdOnce(deps, hold, 'kept-copy');
  return held === 'catalogue-changed' ? ((await holdOnce(deps, hold, 'after-barrier')) as Created) : held;
}

/** A hold with a coupon, meals, options or a stay style writes more than the one call does: it runs in a transaction. */
const mayNeedTransaction = (r: BookingRequest) =>
  Boolean(r.coupon) || r.meals.length > 0 || r.extraOptions.length > 0 || Boolean(r.stayStyleId);

async function holdOnce(
  deps: Deps,
  hold: HoldRequest,
  catalogue: CatalogueRead,
): Promise<Created | 'catalogue-changed'> {
  const reads = await readForHold(deps, hold, catalogue);
  const ids: HoldIds = {
    bookingId: randomUUID(),
    stayId: randomUUID(),
    conversationId: randomUUID(),
    now: deps.clock.now(),
    accountId: hold.accountId,
  };
  const { priced } = reads;
  const plain =
    !hold.request.coupon &&
    !hold.request.stayStyleId &&
    priced.mealRequests.length === 0 &&
    priced.optionPricing.selections.length === 0;
  const created = plain
    ? await withDeadlockRetry(() => holdPlain(deps, hold, reads, ids, catalogue))
    : await withDeadlockRetry(() => holdInTransaction(deps, hold, reads, ids));
  if (created === 'catalogue-changed') return created;
  return createdOutput(hold, priced, ids, created);
}

/**
 * Every read a hold needs goes out at once: the priced request (the house group, its houses and
 * season days, from memory once read) and, for a hold that may need a transaction (a coupon, meals
 * or options), the guest and which houses are taken. The plain hold's one call reads the guest and
 * finds a free house itself.
 */
async function readForHold(deps: Deps, hold: HoldRequest, catalogue: CatalogueRead): Promise<HoldReads> {
  const { accountId, request } = hold;
  const dates = stayDates(request);
  const transaction = mayNeedTransaction(request);
  const [userRead, pricedRead, busyRead] = await Promise.allSettled([
    transaction ? requireUser(deps, accountId) : Promise.resolve(null),
    priceRequest(deps, { ...hold, catalogueCheckedWhenWritten: catalogue === 'kept-copy' && !transaction }),
    transaction
      ? repo.busyHouseIds(deps.db, request.houseGroupId, dates.checkinDate, dates.checkoutDate)
      : Promise.resolve(new Set<string>()),
  ]);
  // Refusals in the order the guest can act on them, whichever read finished first: the guest's
  // own comes first, so a plain hold refused before its call asks for the guest then.
  const user = settled(userRead);
  if (!user && pricedRead.status === 'rejected') await requireUser(deps, accountId);
  const priced = settled(pricedRead);
  const busy = settled(busyRead);
  const candidates = priced.houseIds.filter((id) => !busy.has(id));
  if (candidates.length === 0) {
    if (!user) await requireUser(deps, accountId);
    throw new AppError('CodeHouseNotAvailable');
  }
  return { user, priced, candidates };
}

/** The booking row of the hold (the plain hold's call fills in the guest and the house itself). */
export function bookingRow(
  hold: HoldRequest,
  priced: PricedRequest,
  ids: HoldIds,
  held: { userId: string; houseId: string; snapshot: QuoteSnapshot; couponRedemptionId: string | null },
) {
  const { request } = hold;
  return {
    id: ids.bookingId,
    accountId: hold.accountId,
    userId: held.userId,
    houseGroupId: priced.houseGroup.id,
    houseId: held.houseId,
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
    couponRedemptionId: held.couponRedemptionId,
    quote: held.snapshot,
    conversationId: ids.conversationId,
    createdAt: ids.now,
  };
}

/** The booking's first recorded transition: into TENTATIVE. */
export function firstEvent(
  hold: HoldRequest,
  houseId: string,
  snapshot: QuoteSnapshot,
  couponRedemptionId: string | null,
) {
  return {
    fromStatus: null,
    toStatus: 'TENTATIVE',
    action: 'CREATE_TENTATIVE',
    actor: actorOf.account(hold.accountId),
    detail: {
      houseId,
      bookingType: hold.bookingType,
      totalAmount: snapshot.quote.totalAmount,
      couponRedemptionId,
    },
  };
}

/** The quote with the house the hold took. */
export const withHouse = (snapshot: QuoteSnapshot, houseId: string): QuoteSnapshot => ({
  ...snapshot,
  quote: { ...snapshot.quote, consumptionHouseId: houseId },
});

/**
 * Nothing but the hold itself: one call, no explicit transaction, which takes the first free house
 * (see holdTentativeBooking) and finds the guest, writing the house into the quote and the event.
 */
async function holdPlain(
  deps: Deps,
  hold: HoldRequest,
  { priced, candidates }: HoldReads,
  ids: HoldIds,
  catalogue: CatalogueRead,
): Promise<Held | 'catalogue-changed'> {
  const booking = bookingRow(hold, priced, ids, {
    userId: '',
    houseId: '',
    snapshot: priced.snapshot,
    couponRedemptionId: null,
  });
  const event = firstEvent(hold, '', priced.snapshot, null);
  // Each conflict leaves one more house visibly taken, so this ends.
  for (let attempt = 0; attempt < candidates.length; attempt++) {
    const seen = catalogue === 'kept-copy' ? priced.catalogueSeen : null;
    const held = await repo.holdTentativeBooking(deps.db, seen, candidates, booking, event);
    if (held === 'catalogue-changed') return held;
    if (held === 'no-user') throw new AppError('CodeUserNotFound');
    if (held === 'none-free') break;
    if (held === 'conflict') continue;
    return { ...held, snapshot: withHouse(priced.snapshot, held.houseId) };
  }
  throw new AppError('CodeHouseNotAvailable');
}

/** Only a hold with a coupon, meals, options or a stay style comes here, and that one has read its guest. */
async function holdInTransaction(deps: Deps, hold: HoldRequest, reads: HoldReads, ids: HoldIds): Promise<Held> {
  const guest = reads.user ?? (await requireUser(deps, hold.accountId));
  const { priced } = reads;
  return withTx(deps.db, async (tx) => {
    const houseId = await takeFirstFreeHouse(tx, priced, reads.candidates, ids);
    const couponRedemptionId = await redeemRequestedCoupon(tx, hold, priced, guest.id, ids);
    const snapshot = withHouse(priced.snapshot, houseId);
    const bookingNumber = await repo.insertBooking(
      tx,
      bookingRow(hold, priced, ids, { userId: guest.id, houseId, snapshot, couponRedemptionId }),
      firstEvent(hold, houseId, snapshot, couponRedemptionId),
    );
    const { stayStyleId } = hold.request;
    if (stayStyleId) {
      await setBookingStayStyle(tx, { bookingId: ids.bookingId, houseGroupId: priced.houseGroup.id, stayStyleId });
    }
    const ordered = await placeRequestedOrders(tx, hold, priced, ids, snapshot);
    return { bookingNumber, houseId, snapshot: ordered, user: guest };
  });
}

/** The stay on the first candidate house the exclusion constraint lets in (each but the last in a savepoint). */
export async function takeFirstFreeHouse(
  tx: Db,
  priced: PricedRequest,
  candidates: string[],
  ids: HoldIds,
): Promise<string> {
  for (const [i, candidate] of candidates.entries()) {
    const ok = await repo.tryInsertStay(
      tx,
      {
        id: ids.stayId,
        houseId: candidate,
        houseGroupId: priced.houseGroup.id,
        checkin: priced.checkinDate,
        checkout: priced.checkoutDate,
        bookingId: ids.bookingId,
        accountId: ids.accountId ?? null,
      },
      i < candidates.length - 1,
    );
    if (ok) return candidate;
  }
  throw new AppError('CodeHouseNotAvailable');
}

async function redeemRequestedCoupon(
  tx: Db,
  hold: HoldRequest,
  priced: PricedRequest,
  userId: string,
  ids: HoldIds,
): Promise<string | null> {
  const { coupon } = hold.request;
  if (!coupon || !priced.coupon) return null;
  const redemption = await redeemCoupon(tx, {
    couponType: coupon.couponType,
    code: coupon.code,
    userId,
    houseGroupId: priced.houseGroup.id,
    checkinDate: priced.checkinDate,
    checkoutDate: priced.checkoutDate,
    accommodationAmount: priced.snapshot.quote.accommodationAmount,
    bookingId: ids.bookingId,
    now: ids.now,
  });
  // The redemption re-checked the coupon under its lock; a discount that moved in between is not honoured silently.
  if (redemption.discountAmount !== priced.coupon.discountAmount) throw new AppError('CodeCouponNotApplicable');
  return redemption.redemptionId;
}

/** The lines of one subject, in order, each naming its order; other lines and the priced quote stay as they are. */
function withOrderIds(lines: QuoteSnapshot['lines'], subject: 'MEAL' | 'OPTION', orderIds: readonly string[]) {
  let i = 0;
  return lines.map((l) => (l.subject === subject ? { ...l, orderId: orderIds[i++] ?? null } : l));
}

/**
 * The meal and option orders the request carries; the quote's lines then name their orders (so a
 * later billing line points at its order) and the booking's quote is written again.
 */
export async function placeRequestedOrders(
  tx: Db,
  hold: HoldRequest,
  priced: PricedRequest,
  ids: HoldIds,
  snapshot: QuoteSnapshot,
): Promise<QuoteSnapshot> {
  const orderedBy = actorOf.account(hold.accountId);
  let lines = snapshot.lines;
  if (priced.mealRequests.length > 0) {
    const orderIds = await placeMealOrders(tx, {
      bookingId: ids.bookingId,
      orders: priced.mealRequests,
      priced: priced.mealPricing,
      orderedBy,
      now: ids.now,
    });
    lines = withOrderIds(lines, 'MEAL', orderIds);
  }
  if (priced.optionPricing.selections.length > 0) {
    const { orderIds } = await placeExtraOptionOrders(tx, {
      bookingId: ids.bookingId,
      selections: hold.request.extraOptions,
      priced: priced.optionPricing,
      orderedBy,
      now: ids.now,
    });
    lines = withOrderIds(lines, 'OPTION', orderIds);
  }
  if (lines === snapshot.lines) return snapshot;
  const ordered = { ...snapshot, lines };
  await repo.updateBooking(tx, ids.bookingId, { quote: ordered }, ids.now);
  return ordered;
}

export function createdOutput(hold: HoldRequest, priced: PricedRequest, ids: HoldIds, held: Held): Created {
  return {
    bookingId: ids.bookingId,
    bookingNumber: held.bookingNumber,
    quote: {
      ...held.snapshot.quote,
      booking: basicBooking({
        id: ids.bookingId,
        bookingNumber: held.bookingNumber,
        user: held.user,
        houseGroup: priced.houseGroup,
        houseId: held.houseId,
        checkinDate: priced.checkinDate,
        checkoutDate: priced.checkoutDate,
        status: 'TENTATIVE',
        bookingType: hold.bookingType,
        headcount: headcountOf(priced.counts),
        request: hold.request,
        bookedAt: null,
        createdAt: ids.now,
        updatedAt: ids.now,
      }),
    },
  };
}
