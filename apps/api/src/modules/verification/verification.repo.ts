import type { Db } from '../../platform/db/pool.js';

export type CodeChannel = 'EMAIL' | 'SMS';

export type VerificationCode = {
  id: number;
  destination: string;
  codeHash: string;
  attempts: number;
  createdAt: Date;
  expiresAt: Date;
  consumedAt: Date | null;
};

type CodeRow = {
  id: number;
  destination: string;
  code_hash: string;
  attempts: number;
  created_at: Date;
  expires_at: Date;
  consumed_at: Date | null;
};

/** Serialises sends and checks for one user and channel until the transaction ends. */
export async function lockChannel(db: Db, userId: string, channel: CodeChannel): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`verification:${userId}:${channel}`]);
}

export async function latestCode(db: Db, userId: string, channel: CodeChannel): Promise<VerificationCode | null> {
  const r = await db.query<CodeRow>(
    `SELECT id, destination, code_hash, attempts, created_at, expires_at, consumed_at FROM verification_codes
     WHERE user_id = $1 AND channel = $2 ORDER BY created_at DESC, id DESC LIMIT 1`,
    [userId, channel],
  );
  const row = r.rows[0];
  return row
    ? {
        id: row.id,
        destination: row.destination,
        codeHash: row.code_hash,
        attempts: row.attempts,
        createdAt: row.created_at,
        expiresAt: row.expires_at,
        consumedAt: row.consumed_at,
      }
    : null;
}

export async function insertCode(
  db: Db,
  c: { userId: string; channel: CodeChannel; destination: string; codeHash: string; now: Date; expiresAt: Date },
): Promise<number> {
  const r = await db.query<{ id: number }>(
    `INSERT INTO verification_codes (user_id, channel, destination, code_hash, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [c.userId, c.channel, c.destination, c.codeHash, c.now, c.expiresAt],
  );
  return r.rows[0]!.id;
}

export async function addAttempt(db: Db, id: number): Promise<number> {
  const r = await db.query<{ attempts: number }>(
    'UPDATE verification_codes SET attempts = attempts + 1 WHERE id = $1 RETURNING attempts',
    [id],
  );
  return r.rows[0]!.attempts;
}

export async function consumeCode(db: Db, id: number, now: Date): Promise<void> {
  await db.query('UPDATE verification_codes SET consumed_at = $2 WHERE id = $1', [id, now]);
}

export async function deleteCode(db: Db, id: number): Promise<void> {
  await db.query('DELETE FROM verification_codes WHERE id = $1', [id]);
}

export async function deleteCodesOfUser(db: Db, userId: string): Promise<string[]> {
  const r = await db.query<{ destination: string }>(
    'DELETE FROM verification_codes WHERE user_id = $1 RETURNING destination',
    [userId],
  );
  return r.rows.map((x) => x.destination);
}

// Outbox ----------------------------------------------------------------------

export type OutboxMessage = {
  id: number;
  channel: CodeChannel;
  recipient: string;
  subject: string;
  body: string;
  createdAt: Date;
  sentAt: Date | null;
  error: string | null;
};

type OutboxRow = {
  id: number;
  channel: CodeChannel;
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
  m: { channel: CodeChannel; recipient: string; subject: string; body: string; now: Date },
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
