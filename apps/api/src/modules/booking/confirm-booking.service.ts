import type { BookingPaymentResult } from '@yado/contract/booking.contract';
import { AppError } from '../../platform/app-error.js';
import { withTx } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import {
  attachPayment,
  cancelBilling,
  createBilling,
  getBillingForUpdate,
  markBillingFailed,
  markBillingPaid,
  markBillingRefunded,
} from '../billing/billing.service.js';
import {
  capturePayment,
  findPaymentsByReference,
  getPayment,
  refundPayment,
  startPayment,
  voidPayment,
} from '../payment/payment.service.js';
import { withQuery } from '../payment/payment.rules.js';
import { releaseCouponRedemption } from '../coupon/coupon.service.js';
import { cancelOrdersOfBooking } from '../meal/meal.service.js';
import type { Db } from '../../platform/db/pool.js';
import { depositLine } from './booking-quote.rules.js';
import { actorOf, move } from './booking-state.rules.js';
import * as repo from './booking.repo.js';
import type { BookingRecord, PaymentAttempt } from './booking.repo.js';

type PaymentFailure =
  'CodePaymentDeclined' | 'CodePaymentInsufficientFunds' | 'CodePaymentCardExpired' | 'CodePaymentAuthenticationFailed';

/** What the processor said about a deposit payment, reduced to what the booking does next. */
export type DepositOutcome =
  | { status: 'CAPTURED' | 'AUTHORIZED'; paymentId: string | null }
  | { status: 'REQUIRES_ACTION'; paymentId: string; challengeUrl: string | null }
  | { status: 'PENDING'; paymentId: string | null }
  | { status: 'FAILED'; paymentId: string | null; reason: PaymentFailure }
  /** The processor holds nothing for the billing: the payment was never created. */
  | { status: 'ABSENT' };

export type FinishResult =
  | { kind: 'PAID'; booking: BookingRecord }
  | { kind: 'REQUIRES_ACTION'; booking: BookingRecord; challengeUrl: string | null }
  | { kind: 'PENDING'; booking: BookingRecord }
  | { kind: 'FAILED'; booking: BookingRecord; reason: PaymentFailure }
  | { kind: 'REFUNDED'; booking: BookingRecord }
  | { kind: 'IGNORED'; booking: BookingRecord | null };

const isFailure = (r: string | null | undefined): r is PaymentFailure =>
  r === 'CodePaymentDeclined' ||
  r === 'CodePaymentInsufficientFunds' ||
  r === 'CodePaymentCardExpired' ||
  r === 'CodePaymentAuthenticationFailed';

/** A payment as the payment module reports it, as a deposit outcome. */
export function outcomeOf(p: {
  paymentId: string;
  status: string;
  failureReason: string | null;
  challengeUrl?: string | null;
}): DepositOutcome | null {
  switch (p.status) {
    case 'CAPTURED':
    case 'PARTIALLY_REFUNDED':
      return { status: 'CAPTURED', paymentId: p.paymentId };
    case 'AUTHORIZED':
      return { status: 'AUTHORIZED', paymentId: p.paymentId };
    case 'REQUIRES_ACTION':
      return { status: 'REQUIRES_ACTION', paymentId: p.paymentId, challengeUrl: p.challengeUrl ?? null };
    case 'PENDING':
      return { status: 'PENDING', paymentId: p.paymentId };
    case 'FAILED':
    case 'VOIDED':
      return {
        status: 'FAILED',
        paymentId: p.paymentId,
        reason: isFailure(p.failureReason) ? p.failureReason : 'CodePaymentDeclined',
      };
    default:
      // REFUNDED: the money already went back; nothing for the booking to do.
      return null;
  }
}

export function toPaymentResult(r: FinishResult): BookingPaymentResult {
  const b = r.booking!;
  switch (r.kind) {
    case 'PAID':
      return { bookingId: b.id, bookingStatus: b.status, status: 'PAID' };
    case 'REQUIRES_ACTION':
      return {
        bookingId: b.id,
        bookingStatus: b.status,
        status: 'REQUIRES_ACTION',
        ...(r.challengeUrl ? { challengeUrl: r.challengeUrl } : {}),
      };
    case 'PENDING':
      return { bookingId: b.id, bookingStatus: b.status, status: 'PENDING' };
    case 'FAILED':
      throw new AppError(r.reason);
    case 'REFUNDED':
    case 'IGNORED':
      // The hold ended while the card was being charged: the money went back.
      throw new AppError('CodeTentativeBookingExpired');
  }
}

