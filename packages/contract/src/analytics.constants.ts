/**
 * The analytics endpoint's figures, apart from its schemas so the browser can
 * queue events without loading the schema library on the first paint.
 */
export const ANALYTICS_ROUTE = '/api/analytics';

/** A beacon body larger than this is refused (browsers cap all beacons of a page at 64 KiB). */
export const MAX_ANALYTICS_BODY_BYTES = 16 * 1024;
export const MAX_ANALYTICS_EVENTS_PER_BATCH = 50;

export const ANALYTICS_EVENT_NAMES = ['login', 'sign_up', 'page_view'] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];
