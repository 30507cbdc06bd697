// Lending stock under contention, through the API's HTTP handler (Hono's fetch, in this process, no
// socket) on its own database (DATABASE_URL's server, or an embedded cluster in a temp folder), with
// the built-in test-mode exchange. CLIENTS users, each with NAC deposited through the exchange first,
// apply at once for one unit each of a NAC lending product with STOCK units and pay it from their
// balance. Printed: accepted applications (must be exactly STOCK), refusals by reason, the stock left
// (must be 0), p50/p95 of create_lending_application, and the ledger check: one LENDING entry per
// accepted application, none for a refused one, and every balance equal to its deposit less what it lent.
// On a shared 2-core machine one run (defaults, DATABASE_URL's server) measured: 40 accepted, 60 refused
// CodeLendingStockExhausted, stock 0, create_lending_application p50 1014 ms / p95 1433 ms (all 100 on
// this one event loop at once, each asking the exchange for the rate), 40 LENDING entries for 4000 NAC,
// every balance equal to its deposit less what it lent.
import { randomUUID } from 'node:crypto';
import { addDays, civilFromIso, todayIn } from '@yado/contract/civil-date';
import { dateTimeFromDate } from '@yado/contract/date-time';
import {
  API_PREFIX,
  PLATFORM_HEADER,
  PLATFORM_WEB,
  WEB_APP_VERSION,
  WEB_APP_VERSION_HEADER,
} from '@yado/contract/headers';
import { IDENTITY_ROUTES, type TokenResponse } from '@yado/contract/identity.contract';
import {
  createLendingApplication,
  listLendingProducts,
  payLendingApplication,
  staffCreateLendingProduct,
} from '@yado/contract/lending.contract';
import type { MethodDef, MethodInput } from '@yado/contract/method';
import { createNacDeposit } from '@yado/contract/nac.contract';
import { createUser } from '@yado/contract/user.contract';
import { createApi } from '../apps/api/src/api-app.js';
import { systemClock } from '../apps/api/src/platform/clock.js';
import { loadEnv } from '../apps/api/src/platform/env.js';
import { createLogger } from '../apps/api/src/platform/logger.js';
import { openBenchDatabase } from './support/bench-database.js';

const CLIENTS = Number(process.env['BENCH_CLIENTS'] ?? 100);
const STOCK = Number(process.env['BENCH_STOCK'] ?? 40);
const DEPOSIT = '150.5';
const UNIT = '100';

const db = await openBenchDatabase('lending');
const { dir, pool } = db;
const dbUrl = new URL(db.url);

const env = loadEnv({
  NODE_ENV: 'test',
  DATA_DIR: dir,
  LOG_LEVEL: 'error',
  DATABASE_URL: dbUrl.toString(),
  NAC_EXCHANGE_DELAY_MS: '5',
  NAC_EXCHANGE_SETTLE_MS: '50',
});
const deps = { db: pool, clock: systemClock, env, log: createLogger('error') };
const api = await createApi(deps);

/** The parts of the answers this bench reads. */
type Body = {
  errorInfo?: { reason?: string };
  customToken?: string;
  productId?: string;
  lendingApplication?: { lendingApplicationId: string };
  lendingProducts?: { id: string; remainingStockQuantity: number }[];
};

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
  return { status: res.status, body: (await res.json()) as Body };
}
const call = <M extends MethodDef>(def: M, input: MethodInput<M>, token: string) =>
  post(`${API_PREFIX}/${def.path}`, input, { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() });
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
async function signIn(email: string, roles?: string[]): Promise<string> {
  const minted = await post(IDENTITY_ROUTES.e2eCustomToken, { email, ...(roles ? { roles } : {}) });
  const signed = await post(IDENTITY_ROUTES.signInWithCustomToken, { token: minted.body.customToken });
  return (signed.body as unknown as TokenResponse).idToken;
}