function assertConfirmable(b: BookingRecord, now: Date): void {
  if (b.status === 'TENTATIVE') {
    if (b.tentativeDeadline && now >= b.tentativeDeadline) throw new AppError('CodeTentativeBookingExpired');
    return;
  }
  if (b.status === 'CANCELLED' && b.tentativeDeadline && b.cancelledAt && b.cancelledAt >= b.tentativeDeadline) {
    throw new AppError('CodeTentativeBookingExpired');
  }
  throw new AppError('CodeBookingStatusInvalid');
}

const inFlight = (a: PaymentAttempt | null): a is PaymentAttempt =>
  !!a && (a.status === 'STARTED' || a.status === 'REQUIRES_ACTION' || a.status === 'PENDING');

/**
 * confirm_booking, the saga of decision 0010: (1) one transaction bills the
 * DEPOSIT, spends the points and records the attempt; (2) outside any
 * transaction the processor authorises and captures (3-D Secure may ask for a
 * challenge); (3) finishBookingPayment settles the outcome in one transaction.
 * A crash between (2) and (3) is repaired by reconciliation.
 */
export async function confirmBooking(
  deps: Deps,
  accountId: string,
  input: { bookingId: string; paymentMethodId: string; pointPaymentAmount: number; returnPath: string },
): Promise<BookingPaymentResult> {
  const now = deps.clock.now();
  const started = await withTx(deps.db, async (tx) => {
    const b = await repo.lockBooking(tx, input.bookingId);
    if (!b || b.accountId !== accountId) throw new AppError('CodeBookingNotFound');
    if (b.status === 'BOOKED' && b.paymentAttempt?.status === 'PAID') return { kind: 'done', booking: b } as const;
    assertConfirmable(b, now);
    const previous = b.paymentAttempt;
    if (inFlight(previous)) {
      // A second confirm while the first is still with the processor gets the first's state,
      // unless the guest abandoned a challenge and chose another card.
      if (previous.paymentMethodId === input.paymentMethodId || previous.status !== 'REQUIRES_ACTION') {
        return { kind: 'current', booking: b, attempt: previous } as const;
      }
      // Cancelling the billing gives its points back.
      await cancelBilling(tx, previous.billingId, {
        at: now,
        actor: actorOf.account(accountId),
        reason: 'another card',
      });
    }
    const deposit = b.quote.quote.depositAmount;
    if (input.pointPaymentAmount > deposit) throw new AppError('CodePointsExceedAmount');
    const billing = await createBilling(tx, {
      bookingId: b.id,
      accountId,
      billingType: 'DEPOSIT',
      lines: [depositLine(deposit)],
      serviceChargePercentage: '0.00',
      accommodationTax: 0,
      paymentDeadline: b.tentativeDeadline,
      at: now,
      actor: actorOf.account(accountId),
    });
    // Reserves the points at once (CONSUME_BILLING), so the same points cannot pay two billings.
    await attachPayment(tx, billing.billingId, {
      paymentId: null,
      paymentMethodId: input.paymentMethodId,
      pointPaymentAmount: input.pointPaymentAmount,
      at: now,
      actor: actorOf.account(accountId),
    });
    const attempt: PaymentAttempt = {
      billingId: billing.billingId,
      paymentId: null,
      status: 'STARTED',
      challengeUrl: null,
      reason: null,
      paymentMethodId: input.paymentMethodId,
      pointPaymentAmount: input.pointPaymentAmount,
      at: now.toISOString(),
    };
    await repo.updateBooking(tx, b.id, { depositBillingId: billing.billingId, paymentAttempt: attempt }, now);
    await repo.insertEvent(tx, {
      bookingId: b.id,
      fromStatus: b.status,
      toStatus: b.status,
      action: 'PAYMENT_STARTED',
      actor: actorOf.account(accountId),
      at: now,
      detail: { billingId: billing.billingId, amount: deposit, pointPaymentAmount: input.pointPaymentAmount },
    });
    return {
      kind: 'started',
      booking: b,
      attempt,
      fiatAmount: deposit - input.pointPaymentAmount,
      superseded: inFlight(previous) ? previous : null,
    } as const;
  });

  if (started.kind === 'done') return { bookingId: started.booking.id, bookingStatus: 'BOOKED', status: 'PAID' };
  if (started.kind === 'current') {
    const a = started.attempt;
    return a.status === 'REQUIRES_ACTION'
      ? {
          bookingId: started.booking.id,
          bookingStatus: started.booking.status,
          status: 'REQUIRES_ACTION',
          ...(a.challengeUrl ? { challengeUrl: a.challengeUrl } : {}),
        }
      : { bookingId: started.booking.id, bookingStatus: started.booking.status, status: 'PENDING' };
  }
  if (started.superseded?.paymentId) {
    // The abandoned challenge authorised nothing yet; voiding it is best-effort housekeeping.
    await voidPayment(deps, started.superseded.paymentId).catch(() => undefined);
  }

  const { booking, attempt } = started;
  if (started.fiatAmount === 0) {
    // Points paid the whole deposit: nothing for the processor to do.
    return toPaymentResult(
      await finishBookingPayment(deps, {
        bookingId: booking.id,
        billingId: attempt.billingId,
        outcome: { status: 'CAPTURED', paymentId: null },
        actor: actorOf.account(accountId),
      }),
    );
  }

  let outcome: DepositOutcome;
  try {
    const p = await startPayment(deps, {
      accountId,
      paymentMethodId: input.paymentMethodId,
      amount: started.fiatAmount,
      reference: attempt.billingId,
      description: `Deposit ${booking.bookingNumber}`,
      returnUrl: withQuery(input.returnPath, 'bookingPayment', booking.id),
      capture: true,
      idempotencyKey: `deposit-${attempt.billingId}`,
    });
    outcome =
      p.status === 'REQUIRES_ACTION'
        ? { status: 'REQUIRES_ACTION', paymentId: p.paymentId, challengeUrl: p.challengeUrl }
        : p.status === 'FAILED'
          ? { status: 'FAILED', paymentId: p.paymentId, reason: p.reason }
          : p.status === 'CAPTURED' || p.status === 'AUTHORIZED' || p.status === 'PENDING'
            ? { status: p.status, paymentId: p.paymentId }
            : (outcomeOf({ paymentId: p.paymentId, status: p.status, failureReason: null }) ?? {
                status: 'PENDING',
                paymentId: p.paymentId,
              });
  } catch (err) {
    // Refused before anything was created (unknown card, processor unavailable): undo step (1).
    if (err instanceof AppError) {
      await abandonAttempt(deps, booking.id, attempt.billingId, err.reason);
    }
    throw err;
  }

  if (deps.env.BOOKING_CRASH_AFTER_CAPTURE && !deps.env.isProduction && outcome.status === 'CAPTURED') {
    // Test hook of the crash test: the process dies between the capture and its recording.
    process.kill(process.pid, 'SIGKILL');
    await new Promise(() => undefined);
  }

  return toPaymentResult(
    await finishBookingPayment(deps, {
      bookingId: booking.id,
      billingId: attempt.billingId,
      outcome,
      actor: actorOf.account(accountId),
    }),
  );
}

