import { withTx } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import { attachPayment, getBillingForUpdate, markBillingFailed, markBillingPaid } from '../billing/billing.service.js';
import { startPayment } from '../payment/payment.service.js';
import type { BookingRecord } from './booking.repo.js';
import { outcomeOf, type DepositOutcome } from './deposit-outcome.rules.js';

/**
 * Records the outcome of a charge of a billing other than the deposit (the DEFAULT billing, a
 * cancellation fee): PAID, or FAILED (the guest pays it with pay_billing).
 */
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

/**
 * Charges a billing to the card the deposit was paid with, off-session, and
 * records the outcome. A card that fails leaves the billing FAILED with its
 * payment deadline; the guest pays it from the booking page (pay_billing).
 */
export async function chargeBilling(
  deps: Deps,
  b: BookingRecord,
  billingId: string,
  amount: number,
  keyPrefix: string,
): Promise<void> {
  if (!b.paymentMethodId || amount <= 0) return;
  const p = await startPayment(deps, {
    accountId: b.accountId,
    paymentMethodId: b.paymentMethodId,
    amount,
    reference: billingId,
    description: `${keyPrefix} ${b.bookingNumber}`,
    returnUrl: `/mypage/bookings/${b.id}`,
    capture: true,
    idempotencyKey: `${keyPrefix}-${billingId}`,
  });
  const outcome =
    p.status === 'FAILED'
      ? ({ status: 'FAILED', paymentId: p.paymentId, reason: p.reason } as const)
      : outcomeOf({ paymentId: p.paymentId, status: p.status, failureReason: null });
  if (outcome) await settleDefaultBilling(deps, billingId, outcome);
}
