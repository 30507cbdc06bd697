import {
  sendEmailAddressVerificationCode,
  sendPhoneNumberVerificationCode,
  verifyEmailAddress,
  verifyPhoneNumber,
  type User,
} from '@yado/contract/user.contract';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { TextField } from '../../../components/ui/text-field.component';
import { useToast } from '../../../components/ui/use-toast.hook';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';

export type ContactChannel = 'email' | 'phone';

const METHODS = {
  email: { send: sendEmailAddressVerificationCode, verify: verifyEmailAddress },
  phone: { send: sendPhoneNumberVerificationCode, verify: verifyPhoneNumber },
} as const;

type Notice = { tone: 'info' | 'error'; text: string } | null;

/** The address or number a code for this channel goes to, as the user reads it; null without one. */
export function contactOf(user: User, channel: ContactChannel): string | null {
  if (channel === 'email') return user.emailAddress;
  return user.phoneNumber ? `+${user.phoneNumber.countryCode} ${user.phoneNumber.nationalNumber}` : null;
}

/**
 * One contact to verify: a 6-digit code is sent on request (by email or SMS),
 * and typing it in marks the address or number verified.
 */
export function ContactVerification({
  user,
  channel,
  onVerified,
}: {
  user: User;
  channel: ContactChannel;
  onVerified: (user: User) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const id = useId();
  const codeRef = useRef<HTMLInputElement>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);

  const contact = contactOf(user, channel);
  const verified = channel === 'email' ? user.emailAddressVerified : user.phoneNumberVerified;
  const headingId = `${id}-heading`;

  async function send() {
    setSending(true);
    setNotice(null);
    try {
      const sent = await callMethod(METHODS[channel].send, {}, { language });
      setSentTo(sent.destination);
      setNotice({
        tone: 'info',
        text: t('settings:verification.sentTo', { destination: sent.destination, minutes: sent.expiresInSeconds / 60 }),
      });
      // Wait for React to show the field before moving the focus into it.
      requestAnimationFrame(() => codeRef.current?.focus());
    } catch (error) {
      console.error('Sending the verification code failed', error);
      // A code sent a moment ago is still good: say so, and let them type it.
      const tooSoon = isApiError(error) && error.reason === 'CodeVerificationResendTooSoon';
      if (tooSoon) setSentTo(contact);
      setNotice({
        tone: tooSoon ? 'info' : 'error',
        text: isApiError(error) ? error.displayMessage : t('errors.network'),
      });
    } finally {
      setSending(false);
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setCodeError(t('settings:verification.codeFormat'));
      codeRef.current?.focus();
      return;
    }
    setCodeError(null);
    setBusy(true);
    try {
      const updated = await callMethod(METHODS[channel].verify, { code }, { language });
      setSentTo(null);
      setNotice(null);
      setCode('');
      onVerified(updated);
      toast.success(
        channel === 'email' ? t('settings:verification.emailVerified') : t('settings:verification.phoneVerified'),
      );
    } catch (error) {
      console.error('Verifying the code failed', error);
      setCodeError(isApiError(error) ? error.fieldMessage : t('errors.network'));
      codeRef.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card settings-section" aria-labelledby={headingId} data-testid={`verify-${channel}`}>
      <div className="settings-section__head">
        <h2 id={headingId} className="settings-section__title">
          {channel === 'email' ? t('settings:verification.email') : t('settings:verification.phone')}
        </h2>
        {contact ? (
          <span className={verified ? 'badge badge--success' : 'badge badge--warning'}>
            {verified ? t('settings:verification.verified') : t('settings:verification.notVerified')}
          </span>
        ) : null}
      </div>
      {contact ? (
        <p className="settings-contact" data-testid={`verify-${channel}-contact`}>
          {contact}
        </p>
      ) : (
        <p className="settings-section__hint">
          {t('settings:verification.noPhone')}{' '}
          <Link to={localizePath('/mypage/settings/profile', language)}>{t('settings:verification.addPhone')}</Link>
        </p>
      )}
      {contact && verified ? <p className="settings-section__hint">{t('settings:verification.isVerified')}</p> : null}
      {contact && !verified ? (
        <>
          {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
          {sentTo ? (
            <form className="form" method="post" noValidate onSubmit={onSubmit}>
              <TextField
                ref={codeRef}
                id={`${id}-code`}
                name="code"
                className="field--code"
                label={t('settings:verification.code')}
                hint={t('settings:verification.codeHint')}
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={6}
                required
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
                error={codeError}
                data-testid={`verify-${channel}-code`}
              />
              <div className="settings-actions">
                <Button type="submit" busy={busy} data-testid={`verify-${channel}-submit`}>
                  {t('settings:verification.submit')}
                </Button>
                <Button variant="text" size="small" busy={sending} onClick={() => void send()}>
                  {t('settings:verification.resend')}
                </Button>
              </div>
            </form>
          ) : (
            <Button
              variant="secondary"
              busy={sending}
              onClick={() => void send()}
              data-testid={`verify-${channel}-send`}
            >
              {t('settings:verification.send')}
            </Button>
          )}
        </>
      ) : null}
    </section>
  );
}
