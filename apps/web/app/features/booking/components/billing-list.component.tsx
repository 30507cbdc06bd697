import type { BillingDetail, BillingWithDetails } from '@yado/contract/billing.contract';
import { completeBillingPayment, payBilling } from '@yado/contract/billing.contract';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { TextField } from '../../../components/ui/text-field.component';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format-date-time';
import { formatYen } from '../../../lib/format-yen';
import { useLanguage } from '../../../lib/use-language.hook';
import {
  billingStatusLabel,
  billingStatusTone,
  billingTypeLabel,
  cardBrandLabel,
  subjectLabel,
} from '../booking-labels';
import { challengeUrlFor } from '../challenge-url';
import { clampPoints } from '../booking-amounts';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { paymentFailureMessage } from '../payment-failure';
import type { PaymentPickerProps } from './payment-step.component';

type Props = {
  billings: BillingWithDetails[];
  details: Record<string, BillingDetail>;
  totalUnbilledAmount: number;
  invoiceHref: (billingId: string) => string;
  renderPicker: (props: PaymentPickerProps) => ReactNode;
  /** Where the card pages come back to. */
  returnPath: string;
  /** A billing id the browser came back with from 3-D Secure (?billingPayment=). */
  returningBillingId: string | null;
  /** Back from the card page (?cardRegistration=): open "Pay now" so the picker can finish adding the card. */
  registeringCard: boolean;
  /** The guest's points (1 point = 1 yen), which "Pay now" may spend. */
  pointBalance: number;
  onChanged: () => void;
};

const PAYABLE_TYPES = new Set(['DEFAULT', 'ADDITIONAL']);
const PAYABLE_STATUSES = new Set(['REQUESTED', 'FAILED']);
const POLL_MS = 3_000;

