// The notification queue end to end: EVENTS events stored through enqueueNotification (one mail and
// one push job each) are drained by DRAINERS drainers running at once, as several app processes
// would, with the real senders of the delivery task: mail through the outbox to a local SMTP sink
// (smtp-server), push through the push service (web-push encryption, VAPID) to a local push
// endpoint. Prints the time to store and to drain, and checks that the sink and the endpoint
// received every message exactly once. Database: DATABASE_URL (a new database on that server) or
// an embedded cluster in a temporary folder.
//   npm run bench:notifications            (EVENTS=10000 USERS=1000 DRAINERS=2 by default)
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { fixedClock } from '../apps/api/src/platform/clock.js';
import { createPool } from '../apps/api/src/platform/db/pool.js';
import { startEmbeddedPostgres } from '../apps/api/src/platform/db/embedded.js';
import { migrate } from '../apps/api/src/platform/db/migrate.js';
import type { Deps } from '../apps/api/src/platform/deps.js';
import { loadEnv } from '../apps/api/src/platform/env.js';
import { createLogger } from '../apps/api/src/platform/logger.js';
import { drainNotificationDeliveries } from '../apps/api/src/modules/notification/notification-delivery.service.js';
import { enqueueNotification } from '../apps/api/src/modules/notification/notification-event.service.js';
import { sendMessage } from '../apps/api/src/modules/outbox/outbox.service.js';
import { sendToUser } from '../apps/api/src/modules/push/push.service.js';

const EVENTS = Number(process.env['EVENTS'] ?? 10_000);
const USERS = Number(process.env['USERS'] ?? 1_000);
const DRAINERS = Number(process.env['DRAINERS'] ?? 2);

const b64url = (b: Buffer) => b.toString('base64url');

async function database(): Promise<{ url: string; stop: () => Promise<void> }> {
  const external = process.env['DATABASE_URL'];
  const log = createLogger('warn');
  const name = `yado_bench_notify_${randomBytes(4).toString('hex')}`;
  if (external) {
    const admin = new URL(external);
    admin.pathname = '/postgres';
    const c = new pg.Client({ connectionString: admin.toString() });
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    const u = new URL(external);
    u.pathname = `/${name}`;
    return {
      url: u.toString(),
      stop: async () => {
        const d = new pg.Client({ connectionString: admin.toString() });
        await d.connect();
        await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await d.end();
      },
    };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'yado-bench-notify-'));
  const pgEmbedded = await startEmbeddedPostgres(dir, log);
  return {
    url: pgEmbedded.url,
    stop: async () => {
      await pgEmbedded.stop();
      await rm(dir, { recursive: true, force: true });
      await rm(pgEmbedded.clusterDir, { recursive: true, force: true });
    },
  };
}

