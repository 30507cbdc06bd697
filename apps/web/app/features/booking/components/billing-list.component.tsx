import type { BillingDetail, BillingWithDetails } from '@yado/contract/billing.contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { TextField } from '../../../components/ui/text-field.component';
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
import { clampPoints } from '../booking-amounts';
import { usePayBilling, type PayState } from '../hooks/use-pay-billing.hook';
import { useNacQuote } from '../hooks/use-nac-quote.hook';
import { PayBillingNac, NacPaidLines, SplitParts } from './billing-nac.component';
import type { PaymentPickerProps } from './payment-step.component';
import { SplitBilling } from './split-billing.component';

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

/** The booking's billings, each with its amounts, tax per rate, service charge, points, status and deadline. */
export function BillingList(p: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="billings">
      {p.billings.length === 0 ? <p className="muted">{t('booking:billing.none')}</p> : null}
      {p.billings.map((entry) => (
        <BillingCard key={entry.billing.billingId} {...p} entry={entry} />
      ))}
      {p.totalUnbilledAmount > 0 ? (
        <p className="billings__unbilled">
          {t('booking:billing.unbilled', { amount: formatYen(p.totalUnbilledAmount, language) })}
        </p>
      ) : null}
    </div>
  );
}

/** One billing: its heading and status, lines, amounts, invoice and "Pay now". */
function BillingCard(p: Props & { entry: BillingWithDetails }) {
  const { t } = useTranslation();
  const { billing, paymentMethod } = p.entry;
  const detail = p.details[billing.billingId];
  const payable =
    PAYABLE_TYPES.has(billing.billingType) && PAYABLE_STATUSES.has(billing.billingStatus) && !billing.isSplitSource;
  return (
    <article className="billing" aria-labelledby={`billing-${billing.billingId}`} data-testid="billing">
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
      {detail ? <BillingDetailLines detail={detail} /> : null}
      <BillingAmounts billing={billing} paymentMethod={paymentMethod} />
      {p.entry.ownSplitBillings.length > 0 ? <SplitParts parts={p.entry.ownSplitBillings} /> : null}
      {billing.billingStatus === 'PAID' ? (
        <p className="billing__invoice">
          <a href={p.invoiceHref(billing.billingId)} download data-testid="invoice-link">
            {t('booking:billing.invoice')}
          </a>
        </p>
      ) : null}
      {splittable(billing) ? (
        <SplitBilling billingId={billing.billingId} total={billing.totalBillingAmount} onSplit={p.onChanged} />
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
}

type Billing = BillingWithDetails['billing'];

/** Only a billing nothing was paid or reserved on yet may be split (the API checks the rest). */
const splittable = (b: Billing) =>
  PAYABLE_TYPES.has(b.billingType) &&
  b.billingStatus === 'REQUESTED' &&
  !b.isSplitSource &&
  b.pointPaymentAmount === 0 &&
  b.nacPaymentAmountInJpy === 0 &&
  b.totalBillingAmount >= 2;

/** A billing's lines by subject, service charge, consumption tax per rate and accommodation tax. */
function BillingDetailLines({ detail }: { detail: BillingDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const yen = (n: number) => formatYen(n, language);
  return (
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
  );
}

/** The total, deductions, points, card amount, refund, card and when it was (or is to be) paid. */
function BillingAmounts({
  billing,
  paymentMethod,
}: {
  billing: Billing;
  paymentMethod: BillingWithDetails['paymentMethod'];
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const yen = (n: number) => formatYen(n, language);
  return (
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
      <NacPaidLines billing={billing} />
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
  );
}

/** "Pay now" for a DEFAULT or ADDITIONAL billing or a part of a split one: card, NAC at a quote, points, then pay_billing. */
export function PayBilling(p: {
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
  const points = clampPoints(Number(pointsText || '0'), p.pointBalance, p.amount);
  const [nacText, setNacText] = useState('0');
  const { state, pay } = usePayBilling(p.billingId, p.returning, p.onPaid);
  const nacMax = p.amount - points;
  const nacYen = clampPoints(Number(nacText || '0'), Number.MAX_SAFE_INTEGER, nacMax);
  const nac = useNacQuote(nacYen, open);
  const nacYenAllowed = Math.min(nacMax, nac.wallet?.yenBalance ?? 0);
  const nacPart = nacYen > 0 && nac.quote?.amountInJpy === nacYen ? nac.quote : null;
  const rest = p.amount - points - (nacPart?.amountInJpy ?? 0);

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
      <PayBillingPoints {...p} state={state} points={points} pointsText={pointsText} setPointsText={setPointsText} />
      <PayBillingNac
        billingId={p.billingId}
        wallet={nac.wallet}
        walletError={nac.walletError}
        quote={nacPart}
        quoteError={nac.error}
        yen={nacYen}
        maxYen={nacYenAllowed}
        text={nacText}
        setText={setNacText}
        disabled={state.kind === 'paying' || state.kind === 'pending' || state.kind === 'paid'}
        rest={rest}
      />
      <PayBillingAlerts state={state} />
      <Button
        busy={state.kind === 'paying' || state.kind === 'pending'}
        disabled={
          (rest > 0 && !paymentMethodId) || (nacYen > 0 && !nacPart) || nacYen > nacYenAllowed || state.kind === 'paid'
        }
        onClick={() => void pay(rest > 0 ? paymentMethodId : null, points, p.returnPath, nacPart)}
        data-testid="pay-billing"
      >
        {t('booking:billing.payNow', { amount: formatYen(p.amount - points, language) })}
      </Button>
    </div>
  );
}

/** Points towards the billing: never more than it asks for, nor than the guest has (the API refuses either). */
function PayBillingPoints(p: {
  billingId: string;
  amount: number;
  pointBalance: number;
  state: PayState;
  points: number;
  pointsText: string;
  setPointsText: (text: string) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { billingId, state, points, pointsText, setPointsText } = p;
  const maxPoints = Math.min(p.pointBalance, p.amount);
  return (
    <div className="pay-billing__points">
      <p className="muted">{t('booking:payment.pointsBalance', { points: p.pointBalance.toLocaleString(language) })}</p>
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
  );
}

/** How the payment stands: waiting for the processor, refused, or paid. */
function PayBillingAlerts({ state }: { state: PayState }) {
  const { t } = useTranslation();
  return (
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
  );
}
