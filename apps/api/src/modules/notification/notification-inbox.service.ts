import { dateTimeFromDate } from '@yado/contract/date-time';
import type { Language } from '@yado/contract/headers';
import type { NotificationView } from '@yado/contract/notification.contract';
import { AppError } from '../../platform/app-error.js';
import type { Deps } from '../../platform/deps.js';
import { requireUser } from '../user/user.service.js';
import * as repo from './notification-event.repo.js';
import { renderNotification } from './notification.messages.js';

/** Who reads: the account and the language and address of the request (remembered for mail and push). */
export type Reader = { accountId: string; language: Language; origin: string };

function toView(n: repo.StoredNotification, language: Language): NotificationView {
  const text = renderNotification(n.kind, n.params, language);
  return {
    id: n.id,
    kind: n.kind,
    title: text.title,
    body: text.body,
    link: n.link,
    createdAt: dateTimeFromDate(n.createdAt),
    read: n.readAt !== null,
    readAt: n.readAt ? dateTimeFromDate(n.readAt) : null,
  };
}

function pageAfter(pageToken: string): string | null {
  if (pageToken === '') return null;
  // The token is the last id of the previous page; anything else is refused as the field's error.
  if (!/^[1-9][0-9]{0,17}$/.test(pageToken)) {
    throw new AppError('CodeInvalidArgument', { fields: [{ field: 'pageToken', description: 'not a page token' }] });
  }
  return pageToken;
}

async function reader(deps: Deps, r: Reader) {
  const user = await requireUser(deps, r.accountId);
  // Reading the list is where the product learns which language to write this user's mails in.
  await repo.rememberRecipient(deps.db, user.id, { language: r.language, linkOrigin: r.origin, now: deps.clock.now() });
  return user;
}

export async function listNotifications(
  deps: Deps,
  r: Reader,
  page: { pageSize: number; pageToken: string },
): Promise<{ notifications: NotificationView[]; unreadCount: number; nextPageToken: string }> {
  const beforeId = pageAfter(page.pageToken);
  const user = await reader(deps, r);
  const [rows, unreadCount] = await Promise.all([
    repo.listNotifications(deps.db, user.id, { beforeId, limit: page.pageSize + 1 }),
    repo.countUnread(deps.db, user.id),
  ]);
  const shown = rows.slice(0, page.pageSize);
  return {
    notifications: shown.map((n) => toView(n, r.language)),
    unreadCount,
    nextPageToken: rows.length > page.pageSize ? shown[shown.length - 1]!.id : '',
  };
}

export async function unreadCount(deps: Deps, r: Reader): Promise<{ unreadCount: number }> {
  const user = await reader(deps, r);
  return { unreadCount: await repo.countUnread(deps.db, user.id) };
}

export async function markNotificationRead(
  deps: Deps,
  r: Reader,
  notificationId: string,
): Promise<{ notification: NotificationView; unreadCount: number }> {
  const user = await requireUser(deps, r.accountId);
  const marked = await repo.markRead(deps.db, user.id, notificationId, deps.clock.now());
  // Another user's notification is answered exactly as one that does not exist.
  if (!marked) throw new AppError('CodeNotificationNotFound');
  return { notification: toView(marked, r.language), unreadCount: await repo.countUnread(deps.db, user.id) };
}

export async function markAllNotificationsRead(
  deps: Deps,
  r: Reader,
): Promise<{ markedCount: number; unreadCount: number }> {
  const user = await requireUser(deps, r.accountId);
  const markedCount = await repo.markAllRead(deps.db, user.id, deps.clock.now());
  // Counted again: a notification stored since the update is unread, and the badge must say so.
  return { markedCount, unreadCount: await repo.countUnread(deps.db, user.id) };
}
