import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/app-error.js';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { signWebhook } from '../../platform/http/webhook-signature.js';
import { WEBHOOK_SIGNATURE_HEADER } from './payment.rules.js';
import { mountPaymentRoutes, PAYMENT_WEBHOOK_PATH } from './payment.routes.js';
import * as payment from './payment.service.js';
import {
  createCardRegistration,
  completeCardRegistration,
  listPaymentMethods,
  deletePaymentMethod,
} from '@yado/contract/payment.contract';

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
});

type Guest = { token: string; accountId: string };

async function guest(api: TestApi = t): Promise<Guest> {
  const tokens = await api.signUp();
  const principal = await api.api.verifyIdToken(tokens.idToken);
  return { token: tokens.idToken, accountId: principal.accountId };
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/** The guest's browser on the provider's card page: starts a registration and submits the form. */
async function enterCard(
  g: Guest,
  fields: Record<string, string> = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'TARO YAMADA' },
  api: TestApi = t,
) {
  const reg = await api.call(createCardRegistration, { returnUrl: '/en/mypage/cards?tab=1' }, { token: g.token });
  expect(reg.status).toBe(200);
  const page = await api.raw(reg.body.registrationUrl);
  expect(page.status).toBe(200);
  const submitted = await api.raw(reg.body.registrationUrl, form({ action: 'card', ...fields }));
  return {
    registrationId: reg.body.registrationId as string,
    registrationUrl: reg.body.registrationUrl as string,
    submitted,
  };
}

async function addCard(g: Guest, number = '4242424242424242', api: TestApi = t): Promise<string> {
  const cvc = number.startsWith('37') ? '1234' : '123';
  const { registrationId, submitted } = await enterCard(g, { number, expiry: '12/39', cvc, name: '' }, api);
  expect(submitted.status).toBe(303);
  const done = await api.call(completeCardRegistration, { registrationId }, { token: g.token });
  expect(done.status).toBe(200);
  return done.body.creditCard.paymentMethodId as string;
}

const start = (g: Guest, paymentMethodId: string, o: Partial<payment.StartPaymentInput> = {}) =>
  payment.startPayment(t.api.deps, {
    accountId: g.accountId,
    paymentMethodId,
    amount: 12_000,
    reference: `billing-${randomUUID()}`,
    description: 'Deposit',
    returnUrl: '/en/bookings/b1/confirm',
    capture: false,
    idempotencyKey: randomUUID(),
    ...o,
  });

const paymentRow = async (id: string) =>
  (
    await t.pool.query<{ status: string; failure_reason: string | null }>(
      'SELECT status, failure_reason FROM payments WHERE id = $1',
      [id],
    )
  ).rows[0]!;

