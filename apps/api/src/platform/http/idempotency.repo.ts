import type { Db } from '../db/pool.js';

export type IdempotencyRow = {
  request_hash: string;
  state: 'IN_PROGRESS' | 'DONE';
  locked_until: Date;
  response_status: number | null;
  response_body: unknown;
};

export type KeyRef = { accountId: string; method: string; key: string };

/** Claims a new key; false when the key already exists. */
export async function insertKey(
  db: Db,
  ref: KeyRef,
  requestHash: string,
  lockedUntil: Date,
  expiresAt: Date,
): Promise<boolean> {
  const r = await db.query(
    `INSERT INTO idempotency_keys (account_id, method, key, request_hash, locked_until, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
    [ref.accountId, ref.method, ref.key, requestHash, lockedUntil, expiresAt],
  );
  return r.rowCount === 1;
}

export async function findKey(db: Db, ref: KeyRef): Promise<IdempotencyRow | null> {
  const r = await db.query<IdempotencyRow>(
    `SELECT request_hash, state, locked_until, response_status, response_body
       FROM idempotency_keys WHERE account_id = $1 AND method = $2 AND key = $3`,
    [ref.accountId, ref.method, ref.key],
  );
  return r.rows[0] ?? null;
}

/** Takes over a key whose first call's lease ran out (its process died); false when another caller did first. */
export async function takeOverKey(db: Db, ref: KeyRef, now: Date, lockedUntil: Date): Promise<boolean> {
  const r = await db.query(
    `UPDATE idempotency_keys SET locked_until = $5
      WHERE account_id = $1 AND method = $2 AND key = $3 AND state = 'IN_PROGRESS' AND locked_until < $4`,
    [ref.accountId, ref.method, ref.key, now, lockedUntil],
  );
  return r.rowCount === 1;
}

export async function completeKey(db: Db, ref: KeyRef, status: number, body: unknown): Promise<void> {
  await db.query(
    `UPDATE idempotency_keys SET state = 'DONE', response_status = $4, response_body = $5
      WHERE account_id = $1 AND method = $2 AND key = $3`,
    [ref.accountId, ref.method, ref.key, status, JSON.stringify(body)],
  );
}

/** Forgets a key whose call failed on the server's side, so a retry runs it again. */
export async function releaseKey(db: Db, ref: KeyRef): Promise<void> {
  await db.query(
    `DELETE FROM idempotency_keys WHERE account_id = $1 AND method = $2 AND key = $3 AND state = 'IN_PROGRESS'`,
    [ref.accountId, ref.method, ref.key],
  );
}

export async function deleteExpiredKeys(db: Db, now: Date): Promise<number> {
  const r = await db.query(`DELETE FROM idempotency_keys WHERE expires_at < $1`, [now]);
  return r.rowCount ?? 0;
}
