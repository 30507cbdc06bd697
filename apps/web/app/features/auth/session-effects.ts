import { getUser, type User } from '@yado/contract/user.contract';
import { logEvent, setAnalyticsUserId } from '../../lib/analytics';
import { callMethod } from '../../lib/api-client';
import { clearLocalSession, currentSession, refreshTokens, storedRefreshToken } from '../../lib/identity-client';
import { reportError } from '../../lib/report-error';
import { requestHeaders } from '../../lib/request-headers';
import { clearSession, setSignedIn } from '../../lib/session-store';
import type { SessionEffects } from './session-flows';

/** A token change and the sign-in that caused it both want the user: one request serves both. */
const SHARED_LOOKUP_MS = 2_000;
let lastLookup: { token: string | null; at: number; user: Promise<User> } | null = null;

function fetchUserOnce(): Promise<User> {
  const token = currentSession()?.idToken ?? null;
  if (lastLookup && lastLookup.token === token && Date.now() - lastLookup.at < SHARED_LOOKUP_MS) {
    return lastLookup.user;
  }
  const user = callMethod(getUser, {});
  lastLookup = { token, at: Date.now(), user };
  return user;
}

/** The session flows' effects in the browser. */
export const browserSessionEffects: SessionEffects = {
  fetchUser: fetchUserOnce,
  refreshTokens,
  hasStoredSignIn: () => storedRefreshToken() !== null,
  setSignedIn,
  clearSessionState: clearSession,
  async forgetSignIn() {
    clearLocalSession();
    // The HttpOnly cookie can only be removed by the server.
    const response = await fetch('/api/sessionLogout', {
      method: 'POST',
      headers: requestHeaders(),
      credentials: 'include',
    });
    await response.arrayBuffer();
  },
  logEvent: (name) => logEvent(name),
  setAnalyticsUserId,
  reportError,
};
