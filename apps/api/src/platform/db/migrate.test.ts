import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { migrate, MIGRATIONS_DIR } from './migrate.js';

const admin = new pg.Client({ connectionString: inject('adminUrl') });
const pools: pg.Pool[] = [];
const dirs: string[] = [];
let connected = false;

/** An empty database of its own, dropped after the file. */
async function emptyDatabase(): Promise<pg.Pool> {
  if (!connected) {
    await admin.connect();
    connected = true;
  }
  const name = `yado_migrate_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(inject('adminUrl'));
  u.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: u.toString(), max: 1 });
  // The database is dropped WITH (FORCE) at the end, which may reach a connection still closing.
  pool.on('error', () => undefined);
  pools.push(pool);
  return pool;
}

/** A copy of migrations/ to change: only the numbered files, or with functions/ too. */
async function migrationsCopy(withFunctions: boolean): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'yado-migrations-'));
  dirs.push(dir);
  for (const f of await readdir(MIGRATIONS_DIR)) {
    if (f.endsWith('.sql')) await cp(path.join(MIGRATIONS_DIR, f), path.join(dir, f));
  }
  if (withFunctions) await cp(path.join(MIGRATIONS_DIR, 'functions'), path.join(dir, 'functions'), { recursive: true });
  return dir;
}

/** Every function and trigger of the database as PostgreSQL prints it. */
async function definitions(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ def: string }>(
    `SELECT pg_get_functiondef(p.oid) AS def FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' AND p.prokind = 'f'
     UNION ALL
     SELECT pg_get_triggerdef(t.oid) FROM pg_trigger t WHERE NOT t.tgisinternal
     ORDER BY 1`,
  );
  return rows.map((r) => r.def);
}

afterAll(async () => {
  for (const pool of pools) await pool.end();
  if (connected) {
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'yado_migrate_%'",
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
  }
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('migrate: the repeatable step of database functions', () => {
  it('upgrades a database migrated before the step to the same functions and triggers a fresh one gets', async () => {
    const fresh = await emptyDatabase();
    const applied = await migrate(fresh);
    expect(applied).toContain('functions/hold_tentative_booking.sql');

    const existing = await emptyDatabase();
    await migrate(existing, await migrationsCopy(false));
    await existing.query('DROP TABLE schema_functions');
    const before = await definitions(existing);
    const upgraded = await migrate(existing);
    expect(upgraded.every((f) => f.startsWith('functions/'))).toBe(true);

    // The files state every function and trigger the numbered migrations left (functions that only a
    // file defines are added beside them; a file may since have changed its definition), and both
    // databases end the same.
    const after = await definitions(existing);
    const named = (defs: string[]) => defs.map((d) => d.slice(0, d.indexOf('(')));
    expect(named(after)).toEqual(expect.arrayContaining(named(before)));
    expect(await definitions(fresh)).toEqual(after);
    // Nothing changed: nothing is applied again.
    expect(await migrate(fresh)).toEqual([]);
  });

  it('applies a function file again when it changes, and only that one', async () => {
    const pool = await emptyDatabase();
    const dir = await migrationsCopy(true);
    await migrate(pool, dir);
    const file = path.join(dir, 'functions', 'probe_answer.sql');
    await writeFile(
      file,
      'CREATE OR REPLACE FUNCTION probe_answer() RETURNS integer LANGUAGE sql AS $$ SELECT 1 $$;\n',
    );
    expect(await migrate(pool, dir)).toEqual(['functions/probe_answer.sql']);
    expect((await pool.query('SELECT probe_answer() AS a')).rows[0].a).toBe(1);

    await writeFile(
      file,
      'CREATE OR REPLACE FUNCTION probe_answer() RETURNS integer LANGUAGE sql AS $$ SELECT 2 $$;\n',
    );
    expect(await migrate(pool, dir)).toEqual(['functions/probe_answer.sql']);
    expect((await pool.query('SELECT probe_answer() AS a')).rows[0].a).toBe(2);
    expect(await migrate(pool, dir)).toEqual([]);

    // A file that is gone loses its record; brought back, it is applied again.
    await rm(file);
    expect(await migrate(pool, dir)).toEqual([]);
    const { rows } = await pool.query("SELECT 1 FROM schema_functions WHERE name = 'probe_answer.sql'");
    expect(rows).toEqual([]);
  });

  it('stops at a function file that fails, naming it, and records nothing for it', async () => {
    const pool = await emptyDatabase();
    const dir = await migrationsCopy(true);
    await migrate(pool, dir);
    await writeFile(path.join(dir, 'functions', 'zz_broken.sql'), 'CREATE OR REPLACE FUNCTION zz_broken( AS;\n');
    await expect(migrate(pool, dir)).rejects.toThrow(/functions\/zz_broken\.sql failed/);
    const { rows } = await pool.query("SELECT 1 FROM schema_functions WHERE name = 'zz_broken.sql'");
    expect(rows).toEqual([]);
  });
});
