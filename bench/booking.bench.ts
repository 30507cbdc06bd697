// Booking under contention and its throughput, over real HTTP against a started API process
// (apps/api/src/main.ts) on its own database (DATABASE_URL, or an embedded cluster in a temp folder).
// (a) ROUNDS rounds of CLIENTS concurrent clients booking the one house of a group on overlapping
//     nights: successes per round (must be exactly 1), 409 CodeHouseNotAvailable answers, server
//     errors (must be 0) and an audit query counting overlapping ACTIVE stays (must be 0).
// (b) tentative bookings per second at 20 concurrent clients on distinct nights, against a plain
//     loop of single-row inserts into a table with the same exclusion constraint. The loop waits on
//     one commit's flush at a time and the holds on CPU, so the ratio moves with the machine as well
//     as with the code: one build measured 0.27 to 0.29 on a machine where a plain insert took about
//     0.14 ms and a hold 0.8 ms of CPU (server, database and this client), 0.47 to 0.54 on one where
//     they took 0.4 ms and 1.5 ms.
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  API_PREFIX,
  PLATFORM_HEADER,
  PLATFORM_WEB,
  WEB_APP_VERSION,
  WEB_APP_VERSION_HEADER,
} from '@yado/contract/headers';
import { IDENTITY_ROUTES } from '@yado/contract/identity.contract';
import pg from 'pg';
import { addDays, todayIn } from '@yado/contract/civil-date';
import { startEmbeddedPostgres } from '../apps/api/src/platform/db/embedded.js';
import { createLogger } from '../apps/api/src/platform/logger.js';
import { repoRoot } from './support/server-process.js';

const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 200);
const CLIENTS = Number(process.env['BENCH_CLIENTS'] ?? 50);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
const ACCOUNTS = 10;

const civil = (iso: string) => ({
  year: Number(iso.slice(0, 4)),
  month: Number(iso.slice(5, 7)),
  day: Number(iso.slice(8, 10)),
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'yado-bench-booking-'));
// The cluster runs as `postgres` when we are root: it must be able to pass through the folder.
await chmod(dir, 0o711);
let databaseUrl = process.env['DATABASE_URL'];
let stopEmbedded = async () => {};
if (!databaseUrl) {
  const embedded = await startEmbeddedPostgres(path.join(dir, 'pg'), createLogger('warn'));
  databaseUrl = embedded.url;
  stopEmbedded = embedded.stop;
}
const admin = new URL(databaseUrl);
const dbName = `yado_bench_booking_${Date.now()}`;
{
  const u = new URL(databaseUrl);
  u.pathname = '/postgres';
  const c = new pg.Client({ connectionString: u.toString() });
  await c.connect();
  await c.query(`CREATE DATABASE ${dbName}`);
  await c.end();
}
admin.pathname = `/${dbName}`;
const url = admin.toString();

