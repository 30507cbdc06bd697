import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../platform/db/embedded.js';
import { createLogger } from '../platform/logger.js';

/**
 * The PostgreSQL a test run uses, as the address of its `postgres` database: the server named by
 * DATABASE_URL, or a throw-away embedded cluster in a temporary folder that `stop` removes.
 */
export async function startTestPostgres(
  folderPrefix: string,
): Promise<{ adminUrl: string; stop: () => Promise<void> }> {
  const external = process.env['DATABASE_URL'];
  if (external) {
    const u = new URL(external);
    u.pathname = '/postgres';
    return { adminUrl: u.toString(), stop: async () => {} };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), folderPrefix));
  const embedded = await startEmbeddedPostgres(dir, createLogger('warn'));
  const u = new URL(embedded.url);
  u.pathname = '/postgres';
  return {
    adminUrl: u.toString(),
    stop: async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
      // Run as root with a private temporary folder (TMPDIR), the cluster lives outside it.
      await rm(embedded.clusterDir, { recursive: true, force: true });
      await rm(`${embedded.clusterDir}.data-dir`, { force: true });
    },
  };
}
