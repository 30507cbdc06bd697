import type { BookingQuote } from '@yado/contract/booking.contract';
import type { Language } from '@yado/contract/headers';
import { useTranslation } from '../../../lib/i18n';
import { formatDate } from '../../../lib/format-date';
import { formatYen } from '../../../lib/format-yen';
import { addDays, civilFromIso, isoFromCivil } from '@yado/contract/civil-date';
import { cancellationScheduleRows, type CancellationPolicy } from '@yado/contract/cancellation-fee';
import { FeeScheduleTable } from './fee-schedule-table.component';

/** The DEFAULT billing (the rest) is charged this many days before check-in (docs/decisions/0010). */
export const REST_CHARGED_DAYS_BEFORE = 3;

type Props = {
  quote: BookingQuote;
  language: Language;
  policy: CancellationPolicy;
  today: string;
};

/**
 * The API's price of the stay, line by line as the invoice will show it:
 * accommodation, meals, options, the coupon, service charge, consumption tax
 * per rate, accommodation tax, the total, and what is paid when.
 */
export function QuoteSummary({ quote, language, policy, today }: Props) {
  const { t } = useTranslation();
  const yen = (n: number) => formatYen(n, language);
  const nights = quote.nights.length;
  return (
    <div className="quote" data-testid="quote">
      {/* The menus show prices with service charge and tax; these lines, as on the invoice, do not. */}
      <p className="muted quote__basis">{t('booking:quote.basis')}</p>
      <dl className="quote__lines">
        <div className="quote__line">
          <dt>{t('booking:quote.accommodation', { count: nights })}</dt>
          <dd data-testid="quote-accommodation">{yen(quote.accommodationAmount)}</dd>
        </div>
        {quote.totalExtraCharge > 0 ? (
          <div className="quote__line quote__line--sub">
            <dt>{t('booking:quote.extraCharge', { amount: yen(quote.extraChargePerDay) })}</dt>
            <dd>{yen(quote.totalExtraCharge)}</dd>
          </div>
        ) : null}
        {quote.meals.length > 0 ? (
          <div className="quote__line">
            <dt>{t('booking:quote.meals')}</dt>
            <dd data-testid="quote-meals">{yen(quote.mealAmount)}</dd>
          </div>
        ) : null}
        {quote.extraOptions.some((o) => o.quantity > 0) ? (
          <div className="quote__line">
            <dt>{t('booking:quote.options')}</dt>
            <dd data-testid="quote-options">{yen(quote.extraOptionAmount)}</dd>
          </div>
        ) : null}
        {quote.discountAmount > 0 ? (
          <div className="quote__line quote__line--discount">
            <dt>
              {quote.coupon
                ? t('booking:quote.couponDiscount', { title: quote.coupon.title })
                : t('booking:quote.discount')}
            </dt>
            <dd data-testid="quote-discount">−{yen(quote.discountAmount)}</dd>
          </div>
        ) : null}
        <div className="quote__line">
          <dt>{t('booking:quote.serviceCharge')}</dt>
          <dd>{yen(quote.serviceChargeAmount)}</dd>
        </div>
        {quote.subtotalsByConsumptionTaxRate
          .filter((s) => s.taxRate > 0)
          .map((s) => (
            <div className="quote__line" key={s.taxRate}>
              <dt>{t('booking:quote.consumptionTax', { rate: s.taxRate, amount: yen(s.amount) })}</dt>
              <dd>{yen(s.taxAmount)}</dd>
            </div>
          ))}
        {quote.accommodationTaxAmount > 0 ? (
          <div className="quote__line">
            <dt>{t('booking:quote.accommodationTax')}</dt>
            <dd>{yen(quote.accommodationTaxAmount)}</dd>
          </div>
        ) : null}
        <div className="quote__line quote__line--total">
          <dt>{t('booking:quote.total')}</dt>
          <dd data-testid="quote-total">{yen(quote.totalAmount)}</dd>
        </div>
      </dl>
      <QuotePaymentTerms quote={quote} language={language} policy={policy} today={today} />
    </div>
  );
}

/** What is paid when (the deposit now, the rest before check-in) and until when cancelling is free. */
function QuotePaymentTerms({ quote, language, policy, today }: Props) {
  const { t } = useTranslation();
  const yen = (n: number) => formatYen(n, language);
  const date = (iso: string) => formatDate(civilFromIso(iso), 'date', language);
  const restDate = addDays(isoFromCivil(quote.booking.checkinTime), -REST_CHARGED_DAYS_BEFORE);
  const freeUntil = isoFromCivil(quote.freeCancellationLimitDate);
  const schedule = cancellationScheduleRows(
    policy,
    quote.nights.map((n) => ({ date: isoFromCivil(n.date), amount: n.amount })),
    today,
  );
  return (
    <>
      <dl className="quote__lines quote__lines--schedule">
        <div className="quote__line quote__line--strong">
          <dt>{t('booking:quote.depositNow')}</dt>
          <dd data-testid="quote-deposit">{yen(quote.depositAmount)}</dd>
        </div>
        <div className="quote__line">
          <dt>{t('booking:quote.rest', { date: date(restDate < today ? today : restDate) })}</dt>
          <dd>{yen(quote.remainingAmount)}</dd>
        </div>
      </dl>
      <div className="quote__cancel">
        <p className="quote__free">
          {freeUntil >= today ? t('booking:quote.freeUntil', { date: date(freeUntil) }) : t('booking:quote.notFree')}
        </p>
        {schedule.length > 0 ? <FeeScheduleTable rows={schedule} language={language} captionVisible={false} /> : null}
      </div>
    </>
  );
}
