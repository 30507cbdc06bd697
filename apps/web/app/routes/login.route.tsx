import { useTranslation } from '../lib/i18n';
import { Link, useSearchParams, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { LoginForm } from '../features/auth/components/login-form.component';
import { OidcButtons } from '../features/auth/components/oidc-buttons.component';
import { OidcError } from '../features/auth/components/oidc-error.component';
import { loadOidcLinks } from '../features/auth/oidc-links.server';
import { translatorFor } from '../lib/i18n';
import { languageFromPath, localizePath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { sanitizeRedirectUrl, withRedirectUrl } from '../lib/redirect-url';
import { useLanguage } from '../lib/use-language.hook';
import { AuthCard } from '../features/auth/components/auth-card.component';
import type { Route } from './+types/login.route';

export const meta: MetaFunction = ({ location }) => {
  const t = translatorFor(languageFromPath(location.pathname));
  return [...titleMeta(t('login.title')), { name: 'description', content: t('login.lead') }];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // The provider returns to one callback page; the target's path keeps the visitor's language.
  const target =
    sanitizeRedirectUrl(url.searchParams.get('redirectUrl')) ?? localizePath('/mypage', languageFromPath(url.pathname));
  return { oidcLinks: await loadOidcLinks(context, target) };
}

export default function LoginRoute({ loaderData }: Route.ComponentProps) {
  const { oidcLinks } = loaderData;
  const { t } = useTranslation();
  const language = useLanguage();
  const [params] = useSearchParams();
  const redirectUrl = sanitizeRedirectUrl(params.get('redirectUrl'));
  return (
    <AuthCard headingId="login-heading" heading={t('login.heading')} lead={t('login.lead')}>
      <OidcError code={params.get('error')} />
      <LoginForm redirectUrl={redirectUrl} />
      <OidcButtons links={oidcLinks} />
      <p className="form__aside form__aside--center">
        {t('login.noAccount')}{' '}
        <Link to={withRedirectUrl(localizePath('/register', language), redirectUrl)}>{t('login.register')}</Link>
      </p>
    </AuthCard>
  );
}
