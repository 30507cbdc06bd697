import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { LANGUAGE_COOKIE, preferredLanguageRedirect } from '../app/lib/language.js';

/** What the cache needs of the API's catalogue change notifications. */
export type CatalogueChanges = {
  readonly listening: boolean;
  subscribe: (s: { changed: (houseGroupId: string) => void; up: () => void; down: () => void }) => () => void;
  barrier: () => Promise<boolean>;
};

type Entry = {
  houseGroupId: string;
  /** The house group's change count and the cache's epoch when the render started. */
  version: number;
  epoch: number;
  expires: number;
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
};

/** /house-groups/{id} and /ja/house-groups/{id}: the public house-group page, the same for every visitor. */
const HOUSE_GROUP_PAGE = /^(?:\/ja)?\/house-groups\/([^/]+)$/;

/**
 * A short full-page cache of public house-group pages for anonymous visitors. The page is the
 * same for everyone without a session: rendering it (four API calls and React on the server) for
 * each of them is what limited the page to some 90 requests a second.
 *
 * - Only GET page loads (Accept: text/html) without a session cookie, and not when the language
 *   cookie would redirect; a signed-in visitor always gets a fresh render.
 * - Keyed by the full URL (its path carries the language, its query the dates and guests) and the
 *   Accept-Encoding header (entries hold the bytes as sent, compressed or not).
 * - Only 200 answers without Set-Cookie are kept, with their own headers (Cache-Control stays
 *   `private, no-cache`: no shared cache may keep the page, the browser asks again each time).
 * - A catalogue change notification for the house group drops its pages; before a hit is served,
 *   a round trip on the listening connection makes sure every change committed earlier has been
 *   seen. Without the listening connection nothing is cached. Entries also expire after `ttlMs`,
 *   since the calendar's "today" moves on.
 */
export function createPageCache(opts: {
  changes: CatalogueChanges;
  sessionCookie: string;
  ttlMs?: number;
  maxBytes?: number;
  now?: () => number;
}): MiddlewareHandler {
  const ttlMs = opts.ttlMs ?? 15_000;
  const maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const keysOfGroup = new Map<string, Set<string>>();
  // Renders started before a change of their house group must not be stored afterwards.
  const groupVersion = new Map<string, number>();
  let epoch = 0;
  let bytes = 0;
  let enabled = opts.changes.listening;
  const rendering = new Map<string, Promise<Entry | null>>();
  const versionOf = (id: string) => groupVersion.get(id) ?? 0;

  const drop = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    entries.delete(key);
    bytes -= e.body.byteLength;
    keysOfGroup.get(e.houseGroupId)?.delete(key);
  };
  const clear = () => {
    entries.clear();
    keysOfGroup.clear();
    groupVersion.clear();
    bytes = 0;
    epoch++;
  };
  opts.changes.subscribe({
    changed: (id) => {
      groupVersion.set(id, (groupVersion.get(id) ?? 0) + 1);
      for (const key of keysOfGroup.get(id) ?? []) drop(key);
      keysOfGroup.delete(id);
    },
    up: () => {
      clear();
      enabled = true;
    },
    down: () => {
      clear();
      enabled = false;
    },
  });

  const store = (key: string, e: Entry) => {
    drop(key);
    entries.set(key, e);
    bytes += e.body.byteLength;
    let keys = keysOfGroup.get(e.houseGroupId);
    if (!keys) keysOfGroup.set(e.houseGroupId, (keys = new Set()));
    keys.add(key);
    // Oldest first: a Map iterates in insertion order.
    for (const [k] of entries) {
      if (bytes <= maxBytes) break;
      drop(k);
    }
  };

  const replay = (e: Entry) => new Response(e.body, { status: e.status, headers: e.headers });

  return async (c, next) => {
    const url = new URL(c.req.url);
    const match = HOUSE_GROUP_PAGE.exec(url.pathname);
    if (
      !enabled ||
      !match ||
      c.req.method !== 'GET' ||
      !(c.req.header('accept') ?? '').includes('text/html') ||
      getCookie(c, opts.sessionCookie) !== undefined ||
      preferredLanguageRedirect(url.pathname, url.search, getCookie(c, LANGUAGE_COOKIE))
    ) {
      return next();
    }
    const houseGroupId = decodeURIComponent(match[1]!);
    const key = `${c.req.header('accept-encoding') ?? ''}\n${c.req.url}`;

    const hit = entries.get(key);
    if (hit && hit.expires > now()) {
      if ((await opts.changes.barrier()) && entries.get(key) === hit) return replay(hit);
    }

    // One render per page at a time: visitors arriving meanwhile share it.
    const pending = rendering.get(key);
    if (pending) {
      const e = await pending;
      // Shared only if no change of the house group committed before this visitor came has been seen since.
      if (e && (await opts.changes.barrier()) && e.epoch === epoch && e.version === versionOf(houseGroupId)) {
        return replay(e);
      }
      return next();
    }
    let settle: (e: Entry | null) => void = () => undefined;
    rendering.set(key, new Promise<Entry | null>((resolve) => (settle = resolve)));
    const startEpoch = epoch;
    const startVersion = versionOf(houseGroupId);
    let entry: Entry | null = null;
    try {
      await next();
      const res = c.res;
      if (res.status === 200 && !res.headers.has('set-cookie')) {
        const body = await res.arrayBuffer();
        entry = {
          houseGroupId,
          version: startVersion,
          epoch: startEpoch,
          expires: now() + ttlMs,
          status: res.status,
          headers: [...res.headers],
          body,
        };
        c.res = replay(entry);
        if (enabled && epoch === startEpoch && versionOf(houseGroupId) === startVersion) store(key, entry);
      }
    } finally {
      rendering.delete(key);
      settle(entry);
    }
  };
}
