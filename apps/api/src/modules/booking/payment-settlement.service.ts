import { AppError } from '../../platform/app-error.js';
import { withTx, type Db } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import {
  attachPayment,
  getBillingForUpdate,
  markBillingFailed,
  markBillingPaid,
  markBillingRefunded,
  type BillingForUpdate,
} from '../billing/billing.service.js';
import { enqueueNotification } from '../notification/notification-event.service.js';
import { capturePayment, findPaymentsByReference, getPayment, refundPayment } from '../payment/payment.service.js';
import { expireHold, recordTransition } from './booking-lifecycle.service.js';
import { actorOf } from './booking-state.rules.js';
import * as repo from './booking.repo.js';
import type { BookingRecord, PaymentAttempt } from './booking.repo.js';
import {
  holdEnded,
  inFlight,
  outcomeOf,
  type DepositOutcome,
  type FinishResult,
  type PaymentFailure,
} from './deposit-outcome.rules.js';

type Refund = { paymentId: string; amount: number };
/** A settled outcome, with the refund still to send when a capture found no booking to keep it. */
type Settled = FinishResult & { refund?: Refund; unbilled?: boolean };

/** What settling one outcome works on, inside its transaction with the booking and billing locked. */
type Settling = {
  tx: Db;
  b: BookingRecord;
  billing: BillingForUpdate;
  attempt: PaymentAttempt | null;
  /** The outcome is for the booking's current deposit attempt. */
  current: boolean;
  paymentId: string | null;
  paymentMethodId: string | null;
  billingId: string;
  actor: string;
  now: Date;
};

/**
 * Settles a deposit payment, whoever learns of it first (the confirm call,
 * complete_booking_payment after 3-D Secure, the processor's webhook or
 * reconciliation). Idempotent: a billing already PAID answers PAID again. A
 * capture for a booking no longer held is refunded, so money is never kept
 * without a booking.
 */
export async function finishBookingPayment(
  deps: Deps,
  input: { bookingId: string; billingId: string; outcome: DepositOutcome; actor: string },
): Promise<FinishResult> {
  let outcome = input.outcome;
  if (outcome.status === 'AUTHORIZED' && outcome.paymentId) {
    // Deposits are charged at once: an authorisation alone is captured before it is recorded.
    const captured = await capturePayment(deps, outcome.paymentId);
    outcome = outcomeOf({ ...captured, challengeUrl: null }) ?? outcome;
  }
  const now = deps.clock.now();
  const settled = await withTx(deps.db, (tx) => settleOutcome(tx, { ...input, outcome }, now));
  if (settled.kind === 'REFUNDED' && settled.refund)
    await refundUnheld(deps, input, settled.refund, !!settled.unbilled);
  const { refund: _refund, unbilled: _unbilled, ...result } = settled;
  return result as FinishResult;
}

async function settleOutcome(
  tx: Db,
  input: { bookingId: string; billingId: string; outcome: DepositOutcome; actor: string },
  now: Date,
): Promise<Settled> {
  const { outcome } = input;
  const b = await repo.lockBooking(tx, input.bookingId);
  if (!b) return { kind: 'IGNORED', booking: null };
  const billing = await getBillingForUpdate(tx, input.billingId).catch((err: unknown) => {
    if (err instanceof AppError && err.reason === 'CodeBillingNotFound') return null;
    throw err;
  });
  if (!billing) return { kind: 'IGNORED', booking: b };
  const attempt = b.paymentAttempt;
  const current = attempt?.billingId === input.billingId && b.depositBillingId === input.billingId;
  // A PAID deposit is answered as it is when the booking was booked with it; a hold that ended without
  // ever being booked keeps no money, so its capture goes on to be refunded (again, idempotently).
  if (billing.billingStatus === 'PAID' && current && b.status !== 'TENTATIVE' && b.bookedAt) {
    return { kind: 'PAID', booking: b };
  }
  if (billing.billingStatus === 'REFUNDED') return { kind: 'REFUNDED', booking: b };

  const s: Settling = {
    tx,
    b,
    billing,
    attempt,
    current,
    paymentId: 'paymentId' in outcome ? outcome.paymentId : null,
    paymentMethodId: attempt?.paymentMethodId ?? billing.paymentMethodId ?? null,
    billingId: input.billingId,
    actor: input.actor,
    now,
  };
  await attachLearntPayment(s);
  switch (outcome.status) {
    case 'CAPTURED':
    case 'AUTHORIZED':
      return settleCaptured(s);
    case 'REQUIRES_ACTION':
    case 'PENDING':
      return settleWaiting(s, outcome);
    case 'FAILED':
    case 'ABSENT':
      return settleFailed(s, outcome.status === 'FAILED' ? outcome.reason : 'CodePaymentDeclined');
  }
}

