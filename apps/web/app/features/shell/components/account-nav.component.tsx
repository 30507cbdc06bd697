import { useTranslation } from '../../../lib/i18n';
import { Link, NavLink, useLocation } from 'react-router';
import { localizePath, stripLanguage } from '../../../lib/language';
import { withRedirectUrl } from '../../../lib/redirect-url';
import { useLanguage } from '../../../lib/use-language.hook';
import { useSession } from '../../../lib/use-session.hook';
import { useSignedIn } from '../../../lib/use-signed-in.hook';
import { NotificationsLink } from '../../../components/ui/notifications-link.component';
import { useLogOut } from '../hooks/use-log-out.hook';

/** Pages that are themselves the way in: a link to log in would lead nowhere new. */
const WAYS_IN = ['/login', '/register'];

/**
 * The signed-in navigation in the header, from tablet width up (phones get
 * the footer menu instead). A visitor who is not signed in gets a link to log
 * in at every width, which brings them back to the page they were on.
 */
export function AccountNav() {
  const { t } = useTranslation();
  const language = useLanguage();
  const signedIn = useSignedIn();
  const logOut = useLogOut();
  const location = useLocation();
  // The owner flag is known in the browser once the session is checked; the link then joins.
  const isOwner = useSession().isOwner;
  if (!signedIn) {
    const path = stripLanguage(location.pathname);
    if (WAYS_IN.some((p) => path === p || path.startsWith(`${p}/`))) return null;
    const back = path === '/' ? null : `${location.pathname}${location.search}`;
    return (
      <Link
        className="account-nav__link account-nav__log-in"
        to={withRedirectUrl(localizePath('/login', language), back)}
      >
        {t('ui:accountNav.logIn')}
      </Link>
    );
  }
  return (
    <nav className="account-nav" aria-label={t('ui:accountNav.label')}>
      <NavLink className="account-nav__link" to={localizePath('/mypage', language)} end>
        {t('ui:accountNav.mypage')}
      </NavLink>
      <NotificationsLink variant="header" />
      {isOwner ? (
        <NavLink className="account-nav__link" to={localizePath('/owner', language)} data-testid="account-nav-owner">
          {t('ui:accountNav.owner')}
        </NavLink>
      ) : null}
      <button type="button" className="account-nav__link" onClick={() => void logOut()}>
        {t('ui:accountNav.logOut')}
      </button>
    </nav>
  );
}
