import { randomUUID } from 'node:crypto';
import type { BookingQuote, BookingRequest } from '@yado/contract/booking.contract';
import type { Language } from '@yado/contract/headers';
import { AppError } from '../../platform/app-error.js';
import { withTx } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import { redeemCoupon } from '../coupon/coupon.service.js';
import { placeExtraOptionOrders, placeMealOrders } from '../meal/meal.service.js';
import { requireUser } from '../user/user.service.js';
import { headcountOf } from './booking-quote.rules.js';
import { priceRequest, stayDates, type GuestBookingTypeValue } from './booking-quote.service.js';
import { actorOf } from './booking-state.rules.js';
import { basicBooking } from './booking-view.service.js';
import * as repo from './booking.repo.js';

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

function settled<T>(r: PromiseSettledResult<T>): T {
  if (r.status === 'rejected') throw r.reason;
  return r.value;
}

/** get_booking_quote: the price of a stay without holding anything. */
export async function getBookingQuote(
  deps: Deps,
  accountId: string,
  language: Language,
  input: BookingRequest & { bookingType: GuestBookingTypeValue },
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

type Created = { bookingId: string; bookingNumber: string; quote: BookingQuote };

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
  bookingType: GuestBookingTypeValue,
  request: BookingRequest,
): Promise<Created> {
  const held = await holdOnce(deps, accountId, language, bookingType, request, true);
  return held === 'catalogue-changed'
    ? ((await holdOnce(deps, accountId, language, bookingType, request, false)) as Created)
    : held;
}

