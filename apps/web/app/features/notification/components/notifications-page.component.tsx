import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationView,
} from '@yado/contract/notification.contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format-date-time';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { announceUnreadCount } from '../../../lib/unread-notifications';

export type NotificationsPageData = {
  notifications: NotificationView[];
  unreadCount: number;
  nextPageToken: string;
};

export const NOTIFICATION_PAGE_SIZE = 20;

/**
 * The signed-in user's notifications, newest first: unread ones marked, each opening the page it
 * tells of (and read by that), one marked read on its own or all at once, older ones a page at a time.
 * Titles and texts come from the API in the page's language and are shown as text, never as markup.
 */
export function NotificationsPage({ data }: { data: NotificationsPageData }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [items, setItems] = useState(data.notifications);
  const [unread, setUnread] = useState(data.unreadCount);
  const [nextPageToken, setNextPageToken] = useState(data.nextPageToken);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const failed = (e: unknown, fallback: string) => setError(isApiError(e) ? e.displayMessage : t(fallback));

  const applyRead = (updated: NotificationView, unreadCount: number) => {
    setItems((current) => current.map((n) => (n.id === updated.id ? updated : n)));
    setUnread(unreadCount);
    announceUnreadCount(unreadCount);
  };

  const markRead = async (n: NotificationView) => {
    setBusy(n.id);
    setError(null);
    try {
      const r = await callMethod(markNotificationRead, { notificationId: n.id });
      applyRead(r.notification, r.unreadCount);
    } catch (e) {
      failed(e, 'notification:errors.markFailed');
    } finally {
      setBusy(null);
    }
  };

  const markAll = async () => {
    setBusy('all');
    setError(null);
    try {
      const r = await callMethod(markAllNotificationsRead, {});
      setItems((current) => current.map((n) => (n.read ? n : { ...n, read: true })));
      setUnread(r.unreadCount);
      announceUnreadCount(r.unreadCount);
    } catch (e) {
      failed(e, 'notification:errors.markFailed');
    } finally {
      setBusy(null);
    }
  };

  const loadMore = async () => {
    setBusy('more');
    setError(null);
    try {
      const page = await callMethod(listNotifications, {
        pageRequest: { pageSize: NOTIFICATION_PAGE_SIZE, pageToken: nextPageToken },
      });
      setItems((current) => [...current, ...page.notifications]);
      setNextPageToken(page.nextPageToken);
      setUnread(page.unreadCount);
    } catch (e) {
      failed(e, 'notification:errors.loadFailed');
    } finally {
      setBusy(null);
    }
  };

  // Opening a notification reads it; the read is sent without holding up the navigation.
  const opened = (n: NotificationView) => {
    if (!n.read) void markRead(n);
  };

  return (
    <section className="page notifications-page" aria-labelledby="notifications-heading">
      <nav className="breadcrumbs" aria-label={t('notification:breadcrumbs')}>
        <Link to={localizePath('/mypage', language)}>{t('notification:mypage')}</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{t('notification:heading')}</span>
      </nav>
      <header className="page__header notifications-page__header">
        <div>
          <h1 id="notifications-heading">{t('notification:heading')}</h1>
          <p className="lead" data-testid="notifications-unread">
            {unread > 0 ? t('notification:unread', { count: unread }) : t('notification:allRead')}
          </p>
        </div>
        <div className="notifications-page__tools">
          <Button
            variant="secondary"
            busy={busy === 'all'}
            disabled={unread === 0 || busy !== null}
            onClick={() => void markAll()}
            data-testid="notifications-mark-all"
          >
            {t('notification:markAll')}
          </Button>
          <Link className="notifications-page__settings" to={localizePath('/mypage/settings/notifications', language)}>
            {t('notification:settings')}
          </Link>
        </div>
      </header>

      {error ? <FormAlert>{error}</FormAlert> : null}

      {items.length === 0 ? (
        <p className="card notifications-page__empty">{t('notification:empty')}</p>
      ) : (
        <ul className="notification-list" data-testid="notification-list">
          {items.map((n) => (
            <li
              key={n.id}
              className={n.read ? 'notification-item' : 'notification-item notification-item--unread'}
              data-testid="notification-item"
              data-read={n.read ? 'true' : 'false'}
            >
              <span className="notification-item__dot" aria-hidden="true" />
              <div className="notification-item__main">
                <h2 className="notification-item__title">
                  {n.read ? null : <span className="visually-hidden">{t('notification:unreadMark')} </span>}
                  {n.link ? (
                    <Link to={localizePath(n.link, language)} onClick={() => opened(n)}>
                      {n.title}
                    </Link>
                  ) : (
                    n.title
                  )}
                </h2>
                <p className="notification-item__body">{n.body}</p>
                <p className="notification-item__when muted">{formatDateTime(n.createdAt, language)}</p>
              </div>
              {n.read ? null : (
                <Button
                  variant="secondary"
                  className="notification-item__mark"
                  busy={busy === n.id}
                  disabled={busy !== null && busy !== n.id}
                  onClick={() => void markRead(n)}
                  aria-label={t('notification:markReadOf', { title: n.title })}
                >
                  {t('notification:markRead')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {nextPageToken ? (
        <div className="page__actions">
          <Button variant="secondary" busy={busy === 'more'} onClick={() => void loadMore()}>
            {t('notification:more')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
