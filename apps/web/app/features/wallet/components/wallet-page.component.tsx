import type { NacLedgerEntry, NacTransfer } from '@yado/contract/nac.contract';
import { useEffect, type ReactNode } from 'react';
import { Link, useRevalidator } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { WalletBalanceCard, type WalletBalance } from './wallet-balance.component';
import { WalletExchangeCard } from './wallet-exchange.component';
import { WalletLedger } from './wallet-ledger.component';
import { WalletTransferForm } from './wallet-transfer-form.component';
import { WalletTransfers } from './wallet-transfers.component';

export type WalletPageData = {
  balance: WalletBalance | null;
  entries: NacLedgerEntry[];
  nextPageToken: string;
  transfers: NacTransfer[];
};

/** While a transfer is in progress the page reads its data again this often, until it settles. */
const PENDING_REFRESH_MS = 2_000;

/**
 * /mypage/wallet: the NAC balance, moving NAC with the exchange, the transfers and the ledger; the
 * route adds the linked wallets (the key-token feature's card) as `linkedWallets`.
 */
export function WalletPage({ data, linkedWallets }: { data: WalletPageData; linkedWallets?: ReactNode }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const revalidator = useRevalidator();
  const pending = data.transfers.some((x) => x.status === 'PENDING');

  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    }, PENDING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [pending, revalidator]);

  return (
    <section className="page wallet-page" aria-labelledby="wallet-heading" data-pending={pending || undefined}>
      <nav className="breadcrumbs" aria-label={t('wallet:breadcrumbs')}>
        <Link to={localizePath('/mypage', language)}>{t('wallet:mypage')}</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{t('wallet:heading')}</span>
      </nav>
      <header className="page__header">
        <h1 id="wallet-heading">{t('wallet:heading')}</h1>
        <p className="lead">{t('wallet:lead')}</p>
      </header>
      <div className="wallet-summary">
        <div className="wallet-summary__column">
          <WalletBalanceCard balance={data.balance} />
          <WalletExchangeCard returnPath={localizePath('/mypage/wallet', language)} />
          {linkedWallets}
        </div>
        <WalletTransferForm onStarted={() => void revalidator.revalidate()} />
      </div>
      <WalletTransfers transfers={data.transfers} />
      <WalletLedger entries={data.entries} nextPageToken={data.nextPageToken} />
    </section>
  );
}
