import type { BookingDetail } from '@yado/contract/booking.contract';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { bookingStatusLabel, bookingStatusTone } from '../booking-labels';
import { challengeUrlFor } from '../challenge-url';
import type { CompletionState } from '../hooks/use-payment-completion.hook';
import { HoldCountdown } from './hold-countdown.component';

/** The booking page's heading: place, house group, status and booking number. */
export function BookingDetailHeader({ b }: { b: BookingDetail }) {
  const { t } = useTranslation();
  return (
    <header className="page__header booking-detail__header">
      <p className="eyebrow">{b.place.name}</p>
      <h1 id="booking-heading">{b.houseGroup.name}</h1>
      <p className="booking-detail__meta">
        <span className={`badge badge--${bookingStatusTone(b.bookingStatus)}`} data-testid="booking-status">
          {bookingStatusLabel(t, b.bookingStatus)}
        </span>{' '}
        <span className="muted">{t('booking:detail.number', { number: b.bookingNumber })}</span>
      </p>
    </header>
  );
}

/** What became of the deposit just paid (or being paid): a live region, so the news is read out. */
export function PaymentCompletionAlerts(p: { b: BookingDetail; state: CompletionState; justConfirmed: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { b, state } = p;
  const confirmed = (
    <FormAlert tone="success" title={t('booking:detail.confirmedTitle')}>
      {b.exclusiveTimeUse ? t('booking:timeUse.confirmedBody') : t('booking:detail.confirmedBody')}
    </FormAlert>
  );
  return (
    <div aria-live="polite">
      {p.justConfirmed && b.bookingStatus !== 'TENTATIVE' ? confirmed : null}
      {state.kind === 'checking' || state.kind === 'pending' ? (
        <FormAlert tone="info" title={t('booking:payment.processingTitle')}>
          {t('booking:payment.processingBody')}
        </FormAlert>
      ) : null}
      {state.kind === 'paid' ? confirmed : null}
      {state.kind === 'requiresAction' ? (
        <FormAlert tone="info" title={t('booking:payment.authenticationTitle')}>
          {state.challengeUrl ? (
            <a href={challengeUrlFor(state.challengeUrl, language)}>{t('booking:payment.continueAuthentication')}</a>
          ) : (
            t('booking:payment.processingBody')
          )}
        </FormAlert>
      ) : null}
      {state.kind === 'failed' ? (
        <FormAlert title={t('booking:payment.refusedTitle')}>
          <p>{state.message}</p>
          {b.bookingStatus === 'TENTATIVE' ? (
            <Link to={localizePath(`/mypage/bookings/${b.bookingId}/payment`, language)}>
              {t('booking:payment.tryAnother')}
            </Link>
          ) : null}
        </FormAlert>
      ) : null}
      {state.kind === 'timedOut' ? (
        <FormAlert tone="info" title={t('booking:payment.processingTitle')}>
          {t('booking:payment.timedOut')}
        </FormAlert>
      ) : null}
    </div>
  );
}

/** A held, unpaid booking: the time left, an unfinished payment to resume, and the way to pay. */
export function TentativeCard(p: { b: BookingDetail; state: CompletionState; checkAgain: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { b, state } = p;
  if (b.bookingStatus !== 'TENTATIVE' || !b.tentative) return null;
  return (
    <section className="card booking-tentative" aria-labelledby="tentative-heading">
      <h2 id="tentative-heading" className="booking-card__title">
        {t('booking:detail.tentativeHeading')}
      </h2>
      <HoldCountdown deadline={b.tentative.deadline} />
      {b.pendingPayment && state.kind === 'idle' ? (
        <FormAlert tone="info" title={t('booking:payment.unfinishedTitle')}>
          {b.pendingPayment.status === 'REQUIRES_ACTION' && b.pendingPayment.challengeUrl ? (
            <p>
              <a href={challengeUrlFor(b.pendingPayment.challengeUrl, language)}>
                {t('booking:payment.continueAuthentication')}
              </a>
            </p>
          ) : (
            <p>{t('booking:payment.processingBody')}</p>
          )}
          <Button variant="text" size="small" onClick={p.checkAgain}>
            {t('booking:payment.checkAgain')}
          </Button>
        </FormAlert>
      ) : null}
      {b.actions.canConfirm && state.kind !== 'checking' && state.kind !== 'pending' ? (
        <Link
          className={buttonClassName({ fullWidth: true })}
          to={localizePath(`/mypage/bookings/${b.bookingId}/payment`, language)}
        >
          {t('booking:detail.continuePayment')}
        </Link>
      ) : null}
    </section>
  );
}
