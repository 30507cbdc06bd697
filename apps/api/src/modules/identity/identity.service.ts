import { createHash, randomBytes } from 'node:crypto';
import { PASSWORD_RESET_PAGE, PASSWORD_RESET_TTL_MINUTES } from '@yado/contract/password-reset';
import type { Language } from '@yado/contract/headers';
import { decodeProtectedHeader, jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { AppError } from '../../platform/app-error.js';
import { withTx, type Db } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import type { AfterResponse } from '../../platform/after-response.js';
import type { Principal } from '../../platform/http/call-context.js';
import { sendMessage } from '../outbox/outbox.service.js';
import * as repo from './identity.repo.js';
import { checkPasswordPolicy, dummyVerify, hashPassword, verifyPassword } from './password.js';
import {
  applyRevocationNotice,
  cachedToken,
  clearSessionCache,
  evictAccount,
  evictSession,
  rememberActiveSession,
  rememberToken,
  sessionKnownActive,
} from './session-cache.js';
import type { SigningKeys } from './signing-keys.js';
import { PASSWORD_RESET_TEXTS } from './password-reset.messages.js';

export type IdentityDeps = Deps & { keys: SigningKeys; afterResponse: AfterResponse };

export const ISSUER = 'yado-identity';
export const AUDIENCE = 'yado';
const CUSTOM_TOKEN_AUDIENCE = 'yado-custom-token';

/** What every sign-in returns, shaped like the identity services web clients know. */
export type TokenResponse = {
  idToken: string;
  refreshToken: string;
  expiresIn: number;
  accountId: string;
  email: string;
  creationTime: string;
  lastSignInTime: string;
};

export type RequestMeta = { ip: string; userAgent: string };

const hashToken = (t: string) => createHash('sha256').update(t).digest('base64url');
const normaliseEmail = (e: string) => e.trim().toLowerCase();

// Brute-force limits: per account and per address, over a sliding window.
const WINDOW_MS = 15 * 60_000;
const MAX_FAILURES_PER_ACCOUNT = 5;
const MAX_FAILURES_PER_ADDRESS = 20;

async function assertNotLimited(deps: Deps, keys: { key: string; max: number }[]): Promise<void> {
  const now = deps.clock.now();
  const since = new Date(now.getTime() - WINDOW_MS);
  for (const { key, max } of keys) {
    const { count, oldest } = await repo.countFailures(deps.db, key, since);
    if (count >= max && oldest) {
      const retryAfter = Math.max(1, Math.ceil((oldest.getTime() + WINDOW_MS - now.getTime()) / 1000));
      throw new AppError('CodeTooManyAttempts', { retryAfterSeconds: retryAfter });
    }
  }
}

async function issueTokens(
  deps: IdentityDeps,
  account: repo.AccountRow,
  sessionId: string,
  tx: Parameters<typeof repo.insertRefreshToken>[0],
): Promise<TokenResponse> {
  const now = deps.clock.now();
  const refreshToken = randomBytes(32).toString('base64url');
  await repo.insertRefreshToken(tx, {
    tokenHash: hashToken(refreshToken),
    sessionId,
    now,
    expiresAt: new Date(now.getTime() + deps.env.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
  });
  // The keys are read on the transaction's connection when they are due a reload, not on a second one.
  const idToken = await signIdToken(deps, account, sessionId, tx);
  return {
    idToken,
    refreshToken,
    expiresIn: deps.env.ID_TOKEN_TTL_SECONDS,
    accountId: account.id,
    email: account.email,
    creationTime: account.created_at.toISOString(),
    lastSignInTime: account.last_sign_in_at.toISOString(),
  };
}

async function signIdToken(
  deps: IdentityDeps,
  account: repo.AccountRow,
  sessionId: string,
  db: Db = deps.db,
): Promise<string> {
  const { kid, key, alg } = await deps.keys.signingKey(db);
  const nowSec = Math.floor(deps.clock.now().getTime() / 1000);
  return new SignJWT({
    sid: sessionId,
    email: account.email,
    email_verified: account.email_verified,
    roles: account.roles,
  })
    .setProtectedHeader({ alg, kid, typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(account.id)
    .setIssuedAt(nowSec)
    .setExpirationTime(nowSec + deps.env.ID_TOKEN_TTL_SECONDS)
    .sign(key);
}

/** Starts a session for an account that has proven who it is, and returns its first tokens. */
export async function startSession(
  deps: IdentityDeps,
  accountId: string,
  method: string,
  meta: RequestMeta,
): Promise<TokenResponse> {
  return withTx(deps.db, async (tx) => {
    const now = deps.clock.now();
    const account = await repo.touchSignIn(tx, accountId, now);
    if (account.disabled_at) throw new AppError('CodeInvalidCredentials');
    const sessionId = await repo.insertSession(tx, { accountId, method, ...meta, now });
    return issueTokens(deps, account, sessionId, tx);
  });
}

export async function signUp(
  deps: IdentityDeps,
  input: { email: string; password: string },
  meta: RequestMeta,
): Promise<TokenResponse> {
  await assertNotLimited(deps, [{ key: `signup-ip:${meta.ip}`, max: MAX_FAILURES_PER_ADDRESS }]);
  checkPasswordPolicy(input.password);
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  const tokens = await withTx(deps.db, async (tx) => {
    const account = await repo.insertAccount(tx, { email, passwordHash, emailVerified: false, now });
    if (!account) return null;
    const sessionId = await repo.insertSession(tx, { accountId: account.id, method: 'password', ...meta, now });
    return issueTokens(deps, account, sessionId, tx);
  });
  if (!tokens) {
    // Recorded after the transaction has given its connection back: one request never holds two.
    await repo.recordAttempt(deps.db, `signup-ip:${meta.ip}`, false, now);
    throw new AppError('CodeEmailAlreadyInUse', { fields: [{ field: 'email', description: 'in use' }] });
  }
  return tokens;
}

export async function signInWithPassword(
  deps: IdentityDeps,
  input: { email: string; password: string },
  meta: RequestMeta,
): Promise<TokenResponse> {
  const email = normaliseEmail(input.email);
  const accountKey = `signin-account:${email}`;
  const ipKey = `signin-ip:${meta.ip}`;
  await assertNotLimited(deps, [
    { key: accountKey, max: MAX_FAILURES_PER_ACCOUNT },
    { key: ipKey, max: MAX_FAILURES_PER_ADDRESS },
  ]);
  const account = await repo.findAccountByEmail(deps.db, email);
  const ok =
    account?.password_hash && !account.disabled_at
      ? await verifyPassword(account.password_hash, input.password)
      : await dummyVerify(input.password);
  const now = deps.clock.now();
  if (!ok || !account) {
    await repo.recordAttempt(deps.db, accountKey, false, now);
    await repo.recordAttempt(deps.db, ipKey, false, now);
    throw new AppError('CodeInvalidCredentials');
  }
  await repo.recordAttempt(deps.db, accountKey, true, now);
  return startSession(deps, account.id, 'password', meta);
}

// At most this many links mailed to one account per window, whoever asks.
const MAX_RESET_MAILS_PER_ACCOUNT = 3;

/**
 * Mails a link to choose a new password, if an account with a password uses the
 * address. The caller learns nothing either way: before answering, only the
 * caller's address is counted, the same work whatever the address asked for;
 * looking the account up and mailing happen after the answer has gone, so
 * neither the answer nor its time tells who has an account (a failed send is
 * logged, not answered). Each request counts against the caller's address, and
 * an account is sent at most three links in fifteen minutes, so nobody can flood
 * a mailbox. A new link ends the earlier ones.
 */
export async function sendPasswordReset(
  deps: Deps & Pick<IdentityDeps, 'afterResponse'>,
  input: { email: string; language: Language },
  meta: RequestMeta,
  origin: string,
): Promise<void> {
  const ipKey = `reset-ip:${meta.ip}`;
  await assertNotLimited(deps, [{ key: ipKey, max: MAX_FAILURES_PER_ADDRESS }]);
  const now = deps.clock.now();
  await repo.recordAttempt(deps.db, ipKey, false, now);
  deps.afterResponse.defer('password-reset-mail', () => mailPasswordReset(deps, input, origin, now));
}

/** The part of {@link sendPasswordReset} that runs after the answer. */
async function mailPasswordReset(
  deps: Deps,
  input: { email: string; language: Language },
  origin: string,
  now: Date,
): Promise<void> {
  const account = await repo.findAccountByEmail(deps.db, normaliseEmail(input.email));
  if (!account?.password_hash || account.disabled_at) return;
  if (
    (await repo.countPasswordResets(deps.db, account.id, new Date(now.getTime() - WINDOW_MS))) >=
    MAX_RESET_MAILS_PER_ACCOUNT
  )
    return;
  const token = randomBytes(32).toString('base64url');
  await withTx(deps.db, async (tx) => {
    await repo.endPasswordResets(tx, account.id, now);
    await repo.insertPasswordReset(tx, {
      tokenHash: hashToken(token),
      accountId: account.id,
      now,
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000),
    });
  });
  const page = input.language === 'ja' ? `/ja${PASSWORD_RESET_PAGE}` : PASSWORD_RESET_PAGE;
  const texts = PASSWORD_RESET_TEXTS[input.language];
  await sendMessage(deps, {
    channel: 'EMAIL',
    recipient: account.email,
    subject: texts.subject,
    body: texts.body(`${origin}${page}?${new URLSearchParams({ token })}`, PASSWORD_RESET_TTL_MINUTES),
  }).catch((err: unknown) => {
    // The outbox row keeps the failure; answering it would tell the caller the account exists.
    deps.log.warn('password reset email not sent', { accountId: account.id, error: String(err) });
  });
}

/**
 * Sets a new password with a reset link's secret. The password is checked
 * first, so a refused one leaves the link usable. The link ends with every
 * other link of the account; every session is signed out (whoever knew the
 * old password is out too), and earlier failed sign-ins no longer hold the
 * account locked.
 */
export async function resetPassword(deps: Deps, input: { token: string; password: string }): Promise<void> {
  checkPasswordPolicy(input.password);
  const passwordHash = await hashPassword(input.password);
  const account = await withTx(deps.db, async (tx) => {
    const now = deps.clock.now();
    const link = await repo.lockPasswordReset(tx, hashToken(input.token));
    if (!link || link.used_at || link.expires_at <= now) return null;
    const found = await repo.findAccountById(tx, link.account_id);
    if (!found || found.disabled_at) return null;
    await repo.setPasswordHash(tx, found.id, passwordHash);
    await repo.endPasswordResets(tx, found.id, now);
    await repo.revokeAllSessions(tx, found.id, 'password-reset', now);
    await repo.recordAttempt(tx, `signin-account:${normaliseEmail(found.email)}`, true, now);
    return found;
  });
  if (!account) throw new AppError('CodePasswordResetLinkInvalid');
  evictAccount(account.id);
}

/**
 * A browser that leaves a page while its refresh is in flight never stores the
 * rotated token and presents the old one again from the next page. Within this
 * window that is a lost response, not a stolen token, and is answered again.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

/**
 * Exchanges a refresh token for new tokens. Each token works once; presenting
 * one that was already used (after the grace window) means it leaked, so the whole session is revoked.
 */
export async function refresh(deps: IdentityDeps, refreshToken: string): Promise<TokenResponse> {
  const outcome = await withTx(deps.db, async (tx) => {
    const now = deps.clock.now();
    const row = await repo.lockRefreshToken(tx, hashToken(refreshToken));
    if (!row || row.revoked_at || row.expires_at < now) return { error: true as const };
    if (row.used_at && now.getTime() - row.used_at.getTime() > REFRESH_REUSE_GRACE_MS) {
      await repo.revokeSession(tx, row.session_id, 'refresh-token-reuse', now);
      return { error: true as const, revokedSession: row.session_id };
    }
    if (!row.used_at) await repo.markRefreshTokenUsed(tx, hashToken(refreshToken), now);
    const account = await repo.findAccountById(tx, row.account_id);
    if (!account || account.disabled_at) return { error: true as const };
    return { tokens: await issueTokens(deps, account, row.session_id, tx) };
  });
  if ('error' in outcome) {
    if (outcome.revokedSession) evictSession(outcome.revokedSession);
    throw new AppError('CodeRefreshTokenInvalid');
  }
  return outcome.tokens;
}

export async function signOut(deps: IdentityDeps, principal: Principal): Promise<void> {
  await repo.revokeSession(deps.db, principal.sessionId, 'sign-out', deps.clock.now());
  evictSession(principal.sessionId);
}

/** Signs out by refresh token alone (a client whose identity token has already expired). */
export async function signOutByRefreshToken(deps: IdentityDeps, refreshToken: string): Promise<void> {
  await withTx(deps.db, async (tx) => {
    const row = await repo.lockRefreshToken(tx, hashToken(refreshToken));
    if (row) await repo.revokeSession(tx, row.session_id, 'sign-out', deps.clock.now());
    return row?.session_id ?? null;
  }).then((sid) => {
    if (sid) evictSession(sid);
  });
}

/** Verifies an identity token: signature, issuer, audience, expiry, and that its session is not revoked. */
export async function verifyIdToken(deps: IdentityDeps, token: string): Promise<Principal> {
  const known = cachedToken(token, deps.clock.now().getTime());
  if (known) return checkSession(deps, known);
  let kid: string | undefined;
  try {
    kid = decodeProtectedHeader(token).kid;
  } catch {
    throw new AppError('CodeUnauthenticated');
  }
  const key = kid ? await deps.keys.verificationKey(kid) : null;
  if (!key) throw new AppError('CodeUnauthenticated');
  let payload;
  try {
    ({ payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: deps.clock.now(),
      algorithms: ['ES256'],
    }));
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw new AppError('CodeTokenExpired');
    throw new AppError('CodeUnauthenticated');
  }
  const principal: Principal = {
    accountId: String(payload.sub),
    sessionId: String(payload['sid'] ?? ''),
    email: String(payload['email'] ?? ''),
    roles: Array.isArray(payload['roles']) ? payload['roles'].map(String) : [],
  };
  rememberToken(token, principal, (payload.exp ?? 0) * 1000);
  return checkSession(deps, principal);
}

async function checkSession(deps: Deps, principal: Principal): Promise<Principal> {
  const { sessionId, accountId } = principal;
  if (!sessionId) throw new AppError('CodeUnauthenticated');
  if (sessionKnownActive(sessionId, accountId)) return principal;
  const session = await repo.findActiveSession(deps.db, sessionId);
  if (!session || session.revoked_at || session.account_id !== accountId) throw new AppError('CodeUnauthenticated');
  rememberActiveSession(sessionId, accountId);
  return principal;
}

export type AccountInfo = {
  accountId: string;
  email: string;
  emailVerified: boolean;
  roles: string[];
  providers: string[];
  creationTime: string;
  lastSignInTime: string;
};

/** Account metadata of the spec (creationTime, lastSignInTime) for the signed-in identity. */
export async function lookup(deps: IdentityDeps, principal: Principal): Promise<AccountInfo> {
  const account = await repo.findAccountById(deps.db, principal.accountId);
  if (!account) throw new AppError('CodeUnauthenticated');
  const providers = await repo.listProviders(deps.db, account.id);
  return {
    accountId: account.id,
    email: account.email,
    emailVerified: account.email_verified,
    roles: account.roles,
    providers: account.password_hash ? ['password', ...providers] : providers,
    creationTime: account.created_at.toISOString(),
    lastSignInTime: account.last_sign_in_at.toISOString(),
  };
}

/**
 * Test and development sign-in (/e2e/login): mints a custom token for an
 * email, creating the account when needed. Never available in production.
 */
export async function createCustomToken(
  deps: IdentityDeps,
  input: { email: string; roles?: string[] },
): Promise<string> {
  if (deps.env.isProduction) throw new AppError('CodeNotFound');
  const email = normaliseEmail(input.email);
  const now = deps.clock.now();
  const account =
    (await repo.findAccountByEmail(deps.db, email)) ??
    (await repo.insertAccount(deps.db, { email, passwordHash: null, emailVerified: true, roles: input.roles, now })) ??
    (await repo.findAccountByEmail(deps.db, email));
  if (!account) throw new AppError('CodeInternal');
  const { kid, key, alg } = await deps.keys.signingKey();
  const nowSec = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg, kid })
    .setIssuer(ISSUER)
    .setAudience(CUSTOM_TOKEN_AUDIENCE)
    .setSubject(account.id)
    .setIssuedAt(nowSec)
    .setExpirationTime(nowSec + 3600)
    .sign(key);
}

