import { randomUUID } from 'node:crypto';
import type { Language } from '@yado/contract/headers';
import type { CreditCardBrandValue, PaymentMethod, PaymentTypeValue } from '@yado/contract/payment.contract';
import { AppError } from '../../platform/app-error.js';
import { withTx } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import type { Env } from '../../platform/env.js';
import {
  ProviderRejectedError,
  ProviderTimeoutError,
  ProviderUnavailableError,
  registeredPaymentProvider,
  withTimeout,
  type CardSetup,
  type PaymentFailure,
  type PaymentProvider,
  type ProviderCard,
  type ProviderEvent,
  type ProviderPayment,
} from './payment-provider.js';
import * as repo from './payment.repo.js';
import { isUnsettled, maskedNumber, withQuery } from './payment.rules.js';

// How a page the processor returns to learns what came back (the booking's payment step builds its URL too).
export { withQuery } from './payment.rules.js';

export type { PaymentFailure } from './payment-provider.js';

export type PaymentStatus =
  'PENDING' | 'REQUIRES_ACTION' | 'AUTHORIZED' | 'CAPTURED' | 'FAILED' | 'VOIDED' | 'REFUNDED' | 'PARTIALLY_REFUNDED';

export type PaymentOutcome =
  | { status: 'AUTHORIZED' | 'CAPTURED'; paymentId: string }
  | { status: 'REQUIRES_ACTION'; paymentId: string; challengeUrl: string }
  | { status: 'PENDING'; paymentId: string }
  | { status: 'FAILED'; paymentId: string; reason: PaymentFailure }
  // Only when startPayment is repeated with the key of a payment that has since moved on.
  | { status: 'VOIDED' | 'REFUNDED' | 'PARTIALLY_REFUNDED'; paymentId: string };

export type PaymentView = {
  paymentId: string;
  status: PaymentStatus;
  amount: number;
  capturedAmount: number;
  refundedAmount: number;
  reference: string;
  failureReason: PaymentFailure | null;
  paymentMethod: PaymentMethod;
};

/** Told of every change the provider reports; may be told twice of one change, so it must be idempotent. */
export type PaymentUpdateListener = (
  deps: Deps,
  update: { paymentId: string; reference: string; status: PaymentStatus },
) => Promise<void>;

export function providerTimeoutMs(env: Env): number {
  return env.PAYMENT_PROVIDER_TIMEOUT_MS ?? (env.NODE_ENV === 'test' ? 400 : 10_000);
}

function provider(deps: Deps): PaymentProvider {
  const p = registeredPaymentProvider(deps.db);
  if (!p) throw new AppError('CodePaymentProviderUnavailable');
  return p;
}

/** Every provider call has a time limit; past it, the outcome is unknown (ProviderTimeoutError). */
function ask<T>(deps: Deps, fn: (p: PaymentProvider) => Promise<T>): Promise<T> {
  const p = provider(deps);
  return withTimeout(() => fn(p), providerTimeoutMs(deps.env));
}

function toPaymentMethod(m: repo.PaymentMethodRow): PaymentMethod {
  return {
    creditCard: {
      maskedNumber: m.maskedNumber,
      cardSequence: m.cardSequence,
      expirationYear: m.expirationYear,
      expirationMonth: m.expirationMonth,
      paymentMethodId: m.id,
      creditCardBrand: m.brand as CreditCardBrandValue,
    },
    paymentType: m.paymentType as PaymentTypeValue,
  };
}

// Payment methods -----------------------------------------------------------------

export async function listPaymentMethods(deps: Deps, accountId: string): Promise<{ paymentMethods: PaymentMethod[] }> {
  return { paymentMethods: (await repo.listMethods(deps.db, accountId)).map(toPaymentMethod) };
}

/** The account's own method, not removed; throws CodePaymentMethodNotFound otherwise (another account's looks the same as none). */
export async function requirePaymentMethod(
  deps: Deps,
  accountId: string,
  paymentMethodId: string,
): Promise<PaymentMethod> {
  const m = await repo.findMethod(deps.db, paymentMethodId);
  if (!m || m.accountId !== accountId || m.deletedAt) throw new AppError('CodePaymentMethodNotFound');
  return toPaymentMethod(m);
}

export async function deletePaymentMethod(
  deps: Deps,
  accountId: string,
  paymentMethodId: string,
): Promise<Record<string, never>> {
  if (!(await repo.softDeleteMethod(deps.db, paymentMethodId, accountId, deps.clock.now()))) {
    throw new AppError('CodePaymentMethodNotFound');
  }
  return {};
}

