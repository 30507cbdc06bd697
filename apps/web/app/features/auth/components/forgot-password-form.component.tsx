import { PASSWORD_RESET_TTL_MINUTES } from '@yado/contract/password-reset';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { TextField } from '../../../components/ui/text-field.component';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';

/**
 * Asks for a link to choose a new password. The answer reads the same whether
 * or not the address has an account (the identity service tells nothing
 * either), so the page cannot be used to find out who has one.
 */
export function ForgotPasswordForm({ initialEmail }: { initialEmail: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const emailRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    setFormError(null);
    if (!address) {
      setFieldError(t('forgotPassword.emailRequired'));
      emailRef.current?.focus();
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      const { sendPasswordReset } = await import('../../../lib/identity-client');
      await sendPasswordReset(address, language);
      setSentTo(address);
    } catch (e) {
      if (isApiError(e) && e.fields.some((f) => f.field === 'email')) setFieldError(e.fieldMessage);
      else setFormError(isApiError(e) ? e.displayMessage : t('forgotPassword.failed'));
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <div className="form" data-testid="reset-link-sent">
        <FormAlert tone="success" title={t('forgotPassword.sentTitle')}>
          {t('forgotPassword.sent', { email: sentTo, minutes: PASSWORD_RESET_TTL_MINUTES })}
        </FormAlert>
        <p className="form__aside">{t('forgotPassword.notReceived')}</p>
        <Button variant="secondary" onClick={() => setSentTo(null)}>
          {t('forgotPassword.again')}
        </Button>
        <p className="form__aside form__aside--center">
          <Link to={localizePath('/login', language)}>{t('forgotPassword.backToLogin')}</Link>
        </p>
      </div>
    );
  }

  return (
    <form className="form" method="post" noValidate onSubmit={onSubmit}>
      {formError ? (
        <FormAlert id="forgot-error" title={t('forgotPassword.failedTitle')}>
          {formError}
        </FormAlert>
      ) : null}
      <TextField
        ref={emailRef}
        id="forgot-email"
        name="email"
        type="email"
        label={t('login.email')}
        autoComplete="username"
        inputMode="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={fieldError}
        extraDescribedBy={formError ? 'forgot-error' : undefined}
      />
      <Button type="submit" size="large" fullWidth busy={busy}>
        {busy ? t('forgotPassword.submitting') : t('forgotPassword.submit')}
      </Button>
      <p className="form__aside form__aside--center">
        <Link to={localizePath('/login', language)}>{t('forgotPassword.backToLogin')}</Link>
      </p>
    </form>
  );
}
