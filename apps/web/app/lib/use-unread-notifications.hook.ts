import { getUnreadNotificationCount } from '@yado/contract/notification.contract';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { callMethod } from './api-client';
import { useSignedIn } from './use-signed-in.hook';
import { onUnreadCount } from './unread-notifications';

/** Often enough for a notice to show while the user stays on one page; the count is one indexed query. */
const POLL_MS = 60_000;

/**
 * The signed-in user's unread notifications for the header's badge: read after the page is in the
 * browser (never in the server render, so a cached page shows no stale count), again on every
 * navigation and every minute while the tab is visible, and at once when the notifications page
 * changes it. Null while unknown or signed out.
 */
export function useUnreadNotifications(): number | null {
  const signedIn = useSignedIn();
  const location = useLocation();
  const [count, setCount] = useState<number | null>(null);

  useEffect(() => {
    if (!signedIn) return;
    let stopped = false;
    const controller = new AbortController();
    const load = () => {
      if (document.visibilityState === 'hidden') return;
      callMethod(getUnreadNotificationCount, {}, { signal: controller.signal })
        .then((r) => {
          if (!stopped) setCount(r.unreadCount);
        })
        // A failed read keeps the last count; the next poll tries again.
        .catch(() => undefined);
    };
    load();
    const timer = window.setInterval(load, POLL_MS);
    document.addEventListener('visibilitychange', load);
    const unsubscribe = onUnreadCount((n) => setCount(n));
    return () => {
      stopped = true;
      controller.abort();
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', load);
      unsubscribe();
    };
  }, [signedIn, location.pathname]);

  // Signed out, the last account's count is never shown.
  return signedIn ? count : null;
}
