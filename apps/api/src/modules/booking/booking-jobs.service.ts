import { zonedInstant } from '@yado/contract/civil-date';
import { isOwnerFeeLine } from './owner-quote.rules.js';
import { withTx } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import type { Task } from '../../platform/scheduler.js';
import {
  attachPayment,
  cancelBilling,
  createBilling,
  listStaleRequestedBillings,
  markBillingPaid,
} from '../billing/billing.service.js';
import { findPaymentsByReference } from '../payment/payment.service.js';
import { expireHold, recordTransition } from './booking-lifecycle.service.js';
import { actorOf, move } from './booking-state.rules.js';
import * as repo from './booking.repo.js';
import { endBooking, sendPendingRefunds } from './cancel-booking.service.js';
import { chargeBilling, settleDefaultBilling } from './default-billing.service.js';
import { outcomeOf } from './deposit-outcome.rules.js';
import { finishBookingPayment, settleAttempt } from './payment-settlement.service.js';

const BATCH = 100;
/** A payment older than this without an outcome is asked about (decision 0010: two minutes). */
const reconcileAfterMs = (deps: Deps) => deps.env.BOOKING_RECONCILE_AFTER_SECONDS * 1000;
/** The rest of a stay is charged this many days before check-in. */
export const DEFAULT_BILLING_DAYS_BEFORE = 3;

/**
 * expire-tentative-bookings: a hold past its deadline is released (stay
 * RELEASED, coupon given back, orders cancelled, CANCELLED with action
 * EXPIRED). A deposit payment still in flight is asked about first, so a guest
 * whose card went through at the last moment keeps the booking.
 */
