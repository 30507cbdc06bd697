import { randomUUID } from 'node:crypto';
import type { BookingQuote, BookingRequest } from '@yado/contract/booking.contract';
import type { Language } from '@yado/contract/headers';
import { AppError } from '../../platform/app-error.js';
import { withTx } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import { listHouses } from '../catalogue/catalogue.service.js';
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

/**
 * Holds a free house for the stay as a TENTATIVE booking, in one transaction:
 * the stay, the coupon redemption, the booking, its conversation, its orders
 * and its first event. Houses are tried in the group's order; the exclusion
 * constraint on stays decides between concurrent requests for one house, and
 * the loser tries the next house (inside a savepoint) until none is left.
 */
export async function createTentativeBooking(
  deps: Deps,
  accountId: string,
  language: Language,
  bookingType: GuestBookingTypeValue,
  request: BookingRequest,
): Promise<{ bookingId: string; bookingNumber: string; quote: BookingQuote }> {
  // Every read a hold needs goes out at once: the guest, the priced request (house group and
  // season days, themselves read together), the group's houses and which of them are taken.
  const dates = stayDates(request);
  const [userRead, pricedRead, housesRead, busyRead] = await Promise.allSettled([
    requireUser(deps, accountId),
    priceRequest(deps, { accountId, language, bookingType, request }),
    listHouses(deps, language, request.houseGroupId),
    repo.busyHouseIds(deps.db, request.houseGroupId, dates.checkinDate, dates.checkoutDate),
  ]);
  // Refusals in the order the guest can act on them, whichever read finished first.
  const user = settled(userRead);
  const priced = settled(pricedRead);
  const { houses } = settled(housesRead);
  const busy = settled(busyRead);
  const hg = priced.houseGroup;
  const candidates = houses.map((h) => h.id).filter((id) => !busy.has(id));
  if (candidates.length === 0) throw new AppError('CodeHouseNotAvailable');

  const bookingId = randomUUID();
  const stayId = randomUUID();
  const conversationId = randomUUID();
  const now = deps.clock.now();

  const record = (houseId: string, snapshot: typeof priced.snapshot, couponRedemptionId: string | null) => ({
    id: bookingId,
    accountId,
    userId: user.id,
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
    ? // Nothing but the hold itself: one statement per house tried, no explicit transaction.
      await withDeadlockRetry(async () => {
        for (const houseId of candidates) {
          const snapshot = { ...priced.snapshot, quote: { ...priced.snapshot.quote, consumptionHouseId: houseId } };
          const bookingNumber = await repo.insertHeldBooking(
            deps.db,
            { id: stayId, houseGroupId: hg.id },
            record(houseId, snapshot, null),
            firstEvent(houseId, snapshot, null),
          );
          if (bookingNumber) return { bookingNumber, houseId, snapshot };
        }
        throw new AppError('CodeHouseNotAvailable');
      })
    : await withDeadlockRetry(() =>
        withTx(deps.db, async (tx) => {
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
              userId: user.id,
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
            record(houseId, snapshot, couponRedemptionId),
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
          return { bookingNumber, houseId, snapshot };
        }),
      );

  return {
    bookingId,
    bookingNumber: created.bookingNumber,
    quote: {
      ...created.snapshot.quote,
      booking: basicBooking({
        id: bookingId,
        bookingNumber: created.bookingNumber,
        user,
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
