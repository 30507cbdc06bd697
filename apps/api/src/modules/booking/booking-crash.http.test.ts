import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  API_PREFIX,
  PLATFORM_HEADER,
  PLATFORM_WEB,
  WEB_APP_VERSION,
  WEB_APP_VERSION_HEADER,
} from '@yado/contract/headers';
import { IDENTITY_ROUTES } from '@yado/contract/identity.contract';
import { confirmBooking, createGuestUseTentativeBooking } from '@yado/contract/booking.contract';
import type { MethodDef, MethodInput, MethodOutput } from '@yado/contract/method';
import { createUser } from '@yado/contract/user.contract';
import { afterAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../platform/clock.js';
import { loadEnv } from '../../platform/env.js';
import { createLogger } from '../../platform/logger.js';
import { createTestDatabase } from '../../test-support/test-api.js';
import { userFields } from '../../test-support/user-factory.js';
import { attachProviderCard } from '../payment/payment.service.js';
import { vaultTestCard } from '../payment/test-processor.service.js';
import { addDays, todayIn } from '@yado/contract/civil-date';
import { civilFromIso as civil } from '@yado/contract/civil-date';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

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

type Server = {
  child: ChildProcess;
  baseUrl: string;
  exited: Promise<{ code: number | null; signal: string | null }>;
  log: () => string;
};

/** The API (apps/api/src/main.ts) as its own process on the test's database. */
async function startApi(databaseUrl: string, extra: Record<string, string>): Promise<Server> {
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: '/nonexistent',
      SEED_DEMO_DATA: 'never',
      LOG_LEVEL: 'warn',
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (log += String(d)));
  child.stderr?.on('data', (d) => (log += String(d)));
  const exited = new Promise<{ code: number | null; signal: string | null }>((r) =>
    child.once('exit', (code, signal) => r({ code, signal })),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited while starting:\n${log}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, baseUrl, exited, log: () => log };
}

/** Calls a contract method on a running server; the answer's body is the method's output type. */
async function call<M extends MethodDef>(server: Server, def: M, input: MethodInput<M>, token?: string) {
  const res = await fetch(`${server.baseUrl}${API_PREFIX}/${def.path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [PLATFORM_HEADER]: PLATFORM_WEB,
      [WEB_APP_VERSION_HEADER]: WEB_APP_VERSION,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(input),
  });
  return { status: res.status, body: (await res.json()) as MethodOutput<M> };
}

const running: Server[] = [];
afterAll(() => {
  for (const s of running) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
});

/** A fresh database with one house group of one house and priced nights. */
async function prepare() {
  const { url, pool } = await createTestDatabase();
  const deps = {
    db: pool,
    clock: systemClock,
    env: loadEnv({ NODE_ENV: 'test', DATA_DIR: '/nonexistent' }),
    log: createLogger('silent'),
  };
  await pool.query(`INSERT INTO places (id, name_en, name_ja, prefecture_en, prefecture_ja, city_en, city_ja)
    VALUES ('crash-place', 'Lake', '湖', 'Nagano', '長野県', 'Hakuba', '白馬村')`);
  await pool.query(
    `INSERT INTO house_groups (id, place_id, name_en, name_ja) VALUES ('crash-hg', 'crash-place', 'Lake House', '湖の家')`,
  );
  await pool.query(
    `INSERT INTO houses (id, house_group_id, name_en, name_ja) VALUES ('crash-house', 'crash-hg', 'A', 'A')`,
  );
  const today = todayIn('Asia/Tokyo', new Date());
  await pool.query(
    `INSERT INTO house_group_days (house_group_id, date, standard_price, high_price)
     SELECT 'crash-hg', d::date, 20000, 40000 FROM generate_series($1::date, $1::date + 60, interval '1 day') AS d`,
    [today],
  );
  return { url, pool, deps, today };
}

type Prepared = Awaited<ReturnType<typeof prepare>>;

/**
 * On a server started to die right after the processor captures a deposit:
 * a guest with a card holds the house and confirms; the process dies.
 */
async function confirmAndCrash({ url, pool, deps, today }: Prepared) {
  const crashing = await startApi(url, { BOOKING_CRASH_AFTER_CAPTURE: '1' });
  running.push(crashing);
  const email = `crash-${Date.now()}@example.com`;
  const signUp = await fetch(`${crashing.baseUrl}${IDENTITY_ROUTES.signUp}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery' }),
  });
  const token = ((await signUp.json()) as { idToken: string }).idToken;
  expect((await call(crashing, createUser, userFields(), token)).status).toBe(200);
  const account = await pool.query<{ id: string }>('SELECT id::text FROM identity_accounts WHERE email = $1', [email]);
  const card = await vaultTestCard(pool, {
    number: '4242424242424242',
    brand: 'VISA',
    expirationYear: 2039,
    expirationMonth: 12,
    holderName: 'TARO YAMADA',
    paymentType: 'CREDIT_CARD',
    now: new Date(),
  });
  const method = await attachProviderCard(deps, account.rows[0]!.id, card);

  const created = await call(
    crashing,
    createGuestUseTentativeBooking,
    {
      houseGroupId: 'crash-hg',
      checkinDate: civil(addDays(today, 20)),
      checkoutDate: civil(addDays(today, 22)),
      headcount: { males: 1, females: 1 },
    },
    token,
  );
  expect(created.status).toBe(200);
  const bookingId = created.body.bookingId;

  // The capture returns, then the process dies before recording it.
  const confirming = call(
    crashing,
    confirmBooking,
    {
      bookingId,
      paymentMethodId: method.creditCard.paymentMethodId,
      pointPaymentAmount: 0,
      returnPath: '/en/bookings',
    },
    token,
  );
  await expect(confirming).rejects.toThrow();
  expect(await crashing.exited).toEqual({ code: null, signal: 'SIGKILL' });

  const left = await pool.query(
    `SELECT b.status, b.payment_attempt->>'status' AS attempt, bl.status AS billing, p.status AS payment
     FROM bookings b JOIN billings bl ON bl.id = b.deposit_billing_id
     LEFT JOIN payments p ON p.reference = bl.id WHERE b.id = $1`,
    [bookingId],
  );
  // Money taken at the processor, nothing recorded: exactly what reconciliation exists for.
  expect(left.rows).toEqual([{ status: 'TENTATIVE', attempt: 'STARTED', billing: 'REQUESTED', payment: 'CAPTURED' }]);
  return bookingId;
}

