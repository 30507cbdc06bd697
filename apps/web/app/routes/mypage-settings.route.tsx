import { getUser, isUserDeleteRequested } from '@yado/contract/user.contract';
import {
  useLoaderData,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { SettingsMenu } from '../features/settings/components/settings-menu.component';
import { SettingsPage } from '../features/settings/components/settings-page.component';
import { translatorFor, useTranslation } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import type { AppLoadContext } from '../lib/load-context';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import settingsStylesHref from '../styles/settings.css?url';

/** /mypage/settings: the menu of the account settings pages. */
export async function loader(args: LoaderFunctionArgs<AppLoadContext>) {
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

export default function MypageSettingsRoute() {
  const { t } = useTranslation();
  const d = useLoaderData<typeof loader>();
  return (
    <SettingsPage id="settings" heading={t('settings:heading')} lead={t('settings:lead')}>
      <SettingsMenu needsVerification={d.needsVerification} deletionRequested={d.deletionRequested} />
    </SettingsPage>
  );
}
