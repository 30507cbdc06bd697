import type { BookingDetail } from '@yado/contract/booking.contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { TextField } from '../../../components/ui/text-field.component';
import { formatDate } from '../../../lib/format-date';
import { formatYen } from '../../../lib/format-yen';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { challengeUrlFor } from '../challenge-url';
import { timeUseSpan } from '../time-use-query';
import { clampPoints, depositOf, totalOf } from '../booking-amounts';
import type { CompletionState } from '../hooks/use-payment-completion.hook';
import { usePayDeposit } from '../hooks/use-pay-deposit.hook';
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
  const yen = (n: number) => formatYen(n, language);
  const deposit = depositOf(b);
  const [paymentMethodId, setPaymentMethodId] = useState<string | null>(null);
  const [pointsText, setPointsText] = useState('0');
  const points = clampPoints(Number(pointsText || '0'), pointBalance, deposit);
  const pagePath = bookingPagePath(b.bookingId, language);
  const paying = usePayDeposit(b, pagePath);
  const { expired, cardRefused } = paying;

  return (
    <div className="booking-layout">
      <div className="booking-form">
        {b.tentative ? <HoldCountdown deadline={b.tentative.deadline} onExpire={paying.expire} /> : null}
        {b.pendingPayment && paying.completion.state.kind === 'idle' && !paying.error ? (
          <UnfinishedPayment b={b} checkAgain={() => paying.completion.start()} />
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
              paying.clearError();
            },
            returnPath: localizePath(`/mypage/bookings/${b.bookingId}/payment`, language),
          })}
        </div>
        <PointsSection
          pointBalance={pointBalance}
          deposit={deposit}
          points={points}
          pointsText={pointsText}
          setPointsText={setPointsText}
        />
      </div>

      <aside className="booking-aside" aria-labelledby="pay-heading">
        <section className="card quote-card">
          <DepositSummary b={b} points={points} />
          <PaymentAlerts
            state={paying.completion.state}
            processing={paying.processing}
            shownError={paying.shownError}
            cardRefused={cardRefused}
            pagePath={pagePath}
          />
          <Button
            size="large"
            fullWidth
            busy={paying.paying || paying.processing}
            disabled={!paymentMethodId || expired || !b.actions.canConfirm}
            onClick={() => void paying.pay(paymentMethodId, points)}
            data-testid="pay-button"
          >
            {cardRefused
              ? t('booking:payment.retry', { amount: yen(deposit - points) })
              : b.exclusiveTimeUse
                ? t('booking:timeUse.pay', { amount: yen(deposit - points) })
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

/** A deposit payment left waiting for 3-D Secure or the processor: the way back to it, and "Check again". */
function UnfinishedPayment({ b, checkAgain }: { b: BookingDetail; checkAgain: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (!b.pendingPayment) return null;
  return (
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
      <Button variant="text" size="small" onClick={checkAgain}>
        {t('booking:payment.checkAgain')}
      </Button>
    </FormAlert>
  );
}

/** Points towards the deposit, up to the balance and the deposit. */
function PointsSection(p: {
  pointBalance: number;
  deposit: number;
  points: number;
  pointsText: string;
  setPointsText: (text: string) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { pointBalance, deposit, points, pointsText, setPointsText } = p;
  return (
    <section className="booking-section" aria-labelledby="points-heading">
      <h2 id="points-heading" className="booking-section__title">
        {t('booking:payment.pointsHeading')}
      </h2>
      <p className="muted">{t('booking:payment.pointsBalance', { points: pointBalance.toLocaleString(language) })}</p>
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
  );
}

/** The stay, the total, the deposit less points (charged now) and the rest (charged later). */
function DepositSummary({ b, points }: { b: BookingDetail; points: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const yen = (n: number) => formatYen(n, language);
  const deposit = depositOf(b);
  const total = totalOf(b);
  return (
    <>
      <h2 id="pay-heading" className="quote-card__title">
        {t('booking:payment.summaryHeading')}
      </h2>
      <p className="quote-card__stay">
        <strong>{b.houseGroup.name}</strong>
        <br />
        {b.exclusiveTimeUse
          ? timeUseSpan(b.exclusiveTimeUse, language, t)
          : t('booking:quote.stay', {
              checkin: formatDate(b.checkinDate, 'date', language),
              checkout: formatDate(b.checkoutDate, 'date', language),
            })}
      </p>
      <dl className="quote__lines">
        <div className="quote__line">
          <dt>{t('booking:quote.total')}</dt>
          <dd>{yen(total)}</dd>
        </div>
        {/* Hours are paid whole at once: no deposit, nothing later. */}
        {b.exclusiveTimeUse ? null : (
          <div className="quote__line">
            <dt>{t('booking:payment.deposit')}</dt>
            <dd>{yen(deposit)}</dd>
          </div>
        )}
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
        {b.exclusiveTimeUse ? null : (
          <div className="quote__line">
            <dt>{t('booking:payment.restLater')}</dt>
            <dd>{yen(Math.max(0, total - deposit))}</dd>
          </div>
        )}
      </dl>
    </>
  );
}

/** How the payment stands: waiting for the processor, timed out, 3-D Secure to finish, or refused. */
function PaymentAlerts(p: {
  state: CompletionState;
  processing: boolean;
  shownError: { message: string; reason: string } | null;
  cardRefused: boolean;
  pagePath: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { processing, shownError, cardRefused, pagePath } = p;
  const state = p.state;
  return (
    <div aria-live="polite">
      {processing ? (
        <FormAlert tone="info" title={t('booking:payment.processingTitle')}>
          {t('booking:payment.processingBody')}
        </FormAlert>
      ) : null}
      {state.kind === 'timedOut' ? (
        <FormAlert tone="info" title={t('booking:payment.processingTitle')}>
          <p>{t('booking:payment.timedOut')}</p>
          <Link to={pagePath}>{t('booking:payment.toBooking')}</Link>
        </FormAlert>
      ) : null}
      {state.kind === 'requiresAction' && state.challengeUrl ? (
        <FormAlert tone="info">
          <a href={challengeUrlFor(state.challengeUrl, language)}>{t('booking:payment.continueAuthentication')}</a>
        </FormAlert>
      ) : null}
      {shownError ? (
        <FormAlert title={cardRefused ? t('booking:payment.refusedTitle') : t('booking:payment.errorTitle')}>
          <p>{shownError.message}</p>
          {cardRefused ? <p>{t('booking:payment.tryAnother')}</p> : null}
        </FormAlert>
      ) : null}
    </div>
  );
}
