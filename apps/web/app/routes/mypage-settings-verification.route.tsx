import { getUser } from '@yado/contract/user.contract';
import { type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import { ContactVerification } from '../features/settings/components/contact-verification.component';
import { SettingsPage } from '../features/settings/components/settings-page.component';
import { useSettingsUser } from '../features/settings/hooks/use-settings-user.hook';
import { translatorFor, useTranslation } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import settingsStylesHref from '../styles/settings.css?url';
import type { Route } from './+types/mypage-settings-verification.route';

/** /mypage/settings/verification: the email address and phone number, each verified with a code. */
export async function loader(args: Route.LoaderArgs) {
  const { read } = privateLoader(args);
  return { user: await read(getUser, {}) };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: settingsStylesHref }];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: MetaFunction = ({ location }) =>
  titleMeta(translatorFor(languageFromPath(location.pathname))('settings:verification.title'));

export default function MypageSettingsVerificationRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user, setUser } = useSettingsUser(loaderData.user);
  return (
    <SettingsPage
      id="verification"
      heading={t('settings:verification.heading')}
      lead={t('settings:verification.lead')}
      title={t('settings:verification.title')}
    >
      <ContactVerification user={user} channel="email" onVerified={setUser} />
      <ContactVerification user={user} channel="phone" onVerified={setUser} />
    </SettingsPage>
  );
}
