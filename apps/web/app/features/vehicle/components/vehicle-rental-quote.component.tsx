import type { VehicleRentalQuote } from '@yado/contract/vehicle-rental.contract';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language.hook';

/** A rental's price as the API computed it: each part, the service charge, the tax and the total. */
export function QuoteLines({ quote }: { quote: VehicleRentalQuote }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const yen = (n: number) => formatYen(n, language);
  const percentage = quote.serviceChargePercentage.replace(/\.00$/, '');
  return (
    <dl className="quote__lines rental-quote" data-testid="rental-quote">
      <div className="quote__line">
        <dt>{t('rental:quote.base')}</dt>
        <dd>{yen(quote.basePrice)}</dd>
      </div>
      <div className="quote__line">
        <dt>{t('rental:quote.time', { count: quote.halfHours })}</dt>
        <dd>{yen(quote.timeAmount)}</dd>
      </div>
      {quote.pickupPrice > 0 ? (
        <div className="quote__line">
          <dt>{t('rental:quote.pickup')}</dt>
          <dd>{yen(quote.pickupPrice)}</dd>
        </div>
      ) : null}
      {quote.dropoffPrice > 0 ? (
        <div className="quote__line">
          <dt>{t('rental:quote.dropoff')}</dt>
          <dd>{yen(quote.dropoffPrice)}</dd>
        </div>
      ) : null}
      <div className="quote__line">
        <dt>{t('rental:quote.serviceCharge', { percentage })}</dt>
        <dd>{yen(quote.serviceChargeAmount)}</dd>
      </div>
      <div className="quote__line">
        <dt>{t('rental:quote.tax')}</dt>
        <dd>{yen(quote.taxAmount)}</dd>
      </div>
      <div className="quote__line quote__line--total">
        <dt>{t('rental:quote.total')}</dt>
        <dd data-testid="rental-total">{yen(quote.taxInclusiveAmount)}</dd>
      </div>
    </dl>
  );
}