async function holdOnce(
  deps: Deps,
  accountId: string,
  language: Language,
  bookingType: GuestBookingTypeValue,
  request: BookingRequest,
  /** Price from the kept catalogue and have the plain hold's call check it (false: after the barrier, unchecked). */
  checkCatalogue: boolean,
): Promise<Created | 'catalogue-changed'> {
  // Every read a hold needs goes out at once: the priced request (the house group, its houses and
  // season days, from memory once read) and, for a hold that may need a transaction (a coupon,
  // meals or options), the guest and which houses are taken. The plain hold's one call reads the
  // guest and finds a free house itself.
  const dates = stayDates(request);
  const mayNeedTransaction = Boolean(request.coupon) || request.meals.length > 0 || request.extraOptions.length > 0;
  const [userRead, pricedRead, busyRead] = await Promise.allSettled([
    mayNeedTransaction ? requireUser(deps, accountId) : Promise.resolve(null),
    priceRequest(deps, {
      accountId,
      language,
      bookingType,
      request,
      catalogueCheckedWhenWritten: checkCatalogue && !mayNeedTransaction,
    }),
    mayNeedTransaction
      ? repo.busyHouseIds(deps.db, request.houseGroupId, dates.checkinDate, dates.checkoutDate)
      : Promise.resolve(new Set<string>()),
  ]);
  // Refusals in the order the guest can act on them, whichever read finished first: the guest's
  // own comes first, so a plain hold refused before its call asks for the guest then.
  const user = settled(userRead);
  if (!user && pricedRead.status === 'rejected') await requireUser(deps, accountId);
  const priced = settled(pricedRead);
  const busy = settled(busyRead);
  const hg = priced.houseGroup;
  const candidates = priced.houseIds.filter((id) => !busy.has(id));
  if (candidates.length === 0) {
    if (!user) await requireUser(deps, accountId);
    throw new AppError('CodeHouseNotAvailable');
  }

  const bookingId = randomUUID();
  const stayId = randomUUID();
  const conversationId = randomUUID();
  const now = deps.clock.now();

  const record = (
    userId: string,
    houseId: string,
    snapshot: typeof priced.snapshot,
    couponRedemptionId: string | null,
  ) => ({
    id: bookingId,
    accountId,
    userId,
    houseGroupId: hg.id,
    houseId,
    stayId,
    bookingType,
    status: 'TENTATIVE' as const,
    checkinDate: priced.checkinDate,
    checkoutDate: priced.checkoutDate,
    timezone: hg.timezone,
    ...priced.counts,
    childrenAges: request.childrenAge,
    allergy: request.allergy,
    request: request.request,
    pet: request.pet ?? null,
    tentativeDeadline: priced.tentativeDeadline,
    couponRedemptionId,
    quote: snapshot,
    conversationId,
    createdAt: now,
  });
  const firstEvent = (houseId: string, snapshot: typeof priced.snapshot, couponRedemptionId: string | null) => ({
    fromStatus: null,
    toStatus: 'TENTATIVE',
    action: 'CREATE_TENTATIVE',
    actor: actorOf.account(accountId),
    detail: { houseId, bookingType, totalAmount: snapshot.quote.totalAmount, couponRedemptionId },
  });

  const plain = !request.coupon && priced.mealRequests.length === 0 && priced.optionPricing.selections.length === 0;
  const created = plain
    ? // Nothing but the hold itself: one call, no explicit transaction, which takes the first
      // free house (see holdTentativeBooking).
      await withDeadlockRetry(async () => {
        // The database finds the guest, chooses the house and writes it into the quote and the event.
        const booking = record('', '', priced.snapshot, null);
        const event = firstEvent('', priced.snapshot, null);
        // Each conflict leaves one more house visibly taken, so this ends.
        for (let attempt = 0; attempt < candidates.length; attempt++) {
          const held = await repo.holdTentativeBooking(
            deps.db,
            checkCatalogue ? priced.catalogueSeen : null,
            candidates,
            booking,
            event,
          );
          if (held === 'catalogue-changed') return held;
          if (held === 'no-user') throw new AppError('CodeUserNotFound');
          if (held === 'none-free') break;
          if (held === 'conflict') continue;
          const snapshot = {
            ...priced.snapshot,
            quote: { ...priced.snapshot.quote, consumptionHouseId: held.houseId },
          };
          return { bookingNumber: held.bookingNumber, houseId: held.houseId, snapshot, user: held.user };
        }
        throw new AppError('CodeHouseNotAvailable');
      })
    : await withDeadlockRetry(async () => {
        // Only a hold with a coupon, meals or options comes here, and that one has read its guest.
        const guest = user ?? (await requireUser(deps, accountId));
        return withTx(deps.db, async (tx) => {
          let houseId: string | null = null;
          for (const [i, candidate] of candidates.entries()) {
            const ok = await repo.tryInsertStay(
              tx,
              {
                id: stayId,
                houseId: candidate,
                houseGroupId: hg.id,
                checkin: priced.checkinDate,
                checkout: priced.checkoutDate,
                bookingId,
              },
              i < candidates.length - 1,
            );
            if (ok) {
              houseId = candidate;
              break;
            }
          }
          if (!houseId) throw new AppError('CodeHouseNotAvailable');

          let couponRedemptionId: string | null = null;
          let snapshot = priced.snapshot;
          if (request.coupon && priced.coupon) {
            const redemption = await redeemCoupon(tx, {
              couponType: request.coupon.couponType,
              code: request.coupon.code,
              userId: guest.id,
              houseGroupId: hg.id,
              checkinDate: priced.checkinDate,
              checkoutDate: priced.checkoutDate,
              accommodationAmount: priced.snapshot.quote.accommodationAmount,
              bookingId,
              now,
            });
            couponRedemptionId = redemption.redemptionId;
            // The redemption re-checked the coupon under its lock; a discount that moved in between is not honoured silently.
            if (redemption.discountAmount !== priced.coupon.discountAmount)
              throw new AppError('CodeCouponNotApplicable');
          }
          snapshot = { ...snapshot, quote: { ...snapshot.quote, consumptionHouseId: houseId } };

          const bookingNumber = await repo.insertBooking(
            tx,
            record(guest.id, houseId, snapshot, couponRedemptionId),
            firstEvent(houseId, snapshot, couponRedemptionId),
          );
          if (priced.mealRequests.length > 0) {
            const orderIds = await placeMealOrders(tx, {
              bookingId,
              orders: priced.mealRequests,
              priced: priced.mealPricing,
              orderedBy: actorOf.account(accountId),
              now,
            });
            // The quote's meal lines name their orders, so a later billing line points at its order.
            const mealLines = snapshot.lines.filter((l) => l.subject === 'MEAL');
            mealLines.forEach((l, i) => (l.orderId = orderIds[i] ?? null));
          }
          if (priced.optionPricing.selections.length > 0) {
            const { orderIds } = await placeExtraOptionOrders(tx, {
              bookingId,
              selections: request.extraOptions,
              priced: priced.optionPricing,
              orderedBy: actorOf.account(accountId),
              now,
            });
            const optionLines = snapshot.lines.filter((l) => l.subject === 'OPTION');
            optionLines.forEach((l, i) => (l.orderId = orderIds[i] ?? null));
          }
          if (priced.mealRequests.length > 0 || priced.optionPricing.selections.length > 0) {
            await repo.updateBooking(tx, bookingId, { quote: snapshot }, now);
          }
          return { bookingNumber, houseId, snapshot, user: guest };
        });
      });
  if (created === 'catalogue-changed') return created;

  return {
    bookingId,
    bookingNumber: created.bookingNumber,
    quote: {
      ...created.snapshot.quote,
      booking: basicBooking({
        id: bookingId,
        bookingNumber: created.bookingNumber,
        user: created.user,
        houseGroup: hg,
        houseId: created.houseId,
        checkinDate: priced.checkinDate,
        checkoutDate: priced.checkoutDate,
        status: 'TENTATIVE',
        bookingType,
        headcount: headcountOf(priced.counts),
        request,
        bookedAt: null,
        createdAt: now,
        updatedAt: now,
      }),
    },
  };
}
