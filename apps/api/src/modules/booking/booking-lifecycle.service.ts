import type { BookingStatusValue, GuestRegisterEntry, Headcount } from '@yado/contract/booking.contract';
import { extraChargePerNight, extraGuestsOf } from '@yado/contract/extra-guest-charge';
import type { Language } from '@yado/contract/headers';
import { AppError } from '../../platform/app-error.js';
import { returnSlots } from '../ownership/slot-ledger.service.js';
import { useTypeOf } from './use-types/use-types.registry.js';
import { withTx, type Db } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import { getBillingForUpdate } from '../billing/billing.service.js';
import { getHouseGroup } from '../catalogue/catalogue.service.js';
import { addDays, isoFromCivil, todayIn } from '@yado/contract/civil-date';
import { releaseCouponRedemption } from '../coupon/coupon.service.js';
import { cancelOrdersOfBooking } from '../meal/meal.service.js';
import { confirmCheckoutPoints } from '../point/point.service.js';
import { offerOnCheckout } from '../questionnaire/questionnaire.service.js';
import {
  accommodationLines,
  assertHeadcount,
  chargeableOf,
  countsOf,
  guestsOf,
  retotal,
  type PricedNightInput,
} from './booking-quote.rules.js';
import { capacityRulesOf, quoteHouseGroup } from './booking-quote.service.js';
import { actorOf, assertStatusIn, CHANGEABLE, move } from './booking-state.rules.js';
import { checkinOpensAt } from './booking-time.rules.js';
import * as repo from './booking.repo.js';
import type { BookingPatch, BookingRecord } from './booking.repo.js';
import { ownBookingOr404 } from './booking-access.service.js';

/** One step of a booking's life as it is recorded: the event, and the change of the booking row it goes with. */
export type Transition = {
  action: string;
  /** The status after the step; the same status when omitted (a step that records, such as PAYMENT_STARTED). */
  to?: BookingStatusValue;
  actor: string;
  at: Date;
  /** Columns the step changes besides the status. */
  patch?: BookingPatch;
  detail?: Record<string, unknown>;
};

/**
 * Records a step of the booking, inside the caller's transaction with the booking locked: the row
 * changes (its status when it moves) and the event lands in booking_events, from the status the
 * booking had. Every write of the core and of the use types records its step here.
 */
export async function recordTransition(tx: Db, b: Pick<BookingRecord, 'id' | 'status'>, t: Transition): Promise<void> {
  const to = t.to ?? b.status;
  const patch: BookingPatch = { ...t.patch, ...(to !== b.status ? { status: to } : {}) };
  if (Object.keys(patch).length > 0) await repo.updateBooking(tx, b.id, patch, t.at);
  await repo.insertEvent(tx, {
    bookingId: b.id,
    fromStatus: b.status,
    toStatus: to,
    action: t.action,
    actor: t.actor,
    at: t.at,
    ...(t.detail ? { detail: t.detail } : {}),
  });
}

/**
 * Ends a TENTATIVE hold past its deadline, inside the caller's transaction (the
 * booking locked): stay RELEASED, coupon given back, orders cancelled,
 * CANCELLED with action EXPIRED.
 */
export async function expireHold(tx: Db, b: BookingRecord, now: Date): Promise<void> {
  await repo.releaseStay(tx, b.stayId, now);
  if (b.couponRedemptionId) {
    await releaseCouponRedemption(tx, { redemptionId: b.couponRedemptionId, actor: actorOf.system, now });
  }
  await cancelOrdersOfBooking(tx, b.id, now);
  // A lapsed owner hold gives back the slots it consumed.
  if (b.shareId) await returnSlots(tx, { bookingId: b.id, actor: actorOf.system, at: now });
  await recordTransition(tx, b, {
    action: 'EXPIRED',
    to: move(b.status, 'EXPIRE'),
    actor: actorOf.system,
    at: now,
    patch: { cancelledAt: now },
    detail: { deadline: b.tentativeDeadline?.toISOString() ?? null },
  });
}

/** Guest registers are kept 3 years after the stay (Hotel Business Act). */
const REGISTER_RETENTION_YEARS = 3;

async function lockOwn(tx: Parameters<typeof repo.lockBooking>[0], bookingId: string, accountId: string | null) {
  return ownBookingOr404(await repo.lockBooking(tx, bookingId), accountId);
}

/**
 * update_booking_headcount: re-checks capacity and re-prices the accommodation
 * (the extra charge) with the nightly prices the booking was made at. Meals,
 * options and the coupon stay; a deposit already billed stays as billed.
 */
