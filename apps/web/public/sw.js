/**
 * yado's service worker, served from the site root so its scope is the whole
 * site. It shows pushed notifications, and keeps the app usable on a weak
 * connection: fingerprinted bundles from the cache, pages from the network
 * with the last copy as a fallback, and an offline page when there is none.
 *
 * Page copies can hold a signed-in user's data, so they live in their own
 * caches (`yado-pages-*`), which the sign-out flow deletes (message
 * `{type: 'CLEAR_CACHE'}`, or directly through CacheStorage).
 */

// Bump when the caching rules change: activate then deletes every older cache.
const VERSION = 'v1';
const SHELL_CACHE = `yado-shell-${VERSION}`;
const ASSET_CACHE = `yado-assets-${VERSION}`;
const PAGE_CACHE_PREFIX = 'yado-pages-';
const PAGE_CACHE = `${PAGE_CACHE_PREFIX}${VERSION}`;
// The stay passes the app keeps for offline use and the stay-pass page's copy (features/stay-pass):
// not tied to a version, so an update of this worker never deletes a guest's pass mid-stay. Its name
// has the page prefix, so sign-out deletes it with the other private copies.
const STAY_PASS_CACHE = `${PAGE_CACHE_PREFIX}stay-passes`;
const STAY_PASS_PAGE = /^(\/ja)?\/mypage\/stay-pass$/;
const CURRENT_CACHES = [SHELL_CACHE, ASSET_CACHE, PAGE_CACHE, STAY_PASS_CACHE];

// Old builds' bundles are never requested again; a bound keeps the cache from growing with every release.
const MAX_ASSET_ENTRIES = 300;
const MAX_PAGE_ENTRIES = 50;

const OFFLINE_PAGE = { en: '/offline.html', ja: '/offline-ja.html' };
const SHELL_FILES = [
  OFFLINE_PAGE.en,
  OFFLINE_PAGE.ja,
  '/manifest.webmanifest',
  '/manifest-ja.webmanifest',
  '/icons/icon.svg',
  '/icons/icon-192.png',
  '/icons/badge-96.png',
];

// Calls, sessions, sign-in and error reports must always reach the server, and are never stored.
const NEVER_CACHED = [/^\/app\/v1(\/|$)/, /^\/api\//, /^\/identity\//, /^\/monitoring(\/|$)/, /^\/\.well-known\//];
// Outside the product's pages: development and test helpers, health checks, the card processor's
// own pages (another company's in production) and its notifications, and the NAC exchange's account page.
const NOT_HANDLED = [
  /^\/dev\//,
  /^\/e2e\//,
  /^\/healthz$/,
  /^\/readyz$/,
  /^\/sw\.js$/,
  /^\/payment-provider(\/|$)/,
  /^\/nac-exchange(\/|$)/,
  /^\/webhooks\//,
];

const NOTIFICATION_ICON = '/icons/icon-192.png';
const NOTIFICATION_BADGE = '/icons/badge-96.png';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      await cache.addAll(SHELL_FILES);
      // Bundles are fingerprinted and pages come from the network first, so a new worker can take over at once.
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((n) => n.startsWith('yado-') && !CURRENT_CACHES.includes(n)).map((n) => caches.delete(n)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || typeof data !== 'object') return;
  if (data.type === 'CLEAR_CACHE') {
    event.waitUntil(
      (async () => {
        const names = await caches.keys();
        await Promise.all(names.filter((n) => n.startsWith(PAGE_CACHE_PREFIX)).map((n) => caches.delete(n)));
        // The sender may wait for this answer before it navigates away.
        event.ports[0]?.postMessage({ type: 'CACHE_CLEARED' });
      })(),
    );
  } else if (data.type === 'CACHE_STAY_PASS_PAGE' && typeof data.url === 'string') {
    event.waitUntil(
      (async () => {
        await cacheStayPassPage(data.url);
        event.ports[0]?.postMessage({ type: 'STAY_PASS_PAGE_CACHED' });
      })(),
    );
  } else if (data.type === 'CACHE_URLS' && Array.isArray(data.urls)) {
    // The first visit loads its bundles before this worker controls the page; the page sends their addresses.
    event.waitUntil(cacheAssets(data.urls));
  }
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const path = url.pathname;
  if (NEVER_CACHED.some((r) => r.test(path)) || NOT_HANDLED.some((r) => r.test(path))) return;

  if (path.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else if (request.mode === 'navigate' && STAY_PASS_PAGE.test(path)) {
    event.respondWith(networkFirst(request, event, { offlinePage: offlinePageFor(path), cacheName: STAY_PASS_CACHE }));
  } else if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, event, { offlinePage: offlinePageFor(path) }));
  } else if (path.endsWith('.data')) {
    // React Router's page data for client-side navigation: the same privacy as the page itself.
    event.respondWith(networkFirst(request, event, { offlinePage: null }));
  } else if (SHELL_FILES.includes(path)) {
    event.respondWith(networkFirst(request, event, { offlinePage: null, cacheName: SHELL_CACHE }));
  }
});

