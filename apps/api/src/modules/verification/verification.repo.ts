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
