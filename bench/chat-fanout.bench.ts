// Live chat fan-out across app processes: two API processes (apps/api/src/main.ts, as in production)
// on one database (DATABASE_URL's server, or an embedded cluster in a temp folder), CLIENTS event
// streams held open by this process and split evenly between the two, and RATE messages a second
// for SECONDS seconds, sent alternately through either process (half by guests into their own
// booking's conversation, half by staff answering them). The streams are GUESTS guests with
// TABS_PER_GUEST tabs each, and the rest staff tabs (who hear every message).
// Printed: deliveries (each must arrive exactly once on each stream that may see it), the delivery
// latency from the start of the send request to the event on a stream (p50/p95/p99/max; aim p99 ≤
// 200 ms), and each server process's resident memory per open stream (RSS growth while the streams
// connected, divided by that process's streams).
// On a shared 2-core machine (load average 4–6 from other work) one build measured: all 204,000
// deliveries exactly once, p50 25.8 ms / p99 177 ms, 13–18 KB of server memory per stream
// (docs/decisions/0042-live-chat.md).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createGuestUseTentativeBooking, getBooking } from '@yado/contract/booking.contract';
import { CHAT_EVENTS_PATH, sendMessage } from '@yado/contract/chat.contract';
import {
  API_PREFIX,
  PLATFORM_HEADER,
  PLATFORM_WEB,
  WEB_APP_VERSION,
  WEB_APP_VERSION_HEADER,
} from '@yado/contract/headers';
import { IDENTITY_ROUTES, type TokenResponse } from '@yado/contract/identity.contract';
import type { MethodDef, MethodInput, MethodOutput } from '@yado/contract/method';
import pg from 'pg';
import { createApi } from '../apps/api/src/api-app.js';
import { bookableHouseGroup, stayRequest } from '../apps/api/src/modules/booking/booking.test-factory.js';
import { signInStaff } from '../apps/api/src/modules/staff-catalogue/staff-catalogue.test-factory.js';
import { fixedClock } from '../apps/api/src/platform/clock.js';
import { startEmbeddedPostgres } from '../apps/api/src/platform/db/embedded.js';
import { migrate } from '../apps/api/src/platform/db/migrate.js';
import { createPool } from '../apps/api/src/platform/db/pool.js';
import { loadEnv } from '../apps/api/src/platform/env.js';
import { createLogger } from '../apps/api/src/platform/logger.js';
import type { TestApi } from '../apps/api/src/test-support/test-api.js';
import { registeredUser } from '../apps/api/src/test-support/user-factory.js';
import { repoRoot } from './support/server-process.js';

const CLIENTS = Number(process.env['BENCH_CLIENTS'] ?? 1_000);
const GUESTS = Number(process.env['BENCH_GUESTS'] ?? 200);
const TABS_PER_GUEST = Number(process.env['BENCH_TABS_PER_GUEST'] ?? 4);
const RATE = Number(process.env['BENCH_RATE'] ?? 50);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 20);

const dir = await mkdtemp(path.join(os.tmpdir(), 'yado-bench-chat-'));
let serverUrl = process.env['DATABASE_URL'];
let stopEmbedded = async () => {};
if (!serverUrl) {
  const embedded = await startEmbeddedPostgres(path.join(dir, 'pg'), createLogger('warn'));
  serverUrl = embedded.url;
  stopEmbedded = embedded.stop;
}
const dbName = `yado_bench_chat_${Date.now()}`;
const admin = new URL(serverUrl);
admin.pathname = '/postgres';
const adminQuery = async (sql: string) => {
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  await c.query(sql);
  await c.end();
};
await adminQuery(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${dbName}`;
const pool = createPool(dbUrl.toString(), 10);
await migrate(pool);
const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'error', DATABASE_URL: dbUrl.toString() });
const api = await createApi({ db: pool, clock: fixedClock(new Date()), env, log: createLogger('error') });

const headers = (token?: string) => ({
  'content-type': 'application/json',
  [PLATFORM_HEADER]: PLATFORM_WEB,
  [WEB_APP_VERSION_HEADER]: WEB_APP_VERSION,
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});
async function post<T>(p: string, body: unknown, token?: string): Promise<{ status: number; body: T }> {
  const res = await api.app.fetch(
    new Request(`http://localhost${p}`, { method: 'POST', headers: headers(token), body: JSON.stringify(body) }),
  );
  return { status: res.status, body: (await res.json()) as T };
}
// The factories' view of an API: the same calls the HTTP tests make, in this process.
const t = {
  api,
  pool,
  env,
  clock: api.deps.clock,
  call: async <M extends MethodDef>(def: M, input: MethodInput<M>, opts: { token?: string } = {}) =>
    post<MethodOutput<M>>(`${API_PREFIX}/${def.path}`, input, opts.token),
  identityPost: (p: string, body: unknown) => post(p, body),
  signUp: async (email: string) =>
    (await post<TokenResponse>(IDENTITY_ROUTES.signUp, { email, password: 'correct horse battery' })).body,
} as unknown as TestApi;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

