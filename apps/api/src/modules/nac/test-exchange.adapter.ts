import { randomBytes } from 'node:crypto';
import { withTx } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import type { Env } from '../../platform/env.js';
import type { Task } from '../../platform/scheduler.js';
import {
  ExchangeTransferSchema,
  ExchangeWebhookRejectedError,
  type ExchangeAdapter,
  type ExchangeEvent,
  type ExchangeTransfer,
  type TransferFailure,
} from './exchange.adapter.js';
import { formatNac, NAC_UNIT, parseNacAmount, parseSignedNac } from './nac-amount.rules.js';
import * as repo from './test-exchange.repo.js';
import { checkWebhookSignature, signWebhook } from '../../platform/http/webhook-signature.js';
import { EXCHANGE_SIGNATURE_HEADER, rateAt, STARTING_BALANCE_NAC, TRANSFER_LIMIT_NAC } from './test-exchange.rules.js';

/**
 * The built-in test-mode NAC exchange. It plays an outside company: its state is in its own
 * test_exchange_* tables, its account page is its own (under /nac-exchange/), it answers after a
 * delay, transfers settle later and may fail (the customer's exchange balance, the per-transfer
 * limit), and it tells the product of every settled transfer only through signed notifications,
 * retried until accepted. The product reaches it only through the ExchangeAdapter interface.
 */

export const EXCHANGE_PAGES_PREFIX = '/nac-exchange';
const LINK_LIFETIME_MS = 5 * 60_000;
const WEBHOOK_MAX_ATTEMPTS = 8;
/** Waits before the 2nd, 3rd, ... attempt of a notification the product did not accept. */
const WEBHOOK_BACKOFF_MS = [1_000, 5_000, 30_000, 120_000, 600_000, 3_600_000, 21_600_000];

export function testExchangeDelayMs(env: Env): number {
  return env.NAC_EXCHANGE_DELAY_MS ?? (env.NODE_ENV === 'test' ? 5 : 300);
}

export function testExchangeSettleMs(env: Env): number {
  return env.NAC_EXCHANGE_SETTLE_MS ?? (env.NODE_ENV === 'test' ? 50 : 3_000);
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref?.());

export type AccountPageView = {
  customerRef: string;
  balance: string;
  rate: { rate: string; at: Date };
  returnUrl: string;
  transfers: ExchangeTransfer[];
};

export type TestExchange = ExchangeAdapter & {
  /** The account page a link opens; null when the link is unknown or expired. */
  accountPage(linkId: string): Promise<AccountPageView | null>;
  /** "Send NAC to yado" on the account page: a deposit the customer starts at the exchange. */
  sendFromPage(linkId: string, amount: string): Promise<{ ok: true } | { problem: 'AMOUNT' } | null>;
  /** Settles every transfer that is due and sends every notification that is due (the background task). */
  sweep(): Promise<void>;
};

const instances = new WeakMap<object, TestExchange>();

/** Settles due transfers and sends due notifications of the exchange of this database, if the app created one. */
export const testExchangeTask: Task = {
  name: 'nac-test-exchange',
  everyMs: 15_000,
  run: async (deps) => {
    await instances.get(deps.db)?.sweep();
  },
};

function snapshot(t: repo.TeTransfer): ExchangeTransfer {
  return {
    exchangeTransferId: t.id,
    merchantTransferId: t.merchantTransferId,
    customerRef: t.customerRef,
    direction: t.direction,
    amount: formatNac(parseSignedNac(t.amount)),
    status: t.status,
    failureReason: t.failureReason as TransferFailure | null,
    version: t.version,
    updatedAt: t.updatedAt.toISOString(),
  };
}

