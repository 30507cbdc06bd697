import { sendEmailAddressVerificationCode, verifyEmailAddress } from '@yado/contract/user.contract';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { TextField } from '../../../components/ui/text-field.component';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useLanguage } from '../../../lib/use-language.hook';

type Notice = { tone: 'info' | 'error'; text: string } | null;

/** Step 3: a 6-digit code sent to the email address proves it is the user's. */
export function EmailVerificationStep({ email, onVerified }: { email: string; onVerified: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const codeRef = useRef<HTMLInputElement>(null);
  const sentOnce = useRef(false);
  const [destination, setDestination] = useState(email);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);

  const send = useCallback(
    async (again: boolean) => {
      setSending(true);
      try {
        const sent = await callMethod(sendEmailAddressVerificationCode, {}, { language });
        setDestination(sent.destination);
        setNotice(again ? { tone: 'info', text: t('register.verify.resent', { email: sent.destination }) } : null);
      } catch (error) {
        console.error('Sending the verification code failed', error);
        // A code sent a moment ago (say, before a reload) is still good: say so and let them type it.
        const tone = isApiError(error) && error.reason === 'CodeVerificationResendTooSoon' ? 'info' : 'error';
        setNotice({ tone, text: isApiError(error) ? error.displayMessage : t('errors.network') });
      } finally {
        setSending(false);
      }
    },
    [language, t],
  );

  useEffect(() => {
    if (sentOnce.current) return;
    sentOnce.current = true;
    void send(false);
  }, [send]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setCodeError(t('register.verify.codeFormat'));
      codeRef.current?.focus();
      return;
    }
    setCodeError(null);
    setBusy(true);
    try {
      await callMethod(verifyEmailAddress, { code: digits }, { language });
      onVerified();
    } catch (error) {
      console.error('Verifying the email address failed', error);
      setCodeError(isApiError(error) ? error.displayMessage : t('errors.network'));
      setBusy(false);
      codeRef.current?.focus();
    }
  }

  return (
    <form className="form" method="post" noValidate onSubmit={onSubmit}>
      <p className="form__lead">{t('register.verify.lead', { email: destination })}</p>
      {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
      <TextField
        ref={codeRef}
        id="verification-code"
        name="code"
        className="field--code"
        label={t('register.verify.code')}
        hint={t('register.verify.codeHint')}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        required
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
        error={codeError}
      />
      <Button type="submit" size="large" fullWidth busy={busy}>
        {t('register.verify.submit')}
      </Button>
      <p className="form__aside">
        {t('register.verify.noCode')}{' '}
        <Button variant="text" size="small" onClick={() => void send(true)} busy={sending}>
          {t('register.verify.resend')}
        </Button>
      </p>
    </form>
  );
}
