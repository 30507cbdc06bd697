import type { Db } from '../../platform/db/pool.js';

export type OutboxChannel = 'EMAIL' | 'SMS';

export type OutboxMessage = {
  id: number;
  channel: OutboxChannel;
  recipient: string;
  subject: string;
  body: string;
  createdAt: Date;
  sentAt: Date | null;
  error: string | null;
};

type OutboxRow = {
  id: number;
  channel: OutboxChannel;
  recipient: string;
  subject: string;
  body: string;
  created_at: Date;
  sent_at: Date | null;
  error: string | null;
};

const toMessage = (r: OutboxRow): OutboxMessage => ({
  id: r.id,
  channel: r.channel,
  recipient: r.recipient,
  subject: r.subject,
  body: r.body,
  createdAt: r.created_at,
  sentAt: r.sent_at,
  error: r.error,
});

export async function insertOutboxMessage(
  db: Db,
  m: { channel: OutboxChannel; recipient: string; subject: string; body: string; now: Date },
): Promise<number> {
  const r = await db.query<{ id: number }>(
    `INSERT INTO outbox_messages (channel, recipient, subject, body, created_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [m.channel, m.recipient, m.subject, m.body, m.now],
  );
  return r.rows[0]!.id;
}

export async function markOutboxSent(db: Db, id: number, now: Date): Promise<void> {
  await db.query('UPDATE outbox_messages SET sent_at = $2, error = NULL WHERE id = $1', [id, now]);
}

export async function markOutboxFailed(db: Db, id: number, error: string): Promise<void> {
  await db.query('UPDATE outbox_messages SET error = $2 WHERE id = $1', [id, error.slice(0, 1000)]);
}

export async function listOutbox(db: Db, opts: { recipient?: string; limit: number }): Promise<OutboxMessage[]> {
  const r = opts.recipient
    ? await db.query<OutboxRow>(
        `SELECT * FROM outbox_messages WHERE lower(recipient) = lower($1)
         ORDER BY created_at DESC, id DESC LIMIT $2`,
        [opts.recipient, opts.limit],
      )
    : await db.query<OutboxRow>('SELECT * FROM outbox_messages ORDER BY created_at DESC, id DESC LIMIT $1', [
        opts.limit,
      ]);
  return r.rows.map(toMessage);
}

export async function findOutboxMessage(db: Db, id: number): Promise<OutboxMessage | null> {
  const r = await db.query<OutboxRow>('SELECT * FROM outbox_messages WHERE id = $1', [id]);
  return r.rows[0] ? toMessage(r.rows[0]) : null;
}

export async function deleteOutboxFor(db: Db, recipients: string[]): Promise<void> {
  if (!recipients.length) return;
  await db.query('DELETE FROM outbox_messages WHERE lower(recipient) = ANY($1::text[])', [
    recipients.map((r) => r.toLowerCase()),
  ]);
}
