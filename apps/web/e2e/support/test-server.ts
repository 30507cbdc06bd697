import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium, type Browser } from 'playwright-core';

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
 * on a free port and a fresh database: a new embedded cluster in a temporary
 * folder, or, when DATABASE_URL is set, a new database on that server.
 */
export async function startTestServer(extraEnv: Record<string, string> = {}): Promise<{
  baseUrl: string;
  /** The server's own database, for tests that set up state no API call can (feature flags). */
  databaseUrl?: string;
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
  let dropDatabase = async () => {};
  const external = process.env['DATABASE_URL'];
  if (external) {
    const name = `yado_e2e_${randomBytes(5).toString('hex')}`;
    const admin = new URL(external);
    admin.pathname = '/postgres';
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const u = new URL(external);
    u.pathname = `/${name}`;
    env['DATABASE_URL'] = u.toString();
    env['SEED_DEMO_DATA'] ??= 'always';
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }

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
    databaseUrl: env['DATABASE_URL'] ?? (await embeddedDatabaseUrl(dataDir).catch(() => undefined)),
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The embedded cluster's address: its generated password is kept in the data
 * folder, and its port is the fourth line of PostgreSQL's postmaster.pid.
 */
async function embeddedDatabaseUrl(dataDir: string): Promise<string> {
  const password = (await readFile(path.join(dataDir, 'db-password'), 'utf8')).trim();
  const port = (await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[3]?.trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/yado`;
}

/** Debian's Chromium, driven by Playwright (its own browser download cannot run here). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
}
