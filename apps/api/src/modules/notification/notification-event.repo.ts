import type { NotificationKind } from '@yado/contract/notification.contract';
import type { Db } from '../../platform/db/pool.js';

export type NotificationEventRow = {
  userId: string;
  kind: NotificationKind;
  params: Record<string, string | number>;
  link: string | null;
  dedupeKey: string;
  createdAt: Date;
};

/**
 * Stores an event and its mail and push jobs; a second event with the same dedupe key for the same
 * user stores nothing (and returns null), so a retried caller never notifies twice.
 */
export async function insertNotification(db: Db, e: NotificationEventRow): Promise<number | null> {
  const r = await db.query<{ id: number }>(
    `WITH n AS (
       INSERT INTO notifications (user_id, kind, params, link, dedupe_key, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id, dedupe_key) DO NOTHING
       RETURNING id
     ), d AS (
       INSERT INTO notification_deliveries (notification_id, channel, next_attempt_at)
       SELECT n.id, c.channel, $6 FROM n CROSS JOIN (VALUES ('EMAIL'), ('PUSH')) AS c (channel)
     )
     SELECT id FROM n`,
    [e.userId, e.kind, JSON.stringify(e.params), e.link, e.dedupeKey, e.createdAt],
  );
  return r.rows[0]?.id ?? null;
}
