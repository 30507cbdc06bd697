import type { BookingDetail } from '@yado/contract/booking.contract';
import { isoFromCivil } from '@yado/contract/civil-date';
import { useState } from 'react';
import { AlertDialog } from '../../../components/ui/alert-dialog.component';
import { formatDate } from '../../../lib/format-date';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language.hook';
import { refundOfCancelled } from '../booking-amounts';
import { cancellationScheduleRows, type CancellationPolicy } from '@yado/contract/cancellation-fee';
import { CancelBooking } from './cancel-booking.component';
import { FeePerDateTable } from './fee-per-date-table.component';
import { FeeScheduleTable } from './fee-schedule-table.component';

type Props = { b: BookingDetail; policy: CancellationPolicy | null; today: string; refresh: () => void };

/**
 * Fees and a schedule mean something only while the stay can still be cancelled, or once it was;
 * outside CANCELLED the card is there because cancelling is possible. Cancelling ends with a
 * dialog naming the fee and the refund.
 */
export function BookingCancellationCard(p: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { b } = p;
  const [cancelled, setCancelled] = useState<{ refund: number; fee: number } | null>(null);
  const yen = (n: number) => formatYen(n, language);
  return (
    <>
      {b.bookingStatus === 'CANCELLED' || b.actions.canCancel ? (
        <section className="card booking-card" aria-labelledby="cancellation-heading">
          <h2 id="cancellation-heading" className="booking-card__title">
            {t('booking:detail.cancellationHeading')}
          </h2>
          {b.bookingStatus === 'CANCELLED' ? (
            <CancelledSummary b={b} />
          ) : (
            <>
              <CancellationTerms {...p} />
              <CancelBooking
                bookingId={b.bookingId}
                onCancelled={(fee) => {
                  setCancelled({ refund: fee.refundAmount, fee: fee.totalFee });
                  p.refresh();
                }}
              />
            </>
          )}
        </section>
      ) : null}
      <AlertDialog
        open={cancelled !== null}
        title={t('booking:cancel.doneTitle')}
        description={
          cancelled
            ? t('booking:cancel.doneBody', { fee: yen(cancelled.fee), refund: yen(cancelled.refund) })
            : undefined
        }
        onClose={() => setCancelled(null)}
      />
    </>
  );
}

/** A cancelled stay: the fee billed and what went back. */
function CancelledSummary({ b }: { b: BookingDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const feeBilled = b.billingWithDetails
    .filter((x) => x.billing.billingType === 'CANCELLATION' && x.billing.billingStatus !== 'CANCELLED')
    .reduce((sum, x) => sum + x.billing.totalAmount, 0);
  return (
    <>
      <p>{t('booking:detail.isCancelled')}</p>
      <dl className="quote__lines" data-testid="cancellation-summary">
        <div className="quote__line">
          <dt>{t('booking:cancel.fee')}</dt>
          <dd>{formatYen(feeBilled, language)}</dd>
        </div>
        <div className="quote__line quote__line--strong">
          <dt>{t('booking:cancel.refunded')}</dt>
          <dd data-testid="refunded-total">{formatYen(refundOfCancelled(b), language)}</dd>
        </div>
      </dl>
    </>
  );
}

/** Until when cancelling is free, the fee today by date, and what it would cost from each later day. */
function CancellationTerms({ b, policy, today }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const feeNow = b.cancellationFee.reduce((sum, d) => sum + d.amount, 0);
  // What cancelling would cost from each later day, by the policy applied to the nights as priced.
  const schedule = policy
    ? cancellationScheduleRows(
        policy,
        b.quote.nights.map((n) => ({ date: isoFromCivil(n.date), amount: n.amount })),
        today,
      ).filter((row) => row.from > today)
    : [];
  return (
    <>
      <p data-testid="free-cancellation">
        {b.underFreeCancellationPeriod
          ? t('booking:quote.freeUntil', { date: formatDate(b.freeCancellationLimitDate, 'date', language) })
          : t('booking:quote.notFree')}
      </p>
      {feeNow > 0 ? (
        <p className="cancellation__now" data-testid="fee-now">
          {t('booking:cancellation.feeNow', { amount: formatYen(feeNow, language) })}
        </p>
      ) : null}
      {feeNow > 0 ? <FeePerDateTable fees={b.cancellationFee} /> : null}
      {schedule.length > 0 ? <FeeScheduleTable rows={schedule} language={language} captionVisible={true} /> : null}
    </>
  );
}