export async function signInWithCustomToken(
  deps: IdentityDeps,
  token: string,
  meta: RequestMeta,
): Promise<TokenResponse> {
  if (deps.env.isProduction) throw new AppError('CodeNotFound');
  let accountId: string;
  try {
    const kid = decodeProtectedHeader(token).kid;
    const key = kid ? await deps.keys.verificationKey(kid) : null;
    if (!key) throw new Error('unknown key');
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      audience: CUSTOM_TOKEN_AUDIENCE,
      currentDate: deps.clock.now(),
    });
    accountId = String(payload.sub);
  } catch {
    throw new AppError('CodeUnauthenticated');
  }
  return startSession(deps, accountId, 'custom-token', meta);
}

/** Finds or creates the account for a verified OpenID Connect identity. */
export async function accountForExternalIdentity(
  deps: IdentityDeps,
  ext: { provider: string; subject: string; email: string | null; emailVerified: boolean },
): Promise<string> {
  return withTx(deps.db, async (tx) => {
    const linked = await repo.findLink(tx, ext.provider, ext.subject);
    if (linked) return linked.account_id;
    const now = deps.clock.now();
    let accountId: string | undefined;
    if (ext.email) {
      const existing = await repo.findAccountByEmail(tx, ext.email);
      // Joining an existing account by email is safe only when the provider vouches for the address.
      if (existing && ext.emailVerified) accountId = existing.id;
      else if (existing) throw new AppError('CodeEmailAlreadyInUse');
    }
    if (!accountId) {
      const email = ext.email ? normaliseEmail(ext.email) : `${ext.provider}-${ext.subject}@users.invalid`;
      const created = await repo.insertAccount(tx, {
        email,
        passwordHash: null,
        emailVerified: ext.emailVerified,
        now,
      });
      if (!created) throw new AppError('CodeEmailAlreadyInUse');
      accountId = created.id;
    }
    await repo.insertLink(tx, { provider: ext.provider, subject: ext.subject, accountId, email: ext.email });
    return accountId;
  });
}

