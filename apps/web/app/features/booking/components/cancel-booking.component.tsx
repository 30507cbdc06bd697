import { cancelBooking, getCancellationFee } from '@yado/contract/booking.contract';
import type { z } from 'zod';
import type { CancellationFeeResultSchema } from '@yado/contract/booking.contract';
import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { ModalDialog } from '../../../components/ui/modal-dialog.component';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format-date';
import { formatYen } from '../../../lib/format-yen';
import { useLanguage } from '../../../lib/use-language.hook';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { FeePerDateTable } from './fee-per-date-table.component';

type Fee = z.infer<typeof CancellationFeeResultSchema>;

/**
 * Cancelling: the fee it would cost now is fetched first and shown in the
 * modal alert dialog (fee per date, what was paid, what goes back); only the
 * dialog's confirm button cancels. `onCancelled` refreshes the page.
 */
export function CancelBooking({ bookingId, onCancelled }: { bookingId: string; onCancelled: (fee: Fee) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const [fee, setFee] = useState<Fee | null>(null);
  const [loading, setLoading] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = useRef<string | null>(null);
  const yen = (n: number) => formatYen(n, language);

  const open = async () => {
    setLoading(true);
    setError(null);
    try {
      setFee(await callMethod(getCancellationFee, { bookingId }));
    } catch (e) {
      setError(isApiError(e) ? e.displayMessage : t('booking:cancel.failed'));
    } finally {
      setLoading(false);
    }
  };

  const confirm = async () => {
    key.current ??= newIdempotencyKey();
    setCancelling(true);
    setError(null);
    try {
      const result = await callMethod(cancelBooking, { bookingId }, { headers: { [IDEMPOTENCY_HEADER]: key.current } });
      setFee(null);
      onCancelled(result.fee);
    } catch (e) {
      if (isApiError(e)) key.current = null;
      setError(isApiError(e) ? e.displayMessage : t('booking:cancel.failed'));
    } finally {
      setCancelling(false);
    }
  };

  return (
    <>
      <Button variant="secondary" busy={loading} onClick={() => void open()} data-testid="cancel-booking">
        {t('booking:cancel.button')}
      </Button>
      {error && !fee ? <FormAlert>{error}</FormAlert> : null}
      {fee ? (
        <ModalDialog
          role="alertdialog"
          layer="alert-dialog"
          labelledBy={`${id}-title`}
          describedBy={`${id}-description`}
          onClose={() => setFee(null)}
          className="alert-dialog cancel-dialog"
          testId="cancel-dialog"
        >
          <h2 id={`${id}-title`} className="alert-dialog__title">
            {t('booking:cancel.title')}
          </h2>
          <div id={`${id}-description`} className="alert-dialog__description">
            <p>
              {fee.underFreeCancellationPeriod
                ? t('booking:cancel.free', { date: formatDate(fee.freeCancellationLimitDate, 'date', language) })
                : t('booking:cancel.notFree')}
            </p>
            {fee.cancellationFee.some((d) => d.amount > 0) ? <FeePerDateTable fees={fee.cancellationFee} /> : null}
            <dl className="quote__lines">
              <div className="quote__line">
                <dt>{t('booking:cancel.fee')}</dt>
                <dd data-testid="cancel-fee">{yen(fee.totalFee)}</dd>
              </div>
              <div className="quote__line">
                <dt>{t('booking:cancel.paid')}</dt>
                <dd>{yen(fee.paidAmount)}</dd>
              </div>
              <div className="quote__line quote__line--total">
                <dt>{t('booking:cancel.refund')}</dt>
                <dd data-testid="cancel-refund">{yen(fee.refundAmount)}</dd>
              </div>
              {fee.outstandingFee > 0 ? (
                <div className="quote__line">
                  <dt>{t('booking:cancel.outstanding')}</dt>
                  <dd>{yen(fee.outstandingFee)}</dd>
                </div>
              ) : null}
            </dl>
            {error ? <FormAlert>{error}</FormAlert> : null}
          </div>
          <div className="dialog-actions">
            <Button variant="secondary" onClick={() => setFee(null)} disabled={cancelling}>
              {t('booking:cancel.keep')}
            </Button>
            <Button busy={cancelling} onClick={() => void confirm()} data-testid="confirm-cancel">
              {t('booking:cancel.confirm')}
            </Button>
          </div>
        </ModalDialog>
      ) : null}
    </>
  );
}
