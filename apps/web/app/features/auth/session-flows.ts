import type { Language } from '@yado/contract/headers';
import type { User } from '@yado/contract/user.contract';
import { isApiError, isReason } from '../../lib/api-error';
import type { IdentitySession } from '../../lib/identity-client';
import { localizePath } from '../../lib/language';
import { redirectTarget } from '../../lib/redirect-url';
import { decideAfterSignIn, type PostSignInDecision } from './post-sign-in-decision';

/*
 * The session flows of spec section 4, written against the small set of
 * effects they need, so each can be tested with fakes. The browser wiring is
 * in session-effects.ts.
 */

export type SessionEffects = {
  /** get_user with the current token; throws the API error. */
  fetchUser: () => Promise<User>;
  /** A new identity token (and its account) from the stored refresh token; throws when that fails. */
  refreshTokens: () => Promise<IdentitySession>;
  /** Whether this browser holds a sign-in to refresh. */
  hasStoredSignIn: () => boolean;
  setSignedIn: (accountId: string, user: User | null) => void;
  clearSessionState: () => void;
  /** Forgets the sign-in everywhere it is kept: memory, the stored refresh token and the cookie. */
  forgetSignIn: () => Promise<void>;
  logEvent: (name: 'login' | 'sign_up') => void;
  setAnalyticsUserId: (userId: string | null) => void;
  reportError: (error: unknown) => void;
};

export type UserLookupResult =
  { kind: 'found'; user: User } | { kind: 'not-found' } | { kind: 'failed'; error: unknown };

/** get_user, with "no user yet" (404 CodeUserNotFound) told apart from failures. */
export async function lookUpUser(effects: Pick<SessionEffects, 'fetchUser'>): Promise<UserLookupResult> {
  try {
    return { kind: 'found', user: await effects.fetchUser() };
  } catch (error) {
    if (isReason(error, 'CodeUserNotFound') && error.status === 404) return { kind: 'not-found' };
    return { kind: 'failed', error };
  }
}

/**
 * Sign-in: the identity service signs in (its token is then posted to
 * /api/session), the user is fetched, and a returning account with a user
 * goes to redirectUrl or /mypage with a `login` event; anything else goes to
 * /register carrying redirectUrl. A failed sign-in is logged and rethrown, so
 * the form can show why (spec, section 8).
 */
export async function signIn(
  identitySignIn: () => Promise<IdentitySession>,
  redirectUrl: string | null,
  language: Language,
  effects: SessionEffects,
): Promise<PostSignInDecision> {
  let session: IdentitySession;
  try {
    session = await identitySignIn();
  } catch (error) {
    console.error('Sign-in failed', error);
    throw error;
  }
  return continueAfterSignIn(session, redirectUrl, language, effects);
}

/** The part of sign-in after the identity service answered: fetch the user and decide. */
export async function continueAfterSignIn(
  session: IdentitySession,
  redirectUrl: string | null,
  language: Language,
  effects: SessionEffects,
): Promise<PostSignInDecision> {
  const lookup = await lookUpUser(effects);
  if (lookup.kind === 'failed') {
    console.error('Fetching the user after sign-in failed', lookup.error);
    effects.reportError(lookup.error);
  }
  const decision = decideAfterSignIn({
    account: session,
    user: lookup.kind,
    redirectUrl,
    language,
  });
  if (lookup.kind !== 'failed') effects.setSignedIn(session.accountId, lookup.kind === 'found' ? lookup.user : null);
  if (decision.kind === 'signed-in') {
    effects.setAnalyticsUserId(session.accountId);
    effects.logEvent('login');
  }
  return decision;
}

/**
 * The return from a Google or Apple sign-in (spec, sections 4 and 8): 404
 * with reason CodeUserNotFound goes to /register; any other error goes to
 * /404 and is reported. Never throws: the visitor always lands somewhere.
 */
