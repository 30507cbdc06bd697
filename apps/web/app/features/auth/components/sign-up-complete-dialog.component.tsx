import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from 'react-router';
import { AlertDialog } from '../../../components/ui/alert-dialog.component';
import { currentSession } from '../../../lib/identity-client';
import { localizePath } from '../../../lib/language';
import { redirectTarget } from '../../../lib/redirect-url';
import { useLanguage } from '../../../lib/use-language.hook';
import { browserSessionEffects } from '../session-effects';
import { completeSignUp } from '../session-flows';

/**
 * The end of sign-up (spec, section 4): stores the new user, logs `sign_up`
 * once, and shows the completion dialog; closing it goes to redirectUrl or
 * /mypage.
 */
export function SignUpCompleteDialog({ redirectUrl }: { redirectUrl: string | null }) {
  const { t, ready } = useTranslation('session');
  const language = useLanguage();
  const navigate = useNavigate();
  const completed = useRef(false);
  const [target, setTarget] = useState(() => redirectTarget(redirectUrl, localizePath('/mypage', language)));

  useEffect(() => {
    if (completed.current) return;
    completed.current = true;
    void completeSignUp(redirectUrl, language, browserSessionEffects, currentSession()?.accountId ?? null).then(
      setTarget,
    );
  }, [redirectUrl, language]);

  // The namespace is fetched on first use; the dialog waits for its words rather than show keys.
  if (!ready) return null;
  return (
    <AlertDialog
      title={t('session:signUpComplete.title')}
      description={t('session:signUpComplete.message')}
      onClose={() => void navigate(target, { replace: true })}
    />
  );
}
