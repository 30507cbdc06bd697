import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { TextField } from '../../../components/ui/text-field.component';
import { isApiError } from '../../../lib/api-error';
import { signUp } from '../../../lib/identity-client';
import { localizePath } from '../../../lib/language';
import { withRedirectUrl } from '../../../lib/redirect-url';
import { useLanguage } from '../../../lib/use-language.hook';

const PASSWORD_REASONS = new Set(['CodePasswordTooShort', 'CodePasswordTooLong', 'CodePasswordTooCommon']);
const EMAIL_REASONS = new Set(['CodeEmailAlreadyInUse']);

type Errors = { email?: string | null; password?: string | null; form?: string | null };

/** Step 1: the sign-in account (email and password) at the identity service. */
export function AccountStep({ redirectUrl, onDone }: { redirectUrl: string | null; onDone: (email: string) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: Errors = {};
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) next.email = t('register.account.errors.email');
    if (password.length < 8 || password.length > 128) next.password = t('register.account.errors.passwordLength');
    setErrors(next);
    if (next.email || next.password) {
      (next.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setBusy(true);
    try {
      const session = await signUp(email.trim(), password);
      onDone(session.email);
    } catch (error) {
      console.error('Sign-up failed', error);
      if (isApiError(error) && PASSWORD_REASONS.has(error.reason)) {
        setErrors({ password: error.fieldMessage });
        passwordRef.current?.focus();
      } else if (isApiError(error) && EMAIL_REASONS.has(error.reason)) {
        setErrors({ email: error.fieldMessage });
        emailRef.current?.focus();
      } else {
        setErrors({ form: isApiError(error) ? error.displayMessage : t('errors.network') });
      }
      setBusy(false);
    }
  }

  // method=post: a submit before the scripts have loaded must never put the password in the URL.
  return (
    <form className="form" method="post" noValidate onSubmit={onSubmit}>
      {errors.form ? <FormAlert title={t('register.errors.title')}>{errors.form}</FormAlert> : null}
      <TextField
        ref={emailRef}
        id="account-email"
        name="email"
        type="email"
        label={t('register.account.email')}
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
      />
      <TextField
        ref={passwordRef}
        id="account-password"
        name="password"
        type="password"
        label={t('register.account.password')}
        hint={t('register.account.passwordPolicy')}
        autoComplete="new-password"
        required
        minLength={8}
        maxLength={128}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      <Button type="submit" size="large" fullWidth busy={busy}>
        {t('register.account.submit')}
      </Button>
      <p className="form__aside">
        {t('register.account.haveAccount')}{' '}
        <Link to={withRedirectUrl(localizePath('/login', language), redirectUrl)}>{t('register.account.login')}</Link>
      </p>
    </form>
  );
}
