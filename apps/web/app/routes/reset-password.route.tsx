import { useSearchParams, type HeadersFunction, type MetaFunction } from 'react-router';
import { ResetPasswordForm } from '../features/auth/components/reset-password-form.component';
import { translatorFor, useTranslation } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { AuthCard } from '../features/auth/components/auth-card.component';

export const meta: MetaFunction = ({ location }) => [
  ...titleMeta(translatorFor(languageFromPath(location.pathname))('resetPassword.title')),
  // The address carries the link's secret: it must not leave in a Referer to another site.
  { name: 'referrer', content: 'no-referrer' },
];

export const headers: HeadersFunction = () => ({
  'Cache-Control': 'private, no-store',
  'Referrer-Policy': 'no-referrer',
});

/** /reset-password?token=…: the page a password reset email links to. */
export default function ResetPasswordRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <AuthCard headingId="reset-heading" heading={t('resetPassword.heading')} lead={t('resetPassword.lead')}>
      <ResetPasswordForm token={(params.get('token') ?? '').slice(0, 200)} />
    </AuthCard>
  );
}
