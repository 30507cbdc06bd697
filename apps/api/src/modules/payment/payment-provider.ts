import type { CreditCardBrandValue, PaymentTypeValue } from '@yado/contract/payment.contract';

/**
 * The card processor as the product sees it. The built-in test-mode processor
 * implements it; a real processor's adapter implements it too, and nothing
 * else in the product changes. Every call may be slow or never answer: the
 * product wraps each in a time limit (`withTimeout`) and treats silence as
 * "unknown", never as success or failure.
 */
export interface PaymentProvider {
  /** Starts a hosted card-entry visit; the browser goes to hostedUrl and comes back to returnUrl. */
  createCardSetup(input: { merchantReference: string; returnUrl: string; language: 'en' | 'ja' }): Promise<CardSetup>;
  /** null when the provider has no such setup. */
  retrieveCardSetup(setupId: string): Promise<CardSetup | null>;
  /** Authorises (and captures, when asked) with EMV 3-D Secure; may answer REQUIRES_ACTION with a challenge page. */
  authorize(input: AuthorizeInput): Promise<ProviderPayment>;
  capture(providerPaymentId: string, amount: number, idempotencyKey: string): Promise<ProviderPayment>;
  void(providerPaymentId: string, idempotencyKey: string): Promise<ProviderPayment>;
  refund(providerPaymentId: string, amount: number, idempotencyKey: string): Promise<ProviderPayment>;
  /**
   * The provider's current state of a payment. By the merchant's id too,
   * because an authorisation that timed out left the product without the
   * provider's id. null when the provider never received it.
   */
  retrieve(ref: { providerPaymentId: string | null; merchantPaymentId: string }): Promise<ProviderPayment | null>;
  /** Checks a notification's signature and age and reads it; throws WebhookRejectedError otherwise. */
  verifyWebhook(input: { header: (name: string) => string | undefined; rawBody: string; now: Date }): ProviderEvent;
}

export type PaymentFailure =
  'CodePaymentDeclined' | 'CodePaymentInsufficientFunds' | 'CodePaymentCardExpired' | 'CodePaymentAuthenticationFailed';

export type ProviderCard = {
  token: string;
  last4: string;
  brand: CreditCardBrandValue;
  expirationYear: number;
  expirationMonth: number;
  paymentType: PaymentTypeValue;
};

export type CardSetup = {
  setupId: string;
  merchantReference: string;
  hostedUrl: string;
  status: 'OPEN' | 'COMPLETED' | 'CANCELLED';
  card: ProviderCard | null;
};

export type AuthorizeInput = {
  /** The product's payment id: the provider keeps it so the payment can be found without its own id. */
  merchantPaymentId: string;
  cardToken: string;
  amount: number;
  currency: 'JPY';
  capture: boolean;
  description: string;
  /** Where the 3-D Secure challenge page sends the browser back. */
  returnUrl: string;
  idempotencyKey: string;
};

export type ProviderPaymentStatus =
  'REQUIRES_ACTION' | 'AUTHORIZED' | 'CAPTURED' | 'PARTIALLY_REFUNDED' | 'REFUNDED' | 'VOIDED' | 'FAILED';

export type ProviderPayment = {
  providerPaymentId: string;
  merchantPaymentId: string;
  status: ProviderPaymentStatus;
  amount: number;
  capturedAmount: number;
  refundedAmount: number;
  failureReason: PaymentFailure | null;
  challengeUrl: string | null;
  /** Grows with every change, so an older snapshot never overwrites a newer one. */
  version: number;
};

export type ProviderEvent =
  | { id: string; type: 'payment.updated'; payment: ProviderPayment }
  | { id: string; type: 'card_setup.updated'; setup: CardSetup };

/** The provider did not answer within the time limit: the outcome is unknown. */
export class ProviderTimeoutError extends Error {
  override name = 'ProviderTimeoutError';
}

/** The provider answered that it did nothing (unreachable, overloaded): safe to try again. */
export class ProviderUnavailableError extends Error {
  override name = 'ProviderUnavailableError';
}

/** The provider refused the operation itself (over-refund, capture of a voided payment). */
export class ProviderRejectedError extends Error {
  override name = 'ProviderRejectedError';
}

export class WebhookRejectedError extends Error {
  override name = 'WebhookRejectedError';
}

/**
 * Races a provider call against a time limit. The call itself is not
 * cancelled (an in-flight request may still reach the provider), which is why
 * a timeout means "unknown" and the product asks again later.
 */
export function withTimeout<T>(call: () => Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ProviderTimeoutError(`no answer within ${ms} ms`)), ms);
    timer.unref?.();
    call().then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

// One provider per database pool: the app that mounts the payment routes
// registers it, and the service functions (which receive only deps) find it.
const providers = new WeakMap<object, PaymentProvider>();

export function registerPaymentProvider(db: object, provider: PaymentProvider): void {
  providers.set(db, provider);
}

export function registeredPaymentProvider(db: object): PaymentProvider | null {
  return providers.get(db) ?? null;
}
