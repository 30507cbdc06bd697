import { isUserDeleteRequested } from '@yado/contract/user.contract';
import {
  useLoaderData,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { DeleteAccount } from '../features/settings/components/delete-account.component';
import { SettingsPage } from '../features/settings/components/settings-page.component';
import { translatorFor, useTranslation } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import type { AppLoadContext } from '../lib/load-context';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import settingsStylesHref from '../styles/settings.css?url';

/** /mypage/settings/delete-account: asking for the account to be deleted, or the date it will be. */
export async function loader(args: LoaderFunctionArgs<AppLoadContext>) {
  const { read } = privateLoader(args);
  return { deletion: await read(isUserDeleteRequested, {}) };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: settingsStylesHref }];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: MetaFunction = ({ location }) =>
  titleMeta(translatorFor(languageFromPath(location.pathname))('settings:delete.title'));

export default function MypageSettingsDeleteAccountRoute() {
  const { t } = useTranslation();
  const { deletion } = useLoaderData<typeof loader>();
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
