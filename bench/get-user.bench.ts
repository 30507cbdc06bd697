// get_user with a valid token vs /healthz on the same server in the same run: requests per second and p99 at 50 connections.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { IDENTITY_ROUTES } from '@yado/contract/identity.contract';
import { PLATFORM_HEADER, PLATFORM_WEB, WEB_APP_VERSION, WEB_APP_VERSION_HEADER } from '@yado/contract/headers';
import { load } from './support/load.js';
import { startServer } from './support/server-process.js';

const connections = 50;
const seconds = Number(process.env['BENCH_SECONDS'] ?? 10);
const dir = await mkdtemp(path.join(os.tmpdir(), 'yado-bench-api-'));
const server = await startServer({ DATA_DIR: dir, PORT: '3918', SEED_DEMO_DATA: 'always' });
try {
  const signIn = await fetch(`${server.baseUrl}${IDENTITY_ROUTES.signInWithPassword}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'guest@yado.example', password: 'yado-guest-stay-2026' }),
  });
  const { idToken } = (await signIn.json()) as { idToken: string };
  const headers = {
    'content-type': 'application/json',
    authorization: `Bearer ${idToken}`,
    [PLATFORM_HEADER]: PLATFORM_WEB,
    [WEB_APP_VERSION_HEADER]: WEB_APP_VERSION,
  };
  const check = await fetch(`${server.baseUrl}/app/v1/get_user`, { method: 'POST', headers, body: '{}' });
  if (!check.ok) throw new Error(`get_user answered ${check.status}`);

  await load({ url: `${server.baseUrl}/healthz`, connections, seconds: 2 }); // warm-up
  const health = await load({ url: `${server.baseUrl}/healthz`, connections, seconds });
  await load({
    url: `${server.baseUrl}/app/v1/get_user`,
    method: 'POST',
    headers,
    body: '{}',
    connections,
    seconds: 2,
  });
  const user = await load({
    url: `${server.baseUrl}/app/v1/get_user`,
    method: 'POST',
    headers,
    body: '{}',
    connections,
    seconds,
  });
  const row = (name: string, r: typeof user) =>
    `${name.padEnd(10)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(1)} ms   p99 ${r.p99.toFixed(1)} ms   errors ${r.errors}`;
  console.log(`${connections} connections, ${seconds} s each`);
  console.log(row('/healthz', health));
  console.log(row('get_user', user));
  console.log(`ratio get_user / healthz: ${(user.rps / health.rps).toFixed(2)} (aim: at least 0.5)`);
} finally {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}
