import type { TestProject } from 'vitest/node';
import { createTemplateDatabase, startTestPostgres } from '@yado/api/test-support/test-postgres';
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
  const template = await createTemplateDatabase(adminUrl, 'yado_e2e_tmpl_', async (url) => {
    const seeding = await spawnServer({ DATABASE_URL: url, SEED_DEMO_DATA: 'always' });
    await seeding.stop();
  });
  project.provide('e2eAdminUrl', adminUrl);
  project.provide('e2eTemplateDb', template.name);

  return async () => {
    await template.dropAll();
    await stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eAdminUrl: string;
    e2eTemplateDb: string;
  }
}
