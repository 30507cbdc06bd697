// Billings paid half in NAC and half by card against billings paid by card alone, through the API's
// HTTP handler (Hono's fetch, in this process, no socket) on its own database (DATABASE_URL's server,
// or an embedded cluster in a temp folder), with the built-in test-mode card processor and exchange.
// USERS guests each hold NAC (deposited through the test exchange) and a frictionless card; each has
// PER_USER billings paid by card and PER_USER paid with NAC, CONCURRENCY payments in flight at once.
// The NAC payments' quotes are asked for before the clock starts (a guest asks for a quote while
// reading the form, then pays within its two minutes), so both rates time pay_billing alone.
// Printed: card payments per second, NAC + card payments per second, their ratio (aim >= 0.8), and
// the audit: one PAYMENT ledger entry per NAC-paid billing, every billing PAID.
import { randomUUID } from 'node:crypto';
import { payBilling } from '@yado/contract/billing.contract';
import {
  API_PREFIX,
  PLATFORM_HEADER,
  PLATFORM_WEB,
  WEB_APP_VERSION,
  WEB_APP_VERSION_HEADER,
} from '@yado/contract/headers';
import { IDENTITY_ROUTES, type TokenResponse } from '@yado/contract/identity.contract';
import type { MethodDef, MethodInput } from '@yado/contract/method';
import { createNacDeposit, getNacRateQuote } from '@yado/contract/nac.contract';
import { completeCardRegistration, createCardRegistration } from '@yado/contract/payment.contract';
import { createUser } from '@yado/contract/user.contract';
import { createApi } from '../apps/api/src/api-app.js';
import { createBilling } from '../apps/api/src/modules/billing/billing.service.js';
import { accommodationLine } from '../apps/api/src/modules/billing/billing.test-factory.js';
import { systemClock } from '../apps/api/src/platform/clock.js';
import { withTx } from '../apps/api/src/platform/db/pool.js';
import { loadEnv } from '../apps/api/src/platform/env.js';
import { createLogger } from '../apps/api/src/platform/logger.js';
import { openBenchDatabase } from './support/bench-database.js';
import { userFields } from '../apps/api/src/test-support/user-factory.js';

const USERS = Number(process.env['BENCH_USERS'] ?? 20);
const PER_USER = Number(process.env['BENCH_PER_USER'] ?? 8);
const CONCURRENCY = Number(process.env['BENCH_CONCURRENCY'] ?? 10);
// The first round warms the process (JIT, pools, plans) and is not counted.
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
/** The NAC part of each NAC payment: with 900 NAC per guest, enough for every round at ~150 yen/NAC. */
const NAC_YEN = 4_400;

const db = await openBenchDatabase('nac-pay');
const { dir, pool } = db;
const dbUrl = new URL(db.url);

const env = loadEnv({
  NODE_ENV: 'test',
  DATA_DIR: dir,
  LOG_LEVEL: 'error',
  DATABASE_URL: dbUrl.toString(),
  NAC_EXCHANGE_DELAY_MS: '0',
  NAC_EXCHANGE_SETTLE_MS: '0',
});
const deps = { db: pool, clock: systemClock, env, log: createLogger('error') };
const api = await createApi(deps);

async function request(p: string, init: RequestInit) {
  return api.app.fetch(new Request(new URL(p, 'http://localhost').toString(), init));
}
async function post(p: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await request(p, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [PLATFORM_HEADER]: PLATFORM_WEB,
      [WEB_APP_VERSION_HEADER]: WEB_APP_VERSION,
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const call = <M extends MethodDef>(def: M, input: MethodInput<M>, token: string, key?: string) =>
  post(`${API_PREFIX}/${def.path}`, input, {
    authorization: `Bearer ${token}`,
    ...(key ? { 'idempotency-key': key } : {}),
  });

/** Runs the jobs with at most `limit` in flight; answers the seconds it took. */
async function run(jobs: (() => Promise<void>)[], limit: number): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < jobs.length) await jobs[next++]!();
    }),
  );
  return (performance.now() - start) / 1000;
}

type Guest = { token: string; accountId: string; card: string };

async function guest(i: number): Promise<Guest> {
  const signed = await post(IDENTITY_ROUTES.signUp, {
    email: `bench-pay-${i}-${Date.now()}@example.com`,
    password: 'correct horse battery',
  });
  const token = (signed.body as unknown as TokenResponse).idToken;
  await call(createUser, userFields(), token);
  const accountId = (await api.verifyIdToken(token)).accountId;
  const reg = await call(createCardRegistration, { returnUrl: '/en/mypage' }, token);
  await request(String(reg.body['registrationUrl']), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action: 'card', number: '4242424242424242', expiry: '12/39', cvc: '123', name: '' }),
  });
  const done = await call(completeCardRegistration, { registrationId: String(reg.body['registrationId']) }, token);
  const card = String((done.body['creditCard'] as { paymentMethodId: string }).paymentMethodId);
  await call(createNacDeposit, { nacAmount: '900' }, token, randomUUID());
  return { token, accountId, card };
}

