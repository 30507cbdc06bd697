import type { BookingPaymentResult } from '@yado/contract/booking.contract';
import { AppError } from '../../platform/app-error.js';
import { withTx, type Db } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import { attachPayment, cancelBilling, createBilling } from '../billing/billing.service.js';
import { startPayment, voidPayment, withQuery } from '../payment/payment.service.js';
import { recordTransition } from './booking-lifecycle.service.js';
import { depositLine } from './booking-quote.rules.js';
import { actorOf } from './booking-state.rules.js';
import * as repo from './booking.repo.js';
import type { BookingRecord, PaymentAttempt } from './booking.repo.js';
import { inFlight, isFailure, outcomeOfStart, toPaymentResult, type DepositOutcome } from './deposit-outcome.rules.js';
import { finishBookingPayment, settleAttempt } from './payment-settlement.service.js';
import { ownBookingOr404 } from './booking-access.service.js';

type ConfirmInput = { bookingId: string; paymentMethodId: string; pointPaymentAmount: number; returnPath: string };

/** Where step (1) of the saga left the booking. */
type Started =
  | { kind: 'done'; booking: BookingRecord }
  | { kind: 'current'; booking: BookingRecord; attempt: PaymentAttempt }
  | {
      kind: 'started';
      booking: BookingRecord;
      attempt: PaymentAttempt;
      fiatAmount: number;
      superseded: PaymentAttempt | null;
    };

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
  input: ConfirmInput,
): Promise<BookingPaymentResult> {
  const now = deps.clock.now();
  const started = await withTx(deps.db, (tx) => startAttempt(tx, accountId, input, now));
  if (started.kind === 'done') return { bookingId: started.booking.id, bookingStatus: 'BOOKED', status: 'PAID' };
  if (started.kind === 'current') return currentAttemptResult(started.booking, started.attempt);
  if (started.superseded?.paymentId) {
    // The abandoned challenge authorised nothing yet; voiding it is best-effort housekeeping.
    await voidPayment(deps, started.superseded.paymentId).catch(() => undefined);
  }
  const { booking, attempt } = started;
  // Points paid the whole deposit: nothing for the processor to do.
  const outcome: DepositOutcome =
    started.fiatAmount === 0
      ? { status: 'CAPTURED', paymentId: null }
      : await chargeDeposit(deps, accountId, input, booking, attempt, started.fiatAmount);
  return toPaymentResult(
    await finishBookingPayment(deps, {
      bookingId: booking.id,
      billingId: attempt.billingId,
      outcome,
      actor: actorOf.account(accountId),
    }),
  );
}

/** A second confirm while the first is still with the processor answers the first's state. */
function currentAttemptResult(b: BookingRecord, a: PaymentAttempt): BookingPaymentResult {
  return a.status === 'REQUIRES_ACTION'
    ? {
        bookingId: b.id,
        bookingStatus: b.status,
        status: 'REQUIRES_ACTION',
        ...(a.challengeUrl ? { challengeUrl: a.challengeUrl } : {}),
      }
    : { bookingId: b.id, bookingStatus: b.status, status: 'PENDING' };
}

/** Step (1): the DEPOSIT billing, its points reserved, and the attempt recorded on the locked booking. */
async function startAttempt(tx: Db, accountId: string, input: ConfirmInput, now: Date): Promise<Started> {
  const b = ownBookingOr404(await repo.lockBooking(tx, input.bookingId), accountId);
  if (b.status === 'BOOKED' && b.paymentAttempt?.status === 'PAID') return { kind: 'done', booking: b };
  assertConfirmable(b, now);
  const previous = b.paymentAttempt;
  if (inFlight(previous)) {
    // A second confirm while the first is still with the processor gets the first's state,
    // unless the guest abandoned a challenge and chose another card.
    if (previous.paymentMethodId === input.paymentMethodId || previous.status !== 'REQUIRES_ACTION') {
      return { kind: 'current', booking: b, attempt: previous };
    }
    // Cancelling the billing gives its points back.
    await cancelBilling(tx, previous.billingId, { at: now, actor: actorOf.account(accountId), reason: 'another card' });
  }
  const deposit = b.quote.quote.depositAmount;
  if (input.pointPaymentAmount > deposit) throw new AppError('CodePointsExceedAmount');
  const billingId = await billDeposit(tx, b, accountId, input, now);
  const attempt: PaymentAttempt = {
    billingId,
    paymentId: null,
    status: 'STARTED',
    challengeUrl: null,
    reason: null,
    paymentMethodId: input.paymentMethodId,
    pointPaymentAmount: input.pointPaymentAmount,
    at: now.toISOString(),
  };
  await recordTransition(tx, b, {
    action: 'PAYMENT_STARTED',
    actor: actorOf.account(accountId),
    at: now,
    patch: { depositBillingId: billingId, paymentAttempt: attempt },
    detail: { billingId, amount: deposit, pointPaymentAmount: input.pointPaymentAmount },
  });
  return {
    kind: 'started',
    booking: b,
    attempt,
    fiatAmount: deposit - input.pointPaymentAmount,
    superseded: inFlight(previous) ? previous : null,
  };
}

