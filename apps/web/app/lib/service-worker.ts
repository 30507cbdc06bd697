/**
 * The browser side of the service worker at /sw.js (apps/web/public/sw.js):
 * registration, and the two messages the page sends it.
 */
export const SERVICE_WORKER_URL = '/sw.js';

/** Caches whose names start with this hold copies of pages, which can show a signed-in user's data. */
export const PAGE_CACHE_PREFIX = 'yado-pages-';

export function serviceWorkerSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

/**
 * Registers the service worker once the page has loaded, so its install
 * (which downloads the offline pages and icons) never competes with the
 * page's own first requests. Resolves with the registration once it is active,
 * or null where service workers are unavailable or registration failed.
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!serviceWorkerSupported()) return Promise.resolve(null);
  registration ??= afterLoad().then(async () => {
    try {
      await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
      const ready = await navigator.serviceWorker.ready;
      ready.active?.postMessage({ type: 'CACHE_URLS', urls: loadedAssetUrls() });
      return ready;
    } catch (error) {
      console.warn('The service worker could not be registered', error);
      return null;
    }
  });
  return registration;
}

let registration: Promise<ServiceWorkerRegistration | null> | null = null;

function afterLoad(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/**
 * The fingerprinted bundles this page loaded before the worker controlled it,
 * so the worker can keep them for offline use without waiting for a reload.
 */
function loadedAssetUrls(): string[] {
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(`${location.origin}/assets/`));
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"], link[rel="stylesheet"]')) {
    if (link.href.startsWith(`${location.origin}/assets/`)) urls.push(link.href);
  }
  return [...new Set(urls)];
}

/**
 * Deletes the stored copies of pages (sign-out: the next person on this
 * device must not see them). The page deletes them itself and also tells the
 * worker, which answers once it is done; never rejects.
 */
export async function clearPageDataCaches(): Promise<void> {
  try {
    if (typeof caches !== 'undefined') {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith(PAGE_CACHE_PREFIX)).map((n) => caches.delete(n)));
    }
    const controller = serviceWorkerSupported() ? navigator.serviceWorker.controller : null;
    if (controller) {
      const channel = new MessageChannel();
      const answered = new Promise<void>((resolve) => {
        channel.port1.onmessage = () => resolve();
        // A busy or stopped worker must not hold up sign-out.
        setTimeout(resolve, 2_000);
      });
      controller.postMessage({ type: 'CLEAR_CACHE' }, [channel.port2]);
      await answered;
    }
  } catch (error) {
    console.warn('Cached pages could not be deleted', error);
  }
}
