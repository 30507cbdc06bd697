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

export type StoredNotification = {
  id: string;
  userId: string;
  kind: NotificationKind;
  params: Record<string, string | number>;
  link: string | null;
  createdAt: Date;
  readAt: Date | null;
};

type NotificationDbRow = {
  id: string;
  user_id: string;
  kind: NotificationKind;
  params: Record<string, string | number>;
  link: string | null;
  created_at: Date;
  read_at: Date | null;
};

const toStored = (r: NotificationDbRow): StoredNotification => ({
  id: r.id,
  userId: r.user_id,
  kind: r.kind,
  params: r.params,
  link: r.link,
  createdAt: r.created_at,
  readAt: r.read_at,
});

const COLUMNS = 'id::text AS id, user_id, kind, params, link, created_at, read_at';

/** A page of a user's notifications, newest first, after the id of the previous page's last one. */
export async function listNotifications(
  db: Db,
  userId: string,
  o: { beforeId: string | null; limit: number },
): Promise<StoredNotification[]> {
  const r = await db.query<NotificationDbRow>(
    `SELECT ${COLUMNS} FROM notifications
      WHERE user_id = $1 AND ($2::bigint IS NULL OR id < $2::bigint)
      ORDER BY notifications.id DESC LIMIT $3`, // the table's bigint, not the text alias
    [userId, o.beforeId, o.limit],
  );
  return r.rows.map(toStored);
}

/** Counts through the partial index of unread rows, so the header's badge costs one small scan. */
export async function countUnread(db: Db, userId: string): Promise<number> {
  const r = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL',
    [userId],
  );
  return r.rows[0]!.n;
}

/** Marks one of the user's notifications read (the first reading's time is kept); null when it is not theirs. */
export async function markRead(db: Db, userId: string, id: string, now: Date): Promise<StoredNotification | null> {
  const r = await db.query<NotificationDbRow>(
    `UPDATE notifications SET read_at = COALESCE(read_at, $3)
      WHERE id = $2::bigint AND user_id = $1
      RETURNING ${COLUMNS}`,
    [userId, id, now],
  );
  return r.rows[0] ? toStored(r.rows[0]) : null;
}

export async function markAllRead(db: Db, userId: string, now: Date): Promise<number> {
  const r = await db.query('UPDATE notifications SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL', [
    userId,
    now,
  ]);
  return r.rowCount ?? 0;
}

/** Keeps the language and address the user last used; writes only when one of them changed. */
export async function rememberRecipient(
  db: Db,
  userId: string,
  r: { language: string; linkOrigin: string; now: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO notification_recipients (user_id, language, link_origin, updated_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id) DO UPDATE SET language = EXCLUDED.language, link_origin = EXCLUDED.link_origin,
       updated_at = EXCLUDED.updated_at
     WHERE notification_recipients.language <> EXCLUDED.language
        OR notification_recipients.link_origin <> EXCLUDED.link_origin`,
    [userId, r.language, r.linkOrigin, r.now],
  );
}

export async function deleteNotificationsOf(db: Db, userId: string): Promise<void> {
  // The deliveries go with their notifications (ON DELETE CASCADE).
  await db.query('DELETE FROM notifications WHERE user_id = $1', [userId]);
  await db.query('DELETE FROM notification_recipients WHERE user_id = $1', [userId]);
}

// The delivery queue ------------------------------------------------------------------------------

export type ClaimedDelivery = {
  notificationId: string;
  channel: 'EMAIL' | 'PUSH';
  attempts: number;
  userId: string;
  kind: NotificationKind;
  params: Record<string, string | number>;
  link: string | null;
  email: string;
  anonymised: boolean;
  language: string | null;
  linkOrigin: string | null;
};

/**
 * Claims up to `limit` due jobs: the rows are locked with SKIP LOCKED (a job another process is
 * claiming is passed over, not waited for), set SENDING with one more attempt, and returned with what
 * their sending needs. The caller runs this in its own short transaction and commits before sending.
 */
export async function claimDue(db: Db, now: Date, limit: number): Promise<ClaimedDelivery[]> {
  const r = await db.query<{
    notification_id: string;
    channel: 'EMAIL' | 'PUSH';
    attempts: number;
    user_id: string;
    kind: NotificationKind;
    params: Record<string, string | number>;
    link: string | null;
    email: string;
    anonymised: boolean;
    language: string | null;
    link_origin: string | null;
  }>(
    `WITH due AS (
       SELECT notification_id, channel FROM notification_deliveries
        WHERE status = 'PENDING' AND next_attempt_at <= $1
        ORDER BY next_attempt_at
        LIMIT $2
        FOR UPDATE SKIP LOCKED
     ), claimed AS (
       UPDATE notification_deliveries d
          SET status = 'SENDING', attempts = d.attempts + 1, claimed_at = $1
         FROM due WHERE d.notification_id = due.notification_id AND d.channel = due.channel
       RETURNING d.notification_id, d.channel, d.attempts
     )
     SELECT c.notification_id::text AS notification_id, c.channel, c.attempts, n.user_id, n.kind, n.params, n.link,
            u.email, u.anonymised_at IS NOT NULL AS anonymised, r.language, r.link_origin
       FROM claimed c
       JOIN notifications n ON n.id = c.notification_id
       JOIN users u ON u.id = n.user_id
       LEFT JOIN notification_recipients r ON r.user_id = n.user_id`,
    [now, limit],
  );
  return r.rows.map((x) => ({
    notificationId: x.notification_id,
    channel: x.channel,
    attempts: x.attempts,
    userId: x.user_id,
    kind: x.kind,
    params: x.params,
    link: x.link,
    email: x.email,
    anonymised: x.anonymised,
    language: x.language,
    linkOrigin: x.link_origin,
  }));
}

export type DeliveryOutcome =
  | { status: 'SENT' | 'SKIPPED'; note?: string }
  | { status: 'RETRY'; error: string; nextAttemptAt: Date }
  | { status: 'FAILED'; error: string };

/** Records how a claimed job ended; only a job still SENDING is changed (a stale lease may have closed it). */
export async function finishDelivery(
  db: Db,
  job: { notificationId: string; channel: string },
  outcome: DeliveryOutcome,
  now: Date,
): Promise<void> {
  const [status, nextAttemptAt, error, doneAt] =
    outcome.status === 'RETRY'
      ? ['PENDING', outcome.nextAttemptAt, outcome.error, null]
      : outcome.status === 'FAILED'
        ? ['FAILED', null, outcome.error, now]
        : [outcome.status, null, outcome.note ?? null, now];
  await db.query(
    `UPDATE notification_deliveries
        SET status = $3, next_attempt_at = COALESCE($4, next_attempt_at), last_error = $5, done_at = $6, claimed_at = NULL
      WHERE notification_id = $1::bigint AND channel = $2 AND status = 'SENDING'`,
    [job.notificationId, job.channel, status, nextAttemptAt, error, doneAt],
  );
}

/**
 * Jobs left SENDING past their lease belong to a process that died mid-send: whether the message
 * went out is unknown, so they are closed FAILED rather than sent a second time.
 */
export async function failAbandoned(db: Db, claimedBefore: Date, now: Date): Promise<number> {
  const r = await db.query(
    `UPDATE notification_deliveries
        SET status = 'FAILED', last_error = 'interrupted while sending; not sent again', done_at = $2, claimed_at = NULL
      WHERE status = 'SENDING' AND claimed_at < $1`,
    [claimedBefore, now],
  );
  return r.rowCount ?? 0;
}