export async function updateBookingHeadcount(
  deps: Deps,
  accountId: string,
  language: Language,
  input: { bookingId: string; headcount: Headcount; childrenAge: number[] },
): Promise<BookingRecord> {
  const pre = ownBookingOr404(await repo.findBooking(deps.db, input.bookingId), accountId);
  const { houseGroup: hg } = await getHouseGroup(deps, language, pre.houseGroupId);
  const counts = countsOf(input.headcount);
  assertHeadcount(capacityRulesOf(hg), counts, input.childrenAge);
  const now = deps.clock.now();
  return withTx(deps.db, async (tx) => {
    const b = await lockOwn(tx, input.bookingId, accountId);
    assertStatusIn(b.status, CHANGEABLE);
    if (b.defaultBillingId) throw new AppError('CodeBookingStatusInvalid');
    // An owner stay is paid with slots, whoever comes: the guests change, its price does not.
    if (useTypeOf(b.bookingType).consumes === 'SLOTS') {
      await recordTransition(tx, b, {
        action: 'UPDATE_HEADCOUNT',
        actor: actorOf.account(accountId),
        at: now,
        patch: { ...counts, childrenAges: input.childrenAge, guestRegisterComplete: false },
        detail: { from: { males: b.males, females: b.females, children: b.children, infants: b.infants }, to: counts },
      });
      return { ...b, ...counts, childrenAges: input.childrenAge };
    }
    const snap = b.quote;
    const nights: PricedNightInput[] = snap.quote.nights.map((n) => ({
      date: isoFromCivil(n.date),
      priceType: n.priceType,
      amount: n.amount,
    }));
    const qhg = quoteHouseGroup(hg);
    const extraGuests = extraGuestsOf(chargeableOf(counts), qhg.baseCapacity);
    // The extra charge per guest the booking was priced with, so a later price change does not reach it.
    const pricedExtraGuests = extraGuestsOf(chargeableOf(b), qhg.baseCapacity);
    const perGuest =
      snap.quote.extraChargePerDay > 0 && pricedExtraGuests > 0
        ? snap.quote.extraChargePerDay / pricedExtraGuests
        : qhg.extraChargePerGuestPerNight;
    const accommodation = accommodationLines({ nights, extraGuests, extraChargePerGuestPerNight: perGuest });
    const others = snap.lines.filter((l) => l.subject !== 'ACCOMMODATION');
    const extraChargePerDay = extraChargePerNight(chargeableOf(counts), qhg.baseCapacity, perGuest);
    const nightAmounts = nights.map((n) => ({ date: n.date, amount: n.amount + extraChargePerDay }));
    const accommodationAmount = nightAmounts.reduce((s, n) => s + n.amount, 0);
    const depositBilled = b.depositBillingId !== null && b.status !== 'TENTATIVE';
    const next = retotal(
      {
        ...snap,
        nightAmounts,
        quote: {
          ...snap.quote,
          accommodationAmount,
          extraChargePerDay,
          totalExtraCharge: extraChargePerDay * nights.length,
        },
      },
      { lines: [...accommodation, ...others], fixedDepositAmount: depositBilled ? snap.quote.depositAmount : null },
    );
    await recordTransition(tx, b, {
      action: 'UPDATE_HEADCOUNT',
      actor: actorOf.account(accountId),
      at: now,
      patch: { ...counts, childrenAges: input.childrenAge, quote: next, guestRegisterComplete: false },
      detail: {
        from: { males: b.males, females: b.females, children: b.children, infants: b.infants },
        to: counts,
        totalAmount: { from: snap.quote.totalAmount, to: next.quote.totalAmount },
      },
    });
    return { ...b, ...counts, childrenAges: input.childrenAge, quote: next };
  });
}

function assertRegister(guests: readonly GuestRegisterEntry[]): void {
  guests.forEach((g, i) => {
    // The Act asks a foreign national without an address in Japan for nationality and passport number.
    const foreignNoJapaneseAddress = g.nationalityCountryCode !== 'JP' && g.address.countryCode !== 'JP';
    if (foreignNoJapaneseAddress && !g.passportNumber) {
      throw new AppError('CodeInvalidArgument', {
        fields: [
          {
            field: `guests[${i}].passportNumber`,
            description: 'required for a foreign national without an address in Japan',
          },
        ],
      });
    }
    if (!g.address.countryCode) {
      throw new AppError('CodeInvalidArgument', {
        fields: [{ field: `guests[${i}].address.countryCode`, description: 'required' }],
      });
    }
    if (!g.phoneNumber && !g.emailAddress && i === 0) {
      throw new AppError('CodeInvalidArgument', {
        fields: [
          { field: `guests[${i}].phoneNumber`, description: 'a phone number or an email address to reach the guest' },
        ],
      });
    }
  });
}

