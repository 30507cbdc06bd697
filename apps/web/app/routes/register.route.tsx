import { getUser } from '@yado/contract/user.contract';
import { useTranslation } from '../lib/i18n';
import { redirect, type HeadersFunction, type MetaFunction } from 'react-router';
import { SignUpCompleteDialog } from '../features/auth/components/sign-up-complete-dialog.component';
import { RegisterFlow } from '../features/registration/components/register-flow.component';
import { translatorFor } from '../lib/i18n';
import { languageFromPath, localizePath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { redirectTarget, sanitizeRedirectUrl } from '../lib/redirect-url';
import type { Route } from './+types/register.route';

type Step = 'account' | 'profile' | 'verify';

/**
 * Picks the step from the session cookie so the first paint is already the
 * right one: no session → create the account; a session without a user →
 * the user form; an unverified user → the code. A finished registration has
 * nothing to do here and goes on to redirectUrl or /mypage.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const redirectUrl = sanitizeRedirectUrl(url.searchParams.get('redirectUrl'));
  const at = (step: Step, email = '') => ({ step, redirectUrl, email });
  if (!context.session?.token) return at('account');

  const result = await context.callApi(getUser, {}, language);
  if (result.ok) {
    const user = result.body;
    if (user.emailAddressVerified) throw redirect(redirectTarget(redirectUrl, localizePath('/mypage', language)));
    return at('verify', user.emailAddress);
  }
  const reason = result.body?.errorInfo?.reason;
  if (result.status === 404 && reason === 'CodeUserNotFound') return at('profile');
  // The cookie's token no longer works (expired, revoked): start from the account.
  return at('account');
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: MetaFunction = ({ location }) => {
  const t = translatorFor(languageFromPath(location.pathname));
  return titleMeta(t('register.title'));
};

export default function RegisterRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { step, redirectUrl, email } = loaderData;
  return (
    <section className="page page--register" aria-labelledby="register-heading">
      <header className="page__header">
        <h1 id="register-heading">{t('register.heading')}</h1>
        <p className="lead">{t('register.lead')}</p>
      </header>
      <RegisterFlow
        initialStep={step}
        redirectUrl={redirectUrl}
        initialEmail={email}
        completion={<SignUpCompleteDialog redirectUrl={redirectUrl} />}
      />
    </section>
  );
}