/** The booking's billings, each with its amounts, tax per rate, service charge, points, status and deadline. */
export function BillingList(p: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const yen = (n: number) => formatYen(n, language);
  return (
    <div className="billings">
      {p.billings.length === 0 ? <p className="muted">{t('booking:billing.none')}</p> : null}
      {p.billings.map(({ billing, paymentMethod }) => {
        const detail = p.details[billing.billingId];
        const payable = PAYABLE_TYPES.has(billing.billingType) && PAYABLE_STATUSES.has(billing.billingStatus);
        return (
          <article
            key={billing.billingId}
            className="billing"
            aria-labelledby={`billing-${billing.billingId}`}
            data-testid="billing"
          >
            <header className="billing__head">
              <h3 id={`billing-${billing.billingId}`} className="billing__title">
                {billingTypeLabel(t, billing.billingType)}{' '}
                {/* The space outside: the number may go to the next line, but never in two. */}
                <span className="muted billing__number">
                  {t('booking:billing.number', { number: billing.billingNumber })}
                </span>
              </h3>
              <span className={`badge badge--${billingStatusTone(billing.billingStatus)}`} data-testid="billing-status">
                {billingStatusLabel(t, billing.billingStatus)}
              </span>
            </header>
            {detail ? (
              <dl className="quote__lines">
                {detail.subtotalsBySubject
                  .filter((s) => s.amount !== 0)
                  .map((s) => (
                    <div className="quote__line" key={s.subject}>
                      <dt>{subjectLabel(t, s.subject)}</dt>
                      <dd>{s.amount < 0 ? `−${yen(-s.amount)}` : yen(s.amount)}</dd>
                    </div>
                  ))}
                {detail.serviceChargeAmount > 0 ? (
                  <div className="quote__line">
                    <dt>
                      {t('booking:billing.serviceCharge', {
                        percentage: detail.subtotalByServiceChargePercentage.percentage,
                      })}
                    </dt>
                    <dd>{yen(detail.serviceChargeAmount)}</dd>
                  </div>
                ) : null}
                {detail.subtotalsByConsumptionTaxRate.map((s) => (
                  <div className="quote__line" key={s.consumptionTaxRateType}>
                    <dt>
                      {s.taxRate === 0
                        ? t('booking:billing.taxExempt', { amount: yen(s.amount) })
                        : t('booking:quote.consumptionTax', { rate: s.taxRate, amount: yen(s.amount) })}
                    </dt>
                    <dd>{yen(s.taxAmount)}</dd>
                  </div>
                ))}
                {detail.accommodationTaxAmount > 0 ? (
                  <div className="quote__line">
                    <dt>{t('booking:quote.accommodationTax')}</dt>
                    <dd>{yen(detail.accommodationTaxAmount)}</dd>
                  </div>
                ) : null}
              </dl>
            ) : null}
            <dl className="quote__lines">
              <div className="quote__line quote__line--total">
                <dt>{t('booking:billing.total')}</dt>
                <dd>{yen(billing.totalAmount)}</dd>
              </div>
              {billing.deductionAmount > 0 ? (
                <div className="quote__line">
                  <dt>{t('booking:billing.deduction')}</dt>
                  <dd>−{yen(billing.deductionAmount)}</dd>
                </div>
              ) : null}
              {billing.pointPaymentAmount > 0 ? (
                <div className="quote__line">
                  <dt>{t('booking:billing.points')}</dt>
                  <dd>−{yen(billing.pointPaymentAmount)}</dd>
                </div>
              ) : null}
              <div className="quote__line quote__line--strong">
                <dt>{t('booking:billing.byCard')}</dt>
                <dd>{yen(billing.fiatJpyPaymentAmount)}</dd>
              </div>
              {billing.refundedAmount > 0 ? (
                <div className="quote__line">
                  <dt>{t('booking:billing.refunded')}</dt>
                  <dd data-testid="billing-refunded">{yen(billing.refundedAmount)}</dd>
                </div>
              ) : null}
              {paymentMethod ? (
                <div className="quote__line">
                  <dt>{t('booking:billing.paymentMethod')}</dt>
                  <dd>
                    {cardBrandLabel(t, paymentMethod.creditCard.creditCardBrand)}{' '}
                    {paymentMethod.creditCard.maskedNumber.slice(-4)}
                  </dd>
                </div>
              ) : null}
              {billing.paidAt ? (
                <div className="quote__line">
                  <dt>{t('booking:billing.paidAt')}</dt>
                  <dd>{formatDateTime(billing.paidAt, language)}</dd>
                </div>
              ) : billing.paymentDeadline ? (
                <div className="quote__line">
                  <dt>{t('booking:billing.deadline')}</dt>
                  <dd>{formatDateTime(billing.paymentDeadline, language)}</dd>
                </div>
              ) : null}
            </dl>
            {billing.billingStatus === 'PAID' ? (
              <p className="billing__invoice">
                <a href={p.invoiceHref(billing.billingId)} download data-testid="invoice-link">
                  {t('booking:billing.invoice')}
                </a>
              </p>
            ) : null}
            {payable ? (
              <PayBilling
                billingId={billing.billingId}
                amount={billing.totalBillingAmount}
                renderPicker={p.renderPicker}
                returnPath={p.returnPath}
                returning={p.returningBillingId === billing.billingId}
                openInitially={p.registeringCard}
                pointBalance={p.pointBalance}
                onPaid={p.onChanged}
              />
            ) : null}
          </article>
        );
      })}
      {p.totalUnbilledAmount > 0 ? (
        <p className="billings__unbilled">{t('booking:billing.unbilled', { amount: yen(p.totalUnbilledAmount) })}</p>
      ) : null}
    </div>
  );
}

type PayState =
  { kind: 'idle' } | { kind: 'paying' } | { kind: 'pending' } | { kind: 'failed'; message: string } | { kind: 'paid' };

