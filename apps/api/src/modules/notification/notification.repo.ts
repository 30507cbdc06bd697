import type { Db } from '../../platform/db/pool.js';

export type StoredSetting = { channel: string; item: string; enabled: boolean };

export async function listSettings(db: Db, userId: string): Promise<StoredSetting[]> {
  const r = await db.query<StoredSetting>(
    'SELECT channel, item, enabled FROM notification_settings WHERE user_id = $1',
    [userId],
  );
  return r.rows;
}

export async function upsertSettings(db: Db, userId: string, settings: StoredSetting[], now: Date): Promise<void> {
  if (!settings.length) return;
  await db.query(
    `INSERT INTO notification_settings (user_id, channel, item, enabled, updated_at)
     SELECT $1, s.channel, s.item, s.enabled, $5
     FROM unnest($2::text[], $3::text[], $4::boolean[]) AS s(channel, item, enabled)
     ON CONFLICT (user_id, channel, item) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = EXCLUDED.updated_at`,
    [userId, settings.map((s) => s.channel), settings.map((s) => s.item), settings.map((s) => s.enabled), now],
  );
}

/** One row per device token: a token seen again is refreshed, and moves to whoever registered it last. */
export async function upsertDeviceToken(
  db: Db,
  deviceToken: string,
  userId: string,
  now: Date,
): Promise<{ deviceToken: string; updatedAt: Date }> {
  const r = await db.query<{ device_token: string; updated_at: Date }>(
    `INSERT INTO device_tokens (device_token, user_id, created_at, updated_at) VALUES ($1, $2, $3, $3)
     ON CONFLICT (device_token) DO UPDATE SET user_id = EXCLUDED.user_id, updated_at = EXCLUDED.updated_at
     RETURNING device_token, updated_at`,
    [deviceToken, userId, now],
  );
  return { deviceToken: r.rows[0]!.device_token, updatedAt: r.rows[0]!.updated_at };
}

export async function listDeviceTokens(
  db: Db,
  userId: string,
): Promise<{ deviceToken: string; createdAt: Date; updatedAt: Date }[]> {
  const r = await db.query<{ device_token: string; created_at: Date; updated_at: Date }>(
    'SELECT device_token, created_at, updated_at FROM device_tokens WHERE user_id = $1 ORDER BY updated_at DESC',
    [userId],
  );
  return r.rows.map((x) => ({ deviceToken: x.device_token, createdAt: x.created_at, updatedAt: x.updated_at }));
}

export async function deleteDeviceToken(db: Db, deviceToken: string): Promise<void> {
  await db.query('DELETE FROM device_tokens WHERE device_token = $1', [deviceToken]);
}

export async function deleteUserData(db: Db, userId: string): Promise<void> {
  await db.query('DELETE FROM device_tokens WHERE user_id = $1', [userId]);
  await db.query('DELETE FROM notification_settings WHERE user_id = $1', [userId]);
}