const port = await freePort();
const child = spawn(
  process.execPath,
  [...(process.env['BENCH_NODE_ARGS'] ?? '').split(' ').filter(Boolean), '--import', 'tsx', 'apps/api/src/main.ts'],
  {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      DATA_DIR: dir,
      SEED_DEMO_DATA: 'never',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
const baseUrl = `http://127.0.0.1:${port}`;
for (;;) {
  if (child.exitCode !== null) throw new Error('server exited while starting');
  try {
    if ((await fetch(`${baseUrl}/readyz`)).ok) break;
  } catch {
    // not yet listening
  }
  await new Promise((r) => setTimeout(r, 100));
}

const pool = new pg.Pool({ connectionString: url, max: 4 });

// Keep-alive sockets through node:http, as bench/support/load.ts does: the client shares the
// machine's cores with the server and the database, and fetch cost it about twice the CPU per
// request, taken from the holds being measured.
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function post(pathname: string, body: unknown, token?: string) {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise<{
    status: number;
    json: { customToken: string; idToken: string; errorInfo?: { reason: string } };
  }>((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        path: pathname,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(payload.length),
          [PLATFORM_HEADER]: PLATFORM_WEB,
          [WEB_APP_VERSION_HEADER]: WEB_APP_VERSION,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
          } catch (err) {
            reject(err as Error);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

try {
  const today = todayIn('Asia/Tokyo', new Date());
  // (b) books one new night per hold: the calendar must not run out before the time does.
  const throughputNights = Math.max(9000, SECONDS * 3000);
  await pool.query(`INSERT INTO places (id, name_en, name_ja, prefecture_en, prefecture_ja, city_en, city_ja)
    VALUES ('bench-place', 'Bench', 'ベンチ', 'Nagano', '長野県', 'Hakuba', '白馬村')`);
  for (const id of ['bench-contended', 'bench-throughput']) {
    await pool.query(`INSERT INTO house_groups (id, place_id, name_en, name_ja) VALUES ($1, 'bench-place', $1, $1)`, [
      id,
    ]);
    await pool.query(`INSERT INTO houses (id, house_group_id, name_en, name_ja) VALUES ($1, $2, 'A', 'A')`, [
      `${id}-house`,
      id,
    ]);
    await pool.query(
      `INSERT INTO house_group_days (house_group_id, date, standard_price, high_price)
       SELECT $1, d::date, 20000, 40000 FROM generate_series($2::date, $2::date + $3::int, interval '1 day') AS d`,
      [id, today, id === 'bench-throughput' ? throughputNights : 9000],
    );
  }

  const tokens: string[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const minted = await post(IDENTITY_ROUTES.e2eCustomToken, { email: `bench-booker-${i}@example.com` });
    const signed = await post(IDENTITY_ROUTES.signInWithCustomToken, { token: minted.json.customToken });
    const token = signed.json.idToken as string;
    const user = await post(
      `${API_PREFIX}/create_user`,
      {
        firstName: '太郎',
        lastName: '山田',
        romanizedFirstName: 'Taro',
        romanizedLastName: 'Yamada',
        nationalityCountryCode: 'JP',
      },
      token,
    );
    if (user.status !== 200) throw new Error(`create_user: ${JSON.stringify(user.json)}`);
    tokens.push(token);
  }
  const book = (houseGroupId: string, checkin: string, nights: number, client: number) =>
    post(
      `${API_PREFIX}/create_guest_use_tentative_booking`,
      {
        houseGroupId,
        checkinDate: civil(checkin),
        checkoutDate: civil(addDays(checkin, nights)),
        headcount: { males: 1, females: 1 },
      },
      tokens[client % ACCOUNTS],
    );

  // (a) Contention ------------------------------------------------------------------------
  let exactlyOne = 0;
  let conflicts = 0;
  let serverErrors = 0;
  let otherAnswers = 0;
  const successCounts = new Map<number, number>();
  const t0 = performance.now();
  for (let round = 0; round < ROUNDS; round++) {
    const base = addDays(today, 2 + round * 5);
    const answers = await Promise.all(
      // Every client wants 2 or 3 nights starting on one of the first two days: all overlap.
      Array.from({ length: CLIENTS }, (_, k) => book('bench-contended', addDays(base, k % 2), 2 + (k % 2), k)),
    );
    const ok = answers.filter((a) => a.status === 200).length;
    successCounts.set(ok, (successCounts.get(ok) ?? 0) + 1);
    if (ok === 1) exactlyOne++;
    conflicts += answers.filter((a) => a.status === 409 && a.json.errorInfo?.reason === 'CodeHouseNotAvailable').length;
    serverErrors += answers.filter((a) => a.status >= 500).length;
    otherAnswers += answers.filter((a) => a.status !== 200 && a.status !== 409 && a.status < 500).length;
  }
  const contentionSeconds = (performance.now() - t0) / 1000;
  const audit = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM stays a JOIN stays b
       ON a.house_id = b.house_id AND a.id < b.id AND a.nights && b.nights
     WHERE a.status = 'ACTIVE' AND b.status = 'ACTIVE'`,
  );
  console.log(
    `(a) contention: ${ROUNDS} rounds × ${CLIENTS} concurrent clients on one house, overlapping nights (${contentionSeconds.toFixed(1)} s)`,
  );
  console.log(
    `    successes per round: ${[...successCounts].map(([k, v]) => `${k} success${k === 1 ? '' : 'es'} in ${v} rounds`).join(', ')}` +
      ` -> exactly 1 in ${exactlyOne}/${ROUNDS} rounds`,
  );
  console.log(`    409 CodeHouseNotAvailable: ${conflicts} (expected ${ROUNDS * (CLIENTS - 1)})`);
  console.log(`    server errors (5xx): ${serverErrors}; other answers: ${otherAnswers}`);
  console.log(`    audit: overlapping ACTIVE stays of one house: ${audit.rows[0]!.n}`);

  // (b) Throughput --------------------------------------------------------------------------
  let next = 0;
  let created = 0;
  let failed = 0;
  const until = performance.now() + SECONDS * 1000;
  const t1 = performance.now();
  await Promise.all(
    Array.from({ length: Number(process.env['BENCH_THROUGHPUT_CLIENTS'] ?? 20) }, async (_, k) => {
      while (performance.now() < until) {
        const night = next++;
        const r = await book('bench-throughput', addDays(today, 2 + night), 1, k);
        if (r.status === 200) created++;
        else failed++;
      }
    }),
  );
  const bookingRate = created / ((performance.now() - t1) / 1000);

  // The plain loop, one client on one connection. The table is an ordinary (logged) table like
  // stays, so each insert commits as a hold does: its WAL written and flushed before the answer.
  // The same loop into a TEMP table is printed beside it: a temporary table writes no WAL, so
  // its commits flush nothing and survive nothing (docs/decisions/0016-hold-database-work.md).
  const insertLoop = async (kind: 'logged' | 'temp') => {
    const c = await pool.connect();
    const table = `bench_stays_${kind}`;
    try {
      await c.query(`CREATE ${kind === 'temp' ? 'TEMP ' : ''}TABLE ${table} (
        id text PRIMARY KEY, house_id text NOT NULL, checkin_date date NOT NULL, checkout_date date NOT NULL,
        nights daterange GENERATED ALWAYS AS (daterange(checkin_date, checkout_date, '[)')) STORED,
        status text NOT NULL DEFAULT 'ACTIVE',
        EXCLUDE USING gist (house_id WITH =, nights WITH &&) WHERE (status = 'ACTIVE'))`);
      let inserted = 0;
      const end = performance.now() + SECONDS * 1000;
      const t2 = performance.now();
      while (performance.now() < end) {
        await c.query(
          `INSERT INTO ${table} (id, house_id, checkin_date, checkout_date) VALUES ($1, 'h', $2::date, $2::date + 1)`,
          [`s${inserted}`, addDays(today, inserted)],
        );
        inserted++;
      }
      const rate = inserted / ((performance.now() - t2) / 1000);
      await c.query(`DROP TABLE ${table}`);
      return rate;
    } finally {
      c.release();
    }
  };
  const insertRate = await insertLoop('logged');
  const tempInsertRate = await insertLoop('temp');
  console.log(
    `(b) throughput: ${created} tentative bookings in ${SECONDS} s at 20 concurrent clients (${failed} refused)`,
  );
  console.log(`    tentative bookings/s: ${bookingRate.toFixed(1)}`);
  console.log(
    `    plain single-row inserts/s into a table with the same exclusion constraint: ${insertRate.toFixed(1)}`,
  );
  console.log(`    ratio: ${(bookingRate / insertRate).toFixed(2)} (aim >= 0.3)`);
  console.log(
    `    for reference, the same loop into a TEMP table (no WAL, nothing flushed at commit): ${tempInsertRate.toFixed(1)}/s,` +
      ` ratio ${(bookingRate / tempInsertRate).toFixed(2)}`,
  );
} finally {
  agent.destroy();
  await pool.end();
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  await stopEmbedded();
  await rm(dir, { recursive: true, force: true });
}