async function startApiProcess(): Promise<{ baseUrl: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: dbUrl.toString(),
      DATA_DIR: dir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('an API process exited while starting');
    if (
      await fetch(`${baseUrl}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { baseUrl, child };
    await new Promise((r) => setTimeout(r, 100));
  }
}

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
};

type Stream = { conversationId: string | null; seen: Map<number, number>; close: () => void };
/** When each message's send began, by its id (filled as the answers come back; events may come first). */
const sentAt = new Map<number, number>();
const pendingArrivals: { id: number; at: number; stream: Stream }[] = [];

function openStream(baseUrl: string, token: string, conversationId: string | null): Promise<Stream> {
  const controller = new AbortController();
  const stream: Stream = { conversationId, seen: new Map(), close: () => controller.abort() };
  return new Promise((resolve, reject) => {
    fetch(`${baseUrl}${CHAT_EVENTS_PATH}`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal })
      .then(async (res) => {
        if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`);
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const chunk = await reader.read();
          if (chunk.done) return;
          const now = performance.now();
          buffer += decoder.decode(chunk.value, { stream: true });
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            if (block.startsWith('event: unread')) resolve(stream);
            const id = /^id: (\d+)$/m.exec(block)?.[1];
            if (block.startsWith('event: message') && id) {
              const n = Number(id);
              stream.seen.set(n, (stream.seen.get(n) ?? 0) + 1);
              pendingArrivals.push({ id: n, at: now, stream });
            }
          }
        }
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) reject(err as Error);
      });
  });
}

