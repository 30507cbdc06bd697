import { getUser, isUserDeleteRequested } from '@yado/contract/user.contract';
import { type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import { SettingsMenu } from '../features/settings/components/settings-menu.component';
import { SettingsPage } from '../features/settings/components/settings-page.component';
import { translatorFor, useTranslation } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import settingsStylesHref from '../styles/settings.css?url';
import type { Route } from './+types/mypage-settings.route';

/** /mypage/settings: the menu of the account settings pages. */
export async function loader(args: Route.LoaderArgs) {
  const { read } = privateLoader(args);
  const [user, deletion] = await Promise.all([read(getUser, {}), read(isUserDeleteRequested, {})]);
  return {
    needsVerification: !user.emailAddressVerified || (user.phoneNumber !== null && !user.phoneNumberVerified),
    deletionRequested: deletion.requested,
  };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: settingsStylesHref }];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: MetaFunction = ({ location }) =>
  titleMeta(translatorFor(languageFromPath(location.pathname))('settings:title'));

export default function MypageSettingsRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const d = loaderData;
  return (
    <SettingsPage id="settings" heading={t('settings:heading')} lead={t('settings:lead')}>
      <SettingsMenu needsVerification={d.needsVerification} deletionRequested={d.deletionRequested} />
    </SettingsPage>
  );
}
