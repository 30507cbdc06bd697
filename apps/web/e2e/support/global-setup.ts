import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startTestPostgres } from '@yado/api/test-support/test-postgres';
import { spawnServer } from './test-server.js';

/**
 * One PostgreSQL for the whole browser run: DATABASE_URL's server, or one embedded cluster in a
 * temporary folder. The production server starts once on a template database, which migrates it
 * and loads the demo data exactly as a first `npm start` does; each test file's server then runs on
 * a clone of it (CREATE DATABASE … TEMPLATE, well under a second) instead of creating, migrating
 * and seeding a cluster of its own. The tests of the embedded database itself
 * (server-lifecycle.e2e) start their own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { adminUrl, stop } = await startTestPostgres('yado-e2e-pg-');
  const template = `yado_e2e_tmpl_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const u = new URL(adminUrl);
  u.pathname = `/${template}`;
  const seeding = await spawnServer({ DATABASE_URL: u.toString(), SEED_DEMO_DATA: 'always' });
  await seeding.stop();
  project.provide('e2eAdminUrl', adminUrl);
  project.provide('e2eTemplateDb', template);

  return async () => {
    const dbs = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2',
      [template, `${template}\\_%`],
    );
    for (const { datname } of dbs.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
    await stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eAdminUrl: string;
    e2eTemplateDb: string;
  }
}
