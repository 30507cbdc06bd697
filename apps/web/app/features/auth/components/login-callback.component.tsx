import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from 'react-router';
import { languageFromPath, localizePath } from '../../../lib/language';
import { reportError } from '../../../lib/report-error';
import { useLanguage } from '../../../lib/use-language.hook';
import { useSignInActions } from '../hooks/use-sign-in-actions.hook';

/**
 * The return from an OpenID Connect sign-in. The tokens arrive in the URL
 * fragment (never sent to a server, never in logs); they are taken, removed
 * from the address bar and history, and the usual post-sign-in flow follows.
 */
export function LoginCallback() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const { actions } = useSignInActions();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const hash = window.location.hash;
    window.history.replaceState(window.history.state, '', window.location.pathname);
    void (async () => {
      try {
        const { parseRedirectFragment, redirectSignIn } = await actions();
        const fragment = parseRedirectFragment(hash);
        if (!fragment) throw new Error('The sign-in return carried no tokens');
        // The callback URL is always the unprefixed one; the target's path carries the visitor's language.
        const decision = await redirectSignIn(
          fragment,
          fragment.redirectUrl ? languageFromPath(fragment.redirectUrl) : language,
        );
        await navigate(decision.to, { replace: true });
      } catch (error) {
        // Spec, section 4: an unexpected sign-in error goes to /404 (and is reported).
        reportError(error);
        await navigate(localizePath('/404', language), { replace: true });
      }
    })();
  }, [actions, language, navigate]);

  return (
    <div className="callback" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>{t('loginCallback.working')}</p>
    </div>
  );
}