/** Saves a tokenised card for an account (a finished registration, or demo data). */
export async function attachProviderCard(deps: Deps, accountId: string, card: ProviderCard): Promise<PaymentMethod> {
  return withTx(deps.db, async (tx) => {
    await repo.lockAccountMethods(tx, accountId);
    return toPaymentMethod(await insertCard(tx, accountId, card, deps.clock.now()));
  });
}

function insertCard(tx: Parameters<typeof repo.insertMethod>[0], accountId: string, card: ProviderCard, now: Date) {
  return repo.insertMethod(tx, {
    id: randomUUID(),
    accountId,
    providerToken: card.token,
    maskedNumber: maskedNumber(card.last4),
    expirationYear: card.expirationYear,
    expirationMonth: card.expirationMonth,
    brand: card.brand,
    paymentType: card.paymentType,
    now,
  });
}

export async function createCardRegistration(
  deps: Deps,
  accountId: string,
  input: { returnUrl: string },
  language: Language,
): Promise<{ registrationId: string; registrationUrl: string }> {
  const registrationId = randomUUID();
  const returnUrl = withQuery(input.returnUrl, 'cardRegistration', registrationId);
  await repo.insertRegistration(deps.db, { id: registrationId, accountId, returnUrl, now: deps.clock.now() });
  let setup: CardSetup;
  try {
    setup = await ask(deps, (p) => p.createCardSetup({ merchantReference: registrationId, returnUrl, language }));
  } catch (err) {
    // Nothing was entered yet: a guest who tries again simply gets a new registration.
    deps.log.warn('card registration could not start', { error: String(err) });
    throw new AppError('CodePaymentProviderUnavailable', { cause: err });
  }
  await repo.setRegistrationSetup(deps.db, registrationId, setup.setupId);
  return { registrationId, registrationUrl: setup.hostedUrl };
}

/**
 * Saves the card of a finished provider setup on its registration. Reached
 * by both the guest's return and the provider's notification; the row lock
 * makes the second one answer the card the first saved.
 */
async function attachFromSetup(deps: Deps, setup: CardSetup): Promise<repo.RegistrationRow | null> {
  return withTx(deps.db, async (tx) => {
    const reg = await repo.findRegistration(tx, setup.merchantReference, true);
    if (!reg || (reg.providerSetupId !== null && reg.providerSetupId !== setup.setupId)) return null;
    if (reg.status !== 'OPEN') return reg;
    const now = deps.clock.now();
    if (setup.status === 'COMPLETED' && setup.card) {
      await repo.lockAccountMethods(tx, reg.accountId);
      const method = await insertCard(tx, reg.accountId, setup.card, now);
      await repo.finishRegistration(tx, reg.id, 'COMPLETED', method.id, now);
      return { ...reg, status: 'COMPLETED', paymentMethodId: method.id };
    }
    if (setup.status === 'CANCELLED') {
      await repo.finishRegistration(tx, reg.id, 'CANCELLED', null, now);
      return { ...reg, status: 'CANCELLED' };
    }
    return reg;
  });
}

export async function completeCardRegistration(
  deps: Deps,
  accountId: string,
  registrationId: string,
): Promise<PaymentMethod> {
  let reg = await repo.findRegistration(deps.db, registrationId);
  if (!reg || reg.accountId !== accountId || !reg.providerSetupId) throw new AppError('CodePaymentMethodNotFound');
  if (reg.status === 'OPEN') {
    const setupId = reg.providerSetupId;
    let setup: CardSetup | null;
    try {
      setup = await ask(deps, (p) => p.retrieveCardSetup(setupId));
    } catch (err) {
      // The provider's notification will still save the card; the guest's page asks again.
      throw new AppError('CodePaymentPending', { cause: err });
    }
    if (!setup) throw new AppError('CodePaymentMethodNotFound');
    reg = (await attachFromSetup(deps, setup)) ?? reg;
  }
  if (reg.status === 'OPEN') throw new AppError('CodePaymentPending');
  if (reg.status === 'CANCELLED' || !reg.paymentMethodId) throw new AppError('CodePaymentMethodNotFound');
  const method = await repo.findMethod(deps.db, reg.paymentMethodId);
  return toPaymentMethod(method!);
}

// Payments ------------------------------------------------------------------------------

