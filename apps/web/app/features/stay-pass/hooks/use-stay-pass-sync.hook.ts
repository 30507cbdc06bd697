import { useEffect } from 'react';
import { getSession, subscribeSession } from '../../../lib/session-store';
import { useLanguage } from '../../../lib/use-language.hook';
import { readStoredPasses } from '../stay-pass-store';
import { syncStayPasses } from '../stay-pass-sync';

/**
 * Keeps the device's stay passes current while the app is open: on each page load once the session
 * is known to be signed in, and when the connection comes back. Ended passes are dropped on start,
 * even offline. Mounted once, in the root.
 */
export function useStayPassSync(): void {
  const language = useLanguage();
  useEffect(() => {
    const run = () => {
      if (getSession().status === 'signed-in' && navigator.onLine) void syncStayPasses(language);
    };
    void readStoredPasses().catch(() => undefined);
    run();
    const unsubscribe = subscribeSession(run);
    window.addEventListener('online', run);
    return () => {
      unsubscribe();
      window.removeEventListener('online', run);
    };
  }, [language]);
}
