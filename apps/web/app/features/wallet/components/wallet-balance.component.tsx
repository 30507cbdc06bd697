import type { DateTime } from '@yado/contract/common.schema';
import { formatDateTime } from '../../../lib/format-date-time';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language.hook';
import { formatNacAmount } from '../../../lib/format-nac';

export type WalletBalance = {
  balance: string;
  conversionYenRate: string;
  yenBalance: number;
  conversionYenRateAt: DateTime;
};

/** The balance in NAC and in yen, and the exchange's rate with the time it was published. */
export function WalletBalanceCard({ balance }: { balance: WalletBalance | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section className="card wallet-balance" aria-labelledby="wallet-balance-heading">
      <h2 id="wallet-balance-heading" className="wallet-label">
        {t('wallet:balance.heading')}
      </h2>
      {balance ? (
        <>
          <p className="wallet-balance__value" data-testid="nac-balance">
            {t('wallet:balance.value', { amount: formatNacAmount(balance.balance) })}
          </p>
          <p className="wallet-balance__yen" data-testid="nac-yen-balance">
            {t('wallet:balance.yen', { yen: formatYen(balance.yenBalance, language) })}
          </p>
          <p className="wallet-balance__rate" data-testid="nac-rate">
            {t('wallet:balance.rate', { rate: formatNacAmount(balance.conversionYenRate) })}
          </p>
          <p className="muted wallet-small">
            {t('wallet:balance.rateAt', { time: formatDateTime(balance.conversionYenRateAt, language) })}
          </p>
          <p className="muted wallet-small">{t('wallet:balance.yenNote')}</p>
        </>
      ) : (
        <p className="muted" role="status" data-testid="nac-balance-unavailable">
          {t('wallet:balance.unavailable')}
        </p>
      )}
    </section>
  );
}