/** Undoes step (1) when the processor created nothing: the billing is cancelled and the points return. */
async function abandonAttempt(deps: Deps, bookingId: string, billingId: string, reason: string): Promise<void> {
  const now = deps.clock.now();
  await withTx(deps.db, async (tx) => {
    const b = await repo.lockBooking(tx, bookingId);
    if (!b || b.paymentAttempt?.billingId !== billingId) return;
    await cancelBilling(tx, billingId, { at: now, reason });
    await repo.updateBooking(tx, bookingId, { paymentAttempt: null }, now);
    await repo.insertEvent(tx, {
      bookingId,
      fromStatus: b.status,
      toStatus: b.status,
      action: 'PAYMENT_ABANDONED',
      actor: actorOf.system,
      at: now,
      detail: { billingId, reason },
    });
  });
}

/**
 * How long after its deadline a hold still takes the deposit of a confirmation
 * that began in time: the processor may take its full timeout to answer, and
 * the guest a moment on the 3-D Secure page. A capture learnt of later (a
 * crash, an outage longer than this) is for a hold that has ended: the booking
 * expires and the money goes back.
 */
export const SETTLE_GRACE_MS = 2 * 60_000;

export function holdEnded(b: BookingRecord, now: Date): boolean {
  return b.tentativeDeadline !== null && now.getTime() > b.tentativeDeadline.getTime() + SETTLE_GRACE_MS;
}

