import { listNotificationSettings } from '@yado/contract/user.contract';
import { type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import { NotificationSettingsForm } from '../features/settings/components/notification-settings.component';
import { SettingsPage } from '../features/settings/components/settings-page.component';
import { translatorFor, useTranslation } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import settingsStylesHref from '../styles/settings.css?url';
import type { Route } from './+types/mypage-settings-notifications.route';

/** /mypage/settings/notifications: the notification channels and their items. */
export async function loader(args: Route.LoaderArgs) {
  const { read } = privateLoader(args);
  return { settings: await read(listNotificationSettings, {}) };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: settingsStylesHref }];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: MetaFunction = ({ location }) =>
  titleMeta(translatorFor(languageFromPath(location.pathname))('settings:notifications.title'));

export default function MypageSettingsNotificationsRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { settings } = loaderData;
  return (
    <SettingsPage
      id="notifications"
      heading={t('settings:notifications.heading')}
      lead={t('settings:notifications.lead')}
      title={t('settings:notifications.title')}
    >
      <NotificationSettingsForm initial={settings} />
    </SettingsPage>
  );
}
