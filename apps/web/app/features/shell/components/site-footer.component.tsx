import { useTranslation } from '../../../lib/i18n';
import { FooterMenu } from './footer-menu.component';

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <p>{t('shell.footer')}</p>
      <FooterMenu />
    </footer>
  );
}