export async function redirectSignIn(
  identitySignIn: () => Promise<IdentitySession>,
  redirectUrl: string | null,
  language: Language,
  effects: SessionEffects,
): Promise<PostSignInDecision> {
  try {
    return await signIn(identitySignIn, redirectUrl, language, effects);
  } catch (error) {
    if (isApiError(error) && error.status === 404 && error.reason === 'CodeUserNotFound') {
      return decideAfterSignIn({
        account: { creationTime: '', lastSignInTime: '' },
        user: 'not-found',
        redirectUrl,
        language,
      });
    }
    effects.reportError(error);
    return { kind: 'failed', to: localizePath('/404', language) };
  }
}

/**
 * Token change: a missing or anonymous identity clears the session; any
 * other stores the user and the owner flag (the identity client has already
 * put the token in the `token` cookie before it announced the change).
 */
export async function applyTokenChange(identity: IdentitySession | null, effects: SessionEffects): Promise<void> {
  if (!identity || identity.isAnonymous) {
    effects.clearSessionState();
    effects.setAnalyticsUserId(null);
    return;
  }
  effects.setAnalyticsUserId(identity.accountId);
  const lookup = await lookUpUser(effects);
  if (lookup.kind === 'failed') {
    // The token is good; a user that could not be fetched now is fetched again by the screens that need it.
    console.warn('Fetching the user after a token change failed', lookup.error);
  }
  effects.setSignedIn(identity.accountId, lookup.kind === 'found' ? lookup.user : null);
}

/**
 * Sign-up completion: the user created during registration is fetched and
 * stored with the token, a `sign_up` event is logged, and the caller shows the
 * completion dialog, whose closing goes to the returned redirectUrl or /mypage.
 */
export async function completeSignUp(
  redirectUrl: string | null,
  language: Language,
  effects: SessionEffects,
  accountId: string | null,
): Promise<string> {
  const target = redirectTarget(redirectUrl, localizePath('/mypage', language));
  const lookup = await lookUpUser(effects);
  if (accountId) {
    effects.setSignedIn(accountId, lookup.kind === 'found' ? lookup.user : null);
    effects.setAnalyticsUserId(accountId);
  }
  if (lookup.kind === 'failed') effects.reportError(lookup.error);
  effects.logEvent('sign_up');
  return target;
}

/**
 * A request that never got an answer: the browser was offline, or it aborted
 * the request because the page was being left (a reload, a link to a full
 * page). fetch() then rejects with a TypeError (an AbortError for a body read
 * cut short); any answer the server did give arrives as an ApiError instead.
 */
export function isUnanswered(error: unknown): boolean {
  return !isApiError(error) && error instanceof Error && (error.name === 'TypeError' || error.name === 'AbortError');
}

/**
 * Token refresh: a fresh token and the user. False when there is no sign-in
 * to refresh; on an error the session is cleared, since the sign-in can no
 * longer be trusted, with the warning that the user must log in again.
 *
 * A request that got no answer is no verdict on the sign-in, so it is kept
 * (false, nothing cleared): leaving a page while its restore is in flight
 * aborts these requests, and treating that as a refusal signed the visitor
 * out everywhere (the refresh token was dropped and /api/sessionLogout
 * revoked the session) on the way to the next page. The next page, or the
 * next API call, restores the session from the kept sign-in.
 */
export async function refreshSession(effects: SessionEffects): Promise<boolean> {
  if (!effects.hasStoredSignIn()) return false;
  try {
    const session = await effects.refreshTokens();
    const lookup = await lookUpUser(effects);
    if (lookup.kind === 'failed') throw lookup.error;
    effects.setSignedIn(session.accountId, lookup.kind === 'found' ? lookup.user : null);
    return true;
  } catch (error) {
    if (isUnanswered(error)) {
      console.warn('Restoring the session got no answer; keeping the sign-in for the next try.', error);
      return false;
    }
    console.warn('Token refresh failed; the user must log in again.', error);
    await effects.forgetSignIn().catch((e: unknown) => console.warn('Clearing the session failed', e));
    effects.clearSessionState();
    effects.setAnalyticsUserId(null);
    return false;
  }
}
