import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { storedRefreshToken } from '../../../lib/identity-client';
import { registerServiceWorker } from '../../../lib/service-worker';

/**
 * Registers the service worker (offline copies, and the receiver of pushed
 * notifications) after the page has loaded, and runs the push registration
 * for a signed-in user on every page change until it has run for them — a
 * sign-in always ends in a navigation. The flow's code is loaded only for
 * visitors who may be signed in, so it never weighs on public pages.
 */
export function usePushRegistration(): void {
  const { pathname } = useLocation();

  useEffect(() => {
    void registerServiceWorker();
  }, []);

  useEffect(() => {
    if (!storedRefreshToken()) return;
    import('../browser-push.adapter')
      .then((push) => push.runPushRegistration())
      .catch((error: unknown) => console.warn('Push registration could not load', error));
  }, [pathname]);
}
