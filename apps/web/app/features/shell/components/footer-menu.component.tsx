import { useTranslation } from '../../../lib/i18n';
import { NavLink } from 'react-router';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { useSession } from '../../../lib/use-session.hook';
import { useSignedIn } from '../../../lib/use-signed-in.hook';
import { NotificationsLink } from '../../../components/ui/notifications-link.component';
import { useLogOut } from '../hooks/use-log-out.hook';

function Icon({ path }: { path: string }) {
  return (
    <svg
      className="footer-menu__icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={path} />
    </svg>
  );
}

const HOME_ICON = 'M4 11.5 12 5l8 6.5V19a1 1 0 0 1-1 1h-4.5v-5h-5v5H5a1 1 0 0 1-1-1z';
const PERSON_ICON = 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8c.8-3.4 3.6-5.5 7-5.5s6.2 2.1 7 5.5';
const KEY_ICON = 'M14.5 9.5a4.5 4.5 0 1 0-4 4.47V20h3v-2h2v-2h-2v-2.03a4.5 4.5 0 0 0 1-4.47zM10 8h.01';
const LOG_OUT_ICON = 'M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 16l4-4-4-4M14 12H4';

/**
 * The signed-in navigation on phones: a bar fixed to the bottom of the screen
 * (layer 50, under toasts and dialogs), hidden from tablet width up where the
 * header carries the same links.
 */
export function FooterMenu() {
  const { t } = useTranslation();
  const language = useLanguage();
  const signedIn = useSignedIn();
  const logOut = useLogOut();
  const isOwner = useSession().isOwner;
  if (!signedIn) return null;
  return (
    <nav className="footer-menu" aria-label={t('ui:accountNav.label')}>
      <NavLink className="footer-menu__item" to={localizePath('/', language)} end>
        <Icon path={HOME_ICON} />
        {t('ui:accountNav.home')}
      </NavLink>
      <NavLink className="footer-menu__item" to={localizePath('/mypage', language)} end>
        <Icon path={PERSON_ICON} />
        {t('ui:accountNav.mypage')}
      </NavLink>
      <NotificationsLink variant="footer" />
      {isOwner ? (
        <NavLink className="footer-menu__item" to={localizePath('/owner', language)}>
          <Icon path={KEY_ICON} />
          {t('ui:accountNav.owner')}
        </NavLink>
      ) : null}
      <button type="button" className="footer-menu__item" onClick={() => void logOut()}>
        <Icon path={LOG_OUT_ICON} />
        {t('ui:accountNav.logOut')}
      </button>
    </nav>
  );
}