/** "Pay now" for a DEFAULT or ADDITIONAL billing: a card from the picker, then pay_billing. */
function PayBilling(p: {
  billingId: string;
  amount: number;
  renderPicker: (props: PaymentPickerProps) => ReactNode;
  returnPath: string;
  returning: boolean;
  openInitially: boolean;
  pointBalance: number;
  onPaid: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [open, setOpen] = useState(p.returning || p.openInitially);
  const [paymentMethodId, setPaymentMethodId] = useState<string | null>(null);
  const [pointsText, setPointsText] = useState('0');
  // Never more than the billing asks for, nor than the guest has (the API refuses either).
  const maxPoints = Math.min(p.pointBalance, p.amount);
  const points = clampPoints(Number(pointsText || '0'), p.pointBalance, p.amount);
  const [state, setState] = useState<PayState>(p.returning ? { kind: 'pending' } : { kind: 'idle' });
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const { onPaid, billingId } = p;

  // Back from 3-D Secure, or the processor has not decided: ask until it has.
  useEffect(() => {
    if (state.kind !== 'pending') return;
    let cancelled = false;
    const timer = setTimeout(
      () => {
        callMethod(completeBillingPayment, { billingId }).then(
          ({ payment }) => {
            if (cancelled) return;
            if (payment.status === 'PAID') {
              setState({ kind: 'paid' });
              onPaid();
            } else if (payment.status === 'FAILED') {
              setState({
                kind: 'failed',
                message: paymentFailureMessage(payment.reason, language, t('booking:payment.failedGeneric')),
              });
            } else if (payment.status === 'REQUIRES_ACTION' && payment.challengeUrl) {
              window.location.assign(challengeUrlFor(payment.challengeUrl, language));
            } else setState({ kind: 'pending' });
          },
          (e: unknown) => {
            if (!cancelled)
              setState({
                kind: 'failed',
                message: isApiError(e) ? e.displayMessage : t('booking:payment.failedGeneric'),
              });
          },
        );
      },
      p.returning && state.kind === 'pending' ? 0 : POLL_MS,
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [state, billingId, onPaid, t, p.returning, language]);

  const pay = async () => {
    if (!paymentMethodId) return;
    // 3-D Secure returns to this page in its language, naming the billing so the page finishes its payment.
    const returnUrl = `${p.returnPath}?billingPayment=${encodeURIComponent(billingId)}`;
    const input = { billingId, paymentMethodId, pointPaymentAmount: points, returnUrl };
    const body = JSON.stringify(input);
    if (attempt.current?.body !== body) attempt.current = { body, key: newIdempotencyKey() };
    setState({ kind: 'paying' });
    try {
      const { payment } = await callMethod(payBilling, input, {
        headers: { [IDEMPOTENCY_HEADER]: attempt.current.key },
      });
      attempt.current = null;
      if (payment.status === 'PAID') {
        setState({ kind: 'paid' });
        onPaid();
      } else if (payment.status === 'REQUIRES_ACTION' && payment.challengeUrl) {
        window.location.assign(challengeUrlFor(payment.challengeUrl, language));
      } else if (payment.status === 'FAILED') {
        setState({
          kind: 'failed',
          message: paymentFailureMessage(payment.reason, language, t('booking:payment.failedGeneric')),
        });
      } else setState({ kind: 'pending' });
    } catch (e) {
      if (isApiError(e)) attempt.current = null;
      setState({ kind: 'failed', message: isApiError(e) ? e.displayMessage : t('booking:payment.failedGeneric') });
    }
  };

  if (!open) {
    return (
      <Button onClick={() => setOpen(true)} data-testid="pay-now">
        {t('booking:billing.payNow', { amount: formatYen(p.amount, language) })}
      </Button>
    );
  }
  return (
    <div className="pay-billing">
      {p.renderPicker({ value: paymentMethodId, onChange: setPaymentMethodId, returnPath: p.returnPath })}
      <div className="pay-billing__points">
        <p className="muted">
          {t('booking:payment.pointsBalance', { points: p.pointBalance.toLocaleString(language) })}
        </p>
        {maxPoints > 0 ? (
          <TextField
            id={`points-${billingId}`}
            className="field--narrow"
            type="number"
            inputMode="numeric"
            min={0}
            max={maxPoints}
            step={1}
            label={t('booking:payment.pointsToUse')}
            hint={t('booking:billing.pointsHint', { max: maxPoints.toLocaleString(language) })}
            value={pointsText}
            disabled={state.kind === 'paying' || state.kind === 'pending' || state.kind === 'paid'}
            onChange={(e) => setPointsText(e.target.value)}
            onBlur={() => setPointsText(String(points))}
          />
        ) : null}
        {points > 0 ? (
          <dl className="quote__lines">
            <div className="quote__line">
              <dt>{t('booking:payment.points')}</dt>
              <dd>−{formatYen(points, language)}</dd>
            </div>
            <div className="quote__line quote__line--strong">
              <dt>{t('booking:payment.chargeNow')}</dt>
              <dd data-testid="billing-charge-now">{formatYen(p.amount - points, language)}</dd>
            </div>
          </dl>
        ) : null}
      </div>
      <div aria-live="polite">
        {state.kind === 'pending' ? (
          <FormAlert tone="info" title={t('booking:payment.processingTitle')}>
            {t('booking:payment.processingBody')}
          </FormAlert>
        ) : null}
        {state.kind === 'failed' ? (
          <FormAlert title={t('booking:payment.refusedTitle')}>
            <p>{state.message}</p>
            <p>{t('booking:payment.tryAnother')}</p>
          </FormAlert>
        ) : null}
        {state.kind === 'paid' ? <FormAlert tone="success">{t('booking:billing.paidNow')}</FormAlert> : null}
      </div>
      <Button
        busy={state.kind === 'paying' || state.kind === 'pending'}
        disabled={!paymentMethodId || state.kind === 'paid'}
        onClick={() => void pay()}
        data-testid="pay-billing"
      >
        {t('booking:billing.payNow', { amount: formatYen(p.amount - points, language) })}
      </Button>
    </div>
  );
}