describe('card registration on the provider page', () => {
  it('tokenises the card on the provider page, sends the browser back and saves only the masked card', async () => {
    const g = await guest();
    const { registrationId, registrationUrl, submitted } = await enterCard(g);
    expect(registrationUrl).toMatch(/^\/payment-provider\/card-setups\/seti_[0-9a-f]+\?lang=en$/);
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get('location')).toBe(`/en/mypage/cards?tab=1&cardRegistration=${registrationId}`);

    const done = await t.call(completeCardRegistration, { registrationId }, { token: g.token });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({
      creditCard: {
        maskedNumber: '**** **** **** 4242',
        cardSequence: 0,
        expirationYear: 2039,
        expirationMonth: 12,
        paymentMethodId: expect.any(String),
        creditCardBrand: 'VISA',
      },
      paymentType: 'CREDIT_CARD',
    });
    // Completing again (and the provider's notification) attach nothing more.
    const again = await t.call(completeCardRegistration, { registrationId }, { token: g.token });
    expect(again.body).toEqual(done.body);
    await new Promise((r) => setTimeout(r, 150));
    const list = await t.call(listPaymentMethods, {}, { token: g.token });
    expect(list.body).toEqual({ paymentMethods: [done.body] });
    // The product never stores the number.
    const stored = await t.pool.query('SELECT * FROM payment_methods WHERE account_id = $1', [g.accountId]);
    expect(JSON.stringify(stored.rows)).not.toContain('4242424242424242');
  });

  it('attaches the card from the provider notification alone, when the guest never comes back', async () => {
    const g = await guest();
    const { submitted } = await enterCard(g, { number: '3530 1113 3330 0000', expiry: '01/40', cvc: '999', name: '' });
    expect(submitted.status).toBe(303);
    const list = await until(
      () => t.call(listPaymentMethods, {}, { token: g.token }),
      (r) => r.body.paymentMethods.length === 1,
    );
    expect(list.body.paymentMethods[0]!.creditCard).toMatchObject({
      maskedNumber: '**** **** **** 0000',
      creditCardBrand: 'JCB',
    });
  });

  it('refuses a mistyped or expired card on the page, keeping the guest there', async () => {
    const g = await guest();
    const bad = await enterCard(g, { number: '4242 4242 4242 4241', expiry: '12/39', cvc: '123', name: '' });
    expect(bad.submitted.status).toBe(422);
    expect(await bad.submitted.text()).toContain('This card number is not valid.');
    const expired = await enterCard(g, { number: '4242424242424242', expiry: '01/20', cvc: '123', name: '' });
    expect(expired.submitted.status).toBe(422);
    const pending = await t.call(
      completeCardRegistration,
      { registrationId: expired.registrationId },
      { token: g.token },
    );
    expect(pending.status).toBe(409);
    expect(pending.error.errorInfo.reason).toBe('CodePaymentPending');
  });

  it('offers the test cards and the wallets; a wallet gives its payment type', async () => {
    const g = await guest();
    const reg = await t.call(createCardRegistration, { returnUrl: '/ja/mypage' }, { token: g.token, language: 'ja' });
    const html = await (await t.raw(reg.body.registrationUrl)).text();
    expect(html).toContain('4000 0000 0000 3220');
    expect(html).toContain('テストモード');
    const res = await t.raw(reg.body.registrationUrl, form({ action: 'apple_pay' }));
    expect(res.status).toBe(303);
    const done = await t.call(
      completeCardRegistration,
      { registrationId: reg.body.registrationId },
      { token: g.token },
    );
    expect(done.body).toMatchObject({
      paymentType: 'APPLE_PAY',
      creditCard: { creditCardBrand: 'VISA', cardSequence: 0 },
    });
  });

  it('a cancelled entry saves nothing', async () => {
    const g = await guest();
    const reg = await t.call(createCardRegistration, { returnUrl: '/en/mypage' }, { token: g.token });
    const res = await t.raw(reg.body.registrationUrl, form({ action: 'cancel' }));
    expect(res.status).toBe(303);
    const done = await t.call(
      completeCardRegistration,
      { registrationId: reg.body.registrationId },
      { token: g.token },
    );
    expect(done.status).toBe(404);
    expect(done.error.errorInfo.reason).toBe('CodePaymentMethodNotFound');
  });

  it('refuses a return address of another site, and another account completing the registration', async () => {
    const g = await guest();
    const other = await guest();
    for (const returnUrl of ['https://evil.example/', '//evil.example/x', 'mypage']) {
      const res = await t.call(createCardRegistration, { returnUrl }, { token: g.token });
      expect(res.status, returnUrl).toBe(400);
    }
    const { registrationId } = await enterCard(g);
    const res = await t.call(completeCardRegistration, { registrationId }, { token: other.token });
    expect(res.status).toBe(404);
  });

  it('lists newest first with card sequences, and deletes only the own card', async () => {
    const g = await guest();
    const other = await guest();
    const first = await addCard(g, '4242424242424242');
    const second = await addCard(g, '5555555555554444');
    const list = await t.call(listPaymentMethods, {}, { token: g.token });
    expect(list.body.paymentMethods.map((m: any) => [m.creditCard.paymentMethodId, m.creditCard.cardSequence])).toEqual(
      [
        [second, 1],
        [first, 0],
      ],
    );
    expect((await t.call(deletePaymentMethod, { paymentMethodId: first }, { token: other.token })).status).toBe(404);
    expect((await t.call(deletePaymentMethod, { paymentMethodId: first }, { token: g.token })).status).toBe(200);
    expect((await t.call(deletePaymentMethod, { paymentMethodId: first }, { token: g.token })).status).toBe(404);
    const after = await t.call(listPaymentMethods, {}, { token: g.token });
    expect(after.body.paymentMethods.map((m: any) => m.creditCard.paymentMethodId)).toEqual([second]);
    expect((await t.call(listPaymentMethods, {}, {})).status).toBe(401);
  });
});