/** A payment id learnt for the first time goes onto the billing that still waits for it. */
async function attachLearntPayment(s: Settling): Promise<void> {
  const { billing } = s;
  if (!s.paymentId || billing.paymentId) return;
  if (billing.billingStatus !== 'REQUESTED' && billing.billingStatus !== 'FAILED') return;
  await attachPayment(s.tx, s.billingId, {
    paymentId: s.paymentId,
    paymentMethodId: s.paymentMethodId,
    pointPaymentAmount: s.attempt?.pointPaymentAmount ?? billing.pointPaymentAmount ?? 0,
    at: s.now,
    actor: s.actor,
  });
}

/** The money is taken: the hold becomes BOOKED, or, for a hold that is gone, the money goes back. */
async function settleCaptured(s: Settling): Promise<Settled> {
  const { tx, b, billing, paymentId, now } = s;
  if (billing.billingStatus !== 'PAID') {
    if (billing.billingStatus === 'CANCELLED' || billing.billingStatus === 'FAILED') {
      // Captured after the billing was given up (another card, a reconciliation): the money goes back.
      return paymentId
        ? { kind: 'REFUNDED', booking: b, refund: { paymentId, amount: billing.fiatAmount }, unbilled: true }
        : { kind: 'IGNORED', booking: b };
    }
    await markBillingPaid(tx, s.billingId, { paidAt: now, actor: s.actor });
  }
  if (b.status === 'TENTATIVE' && s.current && holdEnded(b, now)) {
    // Learnt of too late (see SETTLE_GRACE_MS): the hold ends here and the capture is refunded below.
    await expireHold(tx, b, now);
    return refundOrphan(s);
  }
  if (b.status === 'TENTATIVE' && s.current) {
    await recordTransition(tx, b, {
      action: 'CONFIRM',
      to: 'BOOKED',
      actor: s.actor,
      at: now,
      patch: {
        bookedAt: now,
        paymentMethodId: s.paymentMethodId,
        paymentAttempt: { ...s.attempt!, paymentId, status: 'PAID', challengeUrl: null, at: now.toISOString() },
      },
      detail: { billingId: s.billingId, paymentId },
    });
    await enqueueNotification(tx, now, {
      userId: b.userId,
      kind: 'BOOKING_CONFIRMED',
      params: { bookingNumber: b.bookingNumber, checkinDate: b.checkinDate, checkoutDate: b.checkoutDate },
      link: `/mypage/bookings/${b.id}`,
      dedupeKey: `booking-confirmed:${b.id}`,
    });
    return { kind: 'PAID', booking: { ...b, status: 'BOOKED', bookedAt: now } };
  }
  // The hold is gone (expired, cancelled) or this attempt was superseded: give the money back.
  return refundOrphan(s);
}

/** A capture no booking keeps: refunded after the commit, or, paid with points alone, marked refunded now. */
async function refundOrphan(s: Settling): Promise<Settled> {
  if (!s.paymentId) {
    await markBillingRefunded(s.tx, s.billingId, { at: s.now, reason: 'booking not held' });
    return { kind: 'REFUNDED', booking: s.b };
  }
  return { kind: 'REFUNDED', booking: s.b, refund: { paymentId: s.paymentId, amount: s.billing.fiatAmount } };
}

/** The processor still works on it (3-D Secure, a slow answer): the current attempt records where it stands. */
async function settleWaiting(
  s: Settling,
  outcome: Extract<DepositOutcome, { status: 'REQUIRES_ACTION' | 'PENDING' }>,
): Promise<Settled> {
  const { b, attempt } = s;
  if (!s.current || b.status !== 'TENTATIVE') return { kind: 'IGNORED', booking: b };
  const challengeUrl = outcome.status === 'REQUIRES_ACTION' ? (outcome.challengeUrl ?? attempt!.challengeUrl) : null;
  await repo.updateBooking(
    s.tx,
    b.id,
    {
      paymentAttempt: {
        ...attempt!,
        paymentId: s.paymentId ?? attempt!.paymentId,
        status: outcome.status,
        challengeUrl,
      },
    },
    s.now,
  );
  return outcome.status === 'REQUIRES_ACTION'
    ? { kind: 'REQUIRES_ACTION', booking: b, challengeUrl }
    : { kind: 'PENDING', booking: b };
}

