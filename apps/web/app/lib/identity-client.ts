import type { TokenResponse } from '@yado/contract/identity.contract';
import { apiErrorFromResponse, isApiError } from './api-error';
import { requestHeaders } from './request-headers';

/**
 * The browser side of our identity service. The identity token lives only in
 * memory (a script injected later cannot find it in storage); the refresh
 * token is kept in localStorage so a reload or a new tab stays signed in.
 * Every new identity token is also posted to /api/session, which puts it in
 * the HttpOnly `token` cookie that server-rendered pages read.
 */
export type IdentitySession = {
  idToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  accountId: string;
  email: string;
  creationTime: string;
  lastSignInTime: string;
  /** Anonymous identities count as signed out (spec, section 6); our identity service issues none yet. */
  isAnonymous?: boolean;
};

/** Called with every new identity token, and with null when the sign-in ends in this browser. */
export type TokenChangeListener = (session: IdentitySession | null) => void;

const REFRESH_TOKEN_KEY = 'yado.refreshToken';

/**
 * The identity contract (routes and schemas) loads with the first call: every
 * page imports this client to follow the session, and most first paints never
 * call the identity service, so they need not carry the schema library.
 */
const contract = () => import('@yado/contract/identity.contract');
/** Refresh this long before the identity token expires, so a call never carries a stale one. */
const REFRESH_MARGIN_MS = 60_000;

let current: IdentitySession | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | null = null;
let inFlightRefresh: Promise<IdentitySession> | null = null;
const listeners = new Set<TokenChangeListener>();

/** Subscribes to token changes (sign-in, refresh, sign-out); returns the unsubscribe function. */
export function onIdTokenChanged(listener: TokenChangeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(session: IdentitySession | null): void {
  for (const listener of listeners) {
    try {
      listener(session);
    } catch (error) {
      // One broken listener must not keep the others (or the sign-in itself) from going on.
      console.error('A token change listener failed', error);
    }
  }
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be blocked (private modes, strict settings); the session then lasts until reload.
    return null;
  }
}

export function storedRefreshToken(): string | null {
  return storage()?.getItem(REFRESH_TOKEN_KEY) ?? null;
}

