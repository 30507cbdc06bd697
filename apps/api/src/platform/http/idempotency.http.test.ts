import { defineMethod } from '@yado/contract/method';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../app-error.js';
import { fixedClock } from '../clock.js';
import type { Deps } from '../deps.js';
import { loadEnv } from '../env.js';
import { createLogger } from '../logger.js';
import { createTestDatabase } from '../../test-support/test-api.js';
import { pruneIdempotencyKeysTask } from './idempotency.js';
import { createRpcApp, implement } from './rpc-app.js';

const bump = defineMethod({
  path: 'bump_counter',
  access: 'user',
  summary: 'test',
  idempotent: true,
  input: z.object({ by: z.number().int() }).strict(),
  output: z.object({ value: z.number().int() }),
});

const { pool } = await createTestDatabase();
const clock = fixedClock(new Date('2026-11-22T03:00:00Z'));
const deps: Deps = {
  db: pool,
  clock,
  env: loadEnv({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent' }),
  log: createLogger('silent'),
};

/** A method with a visible side effect: every run that is not a replay adds to the counter. */
function appWithCounter(options: { delayMs?: number; failWith?: 'refusal' | 'crash' } = {}) {
  const state = { value: 0, runs: 0 };
  const app = createRpcApp({
    deps,
    implementations: [
      implement(bump, async (_ctx, input) => {
        state.runs += 1;
        if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
        if (options.failWith === 'refusal') throw new AppError('CodeHouseNotAvailable');
        if (options.failWith === 'crash') throw new Error('database went away');
        state.value += input.by;
        return { value: state.value };
      }),
    ],
    authenticate: async (token) => ({ accountId: token, sessionId: 's', email: `${token}@x.test`, roles: [] }),
    isOwner: async () => false,
    log: deps.log,
    trustProxy: false,
  });
  const call = (body: unknown, key: string | null, account = 'acct-1') =>
    app.fetch(
      new Request('http://localhost/app/v1/bump_counter', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${account}`,
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: JSON.stringify(body),
      }),
    );
  return { state, call };
}

const uniqueKey = () => `key-${crypto.randomUUID()}`;

describe('idempotency keys', () => {
  it('answers a retry with the first answer and does the work once', async () => {
    const { state, call } = appWithCounter();
    const key = uniqueKey();
    const first = await call({ by: 5 }, key);
    const second = await call({ by: 5 }, key);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ value: 5 });
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await second.json()).toEqual({ value: 5 });
    expect(state.runs).toBe(1);
  });

  it('refuses the same key with another body with 422, changing nothing', async () => {
    const { state, call } = appWithCounter();
    const key = uniqueKey();
    await call({ by: 1 }, key);
    const other = await call({ by: 2 }, key);
    expect(other.status).toBe(422);
    expect(((await other.json()) as { errorInfo: { reason: string } }).errorInfo.reason).toBe(
      'CodeIdempotencyKeyReused',
    );
    expect(state.value).toBe(1);
  });

  it('keeps keys apart per account, and runs every call without a key', async () => {
    const { state, call } = appWithCounter();
    const key = uniqueKey();
    await call({ by: 1 }, key, 'acct-a');
    await call({ by: 1 }, key, 'acct-b');
    await call({ by: 1 }, null);
    await call({ by: 1 }, null);
    expect(state.runs).toBe(4);
  });

  it('replays a refusal, but lets a retry run again after a server failure', async () => {
    const refused = appWithCounter({ failWith: 'refusal' });
    const key = uniqueKey();
    expect((await refused.call({ by: 1 }, key)).status).toBe(409);
    expect((await refused.call({ by: 1 }, key)).status).toBe(409);
    expect(refused.state.runs).toBe(1);

    const crashing = appWithCounter({ failWith: 'crash' });
    const key2 = uniqueKey();
    expect((await crashing.call({ by: 1 }, key2)).status).toBe(500);
    expect((await crashing.call({ by: 1 }, key2)).status).toBe(500);
    expect(crashing.state.runs).toBe(2);
  });

  it('makes concurrent retries wait for the first call instead of running twice', async () => {
    const { state, call } = appWithCounter({ delayMs: 300 });
    const key = uniqueKey();
    const answers = await Promise.all(Array.from({ length: 8 }, () => call({ by: 3 }, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const bodies = await Promise.all(answers.map((a) => a.json()));
    expect(new Set(bodies.map((b) => JSON.stringify(b)))).toEqual(new Set([JSON.stringify({ value: 3 })]));
    expect(state.runs).toBe(1);
  });

  it('refuses a malformed key', async () => {
    const { state, call } = appWithCounter();
    const res = await call({ by: 1 }, 'short');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errorInfo: { reason: string } }).errorInfo.reason).toBe(
      'CodeIdempotencyKeyInvalid',
    );
    expect(state.runs).toBe(0);
  });

  it('keeps a key at least 24 hours, and the pruning task forgets it after the retention', async () => {
    const { state, call } = appWithCounter();
    const key = uniqueKey();
    await call({ by: 1 }, key);
    clock.advance(24 * 3_600_000 + 60_000);
    await pruneIdempotencyKeysTask.run(deps);
    expect((await call({ by: 1 }, key)).headers.get('idempotent-replayed')).toBe('true');
    clock.advance(25 * 3_600_000);
    await pruneIdempotencyKeysTask.run(deps);
    await call({ by: 1 }, key);
    expect(state.runs).toBe(2);
  });
});
