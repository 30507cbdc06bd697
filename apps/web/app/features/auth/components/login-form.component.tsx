import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { localizePath } from '../../../lib/language';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { TextField } from '../../../components/ui/text-field.component';
import { useLanguage } from '../../../lib/use-language.hook';
import { useSignInActions } from '../hooks/use-sign-in-actions.hook';
import { useSignInSubmit } from '../hooks/use-sign-in-submit.hook';

type FieldErrors = { email?: string; password?: string };

export function LoginForm({ redirectUrl }: { redirectUrl: string | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { preload, actions } = useSignInActions();
  const { busy, formError, setFormError, run } = useSignInSubmit();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (!email.trim()) errors.email = t('login.errors.emailRequired');
    if (!password) errors.password = t('login.errors.passwordRequired');
    setFieldErrors(errors);
    setFormError(null);
    if (errors.email || errors.password) {
      (errors.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    await run(async () => (await actions()).passwordSignIn(email.trim(), password, redirectUrl, language));
  }

  // method=post: a submit before the scripts have loaded must never put the password in the URL.
  return (
    <form className="form" method="post" noValidate onSubmit={onSubmit} onFocus={preload}>
      {formError ? (
        <FormAlert id="login-error" title={t('login.errors.title')}>
          {formError}
        </FormAlert>
      ) : null}
      <TextField
        ref={emailRef}
        id="login-email"
        name="email"
        type="email"
        label={t('login.email')}
        autoComplete="username"
        inputMode="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={fieldErrors.email}
        extraDescribedBy={formError ? 'login-error' : undefined}
      />
      <TextField
        ref={passwordRef}
        id="login-password"
        name="password"
        type="password"
        label={t('login.password')}
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={fieldErrors.password}
        extraDescribedBy={formError ? 'login-error' : undefined}
      />
      <p className="form__aside form__aside--end">
        {/* The address typed so far goes along, so it need not be typed again. */}
        <Link
          to={`${localizePath('/forgot-password', language)}${email.trim() ? `?${new URLSearchParams({ email: email.trim() })}` : ''}`}
        >
          {t('login.forgot')}
        </Link>
      </p>
      <Button type="submit" size="large" fullWidth busy={busy}>
        {busy ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
}
