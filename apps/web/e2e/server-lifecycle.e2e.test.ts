import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IDENTITY_ROUTES } from '@yado/contract/identity.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

type Proc = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function startProcess(env: Record<string, string>): Proc {
  const base = { ...process.env } as Record<string, string>;
  // These tests are about the embedded database and its data folder.
  delete base['DATABASE_URL'];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/web/server/main.ts'], {
    cwd: repoRoot,
    env: { ...base, NODE_ENV: 'test', HOST: '127.0.0.1', LOG_LEVEL: 'info', SEED_DEMO_DATA: 'never', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += String(d)));
  child.stderr?.on('data', (d) => (out += String(d)));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, output: () => out, exited };
}

async function waitReady(baseUrl: string, proc: Proc): Promise<void> {
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    if (proc.child.exitCode !== null) throw new Error(`exited:\n${proc.output()}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`not ready:\n${proc.output()}`);
}

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('the server process on its embedded database', () => {
  let dataDir: string;
  let port: number;
  let baseUrl: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'yado-lifecycle-'));
    port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps committed data through SIGKILL, refuses a second process on the folder, and stops cleanly on SIGTERM', async () => {
    const env = { DATA_DIR: dataDir, PORT: String(port) };
    const first = startProcess(env);
    await waitReady(baseUrl, first);
    const signUp = await post(`${baseUrl}${IDENTITY_ROUTES.signUp}`, {
      email: 'durable@example.com',
      password: 'correct horse battery',
    });
    expect(signUp.status).toBe(200);

    // A second server on the same data folder is refused with a message naming the folder.
    const other = await freePort();
    const second = startProcess({ DATA_DIR: dataDir, PORT: String(other) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is in use by another yado process');

    first.child.kill('SIGKILL');
    await first.exited;

    const again = startProcess(env);
    await waitReady(baseUrl, again);
    const signIn = await post(`${baseUrl}${IDENTITY_ROUTES.signInWithPassword}`, {
      email: 'durable@example.com',
      password: 'correct horse battery',
    });
    expect(signIn.status).toBe(200);

    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    expect(again.output()).toContain('stopped cleanly');
  });

  it('stops at start with a message naming an invalid setting', async () => {
    const bad = startProcess({ DATA_DIR: dataDir, PORT: 'not-a-port' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('PORT');
  });
});
