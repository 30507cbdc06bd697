import type { AnalyticsBatch, UserAgentClass } from '@yado/contract/analytics.contract';
import type { Deps } from '../../platform/deps.js';
import * as repo from './analytics.repo.js';

/**
 * A coarse device class from the user agent: enough to compare phones and
 * desktops, without keeping a string that helps fingerprint a visitor.
 */
export function classifyUserAgent(userAgent: string | undefined | null): UserAgentClass {
  const ua = userAgent ?? '';
  if (!ua) return 'other';
  if (/bot|crawler|spider|crawling|headlesschrome|lighthouse/i.test(ua)) return 'bot';
  if (/ipad|tablet|playbook|silk|(android(?!.*mobile))/i.test(ua)) return 'tablet';
  if (/mobi|iphone|ipod|android|windows phone/i.test(ua)) return 'mobile';
  if (/windows|macintosh|x11|linux|cros/i.test(ua)) return 'desktop';
  return 'other';
}

/**
 * Stores a batch of events. The user id is the account of the verified
 * session, or null: what the browser claims is not taken, so no one can
 * write events in another user's name.
 */
export async function recordBatch(
  deps: Deps,
  batch: AnalyticsBatch,
  from: { accountId: string | null; userAgent: string | undefined },
): Promise<void> {
  const receivedAt = deps.clock.now();
  const userAgentClass = classifyUserAgent(from.userAgent);
  await repo.insertEvents(
    deps.db,
    batch.events.map((e) => ({
      name: e.name,
      userId: from.accountId,
      path: e.path,
      language: e.language,
      occurredAt: new Date(e.occurredAt),
      receivedAt,
      userAgentClass,
    })),
  );
}

/** Every stored event, oldest first (tests and operations). */
export function listEvents(deps: Deps): Promise<repo.AnalyticsRow[]> {
  return repo.listEvents(deps.db);
}
