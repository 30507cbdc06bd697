import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-error';
import type { PostSignInDecision } from '../post-sign-in-decision';

/**
 * The part every sign-in form shares: run the sign-in, follow its decision,
 * or show why it failed. The sign-in flow has already logged the failure
 * (spec, section 8), so the form only words it.
 */
export function useSignInSubmit() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  async function run(signIn: () => Promise<PostSignInDecision>): Promise<void> {
    setBusy(true);
    try {
      const decision = await signIn();
      await navigate(decision.to, { replace: true });
    } catch (error) {
      setFormError(isApiError(error) ? error.displayMessage : t('errors.network'));
      setBusy(false);
    }
  }

  return { busy, formError, setFormError, run };
}
