import { type MetaFunction } from 'react-router';
import { LoginCallback } from '../features/auth/components/login-callback.component';
import { translatorFor } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';

export const meta: MetaFunction = ({ location }) => {
  const t = translatorFor(languageFromPath(location.pathname));
  return titleMeta(t('loginCallback.title'));
};

export default function LoginCallbackRoute() {
  return (
    <section className="page page--auth">
      <div className="card">
        <LoginCallback />
      </div>
    </section>
  );
}