/** The card was refused (or nothing reached the processor): the billing fails, its points go back. */
async function settleFailed(s: Settling, reason: PaymentFailure): Promise<Settled> {
  const { tx, b, now } = s;
  if (s.billing.billingStatus === 'REQUESTED') await markBillingFailed(tx, s.billingId, reason, { at: now });
  if (s.current && b.status === 'TENTATIVE') {
    await recordTransition(tx, b, {
      action: 'PAYMENT_FAILED',
      actor: s.actor,
      at: now,
      patch: {
        paymentAttempt: { ...s.attempt!, paymentId: s.paymentId, status: 'FAILED', reason, challengeUrl: null },
      },
      detail: { billingId: s.billingId, paymentId: s.paymentId, reason },
    });
    // One notice per refused billing: settling the same refusal again (webhook, reconciliation) adds none.
    await enqueueNotification(tx, now, {
      userId: b.userId,
      kind: 'PAYMENT_FAILED',
      params: { bookingNumber: b.bookingNumber, checkinDate: b.checkinDate, checkoutDate: b.checkoutDate },
      link: `/mypage/bookings/${b.id}/payment`,
      dedupeKey: `payment-failed:${s.billingId}`,
    });
  } else if (s.current && inFlight(s.attempt)) {
    // The hold already ended: the attempt is closed so reconciliation stops asking about it.
    await repo.updateBooking(
      tx,
      b.id,
      { paymentAttempt: { ...s.attempt, paymentId: s.paymentId, status: 'FAILED', reason, challengeUrl: null } },
      now,
    );
  }
  return { kind: 'FAILED', booking: b, reason };
}

/** Sends back a capture no booking keeps, then records it: a PAID billing becomes REFUNDED. */
async function refundUnheld(
  deps: Deps,
  input: { bookingId: string; billingId: string },
  refund: Refund,
  unbilled: boolean,
): Promise<void> {
  await refundPayment(deps, refund.paymentId, refund.amount, `orphan-${input.billingId}`);
  await recordUnheldRefund(deps, input, refund, unbilled);
}

/**
 * Records a refund of a capture no booking kept, and closes the booking's
 * attempt so reconciliation stops asking about it. The booking is locked
 * before the billing, in the order settleOutcome takes them: the other order
 * deadlocked with a settler running at the same moment, and the loser's
 * refund went unrecorded.
 */
async function recordUnheldRefund(
  deps: Deps,
  input: { bookingId: string; billingId: string },
  refund: Refund,
  unbilled: boolean,
): Promise<void> {
  await withTx(deps.db, async (tx) => {
    const now = deps.clock.now();
    const b = await repo.lockBooking(tx, input.bookingId);
    // A billing given up before the capture stays CANCELLED or FAILED; a PAID one is now REFUNDED.
    const billing = await getBillingForUpdate(tx, input.billingId);
    // Two settlers may both send the (idempotent) refund; the one that finds it recorded adds nothing.
    const recorded = !unbilled && billing.billingStatus !== 'PAID';
    if (!recorded && !unbilled) await markBillingRefunded(tx, input.billingId, { at: now, reason: 'booking not held' });
    if (!b) return;
    const attempt = b.paymentAttempt;
    const closing = b.status !== 'TENTATIVE' && attempt?.billingId === input.billingId && inFlight(attempt);
    const patch = closing
      ? { paymentAttempt: { ...attempt, paymentId: refund.paymentId, status: 'REFUNDED' as const, challengeUrl: null } }
      : undefined;
    if (recorded) {
      if (patch) await repo.updateBooking(tx, b.id, patch, now);
      return;
    }
    await recordTransition(tx, b, {
      action: 'PAYMENT_REFUNDED',
      actor: actorOf.system,
      at: now,
      ...(patch ? { patch } : {}),
      detail: { billingId: input.billingId, paymentId: refund.paymentId, amount: refund.amount },
    });
  });
}

/**
 * Asks the processor where the booking's deposit payment stands and settles
 * it. A payment whose id was never recorded (the process died right after the
 * processor answered) is found by its reference, the billing id.
 */
export async function settleAttempt(
  deps: Deps,
  b: BookingRecord,
  actor: string,
  olderThan?: Date,
): Promise<FinishResult> {
  const attempt = b.paymentAttempt;
  if (!attempt || !inFlight(attempt)) return { kind: 'IGNORED', booking: b };
  let paymentId = attempt.paymentId;
  if (!paymentId) {
    const found = await findPaymentsByReference(deps, attempt.billingId);
    paymentId = found.at(-1)?.paymentId ?? null;
  }
  let outcome: DepositOutcome | null;
  if (!paymentId) {
    // Nothing reached the processor. Only an old attempt is given up: a young one may still be on its way.
    if (!olderThan || new Date(attempt.at) >= olderThan) return { kind: 'PENDING', booking: b };
    outcome = { status: 'ABSENT' };
  } else {
    const p = await getPayment(deps, paymentId);
    outcome = outcomeOf({ ...p, challengeUrl: attempt.challengeUrl });
    if (!outcome) {
      // Refunded already: a settler that died between the refund and its record is finished here.
      if (b.status !== 'TENTATIVE' && !b.bookedAt) {
        await recordUnheldRefund(
          deps,
          { bookingId: b.id, billingId: attempt.billingId },
          {
            paymentId,
            amount: p.refundedAmount,
          },
          false,
        );
      }
      return { kind: 'IGNORED', booking: b };
    }
  }
  return finishBookingPayment(deps, { bookingId: b.id, billingId: attempt.billingId, outcome, actor });
}
