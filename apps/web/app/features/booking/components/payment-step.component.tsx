import { confirmBooking, type BookingDetail } from '@yado/contract/booking.contract';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { TextField } from '../../../components/ui/text-field.component';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format-date';
import { formatYen } from '../../../lib/format-yen';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { challengeUrlFor } from '../challenge-url';
import { clampPoints, depositOf, totalOf } from '../booking-amounts';
import { usePaymentCompletion, completionOf } from '../hooks/use-payment-completion.hook';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { HoldCountdown } from './hold-countdown.component';

/** What the payment-method picker takes: the chosen card, and where its card page returns. */
export type PaymentPickerProps = {
  value: string | null;
  onChange: (paymentMethodId: string | null) => void;
  returnPath: string;
};

type Props = {
  booking: BookingDetail;
  pointBalance: number;
  /** The payment feature's picker, given by the route (features do not import each other). */
  renderPicker: (props: PaymentPickerProps) => ReactNode;
};

/** Where the 3-D Secure page comes back to (with ?bookingPayment=<id>) and a finished payment goes. */
export function bookingPagePath(bookingId: string, language: 'en' | 'ja'): string {
  return localizePath(`/mypage/bookings/${bookingId}`, language);
}

/**
 * The second step: the hold's countdown, the card, points, and "Pay deposit".
 * PAID goes to the booking page; REQUIRES_ACTION opens the card issuer's
 * 3-D Secure page; a refused card shows why and lets the guest try another;
 * PENDING waits for the processor, asking again every few seconds.
 */
