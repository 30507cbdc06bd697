import type pg from 'pg';
import { openListeningConnection } from '../../platform/db/listening-connection.js';
import type { Db } from '../../platform/db/pool.js';

export type AccountRow = {
  id: string;
  email: string;
  email_verified: boolean;
  password_hash: string | null;
  roles: string[];
  created_at: Date;
  last_sign_in_at: Date;
  disabled_at: Date | null;
};

export type SigningKeyRow = {
  kid: string;
  alg: string;
  private_jwk: Record<string, unknown>;
  public_jwk: Record<string, unknown>;
  created_at: Date;
  retired_at: Date | null;
  expires_at: Date | null;
};

export async function findAccountByEmail(db: Db, email: string): Promise<AccountRow | null> {
  const r = await db.query<AccountRow>('SELECT * FROM identity_accounts WHERE lower(email) = lower($1)', [email]);
  return r.rows[0] ?? null;
}

export async function findAccountById(db: Db, id: string): Promise<AccountRow | null> {
  const r = await db.query<AccountRow>('SELECT * FROM identity_accounts WHERE id = $1', [id]);
  return r.rows[0] ?? null;
}

export async function insertAccount(
  db: Db,
  a: { email: string; passwordHash: string | null; emailVerified: boolean; roles?: string[]; now: Date },
): Promise<AccountRow | null> {
  const r = await db.query<AccountRow>(
    `INSERT INTO identity_accounts (email, password_hash, email_verified, roles, created_at, last_sign_in_at)
     VALUES ($1, $2, $3, $4, $5, $5)
     ON CONFLICT DO NOTHING RETURNING *`,
    [a.email, a.passwordHash, a.emailVerified, a.roles ?? [], a.now],
  );
  return r.rows[0] ?? null;
}

export async function touchSignIn(db: Db, accountId: string, now: Date): Promise<AccountRow> {
  const r = await db.query<AccountRow>('UPDATE identity_accounts SET last_sign_in_at = $2 WHERE id = $1 RETURNING *', [
    accountId,
    now,
  ]);
  return r.rows[0]!;
}

export async function setPasswordHash(db: Db, accountId: string, passwordHash: string): Promise<void> {
  await db.query('UPDATE identity_accounts SET password_hash = $2 WHERE id = $1', [accountId, passwordHash]);
}

export async function setAccountEmailVerified(db: Db, accountId: string, email: string): Promise<void> {
  await db.query('UPDATE identity_accounts SET email_verified = true WHERE id = $1 AND lower(email) = lower($2)', [
    accountId,
    email,
  ]);
}

export async function findLink(db: Db, provider: string, subject: string): Promise<{ account_id: string } | null> {
  const r = await db.query<{ account_id: string }>(
    'SELECT account_id FROM identity_links WHERE provider = $1 AND subject = $2',
    [provider, subject],
  );
  return r.rows[0] ?? null;
}

export async function insertLink(
  db: Db,
  l: { provider: string; subject: string; accountId: string; email: string | null },
): Promise<void> {
  await db.query(
    'INSERT INTO identity_links (provider, subject, account_id, email) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
    [l.provider, l.subject, l.accountId, l.email],
  );
}

export async function listProviders(db: Db, accountId: string): Promise<string[]> {
  const r = await db.query<{ provider: string }>('SELECT provider FROM identity_links WHERE account_id = $1', [
    accountId,
  ]);
  return r.rows.map((x) => x.provider);
}

