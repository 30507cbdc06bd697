import type { BillingWithDetails } from '@yado/contract/billing.contract';
import { dateTimeFromDate } from '@yado/contract/date-time';
import { TextField } from '../../../components/ui/text-field.component';
import { formatDateTime } from '../../../lib/format-date-time';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language.hook';
import { formatNacAmount } from '../../../lib/format-nac';
import { billingStatusLabel, billingStatusTone } from '../booking-labels';
import type { NacQuote, NacWallet } from '../hooks/use-nac-quote.hook';

type Billing = BillingWithDetails['billing'];

/**
 * The part of a payment made in NAC: the wallet's balance, the yen to pay in NAC, and the live quote
 * (NAC, rate, the yen it covers, until when the rate holds), renewed before it expires.
 */
export function PayBillingNac(p: {
  billingId: string;
  wallet: NacWallet | null;
  walletError: string | null;
  quote: NacQuote | null;
  quoteError: string | null;
  yen: number;
  maxYen: number;
  text: string;
  setText: (text: string) => void;
  disabled: boolean;
  rest: number;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const yen = (n: number) => formatYen(n, language);
  if (p.walletError !== null) {
    return <p className="muted pay-billing__nac">{t('booking:billing.nac.unavailable')}</p>;
  }
  if (!p.wallet) return <p className="muted pay-billing__nac">{t('booking:billing.nac.loading')}</p>;
  return (
    <div className="pay-billing__nac" data-testid="pay-nac">
      <p className="muted">
        {t('booking:billing.nac.balance', { nac: formatNacAmount(p.wallet.balance), yen: yen(p.wallet.yenBalance) })}
      </p>
      {p.maxYen > 0 ? (
        <TextField
          id={`nac-${p.billingId}`}
          className="field--narrow"
          type="number"
          inputMode="numeric"
          min={0}
          max={p.maxYen}
          step={1}
          label={t('booking:billing.nac.amountLabel')}
          hint={t('booking:billing.nac.amountHint', { max: yen(p.maxYen) })}
          value={p.text}
          disabled={p.disabled}
          error={p.yen > p.maxYen ? t('booking:billing.nac.overBalance', { max: yen(p.maxYen) }) : undefined}
          onChange={(e) => p.setText(e.target.value)}
          data-testid="pay-nac-yen"
        />
      ) : null}
      {p.yen > 0 && p.yen <= p.maxYen ? (
        <div aria-live="polite">
          {p.quote ? (
            <>
              <dl className="quote__lines" data-testid="nac-quote">
                <div className="quote__line">
                  <dt>{t('booking:billing.nac.quoteNac', { rate: formatNacAmount(p.quote.nacToJpyRate) })}</dt>
                  <dd data-testid="nac-quote-amount">
                    {t('booking:billing.nac.nacValue', { nac: formatNacAmount(p.quote.nacAmount) })}
                  </dd>
                </div>
                <div className="quote__line">
                  <dt>{t('booking:billing.nac.covers')}</dt>
                  <dd>−{yen(p.quote.amountInJpy)}</dd>
                </div>
                <div className="quote__line quote__line--strong">
                  <dt>{t('booking:billing.nac.cardRest')}</dt>
                  <dd data-testid="nac-card-rest">{yen(p.rest)}</dd>
                </div>
              </dl>
              <p className="muted pay-billing__small" data-testid="nac-quote-expiry">
                {t('booking:billing.nac.holdsUntil', {
                  time: formatDateTime(dateTimeFromDate(p.quote.expiresAt), language),
                })}
              </p>
            </>
          ) : p.quoteError !== null ? (
            <p className="field__error">{p.quoteError || t('booking:billing.nac.quoteFailed')}</p>
          ) : (
            <p className="muted">{t('booking:billing.nac.quoting')}</p>
          )}
        </div>
      ) : null}
    </div>
  );
}

/** A billing's NAC part as paid: the NAC, the rate, the yen it paid, the discount the quote held, when. */
export function NacPaidLines({ billing }: { billing: Billing }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (billing.nacPaymentAmountInJpy <= 0) return null;
  return (
    <>
      <div className="quote__line" data-testid="billing-nac">
        <dt>
          {t('booking:billing.nac.paid', {
            nac: formatNacAmount(billing.nacPaymentAmount),
            rate: formatNacAmount(billing.nacToJpyRate),
          })}
        </dt>
        <dd>−{formatYen(billing.nacPaymentAmountInJpy, language)}</dd>
      </div>
      {billing.nacGuaranteedDiscountAmount > 0 ? (
        <div className="quote__line">
          <dt>{t('booking:billing.nac.guaranteedDiscount')}</dt>
          <dd>{formatYen(billing.nacGuaranteedDiscountAmount, language)}</dd>
        </div>
      ) : null}
      {billing.nacPaidAt ? (
        <div className="quote__line">
          <dt>{t('booking:billing.nac.paidAt')}</dt>
          <dd>{formatDateTime(billing.nacPaidAt, language)}</dd>
        </div>
      ) : null}
    </>
  );
}

/** The parts a billing was split into: each payer's amount and whether it is paid. */
export function SplitParts({ parts }: { parts: BillingWithDetails['ownSplitBillings'] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section className="billing__parts" aria-label={t('booking:billing.split.partsHeading')}>
      <h4 className="billing__parts-title">{t('booking:billing.split.partsHeading')}</h4>
      <ul className="billing__parts-list">
        {parts.map(({ billing, payerName }) => (
          <li key={billing.billingId} className="billing__part" data-testid="split-part">
            <span className="billing__part-payer" data-testid="split-part-payer">
              {payerName || t('booking:billing.split.unknownPayer')}
            </span>
            <span className="muted">{t('booking:billing.number', { number: billing.billingNumber })}</span>
            <span className="billing__part-amount">{formatYen(billing.totalBillingAmount, language)}</span>
            <span
              className={`badge badge--${billingStatusTone(billing.billingStatus)}`}
              data-testid="split-part-status"
            >
              {billingStatusLabel(t, billing.billingStatus)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
