import type { BookingPaymentResult } from '@yado/contract/booking.contract';
import { AppError } from '../../platform/app-error.js';
import type { PaymentOutcome } from '../payment/payment.service.js';
import type { BookingRecord, PaymentAttempt } from './booking.repo.js';

export type PaymentFailure =
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

export const isFailure = (r: string | null | undefined): r is PaymentFailure =>
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

/** The processor's answer to starting a deposit payment, as a deposit outcome. */
export function outcomeOfStart(p: PaymentOutcome): DepositOutcome {
  switch (p.status) {
    case 'REQUIRES_ACTION':
      return { status: 'REQUIRES_ACTION', paymentId: p.paymentId, challengeUrl: p.challengeUrl };
    case 'FAILED':
      return { status: 'FAILED', paymentId: p.paymentId, reason: p.reason };
    case 'CAPTURED':
    case 'AUTHORIZED':
    case 'PENDING':
      return { status: p.status, paymentId: p.paymentId };
    default:
      return (
        outcomeOf({ paymentId: p.paymentId, status: p.status, failureReason: null }) ?? {
          status: 'PENDING',
          paymentId: p.paymentId,
        }
      );
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

/** A deposit attempt still with the processor. */
export const inFlight = (a: PaymentAttempt | null): a is PaymentAttempt =>
  !!a && (a.status === 'STARTED' || a.status === 'REQUIRES_ACTION' || a.status === 'PENDING');

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
