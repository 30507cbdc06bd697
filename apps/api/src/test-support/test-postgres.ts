import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
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

const withAdmin = async <T>(adminUrl: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
};

const databaseUrl = (adminUrl: string, name: string) => {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
};

/**
 * A template database for the run, named from `namePrefix`, that `fill` makes ready (migrates, or
 * seeds) given its address; `dropAll` drops it and every clone of it (cloneDatabase).
 */
export async function createTemplateDatabase(
  adminUrl: string,
  namePrefix: string,
  fill: (url: string) => Promise<void>,
): Promise<{ name: string; dropAll: () => Promise<void> }> {
  const name = `${namePrefix}${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  await fill(databaseUrl(adminUrl, name));
  return {
    name,
    dropAll: () =>
      withAdmin(adminUrl, async (admin) => {
        const dbs = await admin.query<{ datname: string }>(
          'SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2',
          [name, `${name}\\_%`],
        );
        for (const { datname } of dbs.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }),
  };
}

/** A fresh copy of the template (CREATE DATABASE … TEMPLATE): its name and address. */
export async function cloneDatabase(adminUrl: string, template: string): Promise<{ name: string; url: string }> {
  const name = `${template}_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  return { name, url: databaseUrl(adminUrl, name) };
}

/** Drops these databases, closing whatever connections are still open to them. */
export async function dropDatabases(adminUrl: string, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await withAdmin(adminUrl, async (admin) => {
    for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}
