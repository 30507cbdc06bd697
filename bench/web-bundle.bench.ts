// Gzipped JavaScript each page loads first (until it has hydrated), and its ratio to what an empty page of the same build loads
// (the client entry: React and React Router alone). Starts the production server on a fresh embedded database.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumExecutable } from '../apps/web/e2e/support/chromium-executable.js';
import { startServer } from './support/server-process.js';

const pages = (process.env['BENCH_PAGES'] ?? '/,/login,/ja/login,/register,/404').split(',');
const dir = await mkdtemp(path.join(os.tmpdir(), 'yado-bench-bundle-'));
const server = await startServer({ DATA_DIR: dir, PORT: '3919' });
const { executablePath, env } = await chromiumExecutable();
const browser = await chromium.launch({ executablePath, env, args: CHROMIUM_ARGS });
try {
  const gz = new Map<string, number>();
  const sizeOf = async (url: string) => {
    if (!gz.has(url)) gz.set(url, gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length);
    return gz.get(url)!;
  };
  const rows: { page: string; kb: number }[] = [];
  let baseline = 0;
  for (const p of pages) {
    const context = await browser.newContext();
    const page = await context.newPage();
    // What the page needs to become interactive: scripts requested until React has hydrated it (the
    // app's modules start after the first paint, so after the load event on a fast connection). Code
    // the app loads later on purpose (error reporting once settled, forms on first use) is not counted.
    const scripts = new Set<string>();
    const verbose = process.env['BENCH_VERBOSE'] === '1';
    let loaded = false;
    page.on('request', (r) => {
      if (!loaded && r.resourceType() === 'script' && r.url().startsWith(server.baseUrl)) scripts.add(r.url());
    });
    await page.goto(server.baseUrl + p, { waitUntil: 'load' });
    await page.waitForFunction(() => {
      const el = document.querySelector('.brand');
      return !!el && Object.keys(el).some((key) => key.startsWith('__reactFiber'));
    });
    loaded = true;
    if (!baseline) {
      // The client entry and its imports: what every page of this build loads before any route code.
      const entry = await page.evaluate(() => {
        const m = (window as unknown as { __reactRouterManifest: { entry: { module: string; imports: string[] } } })
          .__reactRouterManifest;
        return [m.entry.module, ...m.entry.imports];
      });
      for (const e of new Set(entry)) baseline += await sizeOf(new URL(e, server.baseUrl).href);
    }
    let total = 0;
    for (const s of scripts) {
      total += await sizeOf(s);
      if (verbose) console.log(p, ((await sizeOf(s)) / 1024).toFixed(1), s);
    }
    rows.push({ page: p, kb: total / 1024 });
    await context.close();
  }
  console.log(`empty page (client entry: React + React Router): ${(baseline / 1024).toFixed(1)} KB gzipped`);
  for (const r of rows) {
    console.log(
      `${r.page.padEnd(12)} ${r.kb.toFixed(1).padStart(7)} KB gzipped   ratio ${(r.kb / (baseline / 1024)).toFixed(2)}`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}
