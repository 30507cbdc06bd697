import { useTranslation } from 'react-i18next';
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
