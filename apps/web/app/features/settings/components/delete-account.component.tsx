import type { MethodOutput } from '@yado/contract/method';
import { requestDeleteUser, type isUserDeleteRequested } from '@yado/contract/user.contract';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { ModalDialog } from '../../../components/ui/modal-dialog.component';
import { useToast } from '../../../components/ui/use-toast.hook';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format-date-time';
import { useTranslation } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language.hook';

export type DeletionState = MethodOutput<typeof isUserDeleteRequested>;

const REASON_MAX = 2000;

/**
 * Asking for the account to be deleted: what it means, an optional reason, a
 * confirmation dialog, then the requested state with the moment it takes
 * effect (the same state is_user_delete_requested reports on a later visit).
 */
export function DeleteAccount({ initial }: { initial: DeletionState }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const id = useId();
  const [state, setState] = useState(initial);
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      const result = await callMethod(requestDeleteUser, { reason: reason.trim() }, { language });
      setState({ requested: result.requested, deletionScheduledAt: result.deletionScheduledAt });
      setConfirming(false);
      toast.success(t('settings:delete.requested'));
    } catch (requestError) {
      console.error('Requesting the deletion failed', requestError);
      setError(isApiError(requestError) ? requestError.displayMessage : t('errors.network'));
    } finally {
      setBusy(false);
    }
  }

  if (state.requested && state.deletionScheduledAt) {
    return (
      <section
        className="card settings-section settings-deletion"
        aria-labelledby={`${id}-done`}
        data-testid="deletion-requested"
      >
        <h2 id={`${id}-done`} className="settings-section__title">
          {t('settings:delete.requestedHeading')}
        </h2>
        <p data-testid="deletion-date">
          {t('settings:delete.requestedText', { date: formatDateTime(state.deletionScheduledAt, language) })}
        </p>
        <p className="settings-section__hint">{t('settings:delete.requestedNote')}</p>
      </section>
    );
  }

  return (
    <section className="card settings-section" aria-labelledby={`${id}-what`}>
      <h2 id={`${id}-what`} className="settings-section__title">
        {t('settings:delete.whatHappens')}
      </h2>
      <ul className="settings-list">
        <li>{t('settings:delete.point1')}</li>
        <li>{t('settings:delete.point2')}</li>
        <li>{t('settings:delete.point3')}</li>
      </ul>
      <div className="field">
        <label htmlFor={`${id}-reason`} className="field__label">
          {t('settings:delete.reason')}
          <span className="field__note">{t('settings:delete.reasonNote')}</span>
        </label>
        <textarea
          id={`${id}-reason`}
          name="reason"
          className="field__control settings-reason"
          rows={4}
          maxLength={REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      {error && !confirming ? <FormAlert>{error}</FormAlert> : null}
      <Button
        className="button--danger"
        onClick={() => {
          setError(null);
          setConfirming(true);
        }}
        data-testid="delete-account"
      >
        {t('settings:delete.button')}
      </Button>
      {confirming ? (
        <ModalDialog
          role="alertdialog"
          layer="alert-dialog"
          labelledBy={`${id}-title`}
          describedBy={`${id}-description`}
          onClose={() => (busy ? undefined : setConfirming(false))}
          className="alert-dialog"
          testId="delete-dialog"
        >
          <h2 id={`${id}-title`} className="alert-dialog__title">
            {t('settings:delete.confirmTitle')}
          </h2>
          <div id={`${id}-description`} className="alert-dialog__description">
            <p>{t('settings:delete.confirmText')}</p>
            {error ? <FormAlert>{error}</FormAlert> : null}
          </div>
          <div className="settings-dialog-actions">
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>
              {t('settings:delete.keep')}
            </Button>
            <Button className="button--danger" busy={busy} onClick={() => void confirm()} data-testid="confirm-delete">
              {t('settings:delete.confirm')}
            </Button>
          </div>
        </ModalDialog>
      ) : null}
    </section>
  );
}
