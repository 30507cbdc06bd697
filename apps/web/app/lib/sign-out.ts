import { setAnalyticsUserId } from './analytics';
import { signOut as signOutOfIdentity } from './identity-client';
import { requestHeaders } from './request-headers';
import { clearSession } from './session-store';

/**
 * Caches of the service worker that hold only the app's own files (the shell,
 * fingerprinted assets, icons, the offline page). They carry nothing of the
 * user, so sign-out keeps them and the next visitor still loads fast; every
 * other cache may hold a signed-in user's pages or data and is deleted.
 */
const STATIC_CACHE = /(static|shell|assets|precache|offline|icons|fonts)/i;

export function isPageDataCache(name: string): boolean {
  return !STATIC_CACHE.test(name);
}

export type CacheClearingEnvironment = {
  caches: Pick<CacheStorage, 'keys' | 'delete'> | undefined;
  controller: Pick<ServiceWorker, 'postMessage'> | null | undefined;
  /** Deletes every entry of the in-memory data cache (SWR). */
  clearMemory: () => Promise<unknown>;
};

/**
 * Deletes the cached page data: in memory (every SWR key, without fetching
 * again), in Cache Storage, and tells the service worker to drop what it
 * keeps elsewhere. Each part is attempted even if another fails.
 */
export async function clearCachedPageData(env: CacheClearingEnvironment): Promise<void> {
  await env.clearMemory().catch((error: unknown) => console.warn('Clearing the data cache failed', error));
  try {
    const names = (await env.caches?.keys()) ?? [];
    await Promise.all(names.filter(isPageDataCache).map((name) => env.caches?.delete(name)));
  } catch (error) {
    console.warn('Clearing Cache Storage failed', error);
  }
  try {
    env.controller?.postMessage({ type: 'CLEAR_CACHE' });
  } catch (error) {
    console.warn('Asking the service worker to clear its cache failed', error);
  }
}

function browserCacheEnvironment(): CacheClearingEnvironment {
  return {
    caches: typeof caches === 'undefined' ? undefined : caches,
    controller: typeof navigator !== 'undefined' ? navigator.serviceWorker?.controller : null,
    // Loaded here rather than with the page: only pages that read data need SWR.
    clearMemory: async () => {
      const { mutate } = await import('swr');
      await mutate(() => true, undefined, { revalidate: false });
    },
  };
}

/**
 * Sign-out as the specification describes it (section 4): the session
 * endpoint revokes and clears the cookie (its errors are only logged, so a
 * broken network never keeps someone signed in locally), then the identity
 * service signs out, the session state is cleared and the cached page data
 * deleted. The caller then goes to /login.
 */
export async function signOutEverywhere(
  env: CacheClearingEnvironment = browserCacheEnvironment(),
  doFetch: typeof fetch = (input, init) => fetch(input, init),
): Promise<void> {
  try {
    const response = await doFetch('/api/sessionLogout', {
      method: 'POST',
      headers: requestHeaders(),
      credentials: 'include',
    });
    if (!response.ok) console.warn('Session sign-out answered', response.status);
    // An unread body keeps the request open in the browser until it is collected.
    await response.arrayBuffer();
  } catch (error) {
    console.warn('Session sign-out failed', error);
  }
  await signOutOfIdentity();
  clearSession();
  setAnalyticsUserId(null);
  await clearCachedPageData(env);
}
