import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { TextField } from '../../../components/ui/text-field.component';
import { isApiError, isReason } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';

type Outcome = { kind: 'done' } | { kind: 'link-invalid'; message: string } | null;

/** Sets a new password with the secret of the emailed link (the page's `?token=`). */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const passwordRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(token ? null : { kind: 'link-invalid', message: '' });
  const askAgain = (
    <Link className={buttonClassName({ variant: 'secondary' })} to={localizePath('/forgot-password', language)}>
      {t('resetPassword.askAgain')}
    </Link>
  );

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    if (!password) {
      setFieldError(t('resetPassword.passwordRequired'));
      passwordRef.current?.focus();
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      const { resetPassword } = await import('../../../lib/identity-client');
      await resetPassword(token, password);
      setOutcome({ kind: 'done' });
    } catch (e) {
      if (isReason(e, 'CodePasswordResetLinkInvalid')) setOutcome({ kind: 'link-invalid', message: e.displayMessage });
      else if (isApiError(e) && e.fields.some((f) => f.field === 'password')) {
        // The password policy's own words (too short, too long, too common), under the field.
        setFieldError(e.fieldMessage);
        passwordRef.current?.focus();
      } else setFormError(isApiError(e) ? e.displayMessage : t('resetPassword.failed'));
    } finally {
      setBusy(false);
    }
  }

  if (outcome?.kind === 'done') {
    return (
      <div className="form" data-testid="password-changed">
        <FormAlert tone="success" title={t('resetPassword.doneTitle')}>
          {t('resetPassword.done')}
        </FormAlert>
        <Link className={buttonClassName({ size: 'large', fullWidth: true })} to={localizePath('/login', language)}>
          {t('resetPassword.logIn')}
        </Link>
      </div>
    );
  }
  if (outcome?.kind === 'link-invalid') {
    return (
      <div className="form" data-testid="reset-link-invalid">
        <FormAlert title={t('resetPassword.invalidTitle')}>{outcome.message || t('resetPassword.missing')}</FormAlert>
        {askAgain}
      </div>
    );
  }

  return (
    <form className="form" method="post" noValidate onSubmit={onSubmit}>
      {formError ? (
        <FormAlert id="reset-error" title={t('resetPassword.failedTitle')}>
          {formError}
        </FormAlert>
      ) : null}
      <TextField
        ref={passwordRef}
        id="reset-password"
        name="password"
        type="password"
        label={t('resetPassword.password')}
        hint={t('resetPassword.hint')}
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={fieldError}
        extraDescribedBy={formError ? 'reset-error' : undefined}
      />
      <Button type="submit" size="large" fullWidth busy={busy}>
        {busy ? t('resetPassword.submitting') : t('resetPassword.submit')}
      </Button>
    </form>
  );
}
