// Owner statements: closing a month for BENCH_OWNERS owners (1,000) who hold 1/12 shares of three
// house groups each (250 house groups of one house, twelve co-owners each), over a year of history:
// guest stays every three days at every house with their paid billings, six own stays per owner a
// year with own-use fees (and some cancellation fees) in the expenditure ledger, none settled yet.
// The close runs in this process (what the closing job and staff_close_statement_period run), on its
// own database (DATABASE_URL's server, or an embedded cluster in a temp folder). Prints the close's
// time, and the heap and RSS peaks when 250, 500, … owners have their statements (memory should stay
// flat as owners grow: the close reads one batch of owners at a time). Then the PDF of BENCH_PDFS
// statements (300): p50/p95/p99 of the render alone and of read + render (ownerStatementPdf).
// Aims: close under 60 s; PDF p95 at most 300 ms. BENCH_KEEP_DB=1 keeps the database. Run by
// `npm run bench:statements` with --expose-gc, so the heap still held is printed after a collection.
// On a shared 2-core machine (load average 7 from other work) one build measured: the close of
// 1,000 owners (48,500 bookings, 61,000 billing lines, 24,000 ledger entries) in 4.6 to 7.5 s; the
// heap held after a collection 20.7 MB at 250, 500, 750 and 1,000 owners (peaks 38 to 58 MB with
// garbage, RSS peak 157 to 165 MB); the PDF render p95 1 to 9 ms, read + render p95 8 to 21 ms.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { addDays, addMonths, firstOfMonth, monthOf, todayIn } from '@yado/contract/civil-date';
import pg from 'pg';
import { systemClock } from '../apps/api/src/platform/clock.js';
import { createPool } from '../apps/api/src/platform/db/pool.js';
import { migrate } from '../apps/api/src/platform/db/migrate.js';
import { startEmbeddedPostgres } from '../apps/api/src/platform/db/embedded.js';
import { loadEnv } from '../apps/api/src/platform/env.js';
import { createLogger } from '../apps/api/src/platform/logger.js';
import type { Principal } from '../apps/api/src/platform/http/call-context.js';
import { renderStatementPdf } from '../apps/api/src/modules/statement/statement-pdf.js';
import {
  closePeriod,
  ownerStatementPdf,
  statementView,
  type StoredStatement,
} from '../apps/api/src/modules/statement/statement.service.js';

const OWNERS = Number(process.env['BENCH_OWNERS'] ?? 1000);
const PDFS = Number(process.env['BENCH_PDFS'] ?? 300);
const KEEP_DB = process.env['BENCH_KEEP_DB'] === '1';
const SHARES_PER_OWNER = 3;
const CO_OWNERS = 12;
const GROUPS = (OWNERS * SHARES_PER_OWNER) / CO_OWNERS;
if (!Number.isInteger(GROUPS)) throw new Error('BENCH_OWNERS must be a multiple of 4');

