import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../platform/db/embedded.js';
import { migrate } from '../platform/db/migrate.js';
import { createLogger } from '../platform/logger.js';

/**
 * One PostgreSQL for the whole run: the server named by DATABASE_URL (CI runs
 * the suite a second time that way) or a throw-away embedded one. A template
 * database is migrated once; each test file clones it, which takes
 * milliseconds and keeps files independent of each other.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let adminUrl: string;
  let stop = async () => {};
  const external = process.env['DATABASE_URL'];
  if (external) {
    const u = new URL(external);
    u.pathname = '/postgres';
    adminUrl = u.toString();
  } else {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'yado-test-pg-'));
    const embedded = await startEmbeddedPostgres(dir, createLogger('warn'));
    const u = new URL(embedded.url);
    u.pathname = '/postgres';
    adminUrl = u.toString();
    stop = async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
      // Run as root with a private temporary folder (TMPDIR), the cluster lives outside it.
      await rm(embedded.clusterDir, { recursive: true, force: true });
      await rm(`${embedded.clusterDir}.data-dir`, { force: true });
    };
  }
  const template = `yado_tmpl_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const u = new URL(adminUrl);
  u.pathname = `/${template}`;
  const pool = new pg.Pool({ connectionString: u.toString(), max: 1 });
  await migrate(pool);
  await pool.end();
  project.provide('adminUrl', adminUrl);
  project.provide('templateDb', template);

  return async () => {
    const dbs = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2',
      [`${template}_%`, template],
    );
    for (const { datname } of dbs.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
    await stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDb: string;
  }
}