/** A local SMTP server that counts each mail by the event number its text names. */
async function smtpSink() {
  const received = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // A local sink: no reverse DNS lookup of 127.0.0.1 per connection.
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const event = /EV-\d+/.exec(mail.text ?? '')?.[0] ?? '?';
          received.set(event, (received.get(event) ?? 0) + 1);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A local push service: one endpoint per user, counting the encrypted messages it accepts. */
async function pushEndpoint() {
  const received = new Map<string, number>();
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const ok = req.headers['content-encoding'] === 'aes128gcm' && /^vapid t=/.test(req.headers.authorization ?? '');
      received.set(req.url ?? '?', (received.get(req.url ?? '?') ?? 0) + 1);
      res.writeHead(ok ? 201 : 400).end();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

async function main() {
  const db = await database();
  const smtp = await smtpSink();
  const push = await pushEndpoint();
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: '/nonexistent',
    LOG_LEVEL: 'error',
    DATABASE_URL: db.url,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  });
  const setupPool = createPool(db.url, 4);
  await migrate(setupPool);

  // USERS users, each with one browser subscribed to the local push endpoint.
  const users: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const id = `bench-user-${i}`;
    users.push(id);
    const key = createECDH('prime256v1');
    key.generateKeys();
    const subscription = {
      endpoint: `http://127.0.0.1:${push.port}/push/${id}`,
      keys: { p256dh: b64url(key.getPublicKey()), auth: b64url(randomBytes(16)) },
    };
    await setupPool.query(
      `WITH a AS (INSERT INTO identity_accounts (email, email_verified) VALUES ($2, true) RETURNING id)
       INSERT INTO users (id, identity_id, user_number, first_name, last_name, romanized_first_name,
                          romanized_last_name, email, email_verified, nationality_country_code, created_at, updated_at)
       SELECT $1, a.id, $3, '太郎', '山田', 'Taro', 'Yamada', $2, true, 'JP', now(), now() FROM a`,
      [id, `${id}@bench.example`, `B${String(i).padStart(8, '0')}`],
    );
    await setupPool.query(
      'INSERT INTO device_tokens (device_token, user_id, created_at, updated_at) VALUES ($1, $2, now(), now())',
      [JSON.stringify(subscription), id],
    );
  }

  // EVENTS events, each stored in a transaction of its own as an event's change would store it.
  const clock = fixedClock(new Date());
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < EVENTS) {
        const i = next++;
        const client = await setupPool.connect();
        try {
          await client.query('BEGIN');
          await enqueueNotification(client as never, clock.now(), {
            userId: users[i % USERS]!,
            kind: 'BOOKING_CONFIRMED',
            params: { bookingNumber: `EV-${i}`, checkinDate: '2026-12-24', checkoutDate: '2026-12-26' },
            link: `/mypage/bookings/bk_${i}`,
            dedupeKey: `bench:${i}`,
          });
          await client.query('COMMIT');
        } finally {
          client.release();
        }
      }
    }),
  );
  const enqueueSeconds = (performance.now() - t0) / 1000;

  // DRAINERS drainers at once, each with its own pool as a separate process would have.
  const pools = Array.from({ length: DRAINERS }, () => createPool(db.url, 6));
  const t1 = performance.now();
  const results = await Promise.all(
    pools.map((pool) => {
      const deps: Deps = { db: pool, clock, env, log: createLogger('error') };
      return drainNotificationDeliveries(
        deps,
        {
          email: async (d, m) => void (await sendMessage(d, { channel: 'EMAIL', ...m })),
          push: sendToUser,
        },
        { batchSize: 100, concurrency: 8 },
      );
    }),
  );
  const drainSeconds = (performance.now() - t1) / 1000;

  const mails = [...smtp.received.values()];
  const pushes = [...push.received.values()];
  const mailTotal = mails.reduce((a, b) => a + b, 0);
  const pushTotal = pushes.reduce((a, b) => a + b, 0);
  const statuses = await setupPool.query<{ status: string; n: number }>(
    'SELECT status, count(*)::int AS n FROM notification_deliveries GROUP BY status ORDER BY status',
  );
  const outboxSent = await setupPool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM outbox_messages WHERE sent_at IS NOT NULL',
  );

  console.log(`events: ${EVENTS} for ${USERS} users (one browser each), drainers: ${DRAINERS}`);
  console.log(`stored: ${enqueueSeconds.toFixed(2)} s (${Math.round(EVENTS / enqueueSeconds)} events/s)`);
  console.log(
    `drained: ${drainSeconds.toFixed(2)} s for ${EVENTS * 2} jobs (${Math.round((EVENTS * 2) / drainSeconds)} jobs/s)`,
  );
  console.log(`per drainer: ${results.map((r) => `claimed ${r.claimed}, sent ${r.sent}`).join(' | ')}`);
  console.log(`jobs: ${statuses.rows.map((r) => `${r.status} ${r.n}`).join(', ')}`);
  console.log(
    `smtp sink: ${mailTotal} mails, ${smtp.received.size} distinct events, max per event ${Math.max(0, ...mails)}; outbox rows sent: ${outboxSent.rows[0]!.n}`,
  );
  console.log(
    `push endpoint: ${pushTotal} messages, ${push.received.size} endpoints, max per endpoint ${Math.max(0, ...pushes)} (each user has ${EVENTS / USERS} events)`,
  );
  const once =
    mailTotal === EVENTS &&
    smtp.received.size === EVENTS &&
    Math.max(...mails) === 1 &&
    pushTotal === EVENTS &&
    Math.max(...pushes) === EVENTS / USERS;
  console.log(once ? 'every mail and push delivered exactly once' : 'MISMATCH: not every message was delivered once');

  for (const p of pools) await p.end();
  await setupPool.end();
  await smtp.close();
  await push.close();
  await db.stop();
  if (!once) process.exitCode = 1;
}

await main();
