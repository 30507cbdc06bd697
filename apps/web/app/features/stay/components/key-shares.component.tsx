import { listSharedKeys, revokeSharedKey, shareKey } from '@yado/contract/stay.contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { TextField } from '../../../components/ui/text-field.component';
import { formatDateTime } from '../../../lib/format-date-time';
import { useTranslation } from '../../../lib/i18n';
import { maxLengthOf } from '../../../lib/schema-limits';
import { useApiQuery } from '../../../lib/use-api-query.hook';
import { useLanguage } from '../../../lib/use-language.hook';
import { useStayCall } from '../hooks/use-stay-call.hook';

/**
 * The booker shares the key with companions (each by the email address of their account) and
 * takes shares back. Revoked shares stay listed with who revoked them and when.
 */
export function KeyShares({
  keyId,
  timeZone,
  canShare,
  onChange,
}: {
  keyId: string;
  timeZone: string;
  canShare: boolean;
  onChange: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const shares = useApiQuery(listSharedKeys, { keyId });
  const { call, busy, track } = useStayCall();
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void track('share', async () => {
      setMessage(null);
      const res = await call(shareKey, { keyId, emailAddress: email }, { idempotent: true });
      if (!res.ok) {
        setMessage({ tone: 'error', text: res.message });
        return;
      }
      setEmail('');
      setMessage({
        tone: 'success',
        text: t('stay:share.done', { email: res.body.sharedKey.sharedWith.emailAddress }),
      });
      await shares.mutate();
      onChange();
    });
  };
  const revoke = (sharedKeyId: string) =>
    track(`revoke:${sharedKeyId}`, async () => {
      setMessage(null);
      const res = await call(revokeSharedKey, { sharedKeyId }, { idempotent: true });
      if (!res.ok) setMessage({ tone: 'error', text: res.message });
      await shares.mutate();
    });

  const list = shares.data?.sharedKeys ?? [];
  return (
    <div className="stay-shares">
      <h3 className="stay-key__subheading">{t('stay:share.heading')}</h3>
      {canShare ? (
        <form className="stay-shares__form" onSubmit={submit} noValidate>
          <TextField
            id={`stay-share-email-${keyId}`}
            label={t('stay:share.email')}
            hint={t('stay:share.hint')}
            type="email"
            autoComplete="off"
            required
            value={email}
            maxLength={maxLengthOf(shareKey.input.shape.emailAddress)}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button type="submit" busy={busy === 'share'} disabled={email.trim() === ''} data-testid="share-submit">
            {t('stay:share.submit')}
          </Button>
        </form>
      ) : null}
      {message ? <FormAlert tone={message.tone}>{message.text}</FormAlert> : null}
      {list.length === 0 ? (
        <p className="stay-key__muted">{t('stay:share.none')}</p>
      ) : (
        <ul className="stay-shares__list">
          {list.map((s) => (
            <li
              key={s.sharedKeyId}
              className="stay-shares__item"
              data-testid="key-share"
              data-revoked={String(!!s.revokedAt)}
            >
              <div>
                <p className="stay-shares__who">
                  {`${s.sharedWith.lastName} ${s.sharedWith.firstName}`.trim()}{' '}
                  <span className="stay-key__muted">{s.sharedWith.emailAddress}</span>
                </p>
                <p className="stay-key__muted">
                  {t('stay:share.sharedAt', { time: formatDateTime(s.sharedAt, language, timeZone) })}
                  {s.revokedAt
                    ? ` · ${t('stay:share.revokedAt', { time: formatDateTime(s.revokedAt, language, timeZone) })}`
                    : ''}
                </p>
              </div>
              {s.revokedAt ? (
                <span className="badge badge--neutral">{t('stay:share.revoked')}</span>
              ) : (
                <Button
                  variant="text"
                  size="small"
                  busy={busy === `revoke:${s.sharedKeyId}`}
                  onClick={() => void revoke(s.sharedKeyId)}
                  data-testid="share-revoke"
                >
                  {t('stay:share.revoke')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