/** The DEPOSIT billing of the quote's deposit, with the points reserved at once (CONSUME_BILLING). */
async function billDeposit(tx: Db, b: BookingRecord, accountId: string, input: ConfirmInput, now: Date) {
  const billing = await createBilling(tx, {
    bookingId: b.id,
    accountId,
    billingType: 'DEPOSIT',
    lines: [depositLine(b.quote.quote.depositAmount)],
    serviceChargePercentage: '0.00',
    accommodationTax: 0,
    paymentDeadline: b.tentativeDeadline,
    at: now,
    actor: actorOf.account(accountId),
  });
  // Reserving the points now means the same points cannot pay two billings.
  await attachPayment(tx, billing.billingId, {
    paymentId: null,
    paymentMethodId: input.paymentMethodId,
    pointPaymentAmount: input.pointPaymentAmount,
    at: now,
    actor: actorOf.account(accountId),
  });
  return billing.billingId;
}

/** Step (2): the processor charges the card, outside any transaction. */
async function chargeDeposit(
  deps: Deps,
  accountId: string,
  input: ConfirmInput,
  booking: BookingRecord,
  attempt: PaymentAttempt,
  fiatAmount: number,
): Promise<DepositOutcome> {
  let outcome: DepositOutcome;
  try {
    outcome = outcomeOfStart(
      await startPayment(deps, {
        accountId,
        paymentMethodId: input.paymentMethodId,
        amount: fiatAmount,
        reference: attempt.billingId,
        description: `Deposit ${booking.bookingNumber}`,
        returnUrl: withQuery(input.returnPath, 'bookingPayment', booking.id),
        capture: true,
        idempotencyKey: `deposit-${attempt.billingId}`,
      }),
    );
  } catch (err) {
    // Refused before anything was created (unknown card, processor unavailable): undo step (1).
    if (err instanceof AppError) await abandonAttempt(deps, booking.id, attempt.billingId, err.reason);
    throw err;
  }
  if (deps.env.BOOKING_CRASH_AFTER_CAPTURE && !deps.env.isProduction && outcome.status === 'CAPTURED') {
    // Test hook of the crash test: the process dies between the capture and its recording.
    process.kill(process.pid, 'SIGKILL');
    await new Promise(() => undefined);
  }
  return outcome;
}

/** Undoes step (1) when the processor created nothing: the billing is cancelled and the points return. */
async function abandonAttempt(deps: Deps, bookingId: string, billingId: string, reason: string): Promise<void> {
  const now = deps.clock.now();
  await withTx(deps.db, async (tx) => {
    const b = await repo.lockBooking(tx, bookingId);
    if (!b || b.paymentAttempt?.billingId !== billingId) return;
    await cancelBilling(tx, billingId, { at: now, reason });
    await recordTransition(tx, b, {
      action: 'PAYMENT_ABANDONED',
      actor: actorOf.system,
      at: now,
      patch: { paymentAttempt: null },
      detail: { billingId, reason },
    });
  });
}

/** complete_booking_payment: after the 3-D Secure page, or a PENDING answer. */
export async function completeBookingPayment(
  deps: Deps,
  accountId: string,
  bookingId: string,
): Promise<BookingPaymentResult> {
  const b = ownBookingOr404(await repo.findBooking(deps.db, bookingId), accountId);
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
