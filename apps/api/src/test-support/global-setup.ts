import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '../platform/db/migrate.js';
import { createTemplateDatabase, startTestPostgres } from './test-postgres.js';

/**
 * One PostgreSQL for the whole run: the server named by DATABASE_URL (CI runs
 * the suite a second time that way) or a throw-away embedded one. A template
 * database is migrated once; each test file clones it, which takes
 * milliseconds and keeps files independent of each other.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { adminUrl, stop } = await startTestPostgres('yado-test-pg-');
  const template = await createTemplateDatabase(adminUrl, 'yado_tmpl_', async (url) => {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    await migrate(pool);
    await pool.end();
  });
  project.provide('adminUrl', adminUrl);
  project.provide('templateDb', template.name);

  return async () => {
    await template.dropAll();
    await stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDb: string;
  }
}
