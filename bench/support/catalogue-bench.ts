import type { MethodDef, MethodInput, MethodOutput } from '@yado/contract/method';
import {
  API_PREFIX,
  PLATFORM_HEADER,
  PLATFORM_WEB,
  WEB_APP_VERSION,
  WEB_APP_VERSION_HEADER,
} from '@yado/contract/headers';
import { createApi } from '../../apps/api/src/api-app.js';
import { openDatabase } from '../../apps/api/src/database.js';
import { systemClock } from '../../apps/api/src/platform/clock.js';
import { loadEnv } from '../../apps/api/src/platform/env.js';
import { createLogger } from '../../apps/api/src/platform/logger.js';

/**
 * The API app in this process on the bench database (DATABASE_URL, or the embedded one under
 * DATA_DIR, filled by `npm run bench:seed`). Requests go through Hono's fetch handler — routing,
 * contract validation of input and output, JSON — exactly as over HTTP, minus the socket.
 */
export async function openBenchApi() {
  const env = loadEnv({
    ...process.env,
    LOG_LEVEL: 'warn',
    DATABASE_POOL_SIZE: process.env['DATABASE_POOL_SIZE'] ?? '20',
  });
  const log = createLogger('warn');
  const db = await openDatabase(env, log);
  const groups = await db.pool.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM house_groups WHERE id LIKE 'bench-%'",
  );
  if (!groups.rows[0]?.n) throw new Error('no bench data: run `npm run bench:seed -- --house-groups 10000` first');
  const api = await createApi({ db: db.pool, clock: systemClock, env, log });
  const headers = {
    'content-type': 'application/json',
    [PLATFORM_HEADER]: PLATFORM_WEB,
    [WEB_APP_VERSION_HEADER]: WEB_APP_VERSION,
  };
  async function call<M extends MethodDef>(
    def: M,
    input: MethodInput<M>,
  ): Promise<{ status: number; json: MethodOutput<M> }> {
    const res = await api.app.fetch(
      new Request(`http://bench${API_PREFIX}/${def.path}`, { method: 'POST', headers, body: JSON.stringify(input) }),
    );
    return { status: res.status, json: (await res.json()) as MethodOutput<M> };
  }
  return { pool: db.pool, call, close: db.close, benchGroups: groups.rows[0].n };
}

/**
 * Closed loop: `clients` callers each send their next request as soon as the previous one is
 * answered, for `seconds`. Latencies in milliseconds.
 */
export async function closedLoop(opts: {
  clients: number;
  seconds: number;
  request: (i: number) => Promise<{ status: number }>;
}) {
  const latencies: number[] = [];
  let errors = 0;
  let i = 0;
  const until = performance.now() + opts.seconds * 1000;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: opts.clients }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const res = await opts.request(i++);
        latencies.push(performance.now() - t0);
        if (res.status !== 200) errors++;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? 0;
  return {
    requests: latencies.length,
    errors,
    rps: latencies.length / seconds,
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
  };
}

export const fmt = (r: Awaited<ReturnType<typeof closedLoop>>) =>
  `${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  errors ${r.errors}/${r.requests}`;