/** submit_guest_register: replaces the register; complete once every guest has an entry. */
export async function submitGuestRegister(
  deps: Deps,
  accountId: string,
  input: { bookingId: string; guests: GuestRegisterEntry[] },
): Promise<BookingRecord> {
  assertRegister(input.guests);
  const now = deps.clock.now();
  return withTx(deps.db, async (tx) => {
    const b = await lockOwn(tx, input.bookingId, accountId);
    assertStatusIn(b.status, ['BOOKED', 'READY_TO_CHECKIN', 'STAYING']);
    const required = guestsOf(b);
    if (input.guests.length > required) {
      throw new AppError('CodeInvalidArgument', {
        fields: [{ field: 'guests', description: `at most ${required} guests` }],
      });
    }
    const complete = input.guests.length === required;
    const retainUntil = addDays(b.checkoutDate, 365 * REGISTER_RETENTION_YEARS + 1);
    await repo.replaceGuestRegister(
      tx,
      b.id,
      input.guests.map((g) => ({
        fullName: g.fullName,
        address: g.address,
        phoneNumber: g.phoneNumber ?? null,
        emailAddress: g.emailAddress ?? null,
        nationalityCountryCode: g.nationalityCountryCode,
        passportNumber: g.passportNumber ?? null,
        age: g.age ?? null,
      })),
      now,
      retainUntil,
    );
    let status = b.status;
    // Ready at once when the register is completed the day before check-in or later.
    if (complete && b.status === 'BOOKED' && addDays(b.checkinDate, -1) <= todayIn(b.timezone, now)) {
      status = move(b.status, 'READY');
    }
    await recordTransition(tx, b, {
      action: 'SUBMIT_GUEST_REGISTER',
      to: status,
      actor: actorOf.account(accountId),
      at: now,
      patch: { guestRegisterComplete: complete },
      detail: { entries: input.guests.length, complete },
    });
    return { ...b, guestRegisterComplete: complete, status };
  });
}

/**
 * checkin_booking and staff_checkin_booking. A guest checks in from the
 * check-in time of the check-in day with a complete register; staff from the
 * start of the check-in day (they take the register at the desk).
 */
export async function checkinBooking(
  deps: Deps,
  input: { bookingId: string; accountId: string; staff: boolean; language: Language },
): Promise<BookingRecord> {
  const pre = ownBookingOr404(await repo.findBooking(deps.db, input.bookingId), input.staff ? null : input.accountId);
  const { houseGroup: hg } = await getHouseGroup(deps, input.language, pre.houseGroupId);
  const now = deps.clock.now();
  return withTx(deps.db, async (tx) => {
    const b = await lockOwn(tx, input.bookingId, input.staff ? null : input.accountId);
    const to = move(b.status, 'CHECKIN');
    const today = todayIn(hg.timezone, now);
    if (today > b.checkinDate) throw new AppError('CodeBookingStatusInvalid');
    if (input.staff ? today < b.checkinDate : now < checkinOpensAt(b, hg)) throw new AppError('CodeCheckinNotOpen');
    if (!input.staff && !b.guestRegisterComplete) throw new AppError('CodeGuestRegisterIncomplete');
    await recordTransition(tx, b, {
      action: 'CHECKIN',
      to,
      actor: input.staff ? actorOf.staff(input.accountId) : actorOf.account(input.accountId),
      at: now,
      patch: { checkedInAt: now },
    });
    return { ...b, status: to, checkedInAt: now };
  });
}

/** checkout_booking and staff_checkout_booking: CHECKED_OUT, and points on the accommodation paid. */
export async function checkoutBooking(
  deps: Deps,
  input: { bookingId: string; accountId: string; staff: boolean },
): Promise<BookingRecord> {
  const now = deps.clock.now();
  return withTx(deps.db, async (tx) => {
    const b = await lockOwn(tx, input.bookingId, input.staff ? null : input.accountId);
    const to = move(b.status, 'CHECKOUT');
    // Points are earned on accommodation actually paid: once the rest (DEFAULT billing) is PAID.
    let paidAccommodationAmount = 0;
    if (b.defaultBillingId) {
      const billing = await getBillingForUpdate(tx, b.defaultBillingId);
      if (billing.billingStatus === 'PAID') {
        paidAccommodationAmount = Math.max(0, b.quote.quote.accommodationAmount - b.quote.quote.discountAmount);
      }
    }
    const points = await confirmCheckoutPoints(tx, {
      accountId: b.accountId,
      bookingId: b.id,
      paidAccommodationAmount,
      at: now,
      actor: actorOf.system,
    });
    await recordTransition(tx, b, {
      action: 'CHECKOUT',
      to,
      actor: input.staff ? actorOf.staff(input.accountId) : actorOf.account(input.accountId),
      at: now,
      patch: { checkedOutAt: now },
      detail: { paidAccommodationAmount, points: points.points },
    });
    // The guest hears of the stay's questionnaire only if the check-out commits.
    await offerOnCheckout(tx, now, { ...b, bookingId: b.id });
    return { ...b, status: to, checkedOutAt: now };
  });
}