export type StartPaymentInput = {
  accountId: string;
  paymentMethodId: string;
  /** Yen. */
  amount: number;
  /** What the payment is for (the billing id); payments are looked up by it for reconciliation. */
  reference: string;
  description: string;
  /** A same-site path the 3-D Secure page sends the browser back to; `paymentId=<id>` is added to it. */
  returnUrl: string;
  /** Capture at once (a deposit) or only authorise (captured later). */
  capture: boolean;
  /** The same key answers the same payment, however often it is called. */
  idempotencyKey: string;
};

function outcomeOf(row: repo.PaymentRow): PaymentOutcome {
  const paymentId = row.id;
  switch (row.status) {
    case 'REQUIRES_ACTION':
      return { status: 'REQUIRES_ACTION', paymentId, challengeUrl: row.challengeUrl ?? '' };
    case 'FAILED':
      return { status: 'FAILED', paymentId, reason: (row.failureReason ?? 'CodePaymentDeclined') as PaymentFailure };
    case 'AUTHORIZED':
    case 'CAPTURED':
    case 'PENDING':
    case 'VOIDED':
    case 'REFUNDED':
    case 'PARTIALLY_REFUNDED':
      return { status: row.status, paymentId };
    default:
      throw new Error(`unknown payment status ${row.status}`);
  }
}

/**
 * Writes the provider's state of a payment, unless a newer one is already
 * written (notifications may arrive late or twice). Returns the row as it now is.
 */
async function applyProviderState(
  deps: Deps,
  paymentId: string,
  snap: ProviderPayment,
  kind: string,
): Promise<repo.PaymentRow> {
  return withTx(deps.db, async (tx) => {
    const row = (await repo.findPayment(tx, paymentId, true))!;
    if (row.providerPaymentId !== null && snap.version <= row.providerVersion) return row;
    const now = deps.clock.now();
    await repo.applyProviderState(tx, paymentId, {
      status: snap.status,
      capturedAmount: snap.capturedAmount,
      refundedAmount: snap.refundedAmount,
      failureReason: snap.failureReason,
      challengeUrl: snap.challengeUrl,
      providerPaymentId: snap.providerPaymentId,
      providerVersion: snap.version,
      now,
    });
    await repo.insertEvent(tx, {
      paymentId,
      kind,
      status: snap.status,
      amount: snap.status === 'FAILED' ? null : snap.capturedAmount,
      detail: { providerVersion: snap.version, failureReason: snap.failureReason, previousStatus: row.status },
      now,
    });
    return (await repo.findPayment(tx, paymentId))!;
  });
}

async function sendAuthorisation(deps: Deps, row: repo.PaymentRow): Promise<repo.PaymentRow> {
  const method = (await repo.findMethod(deps.db, row.paymentMethodId))!;
  try {
    const snap = await ask(deps, (p) =>
      p.authorize({
        merchantPaymentId: row.id,
        cardToken: method.providerToken,
        amount: row.amount,
        currency: 'JPY',
        capture: row.captureOnAuthorize,
        description: row.description,
        returnUrl: row.returnUrl,
        // The payment's own id: a repeated request after a timeout is recognised by the provider.
        idempotencyKey: row.id,
      }),
    );
    return await applyProviderState(deps, row.id, snap, 'AUTHORIZE_ANSWERED');
  } catch (err) {
    if (err instanceof ProviderUnavailableError && row.providerPaymentId === null) {
      await repo.deleteUnsentPayment(deps.db, row.id);
      throw new AppError('CodePaymentProviderUnavailable', { cause: err });
    }
    if (err instanceof ProviderRejectedError) {
      // Refused outright (e.g. the provider no longer knows the card token): a decline, with nothing authorised.
      await withTx(deps.db, async (tx) => {
        const now = deps.clock.now();
        await repo.applyProviderState(tx, row.id, {
          status: 'FAILED',
          capturedAmount: 0,
          refundedAmount: 0,
          failureReason: 'CodePaymentDeclined',
          challengeUrl: null,
          providerPaymentId: row.providerPaymentId,
          providerVersion: row.providerVersion,
          now,
        });
        await repo.insertEvent(tx, {
          paymentId: row.id,
          kind: 'AUTHORIZE_REJECTED',
          status: 'FAILED',
          detail: { error: err.message },
          now,
        });
      });
      return (await repo.findPayment(deps.db, row.id))!;
    }
    // No answer in time (or a broken connection): the provider may or may not have the payment.
    // It stays PENDING; getPayment, the provider's notification or reconciliation settles it.
    await repo.insertEvent(deps.db, {
      paymentId: row.id,
      kind: err instanceof ProviderTimeoutError ? 'AUTHORIZE_NO_ANSWER' : 'AUTHORIZE_ERROR',
      status: 'PENDING',
      detail: { error: String(err) },
      now: deps.clock.now(),
    });
    deps.log.warn('card authorisation unanswered', { paymentId: row.id, error: String(err) });
    return (await repo.findPayment(deps.db, row.id))!;
  }
}

