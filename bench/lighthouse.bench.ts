// Lighthouse performance, accessibility and best-practices scores of a page on the mobile profile, with the Chromium the browser tests use.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, chromiumExecutable } from '../apps/web/e2e/support/chromium-executable.js';
import { startServer } from './support/server-process.js';

const pages = (process.env['BENCH_PAGES'] ?? '/login').split(',');
const dir = await mkdtemp(path.join(os.tmpdir(), 'yado-bench-lh-'));
const server = await startServer({ DATA_DIR: dir, PORT: '3920' });
const browser = await chromiumExecutable();
const chrome = await chromeLauncher.launch({
  chromePath: browser.executablePath,
  envVars: browser.env,
  chromeFlags: CHROMIUM_ARGS,
});
try {
  for (const p of pages) {
    // localhost, not 127.0.0.1: the page's own rules treat localhost as a development host.
    const result = await lighthouse(`http://localhost:3920${p}`, {
      port: chrome.port,
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      formFactor: 'mobile',
      logLevel: 'error',
    });
    // BENCH_LH_OUT=<folder> keeps each page's full report (JSON) for a closer look at its audits.
    const out = process.env['BENCH_LH_OUT'];
    if (out) await writeFile(path.join(out, `${p.replace(/\W+/g, '_')}.json`), JSON.stringify(result!.lhr));
    const c = result!.lhr.categories;
    const a = result!.lhr.audits;
    const metric = (id: string) => a[id]?.displayValue ?? '?';
    console.log(
      `${p.padEnd(12)} FCP ${metric('first-contentful-paint')}  LCP ${metric('largest-contentful-paint')}  TBT ${metric('total-blocking-time')}  CLS ${metric('cumulative-layout-shift')}  SI ${metric('speed-index')}`,
    );
    console.log(
      `${p.padEnd(12)} performance ${Math.round((c['performance']?.score ?? 0) * 100)}   accessibility ${Math.round((c['accessibility']?.score ?? 0) * 100)}   best practices ${Math.round((c['best-practices']?.score ?? 0) * 100)}`,
    );
    // What costs best-practices points, and what the CSP audit (informative, unscored) says of the policy.
    const failing = (c['best-practices']?.auditRefs ?? [])
      .filter((r) => r.weight > 0 && (a[r.id]?.score ?? 1) < 1)
      .map((r) => r.id);
    const csp = a['csp-xss'];
    const cspFindings =
      (csp?.details as { items?: { description?: unknown; severity?: unknown }[] } | undefined)?.items ?? [];
    console.log(
      `${p.padEnd(12)} best-practices failing: ${failing.join(', ') || 'none'}   csp-xss findings: ${
        cspFindings.map((i) => `${String(i.severity)}: ${JSON.stringify(i.description)}`).join(' | ') || 'none'
      }`,
    );
  }
} finally {
  chrome.kill();
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}
