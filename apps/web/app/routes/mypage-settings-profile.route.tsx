import { getUser } from '@yado/contract/user.contract';
import { type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import { ProfileForm } from '../features/settings/components/profile-form.component';
import { ProfilePhoto } from '../features/settings/components/profile-photo.component';
import { SettingsPage } from '../features/settings/components/settings-page.component';
import { useSettingsUser } from '../features/settings/hooks/use-settings-user.hook';
import { translatorFor, useTranslation } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import settingsStylesHref from '../styles/settings.css?url';
import type { Route } from './+types/mypage-settings-profile.route';

/** /mypage/settings/profile: the profile photo and every field of the user. */
export async function loader(args: Route.LoaderArgs) {
  const { read } = privateLoader(args);
  return { user: await read(getUser, {}) };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: settingsStylesHref }];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: MetaFunction = ({ location }) =>
  titleMeta(translatorFor(languageFromPath(location.pathname))('settings:profile.title'));

export default function MypageSettingsProfileRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user, setUser } = useSettingsUser(loaderData.user);
  const initials = `${user.romanizedFirstName.charAt(0)}${user.romanizedLastName.charAt(0)}`.toUpperCase();
  return (
    <SettingsPage
      id="profile"
      heading={t('settings:profile.heading')}
      lead={t('settings:profile.lead')}
      title={t('settings:profile.title')}
    >
      <ProfilePhoto
        photoUrl={user.profilePhotoUrl}
        initials={initials}
        onSaved={(profilePhotoUrl) => setUser({ ...user, profilePhotoUrl })}
      />
      <ProfileForm user={user} onSaved={setUser} />
    </SettingsPage>
  );
}
