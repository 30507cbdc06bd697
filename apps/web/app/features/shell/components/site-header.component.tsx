import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { AccountNav } from './account-nav.component';
import { LanguageSwitch } from './language-switch.component';

export function SiteHeader() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <div className="site-header__inner">
        <Link to={localizePath('/', language)} className="brand" aria-label={t('shell.homeLink')}>
          <span className="brand__mark" aria-hidden="true">
            <svg viewBox="0 0 32 32" width="28" height="28">
              <rect width="32" height="32" rx="9" fill="currentColor" />
              <path d="M7 16.5 16 9l9 7.5V24a1 1 0 0 1-1 1h-5v-5.5h-6V25H8a1 1 0 0 1-1-1z" fill="#fff" />
            </svg>
          </span>
          <span className="brand__name">yado</span>
        </Link>
        <div className="site-header__end">
          <AccountNav />
          <LanguageSwitch />
        </div>
      </div>
    </header>
  );
}
