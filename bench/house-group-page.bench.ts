// /house-groups/{id} rendered on the server: requests per second and p99 at 25 connections
// (aim: at least 300 per second, p99 at most 100 ms). Starts the production server on a fresh
// embedded database with the demo data; BENCH_HOUSE_GROUP picks the page, BENCH_SECONDS the length.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { load } from './support/load.js';
import { startServer } from './support/server-process.js';

const seconds = Number(process.env['BENCH_SECONDS'] ?? 15);
const houseGroupId = process.env['BENCH_HOUSE_GROUP'] ?? 'hg-kazahana-villa';
const dir = await mkdtemp(path.join(os.tmpdir(), 'yado-bench-hg-page-'));
const server = await startServer({ DATA_DIR: dir, PORT: process.env['PORT'] ?? '3921' });
try {
  const url = `${server.baseUrl}/house-groups/${houseGroupId}`;
  const first = await fetch(url);
  if (first.status !== 200) throw new Error(`${url} answered ${first.status}`);
  const html = await first.text();
  console.log(`${url}: ${(html.length / 1024).toFixed(1)} KB of HTML`);
  const headers = { accept: 'text/html' };
  // Warm-up: JIT, the connection pool and PostgreSQL's caches.
  await load({ url, headers, connections: 25, seconds: 3 });
  for (const [label, target] of [
    ['page without dates', url],
    ['page with dates and guests (calendar + total)', `${url}?checkin=${inDays(30)}&checkout=${inDays(32)}&adults=3`],
  ] as const) {
    const r = await load({ url: target, headers, connections: 25, seconds });
    console.log(
      `${label.padEnd(48)} 25 connections: ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.errors} errors (${r.requests} requests)`,
    );
  }
} finally {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}

function inDays(n: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
