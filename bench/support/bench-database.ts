import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../apps/api/src/platform/db/embedded.js';
import { migrate } from '../../apps/api/src/platform/db/migrate.js';
import { createPool } from '../../apps/api/src/platform/db/pool.js';
import { createLogger } from '../../apps/api/src/platform/logger.js';

/**
 * A bench's own migrated database: a new one on DATABASE_URL's server, or on an embedded cluster
 * in a temporary folder; `close` ends the pool and drops it all again.
 */
export async function openBenchDatabase(name: string, poolSize = 20) {
  const dir = await mkdtemp(path.join(os.tmpdir(), `yado-bench-${name}-`));
  let serverUrl = process.env['DATABASE_URL'];
  let stopEmbedded = async () => {};
  if (!serverUrl) {
    const embedded = await startEmbeddedPostgres(path.join(dir, 'pg'), createLogger('warn'));
    serverUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const dbName = `yado_bench_${name.replace(/-/g, '_')}_${Date.now()}`;
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const adminQuery = async (sql: string) => {
    const c = new pg.Client({ connectionString: admin.toString() });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await adminQuery(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${dbName}`;
  const pool = createPool(dbUrl.toString(), poolSize);
  await migrate(pool);
  return {
    dir,
    url: dbUrl.toString(),
    pool,
    close: async () => {
      await pool.end();
      await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await stopEmbedded();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
