import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { startEmbeddedPostgres } from './embedded.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function clientAddress(url: string): Promise<string | null> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<{ a: string | null }>('SELECT inet_client_addr()::text AS a')).rows[0]!.a;
  } finally {
    await c.end();
  }
}

describe('the embedded server', () => {
  it('is reached over a Unix socket in its folder, or over loopback TCP when the path is too long', async () => {
    const short = await mkdtemp(path.join(os.tmpdir(), 'yado-emb-'));
    const long = path.join(await mkdtemp(path.join(os.tmpdir(), 'yado-emb-')), 'a-data-folder-name'.repeat(5));
    dirs.push(short, path.dirname(long));
    await mkdir(long, { recursive: true });
    // The server runs as `postgres` when the tests run as root: it must pass through the parent.
    await chmod(path.dirname(long), 0o711);
    for (const [dir, viaSocket] of [
      [short, true],
      [long, false],
    ] as const) {
      const db = await startEmbeddedPostgres(dir, createLogger('error'));
      try {
        const host = decodeURIComponent(new URL(db.url).hostname);
        expect(host.startsWith(dir)).toBe(viaSocket);
        // A Unix socket connection has no client address.
        expect(await clientAddress(db.url)).toBe(viaSocket ? null : '127.0.0.1/32');
      } finally {
        await db.stop();
      }
    }
  }, 120_000);
});
