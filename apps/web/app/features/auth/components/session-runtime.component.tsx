import { useEffect } from 'react';
import { usePageViewTracking } from '../../../lib/analytics-page-view.hook';
import { onIdTokenChanged, storedRefreshToken, type IdentitySession } from '../../../lib/identity-client';
import { clearSession, getSession, subscribeSession, type SessionState } from '../../../lib/session-store';

const loadFlows = () => Promise.all([import('../session-flows'), import('../session-effects')]);

/** What `<html data-session>` says about the browser's session. */
type DocumentSessionState = 'restoring' | 'ready' | 'signed-out';

function documentSessionState(session: SessionState): DocumentSessionState {
  if (session.status === 'signed-in') return 'ready';
  return session.status === 'signed-out' ? 'signed-out' : 'restoring';
}

/**
 * Mirrors the session state on `<html data-session>`: `restoring` until the
 * page load's restore has settled, then `ready` (signed in, token cookie and
 * user fresh) or `signed-out`. Styles and browser tests can wait for it
 * instead of guessing when the background calls of the restore are over.
 * Set in the browser only, so the server's HTML and hydration are untouched.
 */
function useDocumentSessionState(): void {
  useEffect(() => {
    const root = document.documentElement;
    const write = () => {
      root.dataset['session'] = documentSessionState(getSession());
    };
    write();
    const unsubscribe = subscribeSession(write);
    return () => {
      unsubscribe();
    };
  }, []);
}

/**
 * Keeps the browser's session state in step with the identity client (token
 * change flow), restores it on page load from the stored sign-in (token
 * refresh flow), and logs a page view on every route change. Renders nothing.
 * The flows and their API client load after the first paint: the page does
 * not need them to show.
 */
export function SessionRuntime() {
  usePageViewTracking();
  useDocumentSessionState();

  useEffect(() => {
    let flows: ReturnType<typeof loadFlows> | null = null;
    const flowsLoaded = () => (flows ??= loadFlows());
    const unsubscribe = onIdTokenChanged((identity: IdentitySession | null) => {
      void flowsLoaded().then(([{ applyTokenChange }, { browserSessionEffects }]) =>
        applyTokenChange(identity, browserSessionEffects),
      );
    });
    if (storedRefreshToken() === null) {
      // Nothing to restore: the visitor is signed out, and the flows (with the API client and its
      // schemas) load only when a sign-in starts, not on every anonymous page view.
      clearSession();
      return unsubscribe;
    }
    void flowsLoaded().then(async ([{ refreshSession }, { browserSessionEffects }]) => {
      if (await refreshSession(browserSessionEffects)) return;
      // Signed out only when no sign-in is left to restore: a restore that got no answer keeps it,
      // and the state stays unknown until the next token (an API call refreshes it) is announced.
      if (!browserSessionEffects.hasStoredSignIn()) browserSessionEffects.clearSessionState();
    });
    return unsubscribe;
  }, []);

  return null;
}