function offlinePageFor(path) {
  return path === '/ja' || path.startsWith('/ja/') ? OFFLINE_PAGE.ja : OFFLINE_PAGE.en;
}

/** Whether a response may be stored: a complete same-origin answer the server did not mark no-store. */
function isStorable(response) {
  if (!response || !response.ok || response.type !== 'basic' || response.redirected) return false;
  return !/no-store/i.test(response.headers.get('cache-control') ?? '');
}

async function cacheFirst(request) {
  const cached = await caches.match(request, { cacheName: ASSET_CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (isStorable(response)) {
    const cache = await caches.open(ASSET_CACHE);
    await cache.put(request, response.clone());
    await trim(ASSET_CACHE, MAX_ASSET_ENTRIES);
  }
  return response;
}

async function networkFirst(request, event, { offlinePage, cacheName = PAGE_CACHE }) {
  try {
    const response = await fetch(request);
    if (isStorable(response)) {
      const copy = response.clone();
      event.waitUntil(
        (async () => {
          const cache = await caches.open(cacheName);
          await cache.put(request, copy);
          if (cacheName === PAGE_CACHE) await trim(PAGE_CACHE, MAX_PAGE_ENTRIES);
        })(),
      );
    }
    return response;
  } catch (error) {
    // The stay-pass page's copy was stored from a plain fetch: its request headers need not match a navigation's.
    const cached = await caches.match(request, { cacheName, ignoreVary: cacheName === STAY_PASS_CACHE });
    if (cached) return cached;
    if (offlinePage) {
      const offline = await caches.match(offlinePage, { cacheName: SHELL_CACHE });
      if (offline) return offline;
    }
    throw error;
  }
}

async function cacheAssets(urls) {
  const cache = await caches.open(ASSET_CACHE);
  for (const raw of urls) {
    let url;
    try {
      url = new URL(raw, self.location.origin);
    } catch {
      continue;
    }
    if (url.origin !== self.location.origin || !url.pathname.startsWith('/assets/')) continue;
    if (await cache.match(url.href)) continue;
    try {
      const response = await fetch(url.href);
      if (isStorable(response)) await cache.put(url.href, response);
    } catch {
      // Offline again: the bundle is cached the next time the page loads it.
    }
  }
  await trim(ASSET_CACHE, MAX_ASSET_ENTRIES);
}

/**
 * Stores the stay-pass page (the app asks while the guest has a pass) and every bundle it names, so it
 * opens and runs without a network although the guest never visited it. It renders the passes from
 * the device's own copy, so the page itself holds none of them.
 */
async function cacheStayPassPage(raw) {
  let url;
  try {
    url = new URL(raw, self.location.origin);
  } catch {
    return;
  }
  if (url.origin !== self.location.origin || !STAY_PASS_PAGE.test(url.pathname)) return;
  try {
    const response = await fetch(url.href, { credentials: 'same-origin', cache: 'no-store' });
    if (!isStorable(response)) return;
    const html = await response.clone().text();
    const cache = await caches.open(STAY_PASS_CACHE);
    await cache.put(url.href, response);
    // Module scripts, preloads and stylesheets: wherever the page names them (some only in an inline script).
    await cacheAssets([...new Set(html.match(/\/assets\/[A-Za-z0-9._/-]+\.(?:js|css)/g) ?? [])]);
  } catch {
    // Offline or refused: the copy from the last time stays.
  }
}

/** Deletes the oldest entries (Cache keys come back in insertion order) beyond the bound. */
async function trim(cacheName, max) {
  const cache = await caches.open(cacheName);
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(key);
}

/** A path on this site to open on click; anything else opens the home page, never another site. */
function sitePath(raw) {
  try {
    const url = new URL(typeof raw === 'string' && raw ? raw : '/', self.location.origin);
    return url.origin === self.location.origin ? url.pathname + url.search + url.hash : '/';
  } catch {
    return '/';
  }
}

self.addEventListener('push', (event) => {
  let data = {};
  if (event.data) {
    try {
      data = event.data.json();
    } catch {
      data = { body: event.data.text() };
    }
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'yado';
  const body = typeof data.body === 'string' ? data.body : '';
  const url = sitePath(data.url);
  event.waitUntil(
    self.registration.showNotification(title, {
      body,
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_BADGE,
      lang: url === '/ja' || url.startsWith('/ja/') ? 'ja' : 'en',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(sitePath(event.notification.data?.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => w.url === target);
      if (open) return open.focus();
      return self.clients.openWindow(target);
    })(),
  );
});
