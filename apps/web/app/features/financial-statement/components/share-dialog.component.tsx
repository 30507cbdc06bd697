import {
  SHARE_DEFAULT_DAYS,
  shareFinancialStatement,
  revokeFinancialStatementShare,
  type FinancialStatement,
  type FinancialStatementShare,
} from '@yado/contract/financial-statement.contract';
import { useId, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button.component';
import { ModalDialog } from '../../../components/ui/modal-dialog.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format-date-time';
import { useTranslation } from '../../../lib/i18n';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';

const EXPIRY_CHOICES = [1, 3, SHARE_DEFAULT_DAYS, 14, 30];

/**
 * Sharing a statement with an accountant: a new link with its lifetime (the link is shown once, as
 * only its hash is kept), and the statement's links with their state, openings and a way to end them.
 */
export function ShareDialog({
  statement,
  shares,
  onClose,
}: {
  statement: FinancialStatement;
  shares: FinancialStatementShare[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const revalidator = useRevalidator();
  const titleId = useId();
  const [days, setDays] = useState(SHARE_DEFAULT_DAYS);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const attempt = useRef<{ key: string; days: number } | null>(null);
  const close = useRef<HTMLButtonElement>(null);

  const fail = (e: unknown) => setError(isApiError(e) ? e.localizedMessage : t('financial:share.failed'));

  const create = async () => {
    // One key per attempt: a double click or a lost answer makes one link, not two.
    if (attempt.current?.days !== days) attempt.current = { key: newIdempotencyKey(), days };
    setBusy('create');
    setError(null);
    try {
      const answer = await callMethod(
        shareFinancialStatement,
        { periodType: statement.periodType, periodStart: statement.periodStart, expiresInDays: days },
        { headers: { [IDEMPOTENCY_HEADER]: attempt.current.key } },
      );
      attempt.current = null;
      setLink(`${window.location.origin}${localizePath(answer.pagePath, language)}`);
      setCopied(false);
      void revalidator.revalidate();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(null);
    }
  };

  const revoke = async (shareId: string) => {
    setBusy(shareId);
    setError(null);
    try {
      await callMethod(revokeFinancialStatementShare, { shareId });
      void revalidator.revalidate();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(null);
    }
  };

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <ModalDialog
      labelledBy={titleId}
      onClose={onClose}
      initialFocus={close}
      className="financial-share"
      testId="financial-share-dialog"
    >
      <div className="financial-share__head">
        <h2 id={titleId} className="financial-share__title">
          {t('financial:share.title')}
        </h2>
        <button
          ref={close}
          type="button"
          className={buttonClassName({ variant: 'text', size: 'small' })}
          onClick={onClose}
          aria-label={t('financial:share.close')}
        >
          ✕
        </button>
      </div>
      <p className="muted">{t('financial:share.lead')}</p>
      {error ? (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      ) : null}
      {link ? (
        <div className="financial-share__link" data-testid="financial-share-link">
          <label className="field__label" htmlFor={`${titleId}-link`}>
            {t('financial:share.linkLabel')}
          </label>
          <div className="financial-share__copy">
            <input
              id={`${titleId}-link`}
              className="field__control"
              readOnly
              value={link}
              onFocus={(e) => e.currentTarget.select()}
              data-testid="financial-share-url"
            />
            <Button size="small" onClick={() => void copy()} data-testid="financial-share-copy">
              {copied ? t('financial:share.copied') : t('financial:share.copy')}
            </Button>
          </div>
          <p className="financial-note">{t('financial:share.once')}</p>
        </div>
      ) : (
        <div className="financial-share__create">
          <SelectField
            id={`${titleId}-days`}
            label={t('financial:share.expiry')}
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
            data-testid="financial-share-days"
          >
            {EXPIRY_CHOICES.map((d) => (
              <option key={d} value={d}>
                {t('financial:share.days', { count: d })}
              </option>
            ))}
          </SelectField>
          <Button onClick={() => void create()} busy={busy === 'create'} data-testid="financial-share-create">
            {t('financial:share.create')}
          </Button>
        </div>
      )}
      <h3 className="financial-share__subtitle">{t('financial:share.links')}</h3>
      {shares.length === 0 ? (
        <p className="muted">{t('financial:share.noLinks')}</p>
      ) : (
        <ul className="financial-share__list" data-testid="financial-shares">
          {shares.map((s) => (
            <li key={s.shareId} className="financial-share__item" data-testid="financial-share" data-status={s.status}>
              <div>
                <p className="financial-share__status">
                  <span className={`financial-badge financial-badge--${s.status.toLowerCase()}`}>
                    {t(`financial:share.status.${s.status}`)}
                  </span>
                </p>
                <p className="financial-note">
                  {s.status === 'ACTIVE'
                    ? t('financial:share.until', { at: formatDateTime(s.expiresAt, language) })
                    : s.revokedAt
                      ? t('financial:share.revokedAt', { at: formatDateTime(s.revokedAt, language) })
                      : t('financial:share.expiredAt', { at: formatDateTime(s.expiresAt, language) })}
                </p>
                <p className="financial-note" data-testid="financial-share-opened">
                  {s.lastAccessedAt
                    ? t('financial:share.opened', {
                        count: s.accessCount,
                        at: formatDateTime(s.lastAccessedAt, language),
                      })
                    : t('financial:share.neverOpened')}
                </p>
              </div>
              {s.status === 'ACTIVE' ? (
                <Button
                  variant="secondary"
                  size="small"
                  busy={busy === s.shareId}
                  onClick={() => void revoke(s.shareId)}
                  data-testid="financial-share-revoke"
                >
                  {t('financial:share.revoke')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </ModalDialog>
  );
}