/**
 * Authorises (and, with capture, charges) a saved card. Call it outside any
 * transaction: the provider may take seconds or not answer (then PENDING).
 */
export async function startPayment(deps: Deps, input: StartPaymentInput): Promise<PaymentOutcome> {
  if (!Number.isSafeInteger(input.amount) || input.amount < 1) {
    throw new AppError('CodeInvalidArgument', {
      fields: [{ field: 'amount', description: 'a whole number of yen, 1 or more' }],
    });
  }
  const existing = await repo.findPaymentByKey(deps.db, input.idempotencyKey);
  if (existing) return outcomeOf(await refresh(deps, existing));
  await requirePaymentMethod(deps, input.accountId, input.paymentMethodId);
  const paymentId = randomUUID();
  const created = await repo.insertPayment(deps.db, {
    id: paymentId,
    accountId: input.accountId,
    paymentMethodId: input.paymentMethodId,
    amount: input.amount,
    captureOnAuthorize: input.capture,
    reference: input.reference,
    description: input.description,
    returnUrl: withQuery(input.returnUrl, 'paymentId', paymentId),
    idempotencyKey: input.idempotencyKey,
    now: deps.clock.now(),
  });
  // A concurrent call with the same key won the insert: answer its payment.
  if (!created) return outcomeOf(await refresh(deps, (await repo.findPaymentByKey(deps.db, input.idempotencyKey))!));
  return outcomeOf(await sendAuthorisation(deps, (await repo.findPayment(deps.db, paymentId))!));
}

/** Asks the provider about a payment whose outcome it may still change; a silent provider leaves it as it is. */
async function refresh(deps: Deps, row: repo.PaymentRow): Promise<repo.PaymentRow> {
  if (!isUnsettled(row.status)) return row;
  let snap: ProviderPayment | null;
  try {
    snap = await ask(deps, (p) => p.retrieve({ providerPaymentId: row.providerPaymentId, merchantPaymentId: row.id }));
  } catch (err) {
    deps.log.warn('payment state unanswered', { paymentId: row.id, error: String(err) });
    return row;
  }
  if (snap) return applyProviderState(deps, row.id, snap, 'REFRESHED');
  // The provider never received it (the request was lost on the way): send it again under the same key.
  if (row.providerPaymentId === null) return sendAuthorisation(deps, row);
  return row;
}

async function requirePayment(deps: Deps, paymentId: string): Promise<repo.PaymentRow> {
  const row = await repo.findPayment(deps.db, paymentId);
  if (!row) throw new AppError('CodePaymentNotFound');
  return row;
}

async function viewOf(deps: Deps, row: repo.PaymentRow): Promise<PaymentView> {
  const method = (await repo.findMethod(deps.db, row.paymentMethodId))!;
  return {
    paymentId: row.id,
    status: row.status as PaymentStatus,
    amount: row.amount,
    capturedAmount: row.capturedAmount,
    refundedAmount: row.refundedAmount,
    reference: row.reference,
    failureReason: row.failureReason as PaymentFailure | null,
    paymentMethod: toPaymentMethod(method),
  };
}

/** A payment as it is now; one still PENDING or REQUIRES_ACTION is first asked of the provider. */
export async function getPayment(deps: Deps, paymentId: string): Promise<PaymentView> {
  return viewOf(deps, await refresh(deps, await requirePayment(deps, paymentId)));
}

/** Every payment made for a reference (a billing), oldest first, each brought up to date: for reconciliation. */
export async function findPaymentsByReference(deps: Deps, reference: string): Promise<PaymentView[]> {
  const rows = await repo.findPaymentsByReference(deps.db, reference);
  return Promise.all(rows.map(async (r) => viewOf(deps, await refresh(deps, r))));
}

/**
 * Runs one provider operation. A silent provider gives CodePaymentPending:
 * the caller tries again later with the same arguments, and the provider's
 * idempotency key keeps the operation from happening twice.
 */
