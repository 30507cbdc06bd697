import { useTranslation } from '../lib/i18n';
import { data, useSearchParams, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { E2eLoginForm } from '../features/auth/components/e2e-login-form.component';
import { translatorFor } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { sanitizeRedirectUrl } from '../lib/redirect-url';
import type { AppLoadContext } from '../lib/load-context';

/** The test sign-in exists only outside production (the identity service refuses it there too). */
export function loader({ context }: LoaderFunctionArgs<AppLoadContext>) {
  if (context.isProduction) throw data(null, { status: 404 });
  return null;
}

export const meta: MetaFunction = ({ location }) => {
  const t = translatorFor(languageFromPath(location.pathname));
  return titleMeta(t('e2eLogin.title'));
};

export default function E2eLoginRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <section className="page page--auth" aria-labelledby="e2e-login-heading">
      <div className="card">
        <h1 id="e2e-login-heading" className="card__title">
          {t('e2eLogin.heading')}
        </h1>
        <p className="card__lead">{t('e2eLogin.lead')}</p>
        <E2eLoginForm redirectUrl={sanitizeRedirectUrl(params.get('redirectUrl'))} />
      </div>
    </section>
  );
}
