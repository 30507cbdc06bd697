import type { Deps } from '../../platform/deps.js';
import { getPayment } from '../payment/payment.service.js';
import { actorOf } from './booking-state.rules.js';
import * as repo from './booking.repo.js';
import { settleDefaultBilling } from './default-billing.service.js';
import { outcomeOf } from './deposit-outcome.rules.js';
import { finishBookingPayment } from './payment-settlement.service.js';

type PaymentUpdate = { paymentId: string; reference: string; status: string };

/**
 * The payment module's listener (composed in registry.ts): a processor
 * notification about a payment. Deposits of bookings are settled here; other
 * payments (billings paid through pay_billing) are not the booking's.
 */
export async function handlePaymentUpdate(deps: Deps, event: PaymentUpdate): Promise<void> {
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
async function handleDefaultBillingUpdate(deps: Deps, event: PaymentUpdate): Promise<void> {
  const bookingId = await repo.bookingOfDefaultBilling(deps.db, event.reference);
  if (!bookingId) return;
  const p = await getPayment(deps, event.paymentId);
  const outcome = outcomeOf({ ...p, challengeUrl: null });
  if (!outcome) return;
  await settleDefaultBilling(deps, event.reference, outcome);
}
