import { listNotifications } from '@yado/contract/notification.contract';
import { type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import {
  NOTIFICATION_PAGE_SIZE,
  NotificationsPage,
} from '../features/notification/components/notifications-page.component';
import { translatorFor } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import notificationStylesHref from '../styles/notification.css?url';
import type { Route } from './+types/mypage-notifications.route';

/** /mypage/notifications: the signed-in user's notifications, newest first, with their read state. */
export async function loader(args: Route.LoaderArgs) {
  const { read } = privateLoader(args);
  return read(listNotifications, { pageRequest: { pageSize: NOTIFICATION_PAGE_SIZE, pageToken: '' } });
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: notificationStylesHref }];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: MetaFunction = ({ location }) =>
  titleMeta(translatorFor(languageFromPath(location.pathname))('notification:title'));

export default function MypageNotificationsRoute({ loaderData }: Route.ComponentProps) {
  // Keyed by the first notification, so a revalidation with news starts the list afresh.
  return <NotificationsPage key={loaderData.notifications[0]?.id ?? 'none'} data={loaderData} />;
}