describe('payments', () => {
  it('authorises a frictionless card, then captures part of it and refunds, refusing an over-refund', async () => {
    const g = await guest();
    const card = await addCard(g);
    const outcome = await start(g, card, { amount: 30_000 });
    expect(outcome).toEqual({ status: 'AUTHORIZED', paymentId: expect.any(String) });
    const captured = await payment.capturePayment(t.api.deps, outcome.paymentId, 25_000);
    expect(captured).toMatchObject({ status: 'CAPTURED', amount: 30_000, capturedAmount: 25_000, refundedAmount: 0 });
    expect(captured.paymentMethod.creditCard.paymentMethodId).toBe(card);

    const partial = await payment.refundPayment(t.api.deps, outcome.paymentId, 5_000, 'refund-1');
    expect(partial).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedAmount: 5_000 });
    // The same key answers the same refund; it is not made twice.
    const again = await payment.refundPayment(t.api.deps, outcome.paymentId, 5_000, 'refund-1');
    expect(again).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedAmount: 5_000 });
    await expect(payment.refundPayment(t.api.deps, outcome.paymentId, 20_001, 'refund-2')).rejects.toMatchObject({
      reason: 'CodeInvalidArgument',
    });
    const rest = await payment.refundPayment(t.api.deps, outcome.paymentId, 20_000, 'refund-3');
    expect(rest).toMatchObject({ status: 'REFUNDED', capturedAmount: 25_000, refundedAmount: 25_000 });
    await expect(payment.refundPayment(t.api.deps, outcome.paymentId, 1, 'refund-4')).rejects.toBeInstanceOf(AppError);

    const events = await t.pool.query('SELECT kind FROM payment_events WHERE payment_id = $1 ORDER BY id', [
      outcome.paymentId,
    ]);
    expect(events.rows.map((r) => r.kind)).toEqual(
      expect.arrayContaining(['AUTHORIZE_ANSWERED', 'CAPTURED', 'REFUND_REQUESTED', 'REFUNDED']),
    );
  });

  it('captures at once when asked, and refuses capturing more than was authorised', async () => {
    const g = await guest();
    const card = await addCard(g);
    const charged = await start(g, card, { capture: true, amount: 8_000 });
    expect(charged.status).toBe('CAPTURED');
    expect(await payment.getPayment(t.api.deps, charged.paymentId)).toMatchObject({ capturedAmount: 8_000 });

    const held = await start(g, card, { amount: 8_000 });
    await expect(payment.capturePayment(t.api.deps, held.paymentId, 8_001)).rejects.toMatchObject({
      reason: 'CodeInvalidArgument',
    });
  });

  it('voids an authorisation; voiding again answers the same; a void payment cannot be captured', async () => {
    const g = await guest();
    const card = await addCard(g);
    const held = await start(g, card);
    expect(await payment.voidPayment(t.api.deps, held.paymentId)).toMatchObject({
      status: 'VOIDED',
      capturedAmount: 0,
    });
    expect(await payment.voidPayment(t.api.deps, held.paymentId)).toMatchObject({ status: 'VOIDED' });
    await expect(payment.capturePayment(t.api.deps, held.paymentId)).rejects.toMatchObject({
      reason: 'CodePaymentStateInvalid',
    });
  });

  it('is idempotent on its key: the same key answers the same payment', async () => {
    const g = await guest();
    const card = await addCard(g);
    const key = randomUUID();
    const [a, b] = await Promise.all([
      start(g, card, { idempotencyKey: key }),
      start(g, card, { idempotencyKey: key }),
    ]);
    const c = await start(g, card, { idempotencyKey: key });
    expect(new Set([a.paymentId, b.paymentId, c.paymentId]).size).toBe(1);
    expect(c.status).toBe('AUTHORIZED');
    const count = await t.pool.query('SELECT count(*)::int AS n FROM payments WHERE idempotency_key = $1', [key]);
    expect(count.rows[0].n).toBe(1);
  });

  it("refuses another account's card", async () => {
    const g = await guest();
    const other = await guest();
    const card = await addCard(other);
    await expect(start(g, card)).rejects.toMatchObject({ reason: 'CodePaymentMethodNotFound' });
  });

  it.each([
    ['4000000000009995', 'CodePaymentInsufficientFunds'],
    ['4000000000000069', 'CodePaymentCardExpired'],
    ['4000000000000002', 'CodePaymentDeclined'],
  ])('declines %s with %s', async (number, reason) => {
    const g = await guest();
    const card = await addCard(g, number);
    const outcome = await start(g, card);
    expect(outcome).toEqual({ status: 'FAILED', paymentId: expect.any(String), reason });
    expect(await payment.getPayment(t.api.deps, outcome.paymentId)).toMatchObject({
      status: 'FAILED',
      failureReason: reason,
    });
  });

  it('asks for a 3-D Secure challenge; a wrong code may be retried, the right one authorises and notifies', async () => {
    const g = await guest();
    const card = await addCard(g, '4000000000003220');
    const outcome = await start(g, card, { returnUrl: '/en/bookings/b7/confirm?step=pay' });
    if (outcome.status !== 'REQUIRES_ACTION') throw new Error(`expected a challenge, got ${outcome.status}`);
    expect(outcome.challengeUrl).toMatch(/^\/payment-provider\/challenges\/pay_[0-9a-f]+$/);
    expect((await payment.getPayment(t.api.deps, outcome.paymentId)).status).toBe('REQUIRES_ACTION');

    const page = await t.raw(outcome.challengeUrl);
    expect(await page.text()).toContain('enter 123456');
    const wrong = await t.raw(outcome.challengeUrl, form({ action: 'submit', code: '000000' }));
    expect(wrong.status).toBe(422);
    const right = await t.raw(outcome.challengeUrl, form({ action: 'submit', code: '123456' }));
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe(`/en/bookings/b7/confirm?step=pay&paymentId=${outcome.paymentId}`);
    // The provider's notification alone brings the product's payment up to date.
    const row = await until(
      () => paymentRow(outcome.paymentId),
      (r) => r.status !== 'REQUIRES_ACTION',
    );
    expect(row.status).toBe('AUTHORIZED');
  });

  it('fails the payment when the challenge always fails (4000 0000 0000 3063) or is cancelled', async () => {
    const g = await guest();
    const card = await addCard(g, '4000000000003063');
    const first = await start(g, card);
    if (first.status !== 'REQUIRES_ACTION') throw new Error('expected a challenge');
    expect((await t.raw(first.challengeUrl, form({ action: 'submit', code: '123456' }))).status).toBe(303);
    expect(await payment.getPayment(t.api.deps, first.paymentId)).toMatchObject({
      status: 'FAILED',
      failureReason: 'CodePaymentAuthenticationFailed',
    });

    const challengeCard = await addCard(g, '4000000000003220');
    const second = await start(g, challengeCard);
    if (second.status !== 'REQUIRES_ACTION') throw new Error('expected a challenge');
    expect((await t.raw(second.challengeUrl, form({ action: 'cancel' }))).status).toBe(303);
    expect((await payment.getPayment(t.api.deps, second.paymentId)).failureReason).toBe(
      'CodePaymentAuthenticationFailed',
    );

    // A challenge the guest never finishes can be given up by the product.
    const third = await start(g, challengeCard);
    expect(third.status).toBe('REQUIRES_ACTION');
    expect(await payment.voidPayment(t.api.deps, third.paymentId)).toMatchObject({ status: 'VOIDED' });
  });

  it('leaves a payment PENDING when the processor does not answer, and settles it later by notification or by asking', async () => {
    const g = await guest();
    const card = await addCard(g, '4000000000000119');
    const began = Date.now();
    const outcome = await start(g, card);
    expect(outcome).toEqual({ status: 'PENDING', paymentId: expect.any(String) });
    expect(Date.now() - began).toBeGreaterThanOrEqual(350);
    // Settled by the late notification, without anyone asking.
    const row = await until(
      () => paymentRow(outcome.paymentId),
      (r) => r.status !== 'PENDING',
    );
    expect(row.status).toBe('AUTHORIZED');

    const second = await start(g, card, { capture: true });
    expect(second.status).toBe('PENDING');
    // Settled by asking the provider.
    expect(await payment.getPayment(t.api.deps, second.paymentId)).toMatchObject({
      status: 'CAPTURED',
      capturedAmount: 12_000,
    });
    const both = await payment.findPaymentsByReference(
      t.api.deps,
      (await payment.getPayment(t.api.deps, second.paymentId)).reference,
    );
    expect(both.map((p) => p.paymentId)).toEqual([second.paymentId]);
  });
});

