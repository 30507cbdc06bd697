import type { NacTransfer } from '@yado/contract/nac.contract';
import { formatDateTime } from '../../../lib/format-date-time';
import { useTranslation } from '../../../lib/i18n';
import type { TFunction } from '../../../lib/translator';
import { useLanguage } from '../../../lib/use-language.hook';
import { formatNacAmount } from '../../../lib/format-nac';

function failureText(t: TFunction, reason: string | null): string {
  const known = ['INSUFFICIENT_FUNDS', 'TRANSFER_LIMIT', 'NOT_RECEIVED'];
  return t(`wallet:transfers.failure.${reason && known.includes(reason) ? reason : 'other'}`);
}

/** The deposits and withdrawals with the exchange, newest first, with where each stands. */
export function WalletTransfers({ transfers }: { transfers: NacTransfer[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section className="wallet-section" aria-labelledby="wallet-transfers-heading">
      <h2 id="wallet-transfers-heading">{t('wallet:transfers.heading')}</h2>
      {transfers.length === 0 ? (
        <p className="muted">{t('wallet:transfers.empty')}</p>
      ) : (
        <ul className="ledger" data-testid="nac-transfers">
          {transfers.map((x) => (
            <li key={x.nacTransferId} className="ledger__row" data-status={x.status}>
              <div className="ledger__main">
                <span className="ledger__reason">{t(`wallet:transfers.${x.direction}`)}</span>
                <span className="ledger__when muted">{formatDateTime(x.createdAt, language)}</span>
                {x.status === 'FAILED' ? (
                  <span className="wallet-failure">{failureText(t, x.failureReason)}</span>
                ) : null}
              </div>
              <div className="wallet-transfer__side">
                <span className="wallet-amount">
                  {t('wallet:ledger.amount', { amount: formatNacAmount(x.amount) })}
                </span>
                <span className={`wallet-status wallet-status--${x.status.toLowerCase()}`}>
                  {t(`wallet:transfers.status.${x.status}`)}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