const dir = await mkdtemp(path.join(os.tmpdir(), 'yado-bench-statements-'));
await chmod(dir, 0o711);
let serverUrl = process.env['DATABASE_URL'];
let stopEmbedded = async () => {};
if (!serverUrl) {
  const embedded = await startEmbeddedPostgres(path.join(dir, 'pg'), createLogger('warn'));
  serverUrl = embedded.url;
  stopEmbedded = embedded.stop;
}
const dbName = `yado_bench_statements_${Date.now()}`;
const adminUrl = new URL(serverUrl);
adminUrl.pathname = '/postgres';
const admin = async (sql: string) => {
  const c = new pg.Client({ connectionString: adminUrl.toString() });
  await c.connect();
  await c.query(sql);
  await c.end();
};
await admin(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${dbName}`;
const pool = createPool(dbUrl.toString(), 10);
await migrate(pool);

// The period: last month in Japan; the history: the year (366 days) that ends with it.
const today = todayIn('Asia/Tokyo', new Date());
const periodFrom = firstOfMonth(addMonths(monthOf(today), -1));
const periodEnd = firstOfMonth(monthOf(today));
const historyStart = addDays(periodEnd, -366);
const CYCLES = 122; // a guest stay of two nights every three days

const t0 = performance.now();
await pool.query(`
  INSERT INTO identity_accounts (id, email)
  SELECT ('00000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, 'owner' || i || '@bench.example'
    FROM generate_series(0, ${OWNERS}) AS i;
  INSERT INTO users (id, identity_id, user_number, first_name, last_name, romanized_first_name, romanized_last_name,
                     email, nationality_country_code, user_type)
  SELECT 'u-' || lpad(i::text, 5, '0'), ('00000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid,
         'U' || lpad(i::text, 8, '0'), '太郎', '山田' || i, 'Taro', 'Yamada' || i, 'owner' || i || '@bench.example', 'JP',
         CASE WHEN i < ${OWNERS} THEN 'USER_TYPE_OWNER' ELSE 'USER_TYPE_GUEST' END
    FROM generate_series(0, ${OWNERS}) AS i;
  INSERT INTO places (id, name_en, name_ja, prefecture_en, prefecture_ja, city_en, city_ja)
  VALUES ('place-bench', 'Bench Valley', 'ベンチ谷', 'Nagano', '長野県', 'Hakuba', '白馬村');
  INSERT INTO house_groups (id, place_id, name_en, name_ja, timezone)
  SELECT 'hg-' || g, 'place-bench', 'Forest ' || g, '森の家 ' || g, 'Asia/Tokyo' FROM generate_series(0, ${GROUPS - 1}) AS g;
  INSERT INTO houses (id, house_group_id, name_en, name_ja)
  SELECT 'h-' || g, 'hg-' || g, 'House A', 'ハウスA' FROM generate_series(0, ${GROUPS - 1}) AS g;
  INSERT INTO house_group_owner_settings (house_group_id, own_use_fee, mutual_use_extra_charge_per_day,
    allow_high_substitute, in_owner_network, updated_by, updated_at, management_fee_per_month, statement_cycle)
  SELECT 'hg-' || g, 20000, 0, true, true, 'bench', now(), 120000, 'MONTHLY' FROM generate_series(0, ${GROUPS - 1}) AS g;
`);
// Owner i holds 1/12 of groups i, i + 83 and i + 166 (mod the groups): twelve owners per group.
await pool.query(
  `INSERT INTO owner_shares (id, user_id, house_group_id, numerator, denominator, standard_nights, high_nights,
     first_slot_year, granted_by, granted_at)
   SELECT 'sh-' || i || '-' || k, 'u-' || lpad(i::text, 5, '0'), 'hg-' || ((i + k * 83) % $1), 1, 12, 18, 12, 2020,
          'bench', '2020-01-01T00:00:00Z'
     FROM generate_series(0, $2 - 1) AS i, generate_series(0, 2) AS k`,
  [GROUPS, OWNERS],
);
// Guest stays: every house, a two-night stay every three days, paid the day before check-in.
const guest = `u-${String(OWNERS).padStart(5, '0')}`;
const guestAccount = `00000000-0000-4000-8000-${OWNERS.toString(16).padStart(12, '0')}`;
await pool.query(
  `INSERT INTO stays (id, house_id, house_group_id, checkin_date, checkout_date, booking_id)
   SELECT 's-' || g || '-' || k, 'h-' || g, 'hg-' || g, $1::date + 3 * k, $1::date + 3 * k + 2, 'b-' || g || '-' || k
     FROM generate_series(0, $2 - 1) AS g, generate_series(0, $3 - 1) AS k`,
  [historyStart, GROUPS, CYCLES],
);
await pool.query(
  `INSERT INTO bookings (id, booking_number, account_id, user_id, house_group_id, house_id, stay_id, booking_type,
     status, checkin_date, checkout_date, timezone, quote)
   SELECT 'b-' || g || '-' || k, 'Y' || g || '-' || k, $4::uuid, $5, 'hg-' || g, 'h-' || g, 's-' || g || '-' || k,
          'GUEST_USE', 'CHECKED_OUT', $1::date + 3 * k, $1::date + 3 * k + 2, 'Asia/Tokyo', '{}'::jsonb
     FROM generate_series(0, $2 - 1) AS g, generate_series(0, $3 - 1) AS k`,
  [historyStart, GROUPS, CYCLES, guestAccount, guest],
);
await pool.query(
  `INSERT INTO billings (id, billing_number, booking_id, account_id, billing_type, status, service_charge_percentage,
     total_amount, fiat_amount, totals, billed_at, paid_at)
   SELECT 'bl-' || g || '-' || k, 'BL' || g || '-' || k, 'b-' || g || '-' || k, $4::uuid, 'DEFAULT', 'PAID', 0,
          44000, 44000, '{}'::jsonb, ($1::date + 3 * k - 1)::timestamptz, ($1::date + 3 * k - 1)::timestamptz
     FROM generate_series(0, $2 - 1) AS g, generate_series(0, $3 - 1) AS k`,
  [historyStart, GROUPS, CYCLES, guestAccount],
);
await pool.query(
  `INSERT INTO billing_lines (billing_id, line_no, subject, title_en, title_ja, date, quantity, amount, tax_rate_type,
     tax_rate, service_charge_applicable, consumption_tax, tax_inclusive_amount)
   SELECT 'bl-' || g || '-' || k, n + 1, 'ACCOMMODATION', 'Accommodation', '宿泊', $1::date + 3 * k + n, 1,
          20000 + (g * 7 + k * 13 + n * 3) % 10000, 'STANDARD', 10, false, 2000, 22000
     FROM generate_series(0, $2 - 1) AS g, generate_series(0, $3 - 1) AS k, generate_series(0, 1) AS n`,
  [historyStart, GROUPS, CYCLES],
);
// Own stays: each share's holder stays one night in its free third day six times a year, under the
// DEFAULT option: an own-use fee (¥22,000 with tax) each, and every third one a cancellation fee.
await pool.query(
  `WITH own AS (
     SELECT s.id AS share_id, s.user_id, s.house_group_id, substr(s.house_group_id, 4)::int AS g,
            row_number() OVER (PARTITION BY s.house_group_id ORDER BY s.id) - 1 AS j
       FROM owner_shares s
   ), nights AS (
     SELECT own.*, m, (own.j + 12 * m)::int AS k FROM own, generate_series(0, 5) AS m
   )
   INSERT INTO stays (id, house_id, house_group_id, checkin_date, checkout_date, booking_id)
   SELECT 'so-' || g || '-' || k, 'h-' || g, house_group_id, $1::date + 3 * k + 2, $1::date + 3 * k + 3,
          'bo-' || g || '-' || k
     FROM nights`,
  [historyStart],
);
await pool.query(
  `WITH own AS (
     SELECT s.id AS share_id, s.user_id, s.house_group_id, substr(s.house_group_id, 4)::int AS g,
            row_number() OVER (PARTITION BY s.house_group_id ORDER BY s.id) - 1 AS j
       FROM owner_shares s
   ), nights AS (
     SELECT own.*, m, (own.j + 12 * m)::int AS k FROM own, generate_series(0, 5) AS m
   ), booked AS (
     INSERT INTO bookings (id, booking_number, account_id, user_id, house_group_id, house_id, stay_id, booking_type,
       status, checkin_date, checkout_date, timezone, quote, share_id, debt_option)
     SELECT 'bo-' || n.g || '-' || n.k, 'YO' || n.g || '-' || n.k, u.identity_id, n.user_id, n.house_group_id,
            'h-' || n.g, 'so-' || n.g || '-' || n.k, 'OWN_USE', 'CHECKED_OUT', $1::date + 3 * n.k + 2,
            $1::date + 3 * n.k + 3, 'Asia/Tokyo', '{}'::jsonb, n.share_id, 'DEFAULT'
       FROM nights n JOIN users u ON u.id = n.user_id
     RETURNING id
   )
   INSERT INTO owner_expenditures (user_id, share_id, house_group_id, booking_id, subject, amount, tax_rate,
     incurred_on, reference, actor, created_at)
   SELECT n.user_id, n.share_id, n.house_group_id, 'bo-' || n.g || '-' || n.k, f.subject, f.amount, f.rate,
          $1::date + 3 * n.k + 2, 'fee:bo-' || n.g || '-' || n.k || ':' || f.subject, 'bench', now()
     FROM nights n
     CROSS JOIN LATERAL (VALUES ('OWN_USE_FEE', 22000, 10), ('CANCELLATION_FEE', 5000, 0)) AS f(subject, amount, rate)
    WHERE f.subject = 'OWN_USE_FEE' OR n.m % 3 = 0`,
  [historyStart],
);
await pool.query('ANALYZE');
const counts = await pool.query<{ b: number; l: number; e: number }>(
  `SELECT (SELECT count(*)::int FROM bookings) AS b, (SELECT count(*)::int FROM billing_lines) AS l,
          (SELECT count(*)::int FROM owner_expenditures) AS e`,
);
console.log(
  `data: ${OWNERS} owners × ${SHARES_PER_OWNER} shares, ${GROUPS} house groups, ${counts.rows[0]!.b} bookings, ` +
    `${counts.rows[0]!.l} billing lines, ${counts.rows[0]!.e} ledger entries (built in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
);

// The close, with the memory of this process sampled while it runs.
const env = loadEnv({ ...process.env, DATABASE_URL: dbUrl.toString(), NODE_ENV: 'development' });
const deps = { db: pool, clock: systemClock, env, log: createLogger('error') };
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
global.gc?.();
const base = process.memoryUsage();
let peakHeap = base.heapUsed;
let peakRss = base.rss;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peakHeap = Math.max(peakHeap, m.heapUsed);
  peakRss = Math.max(peakRss, m.rss);
}, 10);
const watchPool = new pg.Pool({ connectionString: dbUrl.toString(), max: 1 });
const milestones = [250, 500, 750, 1000, 2000, 4000].filter((n) => n <= OWNERS);
const reached: string[] = [];
let polling = true;
const check = async () => {
  const n = (await watchPool.query<{ n: number }>('SELECT count(*)::int AS n FROM owner_statements')).rows[0]!.n;
  if (milestones.length > 0 && n >= milestones[0]!) {
    // What the close still holds (garbage collected first, when node runs with --expose-gc), beside
    // the peaks, which include garbage not yet collected.
    global.gc?.();
    const live = process.memoryUsage().heapUsed;
    while (milestones.length > 0 && n >= milestones[0]!) {
      reached.push(
        `  ${String(milestones.shift()).padStart(5)} owners issued (${n} at ${((performance.now() - c0) / 1000).toFixed(2)} s): ` +
          `heap after GC ${global.gc ? mb(live) : 'n/a'}, heap peak ${mb(peakHeap)}, RSS peak ${mb(peakRss)}`,
      );
    }
  }
};
const poll = (async () => {
  while (polling && milestones.length > 0) {
    await check();
    await new Promise((r) => setTimeout(r, 50));
  }
})();
const c0 = performance.now();
const closed = await closePeriod(deps, 'bench', { cycle: 'MONTHLY', periodFrom });
const closeMs = performance.now() - c0;
polling = false;
await poll;
await check();
clearInterval(sampler);
console.log(
  `close MONTHLY ${periodFrom}: ${closed.period.statementCount} statements in ${(closeMs / 1000).toFixed(2)} s ` +
    `(aim < 60 s); heap before ${mb(base.heapUsed)}, peak ${mb(peakHeap)}; RSS before ${mb(base.rss)}, peak ${mb(peakRss)}`,
);
for (const line of reached) console.log(line);

// The PDF: render alone (from the stored document) and read + render as the route does.
const docs = await pool.query<{ id: string; statement_number: string; user_id: string; document: StoredStatement }>(
  'SELECT id, statement_number, user_id, document FROM owner_statements ORDER BY id LIMIT $1',
  [PDFS],
);
const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
const render: number[] = [];
const full: number[] = [];
const staff: Principal = {
  accountId: '00000000-0000-4000-8000-000000000000',
  sessionId: 'bench',
  email: '',
  roles: ['staff'],
};
let bytes = 0;
for (const [i, d] of docs.rows.entries()) {
  const language = i % 2 === 0 ? 'en' : 'ja';
  const r0 = performance.now();
  const pdf = renderStatementPdf(
    statementView(d.id, d.statement_number, d.document, language),
    language,
    periodEnd,
    new Date(),
  );
  render.push(performance.now() - r0);
  bytes += pdf.length;
  const f0 = performance.now();
  await ownerStatementPdf(deps, staff, d.id, language);
  full.push(performance.now() - f0);
}
render.sort((x, y) => x - y);
full.sort((x, y) => x - y);
const fmt = (xs: number[]) =>
  `p50 ${pct(xs, 50).toFixed(2)} ms, p95 ${pct(xs, 95).toFixed(2)} ms, p99 ${pct(xs, 99).toFixed(2)} ms`;
console.log(
  `PDF of ${docs.rows.length} statements (en and ja, ${(bytes / docs.rows.length / 1024).toFixed(1)} KiB each):`,
);
console.log(`  render alone:  ${fmt(render)} (aim p95 ≤ 300 ms)`);
console.log(`  read + render: ${fmt(full)}`);
console.log(
  `load average: ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} on ${os.cpus().length} CPUs`,
);

await watchPool.end();
await pool.end();
if (KEEP_DB) console.log(`database kept: ${dbUrl.toString()}`);
else await admin(`DROP DATABASE ${dbName} WITH (FORCE)`);
await stopEmbedded();
await rm(dir, { recursive: true, force: true });