/**
 * Ends a TENTATIVE hold past its deadline, inside the caller's transaction (the
 * booking locked): stay RELEASED, coupon given back, orders cancelled,
 * CANCELLED with action EXPIRED.
 */
export async function expireHold(tx: Db, b: BookingRecord, now: Date): Promise<void> {
  const to = move(b.status, 'EXPIRE');
  await repo.releaseStay(tx, b.stayId, now);
  if (b.couponRedemptionId) {
    await releaseCouponRedemption(tx, { redemptionId: b.couponRedemptionId, actor: actorOf.system, now });
  }
  await cancelOrdersOfBooking(tx, b.id, now);
  await repo.updateBooking(tx, b.id, { status: to, cancelledAt: now }, now);
  await repo.insertEvent(tx, {
    bookingId: b.id,
    fromStatus: b.status,
    toStatus: to,
    action: 'EXPIRED',
    actor: actorOf.system,
    at: now,
    detail: { deadline: b.tentativeDeadline?.toISOString() ?? null },
  });
}

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
  type Settled = FinishResult & { refund?: { paymentId: string; amount: number }; unbilled?: boolean };
  const settled = await withTx(deps.db, async (tx): Promise<Settled> => {
    const b = await repo.lockBooking(tx, input.bookingId);
    if (!b) return { kind: 'IGNORED', booking: null };
    const billing = await getBillingForUpdate(tx, input.billingId).catch((err: unknown) => {
      if (err instanceof AppError && err.reason === 'CodeBillingNotFound') return null;
      throw err;
    });
    if (!billing) return { kind: 'IGNORED', booking: b };
    const attempt = b.paymentAttempt;
    const current = attempt?.billingId === input.billingId && b.depositBillingId === input.billingId;
    if (billing.billingStatus === 'PAID' && current && b.status !== 'TENTATIVE') return { kind: 'PAID', booking: b };
    if (billing.billingStatus === 'REFUNDED') return { kind: 'REFUNDED', booking: b };

    const paymentMethodId = attempt?.paymentMethodId ?? billing.paymentMethodId ?? null;
    const pointPaymentAmount = attempt?.pointPaymentAmount ?? billing.pointPaymentAmount ?? 0;
    const paymentId = 'paymentId' in outcome ? outcome.paymentId : null;
    if (
      paymentId &&
      !billing.paymentId &&
      (billing.billingStatus === 'REQUESTED' || billing.billingStatus === 'FAILED')
    ) {
      await attachPayment(tx, input.billingId, {
        paymentId,
        paymentMethodId,
        pointPaymentAmount,
        at: now,
        actor: input.actor,
      });
    }

    switch (outcome.status) {
      case 'CAPTURED':
      case 'AUTHORIZED': {
        if (billing.billingStatus !== 'PAID') {
          if (billing.billingStatus === 'CANCELLED' || billing.billingStatus === 'FAILED') {
            // Captured after the billing was given up (another card, a reconciliation): the money goes back.
            return paymentId
              ? { kind: 'REFUNDED', booking: b, refund: { paymentId, amount: billing.fiatAmount }, unbilled: true }
              : { kind: 'IGNORED', booking: b };
          }
          await markBillingPaid(tx, input.billingId, { paidAt: now, actor: input.actor });
        }
        if (b.status === 'TENTATIVE' && current && holdEnded(b, now)) {
          // Learnt of too late (see SETTLE_GRACE_MS): the hold ends here and the capture is refunded below.
          await expireHold(tx, b, now);
          if (!paymentId) {
            await markBillingRefunded(tx, input.billingId, { at: now, reason: 'booking not held' });
            return { kind: 'REFUNDED', booking: b };
          }
          return { kind: 'REFUNDED', booking: b, refund: { paymentId, amount: billing.fiatAmount } };
        }
        if (b.status === 'TENTATIVE' && current) {
          await repo.updateBooking(
            tx,
            b.id,
            {
              status: 'BOOKED',
              bookedAt: now,
              paymentMethodId,
              paymentAttempt: { ...attempt!, paymentId, status: 'PAID', challengeUrl: null, at: now.toISOString() },
            },
            now,
          );
          await repo.insertEvent(tx, {
            bookingId: b.id,
            fromStatus: 'TENTATIVE',
            toStatus: 'BOOKED',
            action: 'CONFIRM',
            actor: input.actor,
            at: now,
            detail: { billingId: input.billingId, paymentId },
          });
          return { kind: 'PAID', booking: { ...b, status: 'BOOKED', bookedAt: now } };
        }
        // The hold is gone (expired, cancelled) or this attempt was superseded: give the money back.
        if (!paymentId) {
          await markBillingRefunded(tx, input.billingId, { at: now, reason: 'booking not held' });
          return { kind: 'REFUNDED', booking: b };
        }
        return { kind: 'REFUNDED', booking: b, refund: { paymentId, amount: billing.fiatAmount } };
      }
      case 'REQUIRES_ACTION':
      case 'PENDING': {
        if (current && b.status === 'TENTATIVE') {
          const challengeUrl =
            outcome.status === 'REQUIRES_ACTION' ? (outcome.challengeUrl ?? attempt!.challengeUrl) : null;
          await repo.updateBooking(
            tx,
            b.id,
            {
              paymentAttempt: {
                ...attempt!,
                paymentId: paymentId ?? attempt!.paymentId,
                status: outcome.status,
                challengeUrl,
              },
            },
            now,
          );
          return outcome.status === 'REQUIRES_ACTION'
            ? { kind: 'REQUIRES_ACTION', booking: b, challengeUrl }
            : { kind: 'PENDING', booking: b };
        }
        return { kind: 'IGNORED', booking: b };
      }
      case 'FAILED':
      case 'ABSENT': {
        const reason: PaymentFailure = outcome.status === 'FAILED' ? outcome.reason : 'CodePaymentDeclined';
        // Failing the billing gives its points back.
        if (billing.billingStatus === 'REQUESTED') await markBillingFailed(tx, input.billingId, reason, { at: now });
        if (current && b.status === 'TENTATIVE') {
          await repo.updateBooking(
            tx,
            b.id,
            { paymentAttempt: { ...attempt!, paymentId, status: 'FAILED', reason, challengeUrl: null } },
            now,
          );
          await repo.insertEvent(tx, {
            bookingId: b.id,
            fromStatus: 'TENTATIVE',
            toStatus: 'TENTATIVE',
            action: 'PAYMENT_FAILED',
            actor: input.actor,
            at: now,
            detail: { billingId: input.billingId, paymentId, reason },
          });
        }
        return { kind: 'FAILED', booking: b, reason };
      }
    }
  });

  if (settled.kind === 'REFUNDED' && settled.refund) {
    await refundPayment(deps, settled.refund.paymentId, settled.refund.amount, `orphan-${input.billingId}`);
    await withTx(deps.db, async (tx) => {
      // A billing given up before the capture stays CANCELLED or FAILED; a PAID one is now REFUNDED.
      const billing = await getBillingForUpdate(tx, input.billingId);
      if (!settled.unbilled && billing.billingStatus === 'PAID') {
        await markBillingRefunded(tx, input.billingId, { at: deps.clock.now(), reason: 'booking not held' });
      }
      const b = await repo.lockBooking(tx, input.bookingId);
      if (b) {
        await repo.insertEvent(tx, {
          bookingId: b.id,
          fromStatus: b.status,
          toStatus: b.status,
          action: 'PAYMENT_REFUNDED',
          actor: actorOf.system,
          at: deps.clock.now(),
          detail: { billingId: input.billingId, paymentId: settled.refund!.paymentId, amount: settled.refund!.amount },
        });
      }
    });
  }
  const { refund: _refund, unbilled: _unbilled, ...result } = settled;
  return result as FinishResult;
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
    if (!outcome) return { kind: 'IGNORED', booking: b };
  }
  return finishBookingPayment(deps, { bookingId: b.id, billingId: attempt.billingId, outcome, actor });
}

