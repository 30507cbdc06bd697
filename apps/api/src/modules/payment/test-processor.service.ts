import { randomBytes } from 'node:crypto';
import type { CreditCardBrandValue, PaymentTypeValue } from '@yado/contract/payment.contract';
import { withTx, type Db } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import type { Env } from '../../platform/env.js';
import type { Task } from '../../platform/scheduler.js';
import {
  ProviderRejectedError,
  WebhookRejectedError,
  type CardSetup,
  type PaymentFailure,
  type PaymentProvider,
  type ProviderCard,
  type ProviderEvent,
  type ProviderPayment,
  type ProviderPaymentStatus,
} from './payment-provider.js';
import { checkWebhookSignature, signWebhook } from '../../platform/http/webhook-signature.js';
import { WEBHOOK_SIGNATURE_HEADER } from './payment.rules.js';
import * as repo from './test-processor.repo.js';
import { behaviourOf, checkCardEntry, TEST_CHALLENGE_CODE, type CardEntryProblem } from './test-processor.rules.js';

/**
 * The built-in test-mode card processor. It plays an outside company: its
 * state is in its own tp_* tables, its card and 3-D Secure pages are its own
 * (under /payment-provider/), it answers after a delay, and it tells the
 * product about changes only through signed notifications sent later, with
 * retries. The product reaches it only through the PaymentProvider interface.
 */

export const PROVIDER_PAGES_PREFIX = '/payment-provider';
const WEBHOOK_MAX_ATTEMPTS = 8;
/** Waits before the 2nd, 3rd, ... attempt of a notification the product did not accept. */
const WEBHOOK_BACKOFF_MS = [1_000, 5_000, 30_000, 120_000, 600_000, 3_600_000, 21_600_000];
/** A 3-D Secure challenge left open this long fails, as an issuer's would. */
const CHALLENGE_LIFETIME_MS = 15 * 60_000;
const MAX_CHALLENGE_ATTEMPTS = 3;

export function testProcessorDelayMs(env: Env): number {
  return env.PAYMENT_PROVIDER_DELAY_MS ?? (env.NODE_ENV === 'test' ? 10 : 300);
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref?.());

export type SetupView = { setupId: string; status: repo.TpSetup['status']; returnUrl: string };
export type ChallengeView = {
  paymentId: string;
  status: string;
  amount: number;
  last4: string;
  brand: string;
  returnUrl: string;
  attemptsLeft: number;
};

export type TestProcessor = PaymentProvider & {
  setupPage(setupId: string): Promise<SetupView | null>;
  submitCard(
    setupId: string,
    form: { number: string; expiry: string; cvc: string; name: string },
  ): Promise<{ redirect: string } | { problem: CardEntryProblem } | null>;
  useWallet(setupId: string, wallet: 'APPLE_PAY' | 'GOOGLE_PAY'): Promise<{ redirect: string } | null>;
  cancelSetup(setupId: string): Promise<{ redirect: string } | null>;
  challengePage(paymentId: string): Promise<ChallengeView | null>;
  submitChallenge(paymentId: string, code: string): Promise<{ redirect: string } | { wrongCode: true } | null>;
  cancelChallenge(paymentId: string): Promise<{ redirect: string } | null>;
  /** Sends every notification that is due (the background task; also after a restart). */
  deliverDue(): Promise<void>;
};

const instances = new WeakMap<object, TestProcessor>();

/** Sends due notifications of the processor of this database, if the app created one. */
export const testProcessorWebhookTask: Task = {
  name: 'payment-provider-webhooks',
  everyMs: 15_000,
  run: async (deps) => {
    await instances.get(deps.db)?.deliverDue();
  },
};

/** The wallets of test mode: each stands for a card the wallet holds. */
const WALLET_CARDS: Record<'APPLE_PAY' | 'GOOGLE_PAY', { number: string; brand: CreditCardBrandValue }> = {
  APPLE_PAY: { number: '4242424242424242', brand: 'VISA' },
  GOOGLE_PAY: { number: '5555555555554444', brand: 'MASTER_CARD' },
};

