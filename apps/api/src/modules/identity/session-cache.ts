import type { Principal } from '../../platform/http/call-context.js';

/**
 * Every API call verifies its identity token and checks that the token's
 * session is not revoked. Both answers are kept in memory for a short time so
 * that a client calling with the same token does not pay an ECDSA verification
 * and a database round trip each time.
 *
 * Revocation stays immediate: the identity service evicts a session here as
 * soon as its revocation has committed, and every node also evicts on the
 * PostgreSQL notification that the revocation sends (see
 * `listenForRevocations`), so a signed-out token stops working everywhere.
 */
export const SESSION_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 20_000;

type TokenEntry = { principal: Principal; expiresAtMs: number };
type SessionEntry = { accountId: string; checkedAtMs: number };

const tokens = new Map<string, TokenEntry>();
const sessions = new Map<string, SessionEntry>();

function bounded<K, V>(map: Map<K, V>, key: K, value: V): void {
  if (map.size >= MAX_ENTRIES) {
    // Maps iterate in insertion order: the first key is the oldest.
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
  map.set(key, value);
}

/** A token already verified (signature, issuer, audience), while it has not expired at `nowMs`. */
export function cachedToken(token: string, nowMs: number): Principal | null {
  const entry = tokens.get(token);
  if (!entry) return null;
  if (entry.expiresAtMs <= nowMs) {
    tokens.delete(token);
    return null;
  }
  return entry.principal;
}

export function rememberToken(token: string, principal: Principal, expiresAtMs: number): void {
  bounded(tokens, token, { principal, expiresAtMs });
}

/** Whether the session was seen active for this account within the last TTL. */
export function sessionKnownActive(sessionId: string, accountId: string): boolean {
  const entry = sessions.get(sessionId);
  if (!entry) return false;
  if (Date.now() - entry.checkedAtMs > SESSION_CACHE_TTL_MS || entry.accountId !== accountId) {
    sessions.delete(sessionId);
    return false;
  }
  return true;
}

export function rememberActiveSession(sessionId: string, accountId: string): void {
  bounded(sessions, sessionId, { accountId, checkedAtMs: Date.now() });
}

export function evictSession(sessionId: string): void {
  sessions.delete(sessionId);
}

export function evictAccount(accountId: string): void {
  for (const [sid, entry] of sessions) if (entry.accountId === accountId) sessions.delete(sid);
}

/** The payload of a revocation notification: `session:<id>` or `account:<id>`. */
export function applyRevocationNotice(payload: string): void {
  const [kind, id] = payload.split(':', 2);
  if (!id) return;
  if (kind === 'session') evictSession(id);
  else if (kind === 'account') evictAccount(id);
}

/** Forgets every cached session, for when notifications may have been missed (a lost connection). */
export function clearSessionCache(): void {
  sessions.clear();
}
