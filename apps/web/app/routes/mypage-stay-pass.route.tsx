import type { HeadersFunction, LinksFunction } from 'react-router';
import { StayPassPage } from '../features/stay-pass/components/stay-pass-page.component';
import { translatorFor, useTranslation } from '../lib/i18n';
import { languageFromPath, localizePath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { requireSession } from '../lib/require-session';
import { useLanguage } from '../lib/use-language.hook';
import stayPassStylesHref from '../styles/stay-pass.css?url';
import type { Route } from './+types/mypage-stay-pass.route';

/**
 * /mypage/stay-pass: the stay passes kept on this device (decision 0044). The server sends the page
 * without any pass in it, so the service worker may keep a copy of it for offline use; the passes
 * come from the device's own store, filled by the app while the guest is online.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  requireSession(context, request);
  return null;
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: stayPassStylesHref }];
// No pass is in the page, so the worker may keep it; the browser asks again each time it is online.
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-cache' });
export const meta: Route.MetaFunction = ({ location }) =>
  titleMeta(translatorFor(languageFromPath(location.pathname))('stay-pass:title'));

export default function MypageStayPassRoute() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="page page--narrow stay-pass-page">
      <nav className="breadcrumbs" aria-label={t('stay-pass:breadcrumbs')}>
        <a href={localizePath('/mypage', language)}>{t('stay-pass:mypage')}</a>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{t('stay-pass:title')}</span>
      </nav>
      <h1>{t('stay-pass:title')}</h1>
      <p className="muted stay-pass-page__lead">{t('stay-pass:lead')}</p>
      <StayPassPage />
    </div>
  );
}
