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
import { afterAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../platform/clock.js';
import { loadEnv } from '../../platform/env.js';
import { createLogger } from '../../platform/logger.js';
import { createTestDatabase } from '../../test-support/test-api.js';
import { userFields } from '../../test-support/user-factory.js';
import { attachProviderCard } from '../payment/payment.service.js';
import { vaultTestCard } from '../payment/test-processor.service.js';
import { addDays, todayIn } from '../catalogue/civil-date.js';
import { civil } from './booking-quote.rules.js';

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

async function call(server: Server, method: string, body: unknown, token?: string) {
  const res = await fetch(`${server.baseUrl}${API_PREFIX}/${method}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [PLATFORM_HEADER]: PLATFORM_WEB,
      [WEB_APP_VERSION_HEADER]: WEB_APP_VERSION,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const running: Server[] = [];
afterAll(() => {
  for (const s of running) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
});

describe('a crash between the deposit capture and its recording', () => {
  it(
    'is repaired after a restart: the booking is BOOKED with its PAID deposit, the money captured once',
    { timeout: 120_000 },
    async () => {
      const { url, pool } = await createTestDatabase();
      const deps = {
        db: pool,
        clock: systemClock,
        env: loadEnv({ NODE_ENV: 'test', DATA_DIR: '/nonexistent' }),
        log: createLogger('silent'),
      };

      // A house group with one house and priced nights.
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

      const crashing = await startApi(url, { BOOKING_CRASH_AFTER_CAPTURE: '1' });
      running.push(crashing);
      const email = `crash-${Date.now()}@example.com`;
      const signUp = await fetch(`${crashing.baseUrl}${IDENTITY_ROUTES.signUp}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'correct horse battery' }),
      });
      const token = ((await signUp.json()) as { idToken: string }).idToken;
      expect((await call(crashing, 'create_user', userFields(), token)).status).toBe(200);
      const account = await pool.query<{ id: string }>('SELECT id::text FROM identity_accounts WHERE email = $1', [
        email,
      ]);
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
        'create_guest_use_tentative_booking',
        {
          houseGroupId: 'crash-hg',
          checkinDate: civil(addDays(today, 20)),
          checkoutDate: civil(addDays(today, 22)),
          headcount: { males: 1, females: 1 },
        },
        token,
      );
      expect(created.status).toBe(200);
      const bookingId = created.body.bookingId as string;

      // The capture returns, then the process dies before recording it.
      const confirming = call(
        crashing,
        'confirm_booking',
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
      expect(left.rows).toEqual([
        { status: 'TENTATIVE', attempt: 'STARTED', billing: 'REQUESTED', payment: 'CAPTURED' },
      ]);

      const restarted = await startApi(url, { BOOKING_RECONCILE_AFTER_SECONDS: '1' });
      running.push(restarted);
      let status = '';
      const until = Date.now() + 60_000;
      while (Date.now() < until) {
        const r = await pool.query<{ status: string }>('SELECT status FROM bookings WHERE id = $1', [bookingId]);
        status = r.rows[0]!.status;
        if (status === 'BOOKED') break;
        await new Promise((r2) => setTimeout(r2, 250));
      }
      expect(status).toBe('BOOKED');
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
});
