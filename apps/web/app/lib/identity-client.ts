import {
  AccountInfoSchema,
  IDENTITY_ROUTES,
  TokenResponseSchema,
  type TokenResponse,
} from '@yado/contract/identity.contract';
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
};

const REFRESH_TOKEN_KEY = 'yado.refreshToken';
/** Refresh this long before the identity token expires, so a call never carries a stale one. */
const REFRESH_MARGIN_MS = 60_000;

let current: IdentitySession | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | null = null;
let inFlightRefresh: Promise<boolean> | null = null;

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
  await postSessionCookie(tokens.idToken);
  return current;
}

export async function signUp(email: string, password: string): Promise<IdentitySession> {
  return accept(TokenResponseSchema.parse(await postIdentity(IDENTITY_ROUTES.signUp, { email, password })));
}

export async function signInWithPassword(email: string, password: string): Promise<IdentitySession> {
  return accept(TokenResponseSchema.parse(await postIdentity(IDENTITY_ROUTES.signInWithPassword, { email, password })));
}

export async function signInWithCustomToken(token: string): Promise<IdentitySession> {
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
 * the session cookie). Returns false when there is nothing to refresh or it
 * failed; a refused refresh token means the sign-in is over, so the local
 * session is cleared. Concurrent callers share one request, because the
 * server rotates refresh tokens and reuse of an old one revokes them all.
 */
export function refresh(): Promise<boolean> {
  inFlightRefresh ??= (async () => {
    const refreshToken = storedRefreshToken();
    if (!refreshToken) return false;
    try {
      await accept(TokenResponseSchema.parse(await postIdentity(IDENTITY_ROUTES.refresh, { refreshToken })));
      return true;
    } catch (error) {
      console.warn('Token refresh failed; the user must log in again.', error);
      if (!isApiError(error) || error.status === 401) clearLocalSession();
      return false;
    } finally {
      inFlightRefresh = null;
    }
  })();
  return inFlightRefresh;
}

/**
 * A valid identity token, refreshed when it is about to expire or missing
 * (after a reload). Null when the visitor is not signed in.
 */
export async function getIdToken(options: { forceRefresh?: boolean } = {}): Promise<string | null> {
  const fresh = current && current.expiresAt - Date.now() > REFRESH_MARGIN_MS;
  if (fresh && !options.forceRefresh) return current?.idToken ?? null;
  if (!storedRefreshToken()) return null;
  if (await refresh()) return current?.idToken ?? null;
  return null;
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
}

/** Revokes the sign-in at the identity service (errors only logged) and forgets it locally. */
export async function signOut(): Promise<void> {
  const refreshToken = storedRefreshToken() ?? undefined;
  const idToken = current?.idToken;
  try {
    await postIdentity(IDENTITY_ROUTES.signOut, refreshToken ? { refreshToken } : {}, idToken);
  } catch (error) {
    console.warn('Identity sign-out failed', error);
  } finally {
    clearLocalSession();
  }
}
