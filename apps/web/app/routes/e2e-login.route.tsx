import { useTranslation } from '../lib/i18n';
import { data, useSearchParams, type MetaFunction } from 'react-router';
import { E2eLoginForm } from '../features/auth/components/e2e-login-form.component';
import { translatorFor } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { sanitizeRedirectUrl } from '../lib/redirect-url';
import { AuthCard } from '../features/auth/components/auth-card.component';
import type { Route } from './+types/e2e-login.route';

/** The test sign-in exists only outside production (the identity service refuses it there too). */
export function loader({ context }: Route.LoaderArgs) {
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
    <AuthCard headingId="e2e-login-heading" heading={t('e2eLogin.heading')} lead={t('e2eLogin.lead')}>
      <E2eLoginForm redirectUrl={sanitizeRedirectUrl(params.get('redirectUrl'))} />
    </AuthCard>
  );
}
