import { useSearchParams, type MetaFunction } from 'react-router';
import { ForgotPasswordForm } from '../features/auth/components/forgot-password-form.component';
import { translatorFor, useTranslation } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { AuthCard } from '../features/auth/components/auth-card.component';

export const meta: MetaFunction = ({ location }) =>
  titleMeta(translatorFor(languageFromPath(location.pathname))('forgotPassword.title'));

/** /forgot-password: asks for a link to choose a new password (`?email=` fills the address in). */
export default function ForgotPasswordRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <AuthCard headingId="forgot-heading" heading={t('forgotPassword.heading')} lead={t('forgotPassword.lead')}>
      <ForgotPasswordForm initialEmail={(params.get('email') ?? '').slice(0, 254)} />
    </AuthCard>
  );
}