export function PaymentStep({ booking: b, pointBalance, renderPicker }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const yen = (n: number) => formatYen(n, language);
  const deposit = depositOf(b);
  const total = totalOf(b);
  const [paymentMethodId, setPaymentMethodId] = useState<string | null>(null);
  const [pointsText, setPointsText] = useState('0');
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<{ message: string; reason: string } | null>(null);
  const [expired, setExpired] = useState(false);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const completion = usePaymentCompletion(b.bookingId, t('booking:payment.failedGeneric'));
  const points = clampPoints(Number(pointsText || '0'), pointBalance, deposit);
  const pagePath = bookingPagePath(b.bookingId, language);
  const paymentPath = localizePath(`/mypage/bookings/${b.bookingId}/payment`, language);

  const { state: completionState, setState: setCompletionState } = completion;
  useEffect(() => {
    if (completionState.kind === 'paid') void navigate(`${pagePath}?confirmed=1`);
  }, [completionState, navigate, pagePath]);
  // A refusal found while waiting for the processor reads like one answered at once.
  const shownError =
    error ??
    (completionState.kind === 'failed' ? { message: completionState.message, reason: completionState.reason } : null);

  const pay = async () => {
    if (!paymentMethodId) return;
    const input = { bookingId: b.bookingId, paymentMethodId, pointPaymentAmount: points, returnPath: pagePath };
    const body = JSON.stringify(input);
    if (attempt.current?.body !== body) attempt.current = { body, key: newIdempotencyKey() };
    setPaying(true);
    setError(null);
    setCompletionState({ kind: 'idle' });
    try {
      const result = await callMethod(confirmBooking, input, {
        headers: { [IDEMPOTENCY_HEADER]: attempt.current.key },
      });
      attempt.current = null;
      if (result.status === 'REQUIRES_ACTION' && result.challengeUrl) {
        // The card issuer's page; it sends the browser back to the booking page with ?bookingPayment=<id>.
        window.location.assign(challengeUrlFor(result.challengeUrl, language));
        return;
      }
      if (result.status === 'PAID') {
        void navigate(`${pagePath}?confirmed=1`);
        return;
      }
      if (result.status === 'PENDING') completion.start({ kind: 'pending' });
      else setCompletionState(completionOf(result));
      setPaying(false);
    } catch (e) {
      if (isApiError(e)) attempt.current = null;
      setError({
        message: isApiError(e) ? e.displayMessage : t('booking:payment.failedGeneric'),
        reason: isApiError(e) ? e.reason : '',
      });
      if (isApiError(e) && e.reason === 'CodeTentativeBookingExpired') setExpired(true);
      setPaying(false);
    }
  };

  const processing = completion.state.kind === 'pending' || completion.state.kind === 'checking';
  const cardRefused = shownError !== null && shownError.reason.startsWith('CodePayment');

  return (
    <div className="booking-layout">
      <div className="booking-form">
        {b.tentative ? <HoldCountdown deadline={b.tentative.deadline} onExpire={() => setExpired(true)} /> : null}

        {b.pendingPayment && completionState.kind === 'idle' && !error ? (
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
            <Button variant="text" size="small" onClick={() => completion.start()}>
              {t('booking:payment.checkAgain')}
            </Button>
          </FormAlert>
        ) : null}

        {expired ? (
          <FormAlert title={t('booking:payment.expiredTitle')}>
            <p>{t('booking:payment.expiredBody')}</p>
            <Link to={localizePath(`/house-groups/${b.houseGroup.id}`, language)}>
              {t('booking:payment.startAgain')}
            </Link>
          </FormAlert>
        ) : null}

        {/* The picker is a fieldset with its own legend, so the section needs no second heading. */}
        <div className="booking-section booking-section--picker">
          {renderPicker({
            value: paymentMethodId,
            onChange: (id) => {
              setPaymentMethodId(id);
              setError(null);
            },
            returnPath: paymentPath,
          })}
        </div>

        <section className="booking-section" aria-labelledby="points-heading">
          <h2 id="points-heading" className="booking-section__title">
            {t('booking:payment.pointsHeading')}
          </h2>
          <p className="muted">
            {t('booking:payment.pointsBalance', { points: pointBalance.toLocaleString(language) })}
          </p>
          {pointBalance > 0 ? (
            <TextField
              id="points"
              className="field--narrow"
              type="number"
              inputMode="numeric"
              min={0}
              max={Math.min(pointBalance, deposit)}
              step={1}
              label={t('booking:payment.pointsToUse')}
              hint={t('booking:payment.pointsHint', { max: Math.min(pointBalance, deposit).toLocaleString(language) })}
              value={pointsText}
              onChange={(e) => setPointsText(e.target.value)}
              onBlur={() => setPointsText(String(points))}
            />
          ) : null}
        </section>
      </div>

      <aside className="booking-aside" aria-labelledby="pay-heading">
        <section className="card quote-card">
          <h2 id="pay-heading" className="quote-card__title">
            {t('booking:payment.summaryHeading')}
          </h2>
          <p className="quote-card__stay">
            <strong>{b.houseGroup.name}</strong>
            <br />
            {t('booking:quote.stay', {
              checkin: formatDate(b.checkinDate, 'date', language),
              checkout: formatDate(b.checkoutDate, 'date', language),
            })}
          </p>
          <dl className="quote__lines">
            <div className="quote__line">
              <dt>{t('booking:quote.total')}</dt>
              <dd>{yen(total)}</dd>
            </div>
            <div className="quote__line">
              <dt>{t('booking:payment.deposit')}</dt>
              <dd>{yen(deposit)}</dd>
            </div>
            {points > 0 ? (
              <div className="quote__line">
                <dt>{t('booking:payment.points')}</dt>
                <dd>−{yen(points)}</dd>
              </div>
            ) : null}
            <div className="quote__line quote__line--total">
              <dt>{t('booking:payment.chargeNow')}</dt>
              <dd data-testid="charge-now">{yen(deposit - points)}</dd>
            </div>
            <div className="quote__line">
              <dt>{t('booking:payment.restLater')}</dt>
              <dd>{yen(Math.max(0, total - deposit))}</dd>
            </div>
          </dl>
          <div aria-live="polite">
            {processing ? (
              <FormAlert tone="info" title={t('booking:payment.processingTitle')}>
                {t('booking:payment.processingBody')}
              </FormAlert>
            ) : null}
            {completion.state.kind === 'timedOut' ? (
              <FormAlert tone="info" title={t('booking:payment.processingTitle')}>
                <p>{t('booking:payment.timedOut')}</p>
                <Link to={pagePath}>{t('booking:payment.toBooking')}</Link>
              </FormAlert>
            ) : null}
            {completion.state.kind === 'requiresAction' && completion.state.challengeUrl ? (
              <FormAlert tone="info">
                <a href={challengeUrlFor(completion.state.challengeUrl, language)}>
                  {t('booking:payment.continueAuthentication')}
                </a>
              </FormAlert>
            ) : null}
            {shownError ? (
              <FormAlert title={cardRefused ? t('booking:payment.refusedTitle') : t('booking:payment.errorTitle')}>
                <p>{shownError.message}</p>
                {cardRefused ? <p>{t('booking:payment.tryAnother')}</p> : null}
              </FormAlert>
            ) : null}
          </div>
          <Button
            size="large"
            fullWidth
            busy={paying || processing}
            disabled={!paymentMethodId || expired || !b.actions.canConfirm}
            onClick={() => void pay()}
            data-testid="pay-button"
          >
            {cardRefused
              ? t('booking:payment.retry', { amount: yen(deposit - points) })
              : t('booking:payment.pay', { amount: yen(deposit - points) })}
          </Button>
          {!paymentMethodId ? <p className="quote-card__fine">{t('booking:payment.chooseCard')}</p> : null}
          <p className="quote-card__fine">
            <Link className={buttonClassName({ variant: 'text' })} to={pagePath}>
              {t('booking:payment.viewBooking')}
            </Link>
          </p>
        </section>
      </aside>
    </div>
  );
}