async function waitFor(pool: Prepared['pool'], sql: string, params: unknown[], done: (row: any) => boolean) {
  let row: any = null;
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    row = (await pool.query(sql, params)).rows[0];
    if (done(row)) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return row;
}

describe('a crash between the deposit capture and its recording', () => {
  it(
    'is repaired after a restart: the booking is BOOKED with its PAID deposit, the money captured once',
    { timeout: 120_000 },
    async () => {
      const prepared = await prepare();
      const { url, pool } = prepared;
      const bookingId = await confirmAndCrash(prepared);

      const restarted = await startApi(url, { BOOKING_RECONCILE_AFTER_SECONDS: '1' });
      running.push(restarted);
      const status = await waitFor(
        pool,
        'SELECT status FROM bookings WHERE id = $1',
        [bookingId],
        (r) => r.status === 'BOOKED',
      );
      expect(status.status).toBe('BOOKED');
      const repaired = await pool.query(
        `SELECT bl.status, bl.payment_id IS NOT NULL AS has_payment,
              (SELECT count(*) FROM payments p WHERE p.reference = bl.id)::int AS payments
       FROM bookings b JOIN billings bl ON bl.id = b.deposit_billing_id WHERE b.id = $1`,
        [bookingId],
      );
      expect(repaired.rows).toEqual([{ status: 'PAID', has_payment: true, payments: 1 }]);
      const confirmEvent = await pool.query(
        `SELECT actor FROM booking_events WHERE booking_id = $1 AND action = 'CONFIRM'`,
        [bookingId],
      );
      expect(confirmEvent.rows).toEqual([{ actor: 'system' }]);
      restarted.child.kill('SIGTERM');
      await restarted.exited;
    },
  );

  it(
    'refunds the capture when the hold expired while the server was down: CANCELLED, stay RELEASED, no money kept',
    { timeout: 120_000 },
    async () => {
      const prepared = await prepare();
      const { url, pool } = prepared;
      const bookingId = await confirmAndCrash(prepared);

      // The outage outlasts the hold (and the grace a late processor answer gets).
      await pool.query(`UPDATE bookings SET tentative_deadline = now() - interval '10 minutes' WHERE id = $1`, [
        bookingId,
      ]);

      const restarted = await startApi(url, { BOOKING_RECONCILE_AFTER_SECONDS: '1' });
      running.push(restarted);
      const settled = await waitFor(
        pool,
        `SELECT b.status, s.status AS stay, bl.status AS billing, p.status AS payment,
                p.captured_amount::int AS captured, p.refunded_amount::int AS refunded, bl.total_amount::int AS billed,
                (SELECT count(*) FROM payments x WHERE x.reference = bl.id)::int AS payments
         FROM bookings b JOIN stays s ON s.id = b.stay_id JOIN billings bl ON bl.id = b.deposit_billing_id
         LEFT JOIN payments p ON p.reference = bl.id WHERE b.id = $1`,
        [bookingId],
        (r) => r.status === 'CANCELLED' && r.payment === 'REFUNDED' && r.billing === 'REFUNDED',
      );
      expect(settled).toEqual({
        status: 'CANCELLED',
        stay: 'RELEASED',
        billing: 'REFUNDED',
        payment: 'REFUNDED',
        captured: 14_520,
        refunded: 14_520,
        billed: 14_520,
        payments: 1,
      });
      const actions = await pool.query<{ action: string; actor: string }>(
        'SELECT action, actor FROM booking_events WHERE booking_id = $1 ORDER BY id',
        [bookingId],
      );
      expect(actions.rows.map((e) => e.action)).toEqual([
        'CREATE_TENTATIVE',
        'PAYMENT_STARTED',
        'EXPIRED',
        'PAYMENT_REFUNDED',
      ]);
      expect(actions.rows.slice(2).every((e) => e.actor === 'system')).toBe(true);
      // The nights are free again: the house can be held by someone else.
      const free = await pool.query(
        `SELECT count(*)::int AS n FROM stays WHERE house_id = 'crash-house' AND status = 'ACTIVE'`,
      );
      expect(free.rows[0].n).toBe(0);
      restarted.child.kill('SIGTERM');
      await restarted.exited;
    },
  );
});