export async function expireTentativeBookings(deps: Deps): Promise<number> {
  let expired = 0;
  for (const id of await repo.expiredTentativeIds(deps.db, deps.clock.now(), BATCH)) {
    const pre = await repo.findBooking(deps.db, id);
    if (pre?.paymentAttempt && ['STARTED', 'REQUIRES_ACTION', 'PENDING'].includes(pre.paymentAttempt.status)) {
      await settleAttempt(
        deps,
        pre,
        actorOf.system,
        new Date(deps.clock.now().getTime() - reconcileAfterMs(deps)),
      ).catch((err: unknown) =>
        deps.log.warn('deposit payment could not be settled', { bookingId: id, error: String(err) }),
      );
    }
    const now = deps.clock.now();
    const done = await withTx(deps.db, async (tx) => {
      const b = await repo.lockBooking(tx, id);
      if (!b || b.status !== 'TENTATIVE' || !b.tentativeDeadline || b.tentativeDeadline > now) return false;
      if (b.paymentAttempt && b.paymentAttempt.status !== 'PAID' && b.paymentAttempt.status !== 'FAILED') {
        // A capture arriving after this is refunded by finishBookingPayment (the booking is no longer held).
        await cancelBilling(tx, b.paymentAttempt.billingId, { at: now, reason: 'EXPIRED' }).catch(() => undefined);
      }
      await expireHold(tx, b, now);
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
}

/**
 * reconcile-payments: finishes what a crash, a lost notification or a slow
 * processor left open. Deposit attempts older than two minutes are asked
 * about (found by their billing id when the payment id was never recorded);
 * other REQUESTED billings of bookings charged by the jobs likewise; refunds a
 * cancellation queued are sent again.
 */
export async function reconcilePayments(deps: Deps): Promise<{ settled: number; refunds: number }> {
  const olderThan = new Date(deps.clock.now().getTime() - reconcileAfterMs(deps));
  let settled = 0;
  for (const id of await repo.staleAttempts(deps.db, olderThan, BATCH)) {
    const b = await repo.findBooking(deps.db, id);
    if (!b) continue;
    try {
      const r = await settleAttempt(deps, b, actorOf.system, olderThan);
      if (r.kind !== 'PENDING' && r.kind !== 'REQUIRES_ACTION') settled += 1;
    } catch (err) {
      deps.log.warn('reconciliation could not settle a deposit', { bookingId: id, error: String(err) });
    }
  }
  for (const billing of await listStaleRequestedBillings(deps.db, olderThan, BATCH)) {
    try {
      const bookingId = await repo.bookingOfDepositBilling(deps.db, billing.billingId);
      if (bookingId) {
        const b = await repo.findBooking(deps.db, bookingId);
        if (b?.paymentAttempt?.billingId === billing.billingId) continue; // settled above
        // An attempt superseded or abandoned: whatever reached the processor is settled (a capture is refunded).
        const payments = await findPaymentsByReference(deps, billing.billingId);
        const last = payments.at(-1);
        const outcome = last ? outcomeOf({ ...last, challengeUrl: null }) : null;
        if (outcome && b) {
          await finishBookingPayment(deps, { bookingId, billingId: billing.billingId, outcome, actor: actorOf.system });
          settled += 1;
        }
        continue;
      }
      if (!(await repo.findBooking(deps.db, billing.bookingId))) continue;
      if (billing.billingType === 'DEPOSIT') continue;
      const payments = await findPaymentsByReference(deps, billing.billingId);
      const last = payments.at(-1);
      // Never charged (no card, a failed start): left for the guest to pay with pay_billing.
      if (!last) continue;
      const outcome = outcomeOf({ ...last, challengeUrl: null });
      if (outcome && outcome.status !== 'PENDING' && outcome.status !== 'REQUIRES_ACTION') {
        await settleDefaultBilling(deps, billing.billingId, outcome);
        settled += 1;
      }
    } catch (err) {
      deps.log.warn('reconciliation could not settle a billing', { billingId: billing.billingId, error: String(err) });
    }
  }
  let refunds = 0;
  for (const id of await repo.withPendingRefunds(deps.db, BATCH)) {
    refunds += await sendPendingRefunds(deps, id).catch((err: unknown) => {
      deps.log.warn('refund still pending', { bookingId: id, error: String(err) });
      return 0;
    });
  }
  return { settled, refunds };
}

/**
 * charge-default-billings: three days before check-in (in the house group's
 * time zone) the rest is billed — every quote line with its tax, the deposit
 * as a deduction — and charged to the card the deposit was paid with. A card
 * that fails leaves the billing FAILED with its deadline (check-in) for the
 * guest to pay from the booking page.
 */
export async function chargeDefaultBillings(deps: Deps): Promise<number> {
  let charged = 0;
  for (const id of await repo.dueForDefaultBilling(deps.db, deps.clock.now(), DEFAULT_BILLING_DAYS_BEFORE, BATCH)) {
    const now = deps.clock.now();
    const created = await withTx(deps.db, async (tx) => {
      const b = await repo.lockBooking(tx, id);
      if (!b || b.defaultBillingId || (b.status !== 'BOOKED' && b.status !== 'READY_TO_CHECKIN')) return null;
      const snap = b.quote;
      const total = snap.quote.totalAmount;
      const deductions = Math.min(snap.quote.depositAmount, total);
      const billing = await createBilling(tx, {
        bookingId: b.id,
        accountId: b.accountId,
        billingType: 'DEFAULT',
        // An owner stay's fees are settled by its debt option (statement or their own billing).
        lines: snap.lines.filter((l) => !isOwnerFeeLine(l)),
        serviceChargePercentage: snap.serviceChargePercentage,
        accommodationTax: snap.accommodationTax,
        deductions,
        // Midnight starting the check-in day where the house is, at that day's offset (not today's).
        paymentDeadline: zonedInstant(b.checkinDate, '00:00', b.timezone),
        at: now,
      });
      await attachPayment(tx, billing.billingId, {
        paymentId: null,
        paymentMethodId: b.paymentMethodId,
        pointPaymentAmount: 0,
        at: now,
      });
      const amount = billing.totalAmount - deductions;
      if (amount <= 0) await markBillingPaid(tx, billing.billingId, { paidAt: now });
      await recordTransition(tx, b, {
        action: 'DEFAULT_BILLING',
        actor: actorOf.system,
        at: now,
        patch: { defaultBillingId: billing.billingId },
        detail: { billingId: billing.billingId, totalAmount: billing.totalAmount, deductions },
      });
      return { booking: b, billingId: billing.billingId, amount };
    });
    if (!created) continue;
    charged += 1;
    if (created.amount > 0) {
      await chargeBilling(deps, created.booking, created.billingId, created.amount, 'default').catch((err: unknown) =>
        deps.log.warn('default billing charge failed', { bookingId: id, error: String(err) }),
      );
    }
  }
  return charged;
}

/** ready-to-checkin: BOOKED → READY_TO_CHECKIN from the day before check-in, once the guest register is complete. */
export async function readyToCheckin(deps: Deps): Promise<number> {
  let moved = 0;
  for (const id of await repo.dueReadyToCheckin(deps.db, deps.clock.now(), BATCH)) {
    const now = deps.clock.now();
    const ok = await withTx(deps.db, async (tx) => {
      const b = await repo.lockBooking(tx, id);
      if (!b || b.status !== 'BOOKED' || !b.guestRegisterComplete) return false;
      await recordTransition(tx, b, { action: 'READY', to: move(b.status, 'READY'), actor: actorOf.system, at: now });
      return true;
    });
    if (ok) moved += 1;
  }
  return moved;
}

/** mark-no-shows: not checked in by the end of the check-in day → NO_SHOW with the no-show fee (100% by default). */
export async function markNoShows(deps: Deps): Promise<number> {
  let marked = 0;
  for (const id of await repo.dueNoShow(deps.db, deps.clock.now(), BATCH)) {
    try {
      await endBooking(deps, { bookingId: id, accountId: null, actor: actorOf.system, noShow: true, language: 'en' });
      marked += 1;
    } catch (err) {
      deps.log.warn('no-show could not be recorded', { bookingId: id, error: String(err) });
    }
  }
  return marked;
}

export const BOOKING_TASKS: Task[] = [
  {
    name: 'expire-tentative-bookings',
    everyMs: 30_000,
    run: async (deps) => void (await expireTentativeBookings(deps)),
  },
  { name: 'reconcile-payments', everyMs: 45_000, run: async (deps) => void (await reconcilePayments(deps)) },
  {
    name: 'charge-default-billings',
    everyMs: 10 * 60_000,
    run: async (deps) => void (await chargeDefaultBillings(deps)),
  },
  { name: 'ready-to-checkin', everyMs: 10 * 60_000, run: async (deps) => void (await readyToCheckin(deps)) },
  { name: 'mark-no-shows', everyMs: 10 * 60_000, run: async (deps) => void (await markNoShows(deps)) },
];