export async function insertSession(
  db: Db,
  s: { accountId: string; method: string; userAgent: string; ip: string; now: Date },
): Promise<string> {
  const r = await db.query<{ id: string }>(
    `INSERT INTO identity_sessions (account_id, method, user_agent, ip, created_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [s.accountId, s.method, s.userAgent.slice(0, 500), s.ip, s.now],
  );
  return r.rows[0]!.id;
}

export async function findActiveSession(
  db: Db,
  sessionId: string,
): Promise<{ account_id: string; revoked_at: Date | null } | null> {
  const r = await db.query<{ account_id: string; revoked_at: Date | null }>(
    'SELECT account_id, revoked_at FROM identity_sessions WHERE id = $1',
    [sessionId],
  );
  return r.rows[0] ?? null;
}

export const REVOCATION_CHANNEL = 'identity_session_revoked';

export async function revokeSession(db: Db, sessionId: string, reason: string, now: Date): Promise<void> {
  // Delivered to every node's listener when the transaction commits.
  await db.query('SELECT pg_notify($1, $2)', [REVOCATION_CHANNEL, `session:${sessionId}`]);
  await db.query(
    'UPDATE identity_sessions SET revoked_at = $3, revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL',
    [sessionId, reason, now],
  );
}

export async function revokeAllSessions(db: Db, accountId: string, reason: string, now: Date): Promise<void> {
  await db.query('SELECT pg_notify($1, $2)', [REVOCATION_CHANNEL, `account:${accountId}`]);
  await db.query(
    'UPDATE identity_sessions SET revoked_at = $3, revoked_reason = $2 WHERE account_id = $1 AND revoked_at IS NULL',
    [accountId, reason, now],
  );
}

/**
 * Closes an account for good (the user asked for deletion): the address is
 * replaced so it can sign up again, the password and provider links are removed.
 */
export async function anonymiseAccount(db: Db, accountId: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE identity_accounts
     SET disabled_at = coalesce(disabled_at, $2), email = 'deleted-' || id || '@users.invalid',
         email_verified = false, password_hash = NULL
     WHERE id = $1`,
    [accountId, now],
  );
  await db.query('DELETE FROM identity_links WHERE account_id = $1', [accountId]);
}

