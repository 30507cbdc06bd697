import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');
/** Database functions and their triggers, one file each, in their current form. */
const FUNCTIONS_SUBDIR = 'functions';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Applies the versioned SQL files of migrations/ in name order, each in its
 * own transaction, under an advisory lock so that two nodes starting at once
 * do not race. An applied file that was edited afterwards stops the start:
 * migrations are append-only. Then the repeatable step: every file of
 * migrations/functions/ (one database function with its triggers each, as it
 * is now) is applied again whenever its text differs from the one last
 * applied (decision 0022).
 */
export async function migrate(pool: pg.Pool, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}_[a-z0-9_-]+\.sql$/.test(f)).sort();
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock(7319001)');
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Map(
      (await client.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_migrations')).rows.map(
        (r) => [r.name, r.checksum],
      ),
    );
    for (const file of files) {
      const sql = await readFile(path.join(dir, file), 'utf8');
      const checksum = sha256(sql);
      const previous = done.get(file);
      if (previous) {
        if (previous !== checksum) throw new Error(`Migration ${file} was changed after it was applied`);
        continue;
      }
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [file, checksum]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${file} failed: ${(err as Error).message}`);
      }
      applied.push(file);
    }
    applied.push(...(await applyFunctions(client, path.join(dir, FUNCTIONS_SUBDIR))));
  } finally {
    await client.query('SELECT pg_advisory_unlock(7319001)').catch(() => undefined);
    client.release();
  }
  return applied;
}

/**
 * The repeatable step: each functions/*.sql file (CREATE OR REPLACE FUNCTION and
 * CREATE OR REPLACE TRIGGER, so running it again is harmless) is applied in its
 * own transaction when its hash differs from the one recorded in
 * schema_functions, and recorded. A file that is gone loses its record, so
 * bringing it back applies it again; dropping a function is a numbered
 * migration's work. Runs after the numbered migrations, which keep the tables
 * and the data the functions read.
 */
async function applyFunctions(client: pg.PoolClient, dir: string): Promise<string[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => /^[a-z0-9_]+\.sql$/.test(f)).sort();
  await client.query(`CREATE TABLE IF NOT EXISTS schema_functions (
    name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  const done = new Map(
    (await client.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_functions')).rows.map(
      (r) => [r.name, r.checksum],
    ),
  );
  const gone = [...done.keys()].filter((name) => !files.includes(name));
  if (gone.length > 0) await client.query('DELETE FROM schema_functions WHERE name = ANY($1)', [gone]);
  const applied: string[] = [];
  for (const file of files) {
    const sql = await readFile(path.join(dir, file), 'utf8');
    const checksum = sha256(sql);
    if (done.get(file) === checksum) continue;
    await client.query('BEGIN');
    try {
      await client.query(sql);
      await client.query(
        `INSERT INTO schema_functions (name, checksum) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = now()`,
        [file, checksum],
      );
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK');
      throw new Error(`Function ${FUNCTIONS_SUBDIR}/${file} failed: ${(err as Error).message}`);
    }
    applied.push(`${FUNCTIONS_SUBDIR}/${file}`);
  }
  return applied;
}
