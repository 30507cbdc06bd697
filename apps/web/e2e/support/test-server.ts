import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

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

/**
 * The real production server (`apps/web/server/main.ts` on the built web app)
 * on a free port and a fresh database: a clone of the run's migrated and seeded
 * template (e2e/support/global-setup.ts) on the run's PostgreSQL, the embedded
 * one or DATABASE_URL's server.
 */
export async function startTestServer(extraEnv: Record<string, string> = {}): Promise<{
  baseUrl: string;
  /** The server's own database, for tests that set up state no API call can (feature flags). */
  databaseUrl?: string;
  stop: () => Promise<void>;
  output: () => string;
}> {
  const adminUrl = inject('e2eAdminUrl');
  const template = inject('e2eTemplateDb');
  const name = `${template}_${randomBytes(5).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await client.end();
  }
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  // The template holds the demo data; seeding again finds it there and adds nothing.
  const server = await spawnServer({ DATABASE_URL: u.toString(), SEED_DEMO_DATA: 'always', ...extraEnv });
  return {
    ...server,
    databaseUrl: u.toString(),
    stop: async () => {
      await server.stop();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** The production server on a free port with these settings, once it answers /readyz. */
export async function spawnServer(extraEnv: Record<string, string>): Promise<{
  baseUrl: string;
  stop: () => Promise<void>;
  output: () => string;
}> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'yado-e2e-'));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ...extraEnv,
  };

  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/web/server/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (log += String(d)));
  child.stderr?.on('data', (d) => (log += String(d)));
  const baseUrl = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited while starting:\n${log}`);
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become ready:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    baseUrl,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium, driven by Playwright (its own browser download cannot run here). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
}
