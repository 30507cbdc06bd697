import { randomBytes } from 'node:crypto';
import {
  API_PREFIX,
  PLATFORM_HEADER,
  PLATFORM_WEB,
  WEB_APP_VERSION,
  WEB_APP_VERSION_HEADER,
} from '@yado/contract/headers';
import type { ApiErrorBody } from '@yado/contract/error-catalogue';
import { IDENTITY_ROUTES, type TokenResponse } from '@yado/contract/identity.contract';
import type { MethodDef, MethodInput, MethodOutput } from '@yado/contract/method';
import type pg from 'pg';
import { inject } from 'vitest';
import { cloneDatabase, dropDatabases } from './test-postgres.js';
import { createApi, type Api } from '../api-app.js';
import type { AfterResponse } from '../platform/after-response.js';
import { fixedClock } from '../platform/clock.js';
import { createPool } from '../platform/db/pool.js';
import { loadEnv, type Env } from '../platform/env.js';
import { createLogger } from '../platform/logger.js';
import { renderDemoImage } from '../seed/catalogue-images.js';

/**
 * The databases this test file cloned, dropped after its tests (test-file-cleanup.ts). An afterAll
 * registered from inside a beforeAll never runs, so the cleanup cannot be registered here.
 */
const openDatabases: { name: string; pool: pg.Pool }[] = [];

/** Ends the pools of the databases the file's tests cloned and drops the databases. */
export async function dropTestDatabases(): Promise<void> {
  const open = openDatabases.splice(0);
  // A pool ends only once its clients are back, and a test that timed out may still hold one (waiting
  // on a lock, say): after a few seconds the drop below ends those connections itself instead of the
  // hook waiting out its timeout.
  const ended = Promise.all(open.map((d) => d.pool.end().catch(() => undefined)));
  await Promise.race([ended, new Promise((r) => setTimeout(r, 5_000).unref())]);
  await dropDatabases(
    inject('adminUrl'),
    open.map((d) => d.name),
  );
}

/** A fresh database cloned from the migrated template, dropped when the file's tests end. */
export async function createTestDatabase(poolSize = 10): Promise<{ url: string; pool: pg.Pool }> {
  const { name, url } = await cloneDatabase(inject('adminUrl'), inject('templateDb'));
  const pool = createPool(url, poolSize);
  openDatabases.push({ name, pool });
  return { url, pool };
}

export type TestApi = Awaited<ReturnType<typeof createTestApi>>;

export type CallOptions = { token?: string | null; language?: 'en' | 'ja'; headers?: Record<string, string> };

/**
 * One answer of the product API as a test sees it: `body` typed as the
 * method's output, so a contract change breaks the tests it affects at
 * compile time; `error` is the API error object of a failed call. Reading
 * `error` from a successful answer throws, so an assertion on it fails.
 */
export type CallResult<O> = {
  status: number;
  body: O;
  readonly error: ApiErrorBody;
  headers: Headers;
};

function callResult<O>(status: number, body: unknown, headers: Headers): CallResult<O> {
  return {
    status,
    body: body as O,
    get error(): ApiErrorBody {
      if (status < 400) throw new Error(`expected an error answer, got ${status}: ${JSON.stringify(body)}`);
      return body as ApiErrorBody;
    },
    headers,
  };
}

/**
 * The real HTTP app on a fresh database, with a clock the test can move.
 * `call` goes through Hono's fetch handler exactly as a request from a browser would.
 */
export async function createTestApi(
  envOverrides: Record<string, string> = {},
  opts: { afterResponse?: AfterResponse } = {},
) {
  const env: Env = loadEnv({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent', ...envOverrides });
  // Ten connections unless a test asks for a pool size of its own.
  const { pool, url } = await createTestDatabase(envOverrides['DATABASE_POOL_SIZE'] ? env.DATABASE_POOL_SIZE : 10);
  const clock = fixedClock(new Date());
  // Tests move the clock forward; it starts at the real now so signed tokens look current.
  const log = createLogger(env.LOG_LEVEL);
  const api: Api = await createApi({ db: pool, clock, env, log }, { renderMissingImage: renderDemoImage, ...opts });

  async function raw(path: string, init: RequestInit & { ip?: string } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (init.ip) headers.set('x-forwarded-for', init.ip);
    return api.app.fetch(new Request(`http://localhost${path}`, { ...init, headers }));
  }

  async function send<O>(path: string, body: unknown, opts: CallOptions): Promise<CallResult<O>> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      [PLATFORM_HEADER]: PLATFORM_WEB,
      [WEB_APP_VERSION_HEADER]: WEB_APP_VERSION,
      ...opts.headers,
    };
    if (opts.token) headers['authorization'] = `Bearer ${opts.token}`;
    if (opts.language) headers['accept-language'] = opts.language;
    const res = await raw(`${API_PREFIX}/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    return callResult<O>(res.status, await res.json(), res.headers);
  }

  /** Calls a contract method with input its schema accepts; the answer's body is the method's output type. */
  async function call<M extends MethodDef>(
    def: M,
    input: MethodInput<M>,
    opts: CallOptions = {},
  ): Promise<CallResult<MethodOutput<M>>> {
    return send<MethodOutput<M>>(def.path, input, opts);
  }

  /**
   * Sends any body to a method, for tests that send invalid input on purpose
   * (or name a path the contract does not have). The answer is typed as the
   * method's output all the same.
   */
  async function callRaw<M extends Pick<MethodDef, 'path'>>(
    def: M,
    body: unknown,
    opts: CallOptions = {},
  ): Promise<CallResult<M extends MethodDef ? MethodOutput<M> : unknown>> {
    return send(def.path, body, opts);
  }

  async function identityPost<T = any>(
    path: string,
    body: unknown,
    opts: { token?: string; ip?: string } = {},
  ): Promise<{ status: number; body: T; headers: Headers }> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (opts.token) headers['authorization'] = `Bearer ${opts.token}`;
    const res = await raw(path, { method: 'POST', headers, body: JSON.stringify(body), ip: opts.ip });
    return { status: res.status, body: (await res.json()) as T, headers: res.headers };
  }

  /** A new account with a unique email; returns its tokens. */
  async function signUp(email = `guest-${randomBytes(5).toString('hex')}@example.com`): Promise<TokenResponse> {
    const res = await identityPost<TokenResponse>(IDENTITY_ROUTES.signUp, { email, password: 'correct horse battery' });
    if (res.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(res.body)}`);
    return res.body;
  }

  return { api, pool, url, env, clock, raw, call, callRaw, identityPost, signUp };
}
