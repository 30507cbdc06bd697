import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '../platform/db/migrate.js';
import { startTestPostgres } from './test-postgres.js';

/**
 * One PostgreSQL for the whole run: the server named by DATABASE_URL (CI runs
 * the suite a second time that way) or a throw-away embedded one. A template
 * database is migrated once; each test file clones it, which takes
 * milliseconds and keeps files independent of each other.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { adminUrl, stop } = await startTestPostgres('yado-test-pg-');
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
