import { useSearchParams, type MetaFunction } from 'react-router';
import { ForgotPasswordForm } from '../features/auth/components/forgot-password-form.component';
import { translatorFor, useTranslation } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';

export const meta: MetaFunction = ({ location }) =>
  titleMeta(translatorFor(languageFromPath(location.pathname))('forgotPassword.title'));

/** /forgot-password: asks for a link to choose a new password (`?email=` fills the address in). */
export default function ForgotPasswordRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <section className="page page--auth" aria-labelledby="forgot-heading">
      <div className="card">
        <h1 id="forgot-heading" className="card__title">
          {t('forgotPassword.heading')}
        </h1>
        <p className="card__lead">{t('forgotPassword.lead')}</p>
        <ForgotPasswordForm initialEmail={(params.get('email') ?? '').slice(0, 254)} />
      </div>
    </section>
  );
}
