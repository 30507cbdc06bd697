import { useEffect } from 'react';
import { usePageViewTracking } from '../../../lib/analytics-page-view.hook';
import { onIdTokenChanged, type IdentitySession } from '../../../lib/identity-client';

/**
 * Keeps the browser's session state in step with the identity client (token
 * change flow), restores it on page load from the stored sign-in (token
 * refresh flow), and logs a page view on every route change. Renders nothing.
 * The flows and their API client load after the first paint: the page does
 * not need them to show.
 */
export function SessionRuntime() {
  usePageViewTracking();

  useEffect(() => {
    const flows = Promise.all([import('../session-flows'), import('../session-effects')]);
    const unsubscribe = onIdTokenChanged((identity: IdentitySession | null) => {
      void flows.then(([{ applyTokenChange }, { browserSessionEffects }]) =>
        applyTokenChange(identity, browserSessionEffects),
      );
    });
    void flows.then(async ([{ refreshSession }, { browserSessionEffects }]) => {
      if (!(await refreshSession(browserSessionEffects))) browserSessionEffects.clearSessionState();
    });
    return unsubscribe;
  }, []);

  return null;
}
