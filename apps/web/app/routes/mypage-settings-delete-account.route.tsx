import { isUserDeleteRequested } from '@yado/contract/user.contract';
import { type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import { DeleteAccount } from '../features/settings/components/delete-account.component';
import { SettingsPage } from '../features/settings/components/settings-page.component';
import { translatorFor, useTranslation } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import settingsStylesHref from '../styles/settings.css?url';
import type { Route } from './+types/mypage-settings-delete-account.route';

/** /mypage/settings/delete-account: asking for the account to be deleted, or the date it will be. */
export async function loader(args: Route.LoaderArgs) {
  const { read } = privateLoader(args);
  return { deletion: await read(isUserDeleteRequested, {}) };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: settingsStylesHref }];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: MetaFunction = ({ location }) =>
  titleMeta(translatorFor(languageFromPath(location.pathname))('settings:delete.title'));

export default function MypageSettingsDeleteAccountRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { deletion } = loaderData;
  return (
    <SettingsPage
      id="delete-account"
      heading={t('settings:delete.heading')}
      lead={t('settings:delete.lead')}
      title={t('settings:delete.title')}
    >
      <DeleteAccount initial={deletion} />
    </SettingsPage>
  );
}