describe('provider notifications', () => {
  const post = (body: string, signature: string | null) =>
    t.raw(PAYMENT_WEBHOOK_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature ? { [WEBHOOK_SIGNATURE_HEADER]: signature } : {}) },
      body,
    });

  it('refuses a bad signature, a missing one and a stale timestamp', async () => {
    const g = await guest();
    const card = await addCard(g);
    const outcome = await start(g, card);
    const forged = JSON.stringify({
      id: 'evt_forged',
      type: 'payment.updated',
      created: 0,
      data: {
        merchantPaymentId: outcome.paymentId,
        providerPaymentId: 'x',
        status: 'CAPTURED',
        amount: 12_000,
        capturedAmount: 12_000,
        refundedAmount: 0,
        failureReason: null,
        challengeUrl: null,
        version: 99,
      },
    });
    const secret = t.env.PAYMENT_WEBHOOK_SECRET;
    expect((await post(forged, signWebhook('whsec_not_the_secret_at_all', forged, t.clock.now()))).status).toBe(400);
    expect((await post(forged, null)).status).toBe(400);
    expect(
      (await post(forged, signWebhook(secret, forged, new Date(t.clock.now().getTime() - 6 * 60_000)))).status,
    ).toBe(400);
    expect((await paymentRow(outcome.paymentId)).status).toBe('AUTHORIZED');
    // The same body correctly signed now is accepted (the provider's own format).
    expect((await post(forged, signWebhook(secret, forged, t.clock.now()))).status).toBe(200);
  });

  it('passes every payment change to the listener given at composition, retrying when it fails', async () => {
    const api = await createTestApi();
    const updates: { paymentId: string; status: string }[] = [];
    let failNext = true;
    const app = new Hono();
    // A second composition on the same database: its processor notifies this app and its listener.
    mountPaymentRoutes(app, api.api.deps, {
      onPaymentUpdated: async (_deps, u) => {
        if (failNext) {
          failNext = false;
          throw new Error('listener down for a moment');
        }
        updates.push({ paymentId: u.paymentId, status: u.status });
      },
    });
    const g = await guest(api);
    const card = await addCard(g, '4000000000003220', api);
    const outcome = await payment.startPayment(api.api.deps, {
      accountId: g.accountId,
      paymentMethodId: card,
      amount: 5_000,
      reference: 'billing-x',
      description: '',
      returnUrl: '/en/x',
      capture: true,
      idempotencyKey: randomUUID(),
    });
    if (outcome.status !== 'REQUIRES_ACTION') throw new Error('expected a challenge');
    const res = await app.fetch(
      new Request(`http://localhost${outcome.challengeUrl}`, form({ action: 'submit', code: '123456' })),
    );
    expect(res.status).toBe(303);
    const seen = await until(
      async () => updates,
      (u) => u.some((x) => x.status === 'CAPTURED'),
      8_000,
    );
    expect(seen).toContainEqual({ paymentId: outcome.paymentId, status: 'CAPTURED' });
  });
});