/** Stores a card in the processor's vault and answers its token (the card page, and the demo data). */
export async function vaultTestCard(
  db: Db,
  card: {
    number: string;
    brand: CreditCardBrandValue;
    expirationYear: number;
    expirationMonth: number;
    holderName: string;
    paymentType: PaymentTypeValue;
    now: Date;
  },
): Promise<ProviderCard> {
  const token = newId('card');
  await repo.insertCard(db, { token, ...card });
  return {
    token,
    last4: card.number.slice(-4),
    brand: card.brand,
    expirationYear: card.expirationYear,
    expirationMonth: card.expirationMonth,
    paymentType: card.paymentType,
  };
}

function cardOf(c: repo.TpCard): ProviderCard {
  return {
    token: c.token,
    last4: c.number.slice(-4),
    brand: c.brand as CreditCardBrandValue,
    expirationYear: c.expirationYear,
    expirationMonth: c.expirationMonth,
    paymentType: c.paymentType as PaymentTypeValue,
  };
}

export function createTestProcessor(
  deps: Deps,
  opts: { deliver: (request: Request) => Promise<Response>; webhookPath: string },
): TestProcessor {
  const { db, clock, log } = deps;
  const delayMs = testProcessorDelayMs(deps.env);
  const secret = deps.env.PAYMENT_WEBHOOK_SECRET;

  /** A real processor answers in a few hundred milliseconds, never at once; the product must cope. */
  const pause = () => (delayMs === 0 ? Promise.resolve() : sleep(Math.round(delayMs * (0.5 + Math.random()))));

  async function setupOf(db: Db, s: repo.TpSetup): Promise<CardSetup> {
    const card = s.cardToken ? await repo.findCard(db, s.cardToken) : null;
    return {
      setupId: s.id,
      merchantReference: s.merchantReference,
      hostedUrl: `${PROVIDER_PAGES_PREFIX}/card-setups/${s.id}`,
      status: s.status,
      card: card ? cardOf(card) : null,
    };
  }

  function snapshot(p: repo.TpPayment): ProviderPayment {
    return {
      providerPaymentId: p.id,
      merchantPaymentId: p.merchantPaymentId,
      status: p.status as ProviderPaymentStatus,
      amount: p.amount,
      capturedAmount: p.capturedAmount,
      refundedAmount: p.refundedAmount,
      failureReason: p.failureReason as PaymentFailure | null,
      challengeUrl: p.status === 'REQUIRES_ACTION' ? `${PROVIDER_PAGES_PREFIX}/challenges/${p.id}` : null,
      version: p.version,
    };
  }

  // Notifications -----------------------------------------------------------------

  function schedule(id: string, ms: number): void {
    setTimeout(() => {
      attempt(id).catch((err: unknown) => log.warn('payment provider notification failed', { error: String(err) }));
    }, ms).unref?.();
  }

  /**
   * Queues a notification in the caller's transaction; the returned function
   * starts its delivery once that transaction has committed (sooner, the
   * product could be told of a change it cannot yet see at the provider).
   */
  async function enqueue(tx: Db, event: ProviderEvent, afterMs = delayMs): Promise<() => void> {
    const payload =
      event.type === 'payment.updated'
        ? { id: event.id, type: event.type, created: Math.floor(clock.now().getTime() / 1000), data: event.payment }
        : { id: event.id, type: event.type, created: Math.floor(clock.now().getTime() / 1000), data: event.setup };
    await repo.insertDelivery(tx, { id: event.id, eventType: event.type, payload, delayMs: afterMs });
    return () => schedule(event.id, afterMs);
  }

  const paymentEvent = (p: repo.TpPayment): ProviderEvent => ({
    id: newId('evt'),
    type: 'payment.updated',
    payment: snapshot(p),
  });

  async function attempt(id: string): Promise<void> {
    const claimed = await repo.claimDelivery(db, id, WEBHOOK_MAX_ATTEMPTS);
    if (!claimed) return;
    const body = JSON.stringify(claimed.payload);
    let error: string;
    try {
      const res = await opts.deliver(
        new Request(`http://payment-provider.invalid${opts.webhookPath}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, body, clock.now()),
          },
          body,
        }),
      );
      if (res.ok) {
        await repo.markDelivered(db, id);
        return;
      }
      error = `HTTP ${res.status}`;
    } catch (err) {
      error = String(err);
    }
    const wait = WEBHOOK_BACKOFF_MS[claimed.attempts - 1];
    if (wait === undefined) {
      await repo.scheduleRetry(db, id, 0, `${error}; gave up`);
      return;
    }
    await repo.scheduleRetry(db, id, wait, error);
    // Short waits are timed here; longer ones are left to the background sweep, which survives restarts.
    if (wait <= 30_000) schedule(id, wait);
  }

  async function deliverDue(): Promise<void> {
    for (const id of await repo.dueDeliveries(db, WEBHOOK_MAX_ATTEMPTS, 50)) await attempt(id);
  }

  /** Runs fn in a transaction, then starts the deliveries it queued. */
  async function changing<T>(fn: (tx: Db, notify: (start: () => void) => void) => Promise<T>): Promise<T> {
    const starts: (() => void)[] = [];
    const result = await withTx(db, (tx) => fn(tx, (s) => starts.push(s)));
    for (const s of starts) s();
    return result;
  }

  // Payments ----------------------------------------------------------------------------

  /** Applies an operation on a payment exactly once per idempotency key; a repeated key answers the current state. */
  async function operate(
    providerPaymentId: string,
    key: string,
    kind: 'CAPTURE' | 'VOID' | 'REFUND',
    amount: number,
    apply: (p: repo.TpPayment) => Parameters<typeof repo.updatePayment>[2],
  ): Promise<ProviderPayment> {
    await pause();
    return changing(async (tx, notify) => {
      const p = await repo.findPayment(tx, providerPaymentId, true);
      if (!p) throw new ProviderRejectedError('no such payment');
      if (!(await repo.insertOperation(tx, { paymentId: p.id, idempotencyKey: key, kind, amount, now: clock.now() }))) {
        return snapshot(p);
      }
      const updated = await repo.updatePayment(tx, p.id, apply(p), clock.now());
      notify(await enqueue(tx, paymentEvent(updated)));
      return snapshot(updated);
    });
  }

  /** Settles a challenge left open past its lifetime, as the issuer would. */
  async function expireChallenge(p: repo.TpPayment): Promise<repo.TpPayment> {
    if (p.status !== 'REQUIRES_ACTION' || clock.now().getTime() - p.createdAt.getTime() < CHALLENGE_LIFETIME_MS)
      return p;
    return finishChallenge(p.id, false);
  }

  async function finishChallenge(paymentId: string, passed: boolean): Promise<repo.TpPayment> {
    return changing(async (tx, notify) => {
      const p = (await repo.findPayment(tx, paymentId, true))!;
      if (p.status !== 'REQUIRES_ACTION') return p;
      const updated = await repo.updatePayment(
        tx,
        p.id,
        passed
          ? {
              status: p.captureOnAuthorize ? 'CAPTURED' : 'AUTHORIZED',
              capturedAmount: p.captureOnAuthorize ? p.amount : 0,
            }
          : { status: 'FAILED', failureReason: 'CodePaymentAuthenticationFailed' },
        clock.now(),
      );
      notify(await enqueue(tx, paymentEvent(updated)));
      return updated;
    });
  }

  return {
    async createCardSetup({ merchantReference, returnUrl, language }) {
      await pause();
      const id = newId('seti');
      await repo.insertSetup(db, { id, merchantReference, returnUrl, now: clock.now() });
      const setup = await setupOf(db, (await repo.findSetup(db, id))!);
      return { ...setup, hostedUrl: `${setup.hostedUrl}?lang=${language}` };
    },

    async retrieveCardSetup(setupId) {
      await pause();
      const s = await repo.findSetup(db, setupId);
      return s ? setupOf(db, s) : null;
    },

    async authorize(input) {
      await pause();
      const card = await repo.findCard(db, input.cardToken);
      if (!card) throw new ProviderRejectedError('unknown card token');
      const behaviour = behaviourOf(card.number);
      const declined: Partial<Record<typeof behaviour, PaymentFailure>> = {
        INSUFFICIENT_FUNDS: 'CodePaymentInsufficientFunds',
        EXPIRED_CARD: 'CodePaymentCardExpired',
        DECLINE: 'CodePaymentDeclined',
      };
      const failure = declined[behaviour] ?? null;
      const challenge = behaviour === 'CHALLENGE' || behaviour === 'CHALLENGE_FAILS';
      const status = failure ? 'FAILED' : challenge ? 'REQUIRES_ACTION' : input.capture ? 'CAPTURED' : 'AUTHORIZED';
      const { payment, created } = await changing(async (tx, notify) => {
        const r = await repo.insertPayment(tx, {
          id: newId('pay'),
          merchantPaymentId: input.merchantPaymentId,
          idempotencyKey: input.idempotencyKey,
          cardToken: card.token,
          amount: input.amount,
          capturedAmount: status === 'CAPTURED' ? input.amount : 0,
          captureOnAuthorize: input.capture,
          status,
          failureReason: failure,
          returnUrl: input.returnUrl,
          now: clock.now(),
        });
        // The silent card's notification comes late, after the merchant has given up waiting.
        if (r.created)
          notify(
            await enqueue(
              tx,
              paymentEvent(r.payment),
              behaviour === 'NO_ANSWER' ? Math.max(1_000, delayMs * 5) : delayMs,
            ),
          );
        return r;
      });
      if (behaviour === 'NO_ANSWER' && created) {
        // The authorisation is done, but the answer never comes back.
        await new Promise<never>(() => undefined);
      }
      return snapshot(payment);
    },

    capture(providerPaymentId, amount, key) {
      return operate(providerPaymentId, key, 'CAPTURE', amount, (p) => {
        if (p.status !== 'AUTHORIZED') throw new ProviderRejectedError(`cannot capture a ${p.status} payment`);
        if (amount < 1 || amount > p.amount) throw new ProviderRejectedError('capture amount out of range');
        return { status: 'CAPTURED', capturedAmount: amount };
      });
    },

    void(providerPaymentId, key) {
      return operate(providerPaymentId, key, 'VOID', 0, (p) => {
        // An open 3-D Secure challenge can be abandoned too (the merchant gave up on the order).
        if (p.status !== 'AUTHORIZED' && p.status !== 'REQUIRES_ACTION') {
          throw new ProviderRejectedError(`cannot void a ${p.status} payment`);
        }
        return { status: 'VOIDED' };
      });
    },

    refund(providerPaymentId, amount, key) {
      return operate(providerPaymentId, key, 'REFUND', amount, (p) => {
        if (p.status !== 'CAPTURED' && p.status !== 'PARTIALLY_REFUNDED') {
          throw new ProviderRejectedError(`cannot refund a ${p.status} payment`);
        }
        const refunded = p.refundedAmount + amount;
        if (amount < 1 || refunded > p.capturedAmount)
          throw new ProviderRejectedError('refund exceeds the captured amount');
        return { status: refunded === p.capturedAmount ? 'REFUNDED' : 'PARTIALLY_REFUNDED', refundedAmount: refunded };
      });
    },

    async retrieve({ providerPaymentId, merchantPaymentId }) {
      await pause();
      const p = providerPaymentId
        ? await repo.findPayment(db, providerPaymentId)
        : await repo.findPaymentByMerchantId(db, merchantPaymentId);
      return p ? snapshot(await expireChallenge(p)) : null;
    },

    verifyWebhook({ header, rawBody, now }) {
      const check = checkWebhookSignature(secret, header(WEBHOOK_SIGNATURE_HEADER), rawBody, now);
      if (check !== 'OK') throw new WebhookRejectedError(check);
      const body = JSON.parse(rawBody) as { id: string; type: string; data: unknown };
      if (body.type === 'payment.updated')
        return { id: body.id, type: body.type, payment: body.data as ProviderPayment };
      if (body.type === 'card_setup.updated') return { id: body.id, type: body.type, setup: body.data as CardSetup };
      throw new WebhookRejectedError(`unknown event type ${body.type}`);
    },

    // Pages -------------------------------------------------------------------------------

    async setupPage(setupId) {
      const s = await repo.findSetup(db, setupId);
      return s ? { setupId: s.id, status: s.status, returnUrl: s.returnUrl } : null;
    },

    async submitCard(setupId, form) {
      await pause();
      const entry = checkCardEntry(form, clock.now());
      if (!entry.ok) return { problem: entry.problem };
      return changing(async (tx, notify) => {
        const s = await repo.findSetup(tx, setupId, true);
        if (!s) return null;
        // A second submit (double click, back button) keeps the first card.
        if (s.status !== 'OPEN') return { redirect: s.returnUrl };
        const card = await vaultTestCard(tx, {
          number: entry.number,
          brand: entry.brand,
          expirationYear: entry.year,
          expirationMonth: entry.month,
          holderName: form.name.trim().slice(0, 100),
          paymentType: 'CREDIT_CARD',
          now: clock.now(),
        });
        await repo.finishSetup(tx, s.id, 'COMPLETED', card.token, clock.now());
        const setup = await setupOf(tx, (await repo.findSetup(tx, s.id))!);
        notify(await enqueue(tx, { id: newId('evt'), type: 'card_setup.updated', setup }));
        return { redirect: s.returnUrl };
      });
    },

    async useWallet(setupId, wallet) {
      await pause();
      return changing(async (tx, notify) => {
        const s = await repo.findSetup(tx, setupId, true);
        if (!s) return null;
        if (s.status !== 'OPEN') return { redirect: s.returnUrl };
        const now = clock.now();
        const card = await vaultTestCard(tx, {
          ...WALLET_CARDS[wallet],
          expirationYear: now.getUTCFullYear() + 3,
          expirationMonth: now.getUTCMonth() + 1,
          holderName: '',
          paymentType: wallet,
          now,
        });
        await repo.finishSetup(tx, s.id, 'COMPLETED', card.token, now);
        const setup = await setupOf(tx, (await repo.findSetup(tx, s.id))!);
        notify(await enqueue(tx, { id: newId('evt'), type: 'card_setup.updated', setup }));
        return { redirect: s.returnUrl };
      });
    },

    async cancelSetup(setupId) {
      return changing(async (tx, notify) => {
        const s = await repo.findSetup(tx, setupId, true);
        if (!s) return null;
        if (s.status === 'OPEN') {
          await repo.finishSetup(tx, s.id, 'CANCELLED', null, clock.now());
          const setup = await setupOf(tx, (await repo.findSetup(tx, s.id))!);
          notify(await enqueue(tx, { id: newId('evt'), type: 'card_setup.updated', setup }));
        }
        return { redirect: s.returnUrl };
      });
    },

    async challengePage(paymentId) {
      const found = await repo.findPayment(db, paymentId);
      if (!found) return null;
      const p = await expireChallenge(found);
      const card = (await repo.findCard(db, p.cardToken))!;
      return {
        paymentId: p.id,
        status: p.status,
        amount: p.amount,
        last4: card.number.slice(-4),
        brand: card.brand,
        returnUrl: p.returnUrl,
        attemptsLeft: MAX_CHALLENGE_ATTEMPTS - p.challengeAttempts,
      };
    },

    async submitChallenge(paymentId, code) {
      await pause();
      const p = await repo.findPayment(db, paymentId);
      if (!p) return null;
      if (p.status !== 'REQUIRES_ACTION') return { redirect: p.returnUrl };
      const card = (await repo.findCard(db, p.cardToken))!;
      const passes = behaviourOf(card.number) !== 'CHALLENGE_FAILS' && code.trim() === TEST_CHALLENGE_CODE;
      if (!passes && behaviourOf(card.number) !== 'CHALLENGE_FAILS') {
        const attempts = await withTx(db, async (tx) => {
          const locked = (await repo.findPayment(tx, paymentId, true))!;
          return (
            await repo.updatePayment(tx, locked.id, { challengeAttempts: locked.challengeAttempts + 1 }, clock.now())
          ).challengeAttempts;
        });
        if (attempts < MAX_CHALLENGE_ATTEMPTS) return { wrongCode: true };
      }
      await finishChallenge(paymentId, passes);
      return { redirect: p.returnUrl };
    },

    async cancelChallenge(paymentId) {
      const p = await repo.findPayment(db, paymentId);
      if (!p) return null;
      await finishChallenge(paymentId, false);
      return { redirect: p.returnUrl };
    },

    deliverDue,
  };
}

/** Creates the processor of this app and remembers it for the background sweep. */
export function startTestProcessor(
  deps: Deps,
  opts: { deliver: (request: Request) => Promise<Response>; webhookPath: string },
): TestProcessor {
  const processor = createTestProcessor(deps, opts);
  instances.set(deps.db, processor);
  return processor;
}
