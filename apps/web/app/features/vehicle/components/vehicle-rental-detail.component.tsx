import { cancelVehicleRental, type VehicleRental } from '@yado/contract/vehicle-rental.contract';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format-date-time';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { rentalWhen } from '../vehicle-rental-time';
import { QuoteLines } from './vehicle-rental-quote.component';

/** One rental in full: when and where, the price paid, a late return or a fee, and what the renter can do now. */
export function VehicleRentalDetail({ rental }: { rental: VehicleRental }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const revalidator = useRevalidator();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const cancellable =
    rental.status !== 'CANCELED' && (rental.useStatus === 'BEFORE_READY' || rental.useStatus === 'READY');
  const usable = rental.status === 'BOOKED' && rental.useStatus !== 'FINISHED';

  const cancel = async () => {
    setBusy(true);
    try {
      const res = await callMethod(
        cancelVehicleRental,
        { vehicleRentalId: rental.id },
        { language, headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() } },
      );
      setMessage({
        tone: 'success',
        text: t('rental:detail.cancelled', { refund: formatYen(res.refundAmount, language) }),
      });
      setConfirming(false);
      await revalidator.revalidate();
    } catch (err) {
      setMessage({ tone: 'error', text: isApiError(err) ? err.displayMessage : t('errors.generic') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="rental-detail">
      <section className="card">
        <dl className="rental-facts">
          <div>
            <dt>{t('rental:detail.vehicle')}</dt>
            <dd>
              {rental.vehicle.displayName}{' '}
              <span className="rental-facts__plate">{rental.vehicle.registrationNumber}</span>
            </dd>
          </div>
          <div>
            <dt>{t('rental:detail.when')}</dt>
            <dd data-testid="rental-when">{rentalWhen(rental.clock, language, t)}</dd>
          </div>
          <div>
            <dt>{t('rental:detail.pickup')}</dt>
            <dd>{rental.pickupLocation.displayName}</dd>
          </div>
          <div>
            <dt>{t('rental:detail.dropoff')}</dt>
            <dd>{rental.dropoffLocation.displayName}</dd>
          </div>
          <div>
            <dt>{t('rental:detail.people')}</dt>
            <dd>{rental.headcount}</dd>
          </div>
          {rental.userRequestNotes ? (
            <div>
              <dt>{t('rental:detail.notes')}</dt>
              <dd className="rental-facts__notes">{rental.userRequestNotes}</dd>
            </div>
          ) : null}
        </dl>
        <p className="rental-detail__states">
          <span data-testid="rental-status">{t(`rental:status.${rental.status}`)}</span>
          {rental.status === 'BOOKED' ? <span> · {t(`rental:useStatus.${rental.useStatus}`)}</span> : null}
        </p>
        {rental.status === 'TENTATIVE' && rental.tentativeDeadline ? (
          <FormAlert tone="info">
            <p>
              {t('rental:detail.holdUntil', {
                time: formatDateTime(rental.tentativeDeadline, language, rental.timeZone),
              })}
            </p>
            {rental.challengeUrl ? (
              <p>
                <a href={rental.challengeUrl}>{t('rental:detail.finishPayment')}</a>
              </p>
            ) : null}
          </FormAlert>
        ) : null}
      </section>
      <section className="card">
        <QuoteLines quote={rental.quote} />
        {rental.lateHalfHours > 0 ? (
          <p className="rental-detail__note">{t('rental:detail.late', { count: rental.lateHalfHours })}</p>
        ) : null}
        {rental.cancellationFee ? (
          <p className="rental-detail__note" data-testid="rental-fee">
            {t('rental:detail.fee', { percentage: rental.cancellationFee.percentage })}:{' '}
            {formatYen(rental.cancellationFee.amount, language)}
          </p>
        ) : null}
        <p className="rental-detail__billing">
          <Link to={localizePath(`/mypage/bookings/${rental.bookingId}`, language)} data-testid="rental-billing-link">
            {t('rental:detail.billing')}
          </Link>
        </p>
      </section>
      {message ? <FormAlert tone={message.tone}>{message.text}</FormAlert> : null}
      <div className="rental-detail__actions">
        {usable ? (
          <Link
            className={buttonClassName({ size: 'large', fullWidth: true })}
            to={localizePath(`/vehicle-controller/${rental.id}`, language)}
            data-testid="rental-open-controller"
          >
            {t('rental:detail.open')}
          </Link>
        ) : null}
        {cancellable && !confirming ? (
          <Button variant="secondary" onClick={() => setConfirming(true)} data-testid="rental-cancel">
            {t('rental:detail.cancel')}
          </Button>
        ) : null}
        {confirming ? (
          <div className="card rental-detail__confirm" role="group">
            <p>{t('rental:detail.cancelConfirm')}</p>
            <div className="dialog-actions">
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                {t('rental:detail.keep')}
              </Button>
              <Button busy={busy} onClick={() => void cancel()} data-testid="rental-cancel-confirm">
                {t('rental:detail.cancel')}
              </Button>
            </div>
          </div>
        ) : null}
      </div>
    </div>
  );
}