/** complete_booking_payment: after the 3-D Secure page, or a PENDING answer. */
export async function completeBookingPayment(
  deps: Deps,
  accountId: string,
  bookingId: string,
): Promise<BookingPaymentResult> {
  const b = await repo.findBooking(deps.db, bookingId);
  if (!b || b.accountId !== accountId) throw new AppError('CodeBookingNotFound');
  if (b.status !== 'TENTATIVE') {
    if (b.paymentAttempt?.status === 'PAID') return { bookingId: b.id, bookingStatus: b.status, status: 'PAID' };
    throw new AppError(b.status === 'CANCELLED' ? 'CodeTentativeBookingExpired' : 'CodeBookingStatusInvalid');
  }
  const attempt = b.paymentAttempt;
  if (!attempt) throw new AppError('CodeBookingStatusInvalid');
  if (attempt.status === 'FAILED')
    throw new AppError(isFailure(attempt.reason) ? attempt.reason : 'CodePaymentDeclined');
  return toPaymentResult(await settleAttempt(deps, b, actorOf.account(accountId)));
}

/**
 * The payment module's listener (composed in registry.ts): a processor
 * notification about a payment. Deposits of bookings are settled here; other
 * payments (billings paid through pay_billing) are not the booking's.
 */
export async function handlePaymentUpdate(
  deps: Deps,
  event: { paymentId: string; reference: string; status: string },
): Promise<void> {
  const bookingId = await repo.bookingOfDepositBilling(deps.db, event.reference);
  if (!bookingId) {
    await handleDefaultBillingUpdate(deps, event);
    return;
  }
  const p = await getPayment(deps, event.paymentId);
  const b = await repo.findBooking(deps.db, bookingId);
  const outcome = outcomeOf({ ...p, challengeUrl: b?.paymentAttempt?.challengeUrl ?? null });
  if (!outcome) return;
  await finishBookingPayment(deps, { bookingId, billingId: event.reference, outcome, actor: actorOf.system });
}

