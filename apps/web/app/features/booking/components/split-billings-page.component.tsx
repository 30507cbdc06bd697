import type { SplitPartSchema } from '@yado/contract/billing.contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { formatDate } from '../../../lib/format-date';
import { formatDateTime } from '../../../lib/format-date-time';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { billingStatusLabel, billingStatusTone } from '../booking-labels';
import { PayBilling } from './billing-list.component';
import { NacPaidLines } from './billing-nac.component';
import type { PaymentPickerProps } from './payment-step.component';

export type SplitPart = z.infer<typeof SplitPartSchema>;

const PAYABLE = new Set(['REQUESTED', 'FAILED']);

type Props = {
  parts: SplitPart[];
  pointBalance: number;
  renderPicker: (props: PaymentPickerProps) => ReactNode;
  /** A part the browser came back with from 3-D Secure (?billingPayment=). */
  returningBillingId: string | null;
  registeringCard: boolean;
  onChanged: () => void;
};

/** /mypage/split-billings: the parts of bills others split with the user, each paid here by card, NAC or points. */
export function SplitBillingsPage(p: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section className="page split-billings-page" aria-labelledby="split-billings-heading">
      <nav className="breadcrumbs" aria-label={t('booking:splitBillings.breadcrumbs')}>
        <Link to={localizePath('/mypage', language)}>{t('booking:splitBillings.mypage')}</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{t('booking:splitBillings.heading')}</span>
      </nav>
      <header className="page__header">
        <h1 id="split-billings-heading">{t('booking:splitBillings.heading')}</h1>
        <p className="lead">{t('booking:splitBillings.lead')}</p>
      </header>
      {p.parts.length === 0 ? (
        <p className="card muted" data-testid="split-billings-empty">
          {t('booking:splitBillings.none')}
        </p>
      ) : (
        <div className="billings">
          {p.parts.map((part) => (
            <SplitPartCard key={part.billing.billingId} {...p} part={part} />
          ))}
        </div>
      )}
    </section>
  );
}

/** One part: whose stay, the amount, its status and, while unpaid, the pay form. */
function SplitPartCard(p: Props & { part: SplitPart }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { billing, paymentMethod } = p.part;
  const dates =
    p.part.checkinDate && p.part.checkoutDate
      ? `${formatDate(p.part.checkinDate, 'date', language)} – ${formatDate(p.part.checkoutDate, 'date', language)}`
      : null;
  return (
    <article className="card billing" aria-labelledby={`part-${billing.billingId}`} data-testid="split-billing-part">
      <header className="billing__head">
        <h2 id={`part-${billing.billingId}`} className="billing__title">
          {p.part.houseGroupName ?? t('booking:splitBillings.stayUnknown')}{' '}
          <span className="muted billing__number">
            {t('booking:billing.number', { number: billing.billingNumber })}
          </span>
        </h2>
        <span className={`badge badge--${billingStatusTone(billing.billingStatus)}`} data-testid="split-billing-status">
          {billingStatusLabel(t, billing.billingStatus)}
        </span>
      </header>
      <dl className="quote__lines">
        <div className="quote__line">
          <dt>{t('booking:splitBillings.booker')}</dt>
          <dd data-testid="split-billing-booker">{p.part.bookerName}</dd>
        </div>
        {dates ? (
          <div className="quote__line">
            <dt>{t('booking:splitBillings.dates')}</dt>
            <dd>{dates}</dd>
          </div>
        ) : null}
        <div className="quote__line">
          <dt>{t('booking:splitBillings.source')}</dt>
          <dd>{t('booking:billing.number', { number: p.part.sourceBillingNumber })}</dd>
        </div>
        <div className="quote__line quote__line--total">
          <dt>{t('booking:splitBillings.amount')}</dt>
          <dd data-testid="split-billing-amount">{formatYen(billing.totalBillingAmount, language)}</dd>
        </div>
        {billing.pointPaymentAmount > 0 ? (
          <div className="quote__line">
            <dt>{t('booking:billing.points')}</dt>
            <dd>−{formatYen(billing.pointPaymentAmount, language)}</dd>
          </div>
        ) : null}
        <NacPaidLines billing={billing} />
        {paymentMethod ? (
          <div className="quote__line">
            <dt>{t('booking:billing.paymentMethod')}</dt>
            <dd>•••• {paymentMethod.creditCard.maskedNumber.slice(-4)}</dd>
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
      {PAYABLE.has(billing.billingStatus) ? (
        <PayBilling
          billingId={billing.billingId}
          amount={billing.totalBillingAmount}
          renderPicker={p.renderPicker}
          returnPath={localizePath('/mypage/split-billings', language)}
          returning={p.returningBillingId === billing.billingId}
          openInitially={p.registeringCard}
          pointBalance={p.pointBalance}
          onPaid={p.onChanged}
        />
      ) : null}
    </article>
  );
}
