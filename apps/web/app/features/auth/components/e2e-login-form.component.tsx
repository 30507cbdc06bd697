import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button.component';
import { CheckboxField } from '../../../components/ui/checkbox-field.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { TextField } from '../../../components/ui/text-field.component';
import { useLanguage } from '../../../lib/use-language.hook';
import { useSignInActions } from '../hooks/use-sign-in-actions.hook';
import { useSignInSubmit } from '../hooks/use-sign-in-submit.hook';

/** The test sign-in of /e2e/login: an email (and optionally staff) signs in without a password. */
export function E2eLoginForm({ redirectUrl }: { redirectUrl: string | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { preload, actions } = useSignInActions();
  const { busy, formError, setFormError, run } = useSignInSubmit();
  const emailRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [staff, setStaff] = useState(false);
  const [emailError, setEmailError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    if (!email.trim()) {
      setEmailError(t('login.errors.emailRequired'));
      emailRef.current?.focus();
      return;
    }
    setEmailError(null);
    await run(async () => (await actions()).e2eSignIn(email.trim(), staff, redirectUrl, language));
  }

  return (
    <form className="form" method="post" noValidate onSubmit={onSubmit} onFocus={preload}>
      {formError ? (
        <FormAlert id="e2e-login-error" title={t('login.errors.title')}>
          {formError}
        </FormAlert>
      ) : null}
      <TextField
        ref={emailRef}
        id="e2e-email"
        name="email"
        type="email"
        label={t('login.email')}
        autoComplete="off"
        inputMode="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={emailError}
        extraDescribedBy={formError ? 'e2e-login-error' : undefined}
      />
      <CheckboxField
        id="e2e-staff"
        name="staff"
        label={t('e2eLogin.staff')}
        checked={staff}
        onChange={(e) => setStaff(e.target.checked)}
      />
      <Button type="submit" size="large" fullWidth busy={busy}>
        {busy ? t('login.submitting') : t('e2eLogin.submit')}
      </Button>
    </form>
  );
}
