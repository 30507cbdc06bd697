import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumExecutable } from './chromium-executable.js';
import { inject } from 'vitest';
import { cloneDatabase, dropDatabases } from '@yado/api/test-support/test-postgres';

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
  const { name, url } = await cloneDatabase(adminUrl, inject('e2eTemplateDb'));
  // The template holds the demo data; seeding again finds it there and adds nothing.
  const server = await spawnServer({ DATABASE_URL: url, SEED_DEMO_DATA: 'always', ...extraEnv });
  return {
    ...server,
    databaseUrl: url,
    stop: async () => {
      await server.stop();
      await dropDatabases(adminUrl, [name]);
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

/**
 * Chromium (the system's, or the one npm installed: chromium-executable.ts), driven by Playwright
 * (its own browser download cannot run here). Every page it
 * opens waits, after `goto` or `reload` of one of the app's pages, until React has hydrated the
 * page: before that a click on a server-rendered button sends its form natively, a typed value is
 * not in React's state and a link's click handler has not run, which under load made tests fail at
 * random (docs/decisions/0055-browser-tests-wait-for-hydration.md).
 */
export async function launchBrowser(): Promise<Browser> {
  const { executablePath, env } = await chromiumExecutable();
  const browser = await chromium.launch({ executablePath, env, args: CHROMIUM_ARGS });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    waitForHydrationIn(context);
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args) => {
    const page = await newPage(...args);
    waitForHydrationOn(page);
    return page;
  };
  return browser;
}

function waitForHydrationIn(context: BrowserContext): void {
  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    const page = await newPage();
    waitForHydrationOn(page);
    return page;
  };
  // Pages the app opens itself (a link with target="_blank", window.open).
  context.on('page', waitForHydrationOn);
}

const hydratedPages = new WeakSet<Page>();

function waitForHydrationOn(page: Page): void {
  if (hydratedPages.has(page)) return;
  hydratedPages.add(page);
  type LoadOptions = { waitUntil?: 'load' | 'domcontentloaded' | 'networkidle' | 'commit' };
  const afterLoad = async <R extends Awaited<ReturnType<Page['goto']>>>(response: R, options?: LoadOptions) => {
    // Only the app's own HTML from the network: an offline page from the service worker may never
    // hydrate, and a test that asked for an earlier moment than "load" wants that moment.
    const waitUntil = options?.waitUntil ?? 'load';
    if (!response || response.fromServiceWorker() || waitUntil === 'commit' || waitUntil === 'domcontentloaded')
      return response;
    if (!(response.headers()['content-type'] ?? '').startsWith('text/html')) return response;
    await page.waitForFunction(() => {
      // #main is in every page's shell; React sets its fiber once the tree around it is hydrated.
      const main = document.getElementById('main');
      if (!main || !document.querySelector('script[type="module"]')) return true;
      return Object.keys(main).some((key) => key.startsWith('__reactFiber'));
    });
    return response;
  };
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => afterLoad(await goto(url, options), options);
  const reload = page.reload.bind(page);
  page.reload = async (options) => afterLoad(await reload(options), options);
}