async function postIdentity(path: string, body: unknown, token?: string): Promise<unknown> {
  const response = await fetch(path, {
    method: 'POST',
    headers: requestHeaders(token),
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  if (!response.ok) throw await apiErrorFromResponse(response);
  return response.json();
}

/** Tells the server-rendered pages who is signed in (sets the HttpOnly `token` cookie). */
async function postSessionCookie(idToken: string): Promise<void> {
  const response = await fetch('/api/session', {
    method: 'POST',
    headers: requestHeaders(),
    body: JSON.stringify({ id: idToken }),
    credentials: 'include',
  });
  if (!response.ok) throw await apiErrorFromResponse(response);
  // Read the (empty) body: an unread one keeps the request open in the browser until it is collected.
  await response.arrayBuffer();
}

function scheduleRefresh(session: IdentitySession): void {
  if (refreshTimer) clearTimeout(refreshTimer);
  if (typeof window === 'undefined') return;
  const wait = Math.max(session.expiresAt - Date.now() - REFRESH_MARGIN_MS, 5_000);
  // The timer keeps the cookie fresh too, so a page opened later in the same tab still knows the user.
  refreshTimer = setTimeout(() => void refresh(), wait);
}

async function accept(tokens: TokenResponse): Promise<IdentitySession> {
  current = {
    idToken: tokens.idToken,
    expiresAt: Date.now() + tokens.expiresIn * 1000,
    accountId: tokens.accountId,
    email: tokens.email,
    creationTime: tokens.creationTime,
    lastSignInTime: tokens.lastSignInTime,
  };
  storage()?.setItem(REFRESH_TOKEN_KEY, tokens.refreshToken);
  scheduleRefresh(current);
  // Awaited: the next page is rendered by the server, which knows the user only from this cookie.
  await postSessionCookie(tokens.idToken);
  notify(current);
  return current;
}

export async function signUp(email: string, password: string): Promise<IdentitySession> {
  const { IDENTITY_ROUTES, TokenResponseSchema } = await contract();
  return accept(TokenResponseSchema.parse(await postIdentity(IDENTITY_ROUTES.signUp, { email, password })));
}

export async function signInWithPassword(email: string, password: string): Promise<IdentitySession> {
  const { IDENTITY_ROUTES, TokenResponseSchema } = await contract();
  return accept(TokenResponseSchema.parse(await postIdentity(IDENTITY_ROUTES.signInWithPassword, { email, password })));
}

/** Asks for a link to choose a new password; the answer is the same whether or not the address has an account. */
export async function sendPasswordReset(email: string, language: 'en' | 'ja'): Promise<void> {
  const { IDENTITY_ROUTES } = await contract();
  await postIdentity(IDENTITY_ROUTES.sendPasswordReset, { email, language });
}

/** Sets a new password with a reset link's secret; every session of the account ends, this one too. */
export async function resetPassword(token: string, password: string): Promise<void> {
  const { IDENTITY_ROUTES } = await contract();
  await postIdentity(IDENTITY_ROUTES.resetPassword, { token, password });
}

export async function signInWithCustomToken(token: string): Promise<IdentitySession> {
  const { IDENTITY_ROUTES, TokenResponseSchema } = await contract();
  return accept(TokenResponseSchema.parse(await postIdentity(IDENTITY_ROUTES.signInWithCustomToken, { token })));
}

/**
 * Takes the tokens an OpenID Connect sign-in returned in the URL fragment. The
 * fragment has no account metadata, so it is looked up with the new token.
 */
export async function signInWithRedirectTokens(tokens: {
  idToken: string;
  refreshToken: string;
  expiresIn: number;
}): Promise<IdentitySession> {
  const { IDENTITY_ROUTES, AccountInfoSchema } = await contract();
  const info = AccountInfoSchema.parse(await postIdentity(IDENTITY_ROUTES.lookup, {}, tokens.idToken));
  return accept({
    ...tokens,
    accountId: info.accountId,
    email: info.email,
    creationTime: info.creationTime,
    lastSignInTime: info.lastSignInTime,
  });
}

/**
 * Exchanges the stored refresh token for a new identity token (and re-posts
 * the session cookie), throwing when there is nothing to refresh or it
 * failed. A refused refresh token means the sign-in is over, so the local
 * session is cleared. Concurrent callers share one request, because the
 * server rotates refresh tokens and reuse of an old one revokes them all.
 */
export function refreshTokens(): Promise<IdentitySession> {
  inFlightRefresh ??= (async () => {
    const refreshToken = storedRefreshToken();
    if (!refreshToken) throw new Error('No sign-in to refresh');
    try {
      const { IDENTITY_ROUTES, TokenResponseSchema } = await contract();
      return await accept(TokenResponseSchema.parse(await postIdentity(IDENTITY_ROUTES.refresh, { refreshToken })));
    } catch (error) {
      if (isApiError(error) && (error.status === 400 || error.status === 401)) clearLocalSession();
      throw error;
    }
  })().finally(() => {
    inFlightRefresh = null;
  });
  return inFlightRefresh;
}

/** {@link refreshTokens} for callers that only need to know whether it worked (false on any failure). */
export async function refresh(): Promise<boolean> {
  if (!storedRefreshToken()) return false;
  try {
    await refreshTokens();
    return true;
  } catch (error) {
    console.warn('Token refresh failed; the user must log in again.', error);
    return false;
  }
}

/**
 * A valid identity token, refreshed when it is about to expire or missing
 * (after a reload). Null when the visitor is not signed in. A failed fetch is
 * retried once, forced (spec, section 8), then answered with null.
 */
export async function getIdToken(options: { forceRefresh?: boolean } = {}): Promise<string | null> {
  const fresh = current && current.expiresAt - Date.now() > REFRESH_MARGIN_MS;
  if (fresh && !options.forceRefresh) return current?.idToken ?? null;
  if (!storedRefreshToken()) return null;
  try {
    return (await refreshTokens()).idToken;
  } catch (error) {
    console.warn('Fetching the identity token failed; trying once more', error);
  }
  if (!storedRefreshToken()) return null;
  try {
    return (await refreshTokens()).idToken;
  } catch (error) {
    console.warn('Fetching the identity token failed again', error);
    return null;
  }
}

export function currentSession(): IdentitySession | null {
  return current;
}

/** Forgets the sign-in in this browser: memory, stored refresh token and the refresh timer. */
export function clearLocalSession(): void {
  current = null;
  if (refreshTimer) clearTimeout(refreshTimer);
  refreshTimer = null;
  storage()?.removeItem(REFRESH_TOKEN_KEY);
  notify(null);
}

/** Revokes the sign-in at the identity service (errors only logged) and forgets it locally. */
export async function signOut(): Promise<void> {
  const refreshToken = storedRefreshToken() ?? undefined;
  const idToken = current?.idToken;
  try {
    const { IDENTITY_ROUTES } = await contract();
    await postIdentity(IDENTITY_ROUTES.signOut, refreshToken ? { refreshToken } : {}, idToken);
  } catch (error) {
    console.warn('Identity sign-out failed', error);
  } finally {
    clearLocalSession();
  }
}
