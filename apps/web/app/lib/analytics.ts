import { ANALYTICS_ROUTE, MAX_ANALYTICS_BODY_BYTES, type AnalyticsEventName } from '@yado/contract/analytics.constants';
import type { AnalyticsEvent } from '@yado/contract/analytics.contract';
import { languageFromPath } from './language';
import { reportError } from './report-error';
import { routePolicyFor } from './route-policy';

/** Events wait this long so a page view and the event that follows it travel in one beacon. */
export const ANALYTICS_FLUSH_DELAY_MS = 1_000;
const EVENTS_PER_BEACON = 20;

/**
 * Spec, sections 2 and 7: events go out only when the host is not localhost
 * (a developer's own browsing is not product use) and never from pages whose
 * route policy leaves analytics out (the vehicle controller).
 */
export function isAnalyticsAllowed(hostname: string, pathname: string): boolean {
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return false;
  return routePolicyFor(pathname).analytics;
}

export type AnalyticsEnvironment = {
  hostname: () => string;
  /** `navigator.sendBeacon` with a string body (sent as text/plain): false when the browser would not queue it. */
  sendBeacon: (url: string, body: string) => boolean;
  now: () => Date;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  /** Analytics errors go to error reporting (spec, section 8). */
  report: (error: unknown) => void;
};

export type Analytics = {
  logEvent: (name: AnalyticsEventName, pathname: string) => void;
  setUserId: (userId: string | null) => void;
  flush: () => void;
};

/** Bodies of at most 20 events and the server's size limit, so no beacon is refused for its size. */
function beaconBodies(events: AnalyticsEvent[]): string[] {
  const bodies: string[] = [];
  for (let i = 0; i < events.length; i += EVENTS_PER_BEACON) {
    let chunk = events.slice(i, i + EVENTS_PER_BEACON);
    let body = JSON.stringify({ events: chunk });
    while (new TextEncoder().encode(body).byteLength > MAX_ANALYTICS_BODY_BYTES && chunk.length > 1) {
      bodies.push(...beaconBodies(chunk.slice(0, Math.ceil(chunk.length / 2))));
      chunk = chunk.slice(Math.ceil(chunk.length / 2));
      body = JSON.stringify({ events: chunk });
    }
    bodies.push(body);
  }
  return bodies;
}

/**
 * Queues events and sends them in batches with sendBeacon, which the browser
 * delivers even while the page unloads. The user id goes along as the
 * browser knows it; the server records the one its session check finds.
 */
export function createAnalytics(env: AnalyticsEnvironment): Analytics {
  let userId: string | null = null;
  let queue: AnalyticsEvent[] = [];
  let timer: unknown = null;

  function flush(): void {
    if (timer !== null) env.clearTimer(timer);
    timer = null;
    if (queue.length === 0) return;
    const events = queue;
    queue = [];
    try {
      for (const body of beaconBodies(events)) {
        // A string goes as text/plain, a simple request (no preflight); the server reads the JSON all the same.
        if (!env.sendBeacon(ANALYTICS_ROUTE, body)) {
          throw new Error('The browser refused to queue an analytics beacon');
        }
      }
    } catch (error) {
      env.report(error);
    }
  }

  return {
    logEvent(name, pathname) {
      if (!isAnalyticsAllowed(env.hostname(), pathname)) return;
      queue.push({
        name,
        userId,
        path: pathname.slice(0, 512) || '/',
        language: languageFromPath(pathname),
        occurredAt: env.now().toISOString(),
      });
      if (queue.length >= EVENTS_PER_BEACON) flush();
      else timer ??= env.setTimer(flush, ANALYTICS_FLUSH_DELAY_MS);
    },
    setUserId(id) {
      userId = id;
    },
    flush,
  };
}

let browserAnalytics: Analytics | null = null;

function analytics(): Analytics | null {
  if (typeof window === 'undefined') return null;
  if (!browserAnalytics) {
    const created = createAnalytics({
      hostname: () => window.location.hostname,
      sendBeacon: (url, body) => typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body),
      now: () => new Date(),
      setTimer: (fn, ms) => window.setTimeout(fn, ms),
      clearTimer: (handle) => window.clearTimeout(handle as number),
      report: reportError,
    });
    // The last events of a page leave with it: flush when it is hidden or unloaded.
    window.addEventListener('pagehide', () => created.flush());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') created.flush();
    });
    browserAnalytics = created;
  }
  return browserAnalytics;
}

/** Logs an event for the page the visitor is on (or `pathname`, when given). */
export function logEvent(name: AnalyticsEventName, pathname?: string): void {
  const instance = analytics();
  instance?.logEvent(name, pathname ?? window.location.pathname);
}

/** The signed-in user's id, sent with the following events; null after sign-out. */
export function setAnalyticsUserId(userId: string | null): void {
  analytics()?.setUserId(userId);
}

export function flushAnalytics(): void {
  analytics()?.flush();
}
