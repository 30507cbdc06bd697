import { unlinkWallet, type LinkedWallet } from '@yado/contract/key-token.contract';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { useLinkWallet } from '../hooks/use-link-wallet.hook';

/** A long address in a narrow column: its start and end, the whole of it for assistive technology. */
export function shortAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/** The wallets linked by signing a message, with the way to link the browser's wallet (wallet page). */
export function LinkedWalletsCard({ wallets, keysLink = true }: { wallets: LinkedWallet[]; keysLink?: boolean }) {
  const { t } = useTranslation('key-token');
  const language = useLanguage();
  const revalidator = useRevalidator();
  const refresh = () => void revalidator.revalidate();
  const { link, busy, problem } = useLinkWallet(refresh, t('key-token:wallets.failed'));
  const [unlinkError, setUnlinkError] = useState<string | null>(null);

  const unlink = async (walletAddress: string) => {
    setUnlinkError(null);
    try {
      await callMethod(unlinkWallet, { walletAddress });
      refresh();
    } catch (e) {
      setUnlinkError(isApiError(e) ? e.displayMessage : t('key-token:wallets.failed'));
    }
  };

  return (
    <section className="card key-wallets" aria-labelledby="key-wallets-heading" data-testid="linked-wallets">
      <h2 id="key-wallets-heading" className="wallet-label">
        {t('key-token:wallets.heading')}
      </h2>
      <p className="wallet-small">{t('key-token:wallets.body')}</p>
      {wallets.length > 0 ? (
        <ul className="key-wallets__list">
          {wallets.map((w) => (
            <li key={w.walletAddress} className="key-wallets__item">
              <code className="key-wallets__address" title={w.walletAddress} data-testid="linked-wallet">
                <span aria-hidden="true">{shortAddress(w.walletAddress)}</span>
                <span className="visually-hidden">{w.walletAddress}</span>
              </code>
              <Button variant="text" size="small" onClick={() => void unlink(w.walletAddress)}>
                {t('key-token:wallets.unlink')}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="wallet-small">{t('key-token:wallets.none')}</p>
      )}
      {problem === 'NO_WALLET' ? <FormAlert>{t('key-token:wallets.noProvider')}</FormAlert> : null}
      {problem === 'REJECTED' ? <FormAlert>{t('key-token:wallets.rejected')}</FormAlert> : null}
      {problem && typeof problem === 'object' ? <FormAlert>{problem.message}</FormAlert> : null}
      {unlinkError ? <FormAlert>{unlinkError}</FormAlert> : null}
      <div className="key-wallets__actions">
        <Button variant="secondary" busy={busy} onClick={() => void link()} data-testid="link-wallet">
          {busy ? t('key-token:wallets.linking') : t('key-token:wallets.link')}
        </Button>
        {keysLink ? (
          <Link className="key-wallets__keys" to={localizePath('/mypage/key-tokens', language)}>
            {t('key-token:wallets.toKeys')}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