async function operate(
  deps: Deps,
  row: repo.PaymentRow,
  kind: string,
  fn: (p: PaymentProvider, providerPaymentId: string) => Promise<ProviderPayment>,
): Promise<PaymentView> {
  const providerPaymentId = row.providerPaymentId!;
  let snap: ProviderPayment;
  try {
    snap = await ask(deps, (p) => fn(p, providerPaymentId));
  } catch (err) {
    if (err instanceof ProviderRejectedError) throw new AppError('CodePaymentStateInvalid', { cause: err });
    await repo.insertEvent(deps.db, {
      paymentId: row.id,
      kind: `${kind}_NO_ANSWER`,
      detail: { error: String(err) },
      now: deps.clock.now(),
    });
    throw new AppError('CodePaymentPending', { cause: err });
  }
  return viewOf(deps, await applyProviderState(deps, row.id, snap, kind));
}

/** Charges an authorised payment, all of it or less (never more). Capturing a captured payment again answers it. */
export async function capturePayment(deps: Deps, paymentId: string, amount?: number): Promise<PaymentView> {
  const row = await refresh(deps, await requirePayment(deps, paymentId));
  const toCapture = amount ?? row.amount;
  if (!Number.isSafeInteger(toCapture) || toCapture < 1 || toCapture > row.amount) {
    throw new AppError('CodeInvalidArgument', { fields: [{ field: 'amount', description: `1 to ${row.amount} yen` }] });
  }
  if (row.status === 'CAPTURED' && row.capturedAmount === toCapture) return viewOf(deps, row);
  if (row.status === 'PENDING') throw new AppError('CodePaymentPending');
  if (row.status !== 'AUTHORIZED') throw new AppError('CodePaymentStateInvalid');
  return operate(deps, row, 'CAPTURED', (p, id) => p.capture(id, toCapture, `${row.id}:capture`));
}

/**
 * Releases an authorisation (a booking that did not go through). A payment
 * that failed or is already void is answered as it is, so a retry is harmless.
 */
export async function voidPayment(deps: Deps, paymentId: string): Promise<PaymentView> {
  const row = await refresh(deps, await requirePayment(deps, paymentId));
  if (row.status === 'VOIDED' || row.status === 'FAILED') return viewOf(deps, row);
  if (row.status === 'PENDING') throw new AppError('CodePaymentPending');
  if (row.status !== 'AUTHORIZED' && row.status !== 'REQUIRES_ACTION') throw new AppError('CodePaymentStateInvalid');
  return operate(deps, row, 'VOIDED', (p, id) => p.void(id, `${row.id}:void`));
}

/**
 * Gives back part or all of a captured payment. The same idempotency key
 * answers the first refund instead of refunding twice; more than what is
 * left to refund is refused (CodeInvalidArgument).
 */
export async function refundPayment(
  deps: Deps,
  paymentId: string,
  amount: number,
  idempotencyKey: string,
): Promise<PaymentView> {
  const row = await requirePayment(deps, paymentId);
  if (!Number.isSafeInteger(amount) || amount < 1) {
    throw new AppError('CodeInvalidArgument', {
      fields: [{ field: 'amount', description: 'a whole number of yen, 1 or more' }],
    });
  }
  // A retry under a key already used answers that refund (the provider keys it too), checked against nothing.
  if (!(await repo.hasRefundKey(deps.db, row.id, idempotencyKey))) {
    if (row.status !== 'CAPTURED' && row.status !== 'PARTIALLY_REFUNDED') throw new AppError('CodePaymentStateInvalid');
    if (amount > row.capturedAmount - row.refundedAmount) {
      throw new AppError('CodeInvalidArgument', {
        fields: [
          { field: 'amount', description: `at most ${row.capturedAmount - row.refundedAmount} yen is left to refund` },
        ],
      });
    }
    await repo.insertEvent(deps.db, {
      paymentId: row.id,
      kind: 'REFUND_REQUESTED',
      amount,
      idempotencyKey,
      now: deps.clock.now(),
    });
  }
  return operate(deps, row, 'REFUNDED', (p, id) => p.refund(id, amount, `${row.id}:refund:${idempotencyKey}`));
}

// Provider notifications ------------------------------------------------------------------

/**
 * Applies a verified provider notification. A payment change is always passed
 * on to the listener (at least once: a notification may come twice, or after
 * getPayment already saw the change); a listener error makes the provider retry.
 */
export async function handleProviderEvent(
  deps: Deps,
  event: ProviderEvent,
  listener: PaymentUpdateListener,
): Promise<void> {
  if (event.type === 'card_setup.updated') {
    await attachFromSetup(deps, event.setup);
    return;
  }
  const row = await repo.findPayment(deps.db, event.payment.merchantPaymentId);
  if (!row) return;
  const now = await applyProviderState(deps, row.id, event.payment, 'NOTIFIED');
  await listener(deps, { paymentId: now.id, reference: now.reference, status: now.status as PaymentStatus });
}
