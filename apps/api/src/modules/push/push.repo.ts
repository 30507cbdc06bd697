import type { Db } from '../../platform/db/pool.js';

export type StoredVapidKeys = { publicKey: string; privateKey: string };

const VAPID_KEYS_SETTING = 'vapid_keys';

export async function readVapidKeys(db: Db): Promise<StoredVapidKeys | null> {
  const r = await db.query<{ value: StoredVapidKeys }>('SELECT value FROM app_settings WHERE key = $1', [
    VAPID_KEYS_SETTING,
  ]);
  return r.rows[0]?.value ?? null;
}

/** Held until the transaction ends, so two nodes starting together create one key pair, not two. */
export async function lockVapidKeys(db: Db): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`app_settings:${VAPID_KEYS_SETTING}`]);
}

export async function insertVapidKeys(db: Db, keys: StoredVapidKeys, now: Date): Promise<void> {
  await db.query('INSERT INTO app_settings (key, value, updated_at) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING', [
    VAPID_KEYS_SETTING,
    JSON.stringify(keys),
    now,
  ]);
}
