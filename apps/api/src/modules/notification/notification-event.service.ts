import type { NotificationKind } from '@yado/contract/notification.contract';
import type { Db } from '../../platform/db/pool.js';
import * as repo from './notification-event.repo.js';

export type NotificationEvent = {
  userId: string;
  kind: NotificationKind;
  /** Values the text is built from in the reader's language (names, amounts, ISO dates). */
  params?: Record<string, string | number>;
  /** A path inside the product ('/mypage/bookings/…'); never an outside address. */
  link?: string | null;
  /** Names the event once ('key-ready:<bookingId>'): the same key for the same user is stored once. */
  dedupeKey: string;
};

/**
 * Tells a user of something: one in-app notification, and a mail and a push job that the delivery
 * task sends according to the user's settings. Call it with the transaction of the change it tells
 * of (`db` may be a transaction's client), so that nothing is announced that did not happen.
 * Returns the notification's id, or null when the event was already stored.
 */
export async function enqueueNotification(db: Db, now: Date, event: NotificationEvent): Promise<number | null> {
  const link = event.link ?? null;
  if (link !== null && (!link.startsWith('/') || link.startsWith('//'))) {
    throw new Error(`a notification link must be a path inside the product: ${link}`);
  }
  return repo.insertNotification(db, {
    userId: event.userId,
    kind: event.kind,
    params: event.params ?? {},
    link,
    dedupeKey: event.dedupeKey,
    createdAt: now,
  });
}
