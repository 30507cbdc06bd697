import { useId } from 'react';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { ModalDialog } from '../../../components/ui/modal-dialog.component';
import { formatDate } from '../../../lib/format-date';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language.hook';
import { useCancelBooking, type CancellationFee } from '../hooks/use-cancel-booking.hook';
import { FeePerDateTable } from './fee-per-date-table.component';

/**
 * Cancelling: the fee it would cost now is fetched first and shown in the
 * modal alert dialog (fee per date, what was paid, what goes back); only the
 * dialog's confirm button cancels. `onCancelled` refreshes the page.
 */
export function CancelBooking({
  bookingId,
  onCancelled,
}: {
  bookingId: string;
  onCancelled: (fee: CancellationFee) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const { fee, close, open, confirm, loading, cancelling, error } = useCancelBooking(bookingId, onCancelled);

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
          onClose={close}
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
            <CancelFeeLines fee={fee} />
            {error ? <FormAlert>{error}</FormAlert> : null}
          </div>
          <div className="dialog-actions">
            <Button variant="secondary" onClick={close} disabled={cancelling}>
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

/** The fee, what was paid, what goes back and, if any, what is still owed. */
function CancelFeeLines({ fee }: { fee: CancellationFee }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const yen = (n: number) => formatYen(n, language);
  return (
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
  );
}
