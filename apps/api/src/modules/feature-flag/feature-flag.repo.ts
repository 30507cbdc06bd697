import type { Db } from '../../platform/db/pool.js';

export async function readFlags(db: Db, keys: string[]): Promise<Map<string, unknown>> {
  const r = await db.query<{ key: string; value: unknown }>(
    'SELECT key, value FROM feature_flags WHERE key = ANY($1)',
    [keys],
  );
  return new Map(r.rows.map((x) => [x.key, x.value]));
}

export async function writeFlag(db: Db, key: string, value: unknown, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO feature_flags (key, value, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
    [key, JSON.stringify(value), now],
  );
}