const processes: { baseUrl: string; child: ChildProcess }[] = [];
const streams: Stream[] = [];
try {
  const hg = await bookableHouseGroup(t, { houses: GUESTS, days: 30 });
  const guests: { token: string; conversationId: string }[] = [];
  for (let i = 0; i < GUESTS; i++) {
    const u = await registeredUser(t, {}, { verifiedEmail: true });
    const created = await t.call(createGuestUseTentativeBooking, stayRequest(hg.houseGroupId, hg.today, 10, 2), {
      token: u.token,
    });
    if (created.status !== 200) throw new Error(`booking failed: ${JSON.stringify(created.body)}`);
    const booking = await t.call(getBooking, { bookingId: created.body.bookingId }, { token: u.token });
    guests.push({ token: u.token, conversationId: booking.body.booking.conversationId });
  }
  const staff = await signInStaff(t);
  processes.push(await startApiProcess(), await startApiProcess());
  // Idle processes first, so the growth measured is the streams'.
  await new Promise((r) => setTimeout(r, 1_000));
  const rssBefore = processes.map((p) => rssKb(p.child.pid!));

  const guestTabs = Math.min(CLIENTS, GUESTS * TABS_PER_GUEST);
  const t0 = performance.now();
  const opening: Promise<Stream>[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const target = processes[i % 2]!.baseUrl;
    if (i < guestTabs) {
      const g = guests[i % GUESTS]!;
      opening.push(openStream(target, g.token, g.conversationId));
    } else {
      opening.push(openStream(target, staff.idToken, null));
    }
    // Connections in small batches, as tabs open over time rather than in one instant.
    if (i % 50 === 49) await Promise.all(opening.slice(-50));
  }
  streams.push(...(await Promise.all(opening)));
  const connectSeconds = (performance.now() - t0) / 1000;
  await new Promise((r) => setTimeout(r, 2_000));
  const rssAfter = processes.map((p) => rssKb(p.child.pid!));

  // RATE messages a second: guests write in their own conversation, staff answer them, alternately.
  const total = RATE * SECONDS;
  const sends: Promise<void>[] = [];
  let refused = 0;
  const started = performance.now();
  for (let n = 0; n < total; n++) {
    const due = started + (n * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const g = guests[n % GUESTS]!;
    const byStaff = n % 2 === 1;
    const through = processes[n % 2]!.baseUrl;
    const begin = performance.now();
    sends.push(
      fetch(`${through}${API_PREFIX}/${sendMessage.path}`, {
        method: 'POST',
        headers: headers(byStaff ? staff.idToken : g.token),
        body: JSON.stringify({ conversationId: g.conversationId, text: `message ${n}` }),
      }).then(async (res) => {
        if (res.status !== 200) {
          refused++;
          return;
        }
        const body = (await res.json()) as { message: { messageId: number } };
        sentAt.set(body.message.messageId, begin);
      }),
    );
  }
  await Promise.all(sends);
  const sendSeconds = (performance.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, 3_000));

  // Each message must reach every stream of its conversation's guest and every staff stream, once.
  const latencies: number[] = [];
  for (const a of pendingArrivals) {
    const begin = sentAt.get(a.id);
    if (begin !== undefined) latencies.push(a.at - begin);
  }
  const conversationOf = new Map<number, string>();
  const { rows } = await pool.query<{ id: number; conversation_id: string }>(
    'SELECT id, conversation_id FROM chat_messages',
  );
  for (const r of rows) conversationOf.set(Number(r.id), r.conversation_id);
  let expected = 0;
  let missing = 0;
  let duplicated = 0;
  let foreign = 0;
  for (const s of streams) {
    for (const [id] of sentAt) {
      const mine = s.conversationId === null || conversationOf.get(id) === s.conversationId;
      const times = s.seen.get(id) ?? 0;
      if (mine) {
        expected++;
        if (times === 0) missing++;
        if (times > 1) duplicated++;
      } else if (times > 0) foreign++;
    }
  }
  const perProcess = processes.map((_, i) => streams.filter((__, j) => j % 2 === i).length);
  const memory = processes.map((_, i) => ((rssAfter[i]! - rssBefore[i]!) / perProcess[i]!).toFixed(1));
  console.log(
    `chat fan-out: ${CLIENTS} streams over 2 API processes (${guestTabs} guest tabs of ${GUESTS} guests, ${CLIENTS - guestTabs} staff tabs)`,
  );
  console.log(`  connected in ${connectSeconds.toFixed(1)} s`);
  console.log(
    `  sent ${total - refused}/${total} messages in ${sendSeconds.toFixed(1)} s (${((total - refused) / sendSeconds).toFixed(1)}/s), ${refused} refused`,
  );
  console.log(
    `  deliveries: ${expected - missing}/${expected} expected, ${missing} missing, ${duplicated} duplicated, ${foreign} to a stream that may not see them`,
  );
  console.log(
    `  delivery latency ms: p50 ${pct(latencies, 50).toFixed(1)}  p95 ${pct(latencies, 95).toFixed(1)}  p99 ${pct(latencies, 99).toFixed(1)}  max ${latencies.reduce((a, b) => Math.max(a, b), 0).toFixed(1)}  (aim p99 ≤ 200)`,
  );
  console.log(
    `  server memory per open stream (RSS growth / streams): ${memory.map((m) => `${m} KB`).join(', ')} (RSS ${rssBefore.map((b, i) => `${(b / 1024).toFixed(0)}→${(rssAfter[i]! / 1024).toFixed(0)} MB`).join(', ')})`,
  );
} finally {
  for (const s of streams) s.close();
  await Promise.all(
    processes.map(
      (p) =>
        new Promise<void>((resolve) => {
          if (p.child.exitCode !== null) return resolve();
          p.child.once('exit', () => resolve());
          p.child.kill('SIGTERM');
        }),
    ),
  );
  await pool.end();
  await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await stopEmbedded();
  await rm(dir, { recursive: true, force: true });
}
