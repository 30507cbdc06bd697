import { startEmbeddedPostgres } from './platform/db/embedded.js';
import { migrate } from './platform/db/migrate.js';
import { createPool, type Pool } from './platform/db/pool.js';
import type { Env } from './platform/env.js';
import type { Logger } from './platform/logger.js';

export type Database = { pool: Pool; embedded: boolean; created: boolean; close: () => Promise<void> };

/** The external server named by DATABASE_URL, or else the embedded one under DATA_DIR; migrated either way. */
export async function openDatabase(env: Env, log: Logger): Promise<Database> {
  let url = env.DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | null = null;
  let created = false;
  if (!url) {
    const embedded = await startEmbeddedPostgres(env.dataDir, log);
    url = embedded.url;
    stopEmbedded = embedded.stop;
    created = embedded.created;
  }
  const pool = createPool(url, env.DATABASE_POOL_SIZE);
  try {
    const version = await pool.query<{ v: number }>("SELECT current_setting('server_version_num')::int AS v");
    if ((version.rows[0]?.v ?? 0) < 150000) throw new Error('PostgreSQL 15 or newer is required');
    const applied = await migrate(pool);
    if (applied.length) log.info('applied migrations', { applied });
  } catch (err) {
    await pool.end().catch(() => undefined);
    await stopEmbedded?.();
    throw err;
  }
  return {
    pool,
    embedded: stopEmbedded !== null,
    created,
    close: async () => {
      await pool.end();
      await stopEmbedded?.();
    },
  };
}