/** Late news of a DEFAULT billing charged by the booking's job: recorded as that job would. */
async function handleDefaultBillingUpdate(
  deps: Deps,
  event: { paymentId: string; reference: string; status: string },
): Promise<void> {
  const bookingId = await repo.bookingOfDefaultBilling(deps.db, event.reference);
  if (!bookingId) return;
  const p = await getPayment(deps, event.paymentId);
  const outcome = outcomeOf({ ...p, challengeUrl: null });
  if (!outcome) return;
  await settleDefaultBilling(deps, event.reference, outcome);
}

/** Records the outcome of a DEFAULT billing charge: PAID, or FAILED (the guest pays it with pay_billing). */
export async function settleDefaultBilling(deps: Deps, billingId: string, outcome: DepositOutcome): Promise<void> {
  const now = deps.clock.now();
  await withTx(deps.db, async (tx) => {
    const billing = await getBillingForUpdate(tx, billingId);
    if (!billing || billing.billingStatus !== 'REQUESTED') return;
    const paymentId = 'paymentId' in outcome ? outcome.paymentId : null;
    if (paymentId && !billing.paymentId) {
      await attachPayment(tx, billingId, {
        paymentId,
        paymentMethodId: billing.paymentMethodId,
        pointPaymentAmount: billing.pointPaymentAmount ?? 0,
      });
    }
    if (outcome.status === 'CAPTURED' || outcome.status === 'AUTHORIZED') {
      await markBillingPaid(tx, billingId, { paidAt: now });
    } else if (outcome.status === 'FAILED' || outcome.status === 'ABSENT') {
      await markBillingFailed(tx, billingId, outcome.status === 'FAILED' ? outcome.reason : 'CodePaymentDeclined');
    }
  });
}