export async function insertRefreshToken(
  db: Db,
  t: { tokenHash: string; sessionId: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.query(
    'INSERT INTO refresh_tokens (token_hash, session_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
    [t.tokenHash, t.sessionId, t.now, t.expiresAt],
  );
}

/** Locks the token row so that two refreshes with the same token cannot both succeed. */
export async function lockRefreshToken(
  db: Db,
  tokenHash: string,
): Promise<{
  session_id: string;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  account_id: string;
} | null> {
  const r = await db.query(
    `SELECT t.session_id, t.expires_at, t.used_at, s.revoked_at, s.account_id
       FROM refresh_tokens t JOIN identity_sessions s ON s.id = t.session_id
      WHERE t.token_hash = $1 FOR UPDATE OF t`,
    [tokenHash],
  );
  return r.rows[0] ?? null;
}

export async function markRefreshTokenUsed(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db.query('UPDATE refresh_tokens SET used_at = $2 WHERE token_hash = $1', [tokenHash, now]);
}

// Password reset links -------------------------------------------------------------------

export async function insertPasswordReset(
  db: Db,
  r: { tokenHash: string; accountId: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.query(
    'INSERT INTO identity_password_resets (token_hash, account_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
    [r.tokenHash, r.accountId, r.now, r.expiresAt],
  );
}

/** Links sent to an account since a time (used or not): how many mails it was sent. */
export async function countPasswordResets(db: Db, accountId: string, since: Date): Promise<number> {
  const r = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM identity_password_resets WHERE account_id = $1 AND created_at > $2',
    [accountId, since],
  );
  return r.rows[0]!.n;
}

/** Ends every link of the account not used yet (a newer one was sent, or the password changed). */
export async function endPasswordResets(db: Db, accountId: string, now: Date): Promise<void> {
  await db.query('UPDATE identity_password_resets SET used_at = $2 WHERE account_id = $1 AND used_at IS NULL', [
    accountId,
    now,
  ]);
}

/** Drops links that expired or were used before a time: they can open nothing any more. */
export async function prunePasswordResets(db: Db, before: Date): Promise<void> {
  await db.query('DELETE FROM identity_password_resets WHERE coalesce(used_at, expires_at) < $1 AND expires_at < $1', [
    before,
  ]);
}

/** Locks a link's row so that two resets with one link cannot both succeed. */
export async function lockPasswordReset(
  db: Db,
  tokenHash: string,
): Promise<{ account_id: string; expires_at: Date; used_at: Date | null } | null> {
  const r = await db.query<{ account_id: string; expires_at: Date; used_at: Date | null }>(
    'SELECT account_id, expires_at, used_at FROM identity_password_resets WHERE token_hash = $1 FOR UPDATE',
    [tokenHash],
  );
  return r.rows[0] ?? null;
}

export async function listSigningKeys(db: Db): Promise<SigningKeyRow[]> {
  const r = await db.query<SigningKeyRow>('SELECT * FROM signing_keys ORDER BY created_at DESC');
  return r.rows;
}

export async function insertSigningKey(
  db: Db,
  k: { kid: string; alg: string; privateJwk: object; publicJwk: object; now: Date },
): Promise<void> {
  await db.query(
    'INSERT INTO signing_keys (kid, alg, private_jwk, public_jwk, created_at) VALUES ($1, $2, $3, $4, $5)',
    [k.kid, k.alg, k.privateJwk, k.publicJwk, k.now],
  );
}

export async function retireSigningKeys(db: Db, exceptKid: string, now: Date, expiresAt: Date): Promise<void> {
  await db.query('UPDATE signing_keys SET retired_at = $2, expires_at = $3 WHERE kid <> $1 AND retired_at IS NULL', [
    exceptKid,
    now,
    expiresAt,
  ]);
}

export async function deleteExpiredSigningKeys(db: Db, now: Date): Promise<void> {
  await db.query('DELETE FROM signing_keys WHERE expires_at IS NOT NULL AND expires_at < $1', [now]);
}

export async function recordAttempt(db: Db, key: string, succeeded: boolean, now: Date): Promise<void> {
  await db.query('INSERT INTO auth_attempts (key, succeeded, at) VALUES ($1, $2, $3)', [key, succeeded, now]);
}

/** Failed attempts for a key since a time, and the oldest of them (for Retry-After). */
export async function countFailures(db: Db, key: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
  const r = await db.query<{ count: number; oldest: Date | null }>(
    `SELECT count(*)::int AS count, min(at) AS oldest FROM auth_attempts
      WHERE key = $1 AND at > $2 AND NOT succeeded
        AND at > coalesce((SELECT max(at) FROM auth_attempts WHERE key = $1 AND succeeded), '-infinity')`,
    [key, since],
  );
  return r.rows[0]!;
}

export async function pruneAttempts(db: Db, before: Date): Promise<void> {
  await db.query('DELETE FROM auth_attempts WHERE at < $1', [before]);
}

export async function insertOidcState(
  db: Db,
  s: { state: string; provider: string; codeVerifier: string; nonce: string; redirectUrl: string; now: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO oidc_states (state, provider, code_verifier, nonce, redirect_url, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [s.state, s.provider, s.codeVerifier, s.nonce, s.redirectUrl, s.now],
  );
}

export async function takeOidcState(
  db: Db,
  state: string,
): Promise<{ provider: string; code_verifier: string; nonce: string; redirect_url: string; created_at: Date } | null> {
  const r = await db.query(
    'DELETE FROM oidc_states WHERE state = $1 RETURNING provider, code_verifier, nonce, redirect_url, created_at',
    [state],
  );
  return r.rows[0] ?? null;
}

/**
 * Holds a connection of its own that LISTENs for session revocations made by any node
 * (platform/db's openListeningConnection). `onLost` runs when the connection drops, so the caller
 * can forget what it cached (notifications may have been missed) and listen again.
 */
export async function listenForRevocations(
  pool: pg.Pool,
  onNotice: (payload: string) => void,
  onLost: () => void,
): Promise<() => Promise<void>> {
  const { close } = await openListeningConnection(pool, REVOCATION_CHANNEL, onNotice, () => onLost());
  return close;
}