async function billing(accountId: string): Promise<string> {
  const b = await withTx(pool, (tx) =>
    createBilling(tx, {
      bookingId: `bk-bench-${randomUUID()}`,
      accountId,
      billingType: 'DEFAULT',
      lines: [accommodationLine(20_000)],
      serviceChargePercentage: '0',
      accommodationTax: 0,
      paymentDeadline: null,
    }),
  );
  return b.billingId;
}

try {
  const guests: Guest[] = [];
  for (let i = 0; i < USERS; i++) guests.push(await guest(i));
  // The test exchange settles deposits in the background: wait until every one is credited.
  for (;;) {
    const r = await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM nac_transfers WHERE status = 'PENDING'");
    if (r.rows[0]!.n === 0) break;
    await new Promise((res) => setTimeout(res, 50));
  }
  const refusals = new Map<string, number>();
  const refused = (r: { status: number; body: Record<string, unknown> }) => {
    if (r.status === 200) return;
    const reason = String((r.body['errorInfo'] as { reason?: string } | undefined)?.reason ?? r.status);
    refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
  };
  const cardRates: number[] = [];
  const nacRates: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const cardJobs: (() => Promise<void>)[] = [];
    const nacJobs: (() => Promise<void>)[] = [];
    // Guest by guest in turn: many guests paying at once, as on a real day, not one guest's billings
    // queueing on their own balance's lock.
    for (let k = 0; k < PER_USER; k++) {
      for (const g of guests) {
        const cardBilling = await billing(g.accountId);
        cardJobs.push(async () => {
          refused(await call(payBilling, { billingId: cardBilling, paymentMethodId: g.card }, g.token, randomUUID()));
        });
        const nacBilling = await billing(g.accountId);
        const q = (await call(getNacRateQuote, { amountInJpy: NAC_YEN }, g.token)).body;
        nacJobs.push(async () => {
          const r = await call(
            payBilling,
            {
              billingId: nacBilling,
              paymentMethodId: g.card,
              nacPaymentAmount: String(q['nacAmount']),
              nacPaymentAmountInJpy: Number(q['amountInJpy']),
              nacToJpyRate: String(q['nacToJpyRate']),
              nacToJpyRateHash: String(q['nacToJpyRateHash']),
            },
            g.token,
            randomUUID(),
          );
          refused(r);
        });
      }
    }
    // Alternate which goes first, so neither always meets a warmer cache.
    const order = round % 2 === 0 ? (['card', 'nac'] as const) : (['nac', 'card'] as const);
    for (const kind of order) {
      const jobs = kind === 'card' ? cardJobs : nacJobs;
      const seconds = await run(jobs, CONCURRENCY);
      if (round > 0) (kind === 'card' ? cardRates : nacRates).push(jobs.length / seconds);
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const card = mean(cardRates);
  const nac = mean(nacRates);
  const audit = await pool.query<{ paid: number; all: number; nac_paid: number; entries: number }>(
    `SELECT (SELECT count(*)::int FROM billings WHERE status = 'PAID') AS paid,
            (SELECT count(*)::int FROM billings) AS all,
            (SELECT count(*)::int FROM billings WHERE nac_payment_reference IS NOT NULL) AS nac_paid,
            (SELECT count(*)::int FROM nac_ledger WHERE kind = 'PAYMENT') AS entries`,
  );
  const a = audit.rows[0]!;
  console.log(
    `${USERS} guests × ${PER_USER} billings each way × ${ROUNDS} rounds (the first not counted), ${CONCURRENCY} payments in flight; 22,000 yen billings (NAC: ${NAC_YEN} yen of it, the card the rest)`,
  );
  console.log(
    `  card payments:       ${card.toFixed(1)} /s (rounds: ${cardRates.map((r) => r.toFixed(1)).join(', ')})`,
  );
  console.log(`  NAC + card payments: ${nac.toFixed(1)} /s (rounds: ${nacRates.map((r) => r.toFixed(1)).join(', ')})`);
  console.log(`  ratio NAC / card:    ${(nac / card).toFixed(2)} (aim >= 0.8)`);
  console.log(
    `  audit: ${a.paid} of ${a.all} billings PAID (others still waiting for the card), ${a.nac_paid} holding or paid with NAC, ${a.entries} NAC PAYMENT entries (must equal), refused: ${JSON.stringify(Object.fromEntries(refusals))}`,
  );
} finally {
  await api.stopBackgroundWork();
  await db.close();
}