try {
  const staff = await signIn(`bench-staff-${Date.now()}@example.com`, ['staff']);
  const today = todayIn('Asia/Tokyo', new Date());
  const product = await call(
    staffCreateLendingProduct,
    {
      lendingRewardType: 'NAC',
      titleEn: 'Bench lending',
      titleJa: 'ベンチ貸し出し',
      investmentPeriodDays: 30,
      salesStartAt: dateTimeFromDate(new Date(Date.now() - 60_000)),
      nacReturnDate: civilFromIso(addDays(today, 40)),
      unitLendingAmount: UNIT,
      unitExpectedRewardAmount: '1.25',
      stockQuantity: STOCK,
    },
    staff,
  );
  if (product.status !== 200) throw new Error(`product: ${JSON.stringify(product.body)}`);
  const productId = product.body.productId!;

  const tokens: string[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const token = await signIn(`bench-lend-${i}-${Date.now()}@example.com`);
    await call(
      createUser,
      {
        firstName: '太郎',
        lastName: '山田',
        romanizedFirstName: 'Taro',
        romanizedLastName: 'Yamada',
        nationalityCountryCode: 'JP',
      },
      token,
    );
    const d = await call(createNacDeposit, { nacAmount: DEPOSIT }, token);
    if (d.status !== 200) throw new Error(`deposit: ${JSON.stringify(d.body)}`);
    tokens.push(token);
  }
  for (;;) {
    const r = await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM nac_transfers WHERE status = 'PENDING'");
    if (r.rows[0]!.n === 0) break;
    await new Promise((res) => setTimeout(res, 50));
  }

  const times: number[] = [];
  const reasons = new Map<string, number>();
  let accepted = 0;
  let paid = 0;
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token) => {
      const t0 = performance.now();
      const r = await call(createLendingApplication, { productId, units: 1 }, token);
      times.push(performance.now() - t0);
      if (r.status !== 200) {
        const reason = r.body?.errorInfo?.reason ?? String(r.status);
        reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
        return;
      }
      accepted++;
      const p = await call(
        payLendingApplication,
        { lendingApplicationId: r.body.lendingApplication!.lendingApplicationId },
        token,
      );
      if (p.status === 200) paid++;
    }),
  );
  const wallMs = performance.now() - started;
  const stock = (await post(`${API_PREFIX}/${listLendingProducts.path}`, {})).body.lendingProducts?.find(
    (p) => p.id === productId,
  )?.remainingStockQuantity;
  const audit = await pool.query<{
    applications: number;
    lending_entries: number;
    lent: string;
    unpaid_with_entry: number;
    balances_ok: boolean;
    stock_row: number;
  }>(
    `SELECT
       (SELECT count(*)::int FROM lending_applications WHERE product_id = $1) AS applications,
       (SELECT count(*)::int FROM nac_ledger WHERE kind = 'LENDING') AS lending_entries,
       (SELECT COALESCE(-sum(amount), 0)::text FROM nac_ledger WHERE kind = 'LENDING') AS lent,
       (SELECT count(*)::int FROM nac_ledger l WHERE l.kind = 'LENDING' AND NOT EXISTS
          (SELECT 1 FROM lending_applications a WHERE 'lending:' || a.id = l.reference AND a.paid_at IS NOT NULL)) AS unpaid_with_entry,
       (SELECT bool_and(b.balance = $2::numeric - COALESCE(x.lent, 0)) FROM
          (SELECT account_id, sum(amount) AS balance FROM nac_ledger GROUP BY account_id) b
          LEFT JOIN (SELECT a.account_id, sum(a.nac_amount) AS lent FROM lending_applications a
                     WHERE a.paid_at IS NOT NULL GROUP BY a.account_id) x ON x.account_id = b.account_id) AS balances_ok,
       (SELECT remaining_quantity FROM lending_stocks WHERE product_id = $1) AS stock_row`,
    [productId, DEPOSIT],
  );
  const a = audit.rows[0]!;
  console.log(`${CLIENTS} clients apply at once for 1 unit each of a product with ${STOCK} units (${UNIT} NAC a unit)`);
  console.log(
    `  accepted: ${accepted} (must be ${STOCK}); refused: ${[...reasons].map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}; paid: ${paid}`,
  );
  console.log(`  stock left: ${stock} (must be 0; row ${a.stock_row}); applications stored: ${a.applications}`);
  console.log(
    `  create_lending_application: p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms; all ${CLIENTS} answered in ${(wallMs / 1000).toFixed(2)} s`,
  );
  console.log(
    `  ledger: ${a.lending_entries} LENDING entries (must be ${paid}), ${Number(a.lent)} NAC lent (must be ${paid * Number(UNIT)}), entries without a paid application: ${a.unpaid_with_entry}, every balance = deposit − lent: ${a.balances_ok}`,
  );
  if (accepted !== STOCK || stock !== 0 || a.lending_entries !== paid || !a.balances_ok || a.unpaid_with_entry !== 0) {
    process.exitCode = 1;
  }
} finally {
  await api.stopBackgroundWork();
  await db.close();
}
