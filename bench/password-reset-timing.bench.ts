// send_password_reset for addresses with an account and without: median and p90 time to the answer.
// The answer must not tell them apart; figures only (the tests check that the mail work follows the answer).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { IDENTITY_ROUTES } from '@yado/contract/identity.contract';
import { SMTPServer } from 'smtp-server';
import { startServer } from './support/server-process.js';

const rounds = Number(process.env['BENCH_ROUNDS'] ?? 100);
const dir = await mkdtemp(path.join(os.tmpdir(), 'yado-bench-reset-'));
// Mail goes to a local SMTP server that accepts everything, so sending costs what a real send costs.
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData: (stream, _session, callback) => stream.on('end', () => callback()).resume(),
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
// Each request comes from an address of its own (TRUST_PROXY), so the per-address limit never answers.
const server = await startServer({
  DATA_DIR: dir,
  PORT: '3921',
  SEED_DEMO_DATA: 'never',
  TRUST_PROXY: 'true',
  SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
});
const post = (route: string, body: unknown, ip: string) =>
  fetch(`${server.baseUrl}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
try {
  // One account per known request, so the three-links-per-account limit never shortens the work.
  const known: string[] = [];
  for (let i = 0; i < rounds; i++) {
    const email = `reset-bench-${i}-${Date.now()}@example.com`;
    const res = await post(
      IDENTITY_ROUTES.signUp,
      { email, password: 'correct horse battery' },
      `10.9.${i >> 8}.${i & 255}`,
    );
    if (!res.ok) throw new Error(`sign-up answered ${res.status}`);
    known.push(email);
  }
  const timings = { known: [] as number[], unknown: [] as number[] };
  for (let i = 0; i < rounds; i++) {
    for (const kind of i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const)) {
      const email = kind === 'known' ? known[i]! : `nobody-${i}-${Date.now()}@example.com`;
      const t0 = performance.now();
      const res = await post(
        IDENTITY_ROUTES.sendPasswordReset,
        { email, language: 'en' },
        `10.${kind === 'known' ? 7 : 8}.${i >> 8}.${i & 255}`,
      );
      await res.arrayBuffer();
      const ms = performance.now() - t0;
      if (res.status !== 200) throw new Error(`send_password_reset answered ${res.status}`);
      if (i >= 5) timings[kind].push(ms); // the first rounds warm the server up
      // Let work left after the answer finish, so it never lands in the next request's time.
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const q = (xs: number[], p: number) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
  console.log(`${timings.known.length} requests each, sequential, alternating`);
  for (const kind of ['known', 'unknown'] as const) {
    const xs = timings[kind];
    console.log(`${kind.padEnd(8)} median ${q(xs, 0.5).toFixed(2)} ms   p90 ${q(xs, 0.9).toFixed(2)} ms`);
  }
  console.log(`median difference known - unknown: ${(q(timings.known, 0.5) - q(timings.unknown, 0.5)).toFixed(2)} ms`);
} finally {
  await server.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
}