export function createTestExchange(
  deps: Deps,
  opts: { deliver: (request: Request) => Promise<Response>; webhookPath: string },
): TestExchange {
  const { db, clock, log, env } = deps;
  const delayMs = testExchangeDelayMs(env);
  const settleMs = testExchangeSettleMs(env);
  const secret = env.NAC_EXCHANGE_WEBHOOK_SECRET;

  /** A real exchange answers in a few hundred milliseconds, never at once; the product must cope. */
  const pause = () => (delayMs === 0 ? Promise.resolve() : sleep(Math.round(delayMs * (0.5 + Math.random()))));

  const later = (ms: number, fn: () => Promise<unknown>, what: string) => {
    setTimeout(() => {
      fn().catch((err: unknown) => log.warn(`nac exchange ${what} failed`, { error: String(err) }));
    }, ms).unref?.();
  };

  // Notifications -------------------------------------------------------------------------

  async function attempt(id: string): Promise<void> {
    const claimed = await repo.claimDelivery(db, id, clock.now(), WEBHOOK_MAX_ATTEMPTS);
    if (!claimed) return;
    const body = JSON.stringify(claimed.payload);
    let error: string;
    try {
      const res = await opts.deliver(
        new Request(`http://nac-exchange.invalid${opts.webhookPath}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [EXCHANGE_SIGNATURE_HEADER]: signWebhook(secret, body, clock.now()),
          },
          body,
        }),
      );
      if (res.ok) {
        await repo.markDelivered(db, id, clock.now());
        return;
      }
      error = `HTTP ${res.status}`;
    } catch (err) {
      error = String(err);
    }
    const wait = WEBHOOK_BACKOFF_MS[claimed.attempts - 1];
    if (wait === undefined) {
      await repo.scheduleRetry(db, id, clock.now(), `${error}; gave up`);
      return;
    }
    await repo.scheduleRetry(db, id, new Date(clock.now().getTime() + wait), error);
    // Short waits are timed here; longer ones are left to the background sweep, which survives restarts.
    if (wait <= 30_000) later(wait, () => attempt(id), 'notification');
  }

  /** Settles one transfer, if still pending, and queues its notification in the same transaction. */
  async function settle(id: string): Promise<void> {
    const eventId = await withTx(db, async (tx) => {
      const t = await repo.findTransfer(tx, id, true);
      if (!t || t.status !== 'PENDING') return null;
      const amount = parseSignedNac(t.amount);
      const balance = parseSignedNac((await repo.accountBalance(tx, t.customerRef, true))!);
      let failure: TransferFailure | null = null;
      if (amount > TRANSFER_LIMIT_NAC * NAC_UNIT) failure = 'TRANSFER_LIMIT';
      else if (t.direction === 'DEPOSIT' && balance < amount) failure = 'INSUFFICIENT_FUNDS';
      if (!failure) {
        await repo.addToBalance(tx, t.customerRef, formatNac(t.direction === 'DEPOSIT' ? -amount : amount));
      }
      const settled = await repo.settleTransfer(
        tx,
        id,
        { status: failure ? 'FAILED' : 'COMPLETED', failureReason: failure },
        clock.now(),
      );
      const event: ExchangeEvent = { id: newId('evt'), type: 'transfer.updated', transfer: snapshot(settled) };
      await repo.insertDelivery(tx, {
        id: event.id,
        payload: {
          id: event.id,
          type: event.type,
          created: Math.floor(clock.now().getTime() / 1000),
          data: event.transfer,
        },
        nextAttemptAt: clock.now(),
      });
      return event.id;
    });
    // Sent once the transaction has committed: sooner, the product could hear of a change it cannot yet see here.
    if (eventId) await attempt(eventId);
  }

  async function create(input: {
    merchantTransferId: string | null;
    customerRef: string;
    direction: 'DEPOSIT' | 'WITHDRAWAL';
    amount: string;
  }): Promise<repo.TeTransfer> {
    const now = clock.now();
    const { transfer, created } = await withTx(db, async (tx) => {
      await repo.ensureAccount(tx, input.customerRef, STARTING_BALANCE_NAC, now);
      return repo.insertTransfer(tx, {
        id: newId('xfr'),
        ...input,
        settleAt: new Date(now.getTime() + settleMs),
        now,
      });
    });
    if (created) later(settleMs, () => settle(transfer.id), 'settlement');
    return transfer;
  }

  const exchange: TestExchange = {
    async currentRate() {
      await pause();
      return rateAt(env.NAC_EXCHANGE_SEED, clock.now());
    },

    async accountLink({ customerRef, returnUrl, language }) {
      await pause();
      const id = newId('acctlink');
      const expiresAt = new Date(clock.now().getTime() + LINK_LIFETIME_MS);
      await withTx(db, async (tx) => {
        await repo.ensureAccount(tx, customerRef, STARTING_BALANCE_NAC, clock.now());
        await repo.insertLink(tx, { id, customerRef, returnUrl, expiresAt });
      });
      return { url: `${EXCHANGE_PAGES_PREFIX}/accounts/${id}?lang=${language}`, expiresAt };
    },

    async requestTransfer(input) {
      await pause();
      return snapshot(await create(input));
    },

    async retrieveTransfer(merchantTransferId) {
      await pause();
      const t = await repo.findTransferByMerchantId(db, merchantTransferId);
      return t ? snapshot(t) : null;
    },

    async listTransfers({ since, limit }) {
      await pause();
      return (await repo.transfersChangedSince(db, since, limit)).map(snapshot);
    },

    verifyWebhook({ header, rawBody, now }) {
      const check = checkWebhookSignature(secret, header(EXCHANGE_SIGNATURE_HEADER), rawBody, now);
      if (check !== 'OK') throw new ExchangeWebhookRejectedError(check);
      const body = JSON.parse(rawBody) as { id?: unknown; type?: unknown; data?: unknown };
      const transfer = ExchangeTransferSchema.safeParse(body.data);
      if (body.type !== 'transfer.updated' || typeof body.id !== 'string' || !transfer.success) {
        throw new ExchangeWebhookRejectedError(`unreadable event ${String(body.type)}`);
      }
      return { id: body.id, type: 'transfer.updated', transfer: transfer.data };
    },

    async accountPage(linkId) {
      const link = await repo.findLink(db, linkId);
      if (!link || link.expiresAt <= clock.now()) return null;
      const balance = await repo.accountBalance(db, link.customerRef);
      return {
        customerRef: link.customerRef,
        balance: formatNac(parseSignedNac(balance ?? '0')),
        rate: rateAt(env.NAC_EXCHANGE_SEED, clock.now()),
        returnUrl: link.returnUrl,
        transfers: (await repo.customerTransfers(db, link.customerRef, 20)).map(snapshot),
      };
    },

    async sendFromPage(linkId, amount) {
      const link = await repo.findLink(db, linkId);
      if (!link || link.expiresAt <= clock.now()) return null;
      const parsed = parseNacAmount(amount);
      if (!parsed.ok) return { problem: 'AMOUNT' };
      await pause();
      await create({
        merchantTransferId: null,
        customerRef: link.customerRef,
        direction: 'DEPOSIT',
        amount: formatNac(parsed.units),
      });
      return { ok: true };
    },

    async sweep() {
      for (const id of await repo.dueTransfers(db, clock.now(), 100)) await settle(id);
      for (const id of await repo.dueDeliveries(db, clock.now(), WEBHOOK_MAX_ATTEMPTS, 50)) await attempt(id);
    },
  };
  return exchange;
}

/** Creates the exchange of this app and remembers it for the background sweep. */
export function startTestExchange(
  deps: Deps,
  opts: { deliver: (request: Request) => Promise<Response>; webhookPath: string },
): TestExchange {
  const exchange = createTestExchange(deps, opts);
  instances.set(deps.db, exchange);
  return exchange;
}
