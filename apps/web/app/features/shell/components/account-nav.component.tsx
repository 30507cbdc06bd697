import { useTranslation } from '../../../lib/i18n';
import { NavLink } from 'react-router';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { useSignedIn } from '../../../lib/use-signed-in.hook';
import { useLogOut } from '../hooks/use-log-out.hook';

/**
 * The signed-in navigation in the header, from tablet width up (phones get
 * the footer menu instead). Nothing for visitors who are not signed in.
 */
export function AccountNav() {
  const { t } = useTranslation();
  const language = useLanguage();
  const signedIn = useSignedIn();
  const logOut = useLogOut();
  if (!signedIn) return null;
  return (
    <nav className="account-nav" aria-label={t('ui:accountNav.label')}>
      <NavLink className="account-nav__link" to={localizePath('/mypage', language)} end>
        {t('ui:accountNav.mypage')}
      </NavLink>
      <button type="button" className="account-nav__link" onClick={() => void logOut()}>
        {t('ui:accountNav.logOut')}
      </button>
    </nav>
  );
}