/** Seeds accounts with a known password (demo data and tests). */
export async function createAccountWithPassword(
  deps: Deps,
  input: { email: string; password: string; roles?: string[]; emailVerified?: boolean },
): Promise<string> {
  const now = deps.clock.now();
  const passwordHash = await hashPassword(input.password);
  const account = await repo.insertAccount(deps.db, {
    email: normaliseEmail(input.email),
    passwordHash,
    emailVerified: input.emailVerified ?? true,
    roles: input.roles,
    now,
  });
  if (account) return account.id;
  const existing = await repo.findAccountByEmail(deps.db, input.email);
  return existing!.id;
}

/** Account ids are UUIDs; anything else names no account (and is never sent to the uuid column). */
export const isAccountId = (id: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** The account's email address and whether the identity service has seen it verified. */
export async function accountContact(
  deps: Deps,
  accountId: string,
): Promise<{ email: string; emailVerified: boolean } | null> {
  if (!isAccountId(accountId)) return null;
  const account = await repo.findAccountById(deps.db, accountId);
  return account ? { email: account.email, emailVerified: account.email_verified } : null;
}

/** The account that signs in with this email address, if any (addresses compare case-insensitively). */
export async function accountIdOfEmail(deps: Deps, email: string, db: Db = deps.db): Promise<string | null> {
  return (await repo.findAccountByEmail(db, email))?.id ?? null;
}

/** Disables and anonymises an account and revokes every session of it (account deletion). Idempotent. */
export async function disableAccount(deps: Deps, accountId: string): Promise<void> {
  await withTx(deps.db, async (tx) => {
    const now = deps.clock.now();
    await repo.anonymiseAccount(tx, accountId, now);
    await repo.revokeAllSessions(tx, accountId, 'account-deleted', now);
  });
  evictAccount(accountId);
}

export async function markEmailVerified(deps: Deps, accountId: string, email: string): Promise<void> {
  await repo.setAccountEmailVerified(deps.db, accountId, email);
}

/** Forgets sign-in attempts after a day, and password reset links a day after they ended. */
export async function pruneOldAttempts(deps: Deps): Promise<void> {
  const dayAgo = new Date(deps.clock.now().getTime() - 24 * 3_600_000);
  await repo.pruneAttempts(deps.db, dayAgo);
  await repo.prunePasswordResets(deps.db, dayAgo);
}

/**
 * Keeps this node's session cache in step with revocations made on other
 * nodes; after a lost connection the cache is cleared and listening resumes.
 */
export function startRevocationListener(deps: Deps): { stop: () => Promise<void> } {
  let stopped = false;
  let unlisten: (() => Promise<void>) | null = null;
  const start = async (): Promise<void> => {
    if (stopped) return;
    try {
      unlisten = await repo.listenForRevocations(deps.db, applyRevocationNotice, () => {
        clearSessionCache();
        unlisten = null;
        setTimeout(() => void start(), 1_000).unref();
      });
    } catch (err) {
      deps.log.warn('could not listen for session revocations; retrying', { error: String(err) });
      clearSessionCache();
      setTimeout(() => void start(), 5_000).unref();
    }
  };
  void start();
  return {
    stop: async () => {
      stopped = true;
      await unlisten?.();
    },
  };
}
