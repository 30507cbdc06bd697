import { z } from 'zod';
import { ANALYTICS_EVENT_NAMES, MAX_ANALYTICS_EVENTS_PER_BATCH } from './analytics.constants';
import { LANGUAGES } from './headers';

/**
 * Product analytics (spec, section 7): the web app batches events and sends
 * them with `navigator.sendBeacon` to ANALYTICS_ROUTE (same origin). The server
 * answers 204 and stores them; the user id it records comes from the session
 * (cookie or bearer token), never from the body.
 */
export const AnalyticsEventSchema = z.strictObject({
  name: z.enum(ANALYTICS_EVENT_NAMES),
  /** The signed-in user the browser believes it is (the server only trusts its own session check). */
  userId: z.string().max(64).nullable().optional(),
  /** The page the event happened on: a same-site path, without query or fragment. */
  path: z.string().startsWith('/').max(512),
  language: z.enum(LANGUAGES),
  occurredAt: z.iso.datetime({ offset: true }),
});
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;

export const AnalyticsBatchSchema = z.strictObject({
  events: z.array(AnalyticsEventSchema).min(1).max(MAX_ANALYTICS_EVENTS_PER_BATCH),
});
export type AnalyticsBatch = z.infer<typeof AnalyticsBatchSchema>;

/** The coarse device class stored instead of the user-agent string. */
export const USER_AGENT_CLASSES = ['mobile', 'tablet', 'desktop', 'bot', 'other'] as const;
export type UserAgentClass = (typeof USER_AGENT_CLASSES)[number];
