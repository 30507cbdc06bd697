import type { Deps } from '../platform/deps.js';
import { attachProviderCard, listPaymentMethods } from '../modules/payment/payment.service.js';
import { vaultTestCard } from '../modules/payment/test-processor.service.js';

/**
 * A saved test card (Visa 4242 4242 4242 4242, frictionless) for the demo
 * guest, so a booking can be paid at once. The card is put in the test-mode
 * processor's vault as its card page would, then saved on the account.
 * Skipped when the account already has a card (a repeated seed).
 */
export async function seedDemoCard(deps: Deps, accountId: string): Promise<void> {
  if ((await listPaymentMethods(deps, accountId)).paymentMethods.length > 0) return;
  const now = deps.clock.now();
  const card = await vaultTestCard(deps.db, {
    number: '4242424242424242',
    brand: 'VISA',
    expirationYear: now.getUTCFullYear() + 4,
    expirationMonth: 12,
    holderName: 'DEMO GUEST',
    paymentType: 'CREDIT_CARD',
    now,
  });
  await attachProviderCard(deps, accountId, card);
}
