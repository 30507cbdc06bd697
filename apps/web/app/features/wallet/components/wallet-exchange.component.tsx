import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { useTranslation } from '../../../lib/i18n';
import { useOpenExchange } from '../../../lib/use-open-exchange.hook';

/** The way to the user's own account page at the exchange, which links back here. */
export function WalletExchangeCard({ returnPath }: { returnPath: string }) {
  const { t } = useTranslation();
  const { open, busy, error } = useOpenExchange(returnPath, t('wallet:transfer.failed'));
  return (
    <section className="card wallet-exchange" aria-labelledby="wallet-exchange-heading">
      <h2 id="wallet-exchange-heading" className="wallet-label">
        {t('wallet:exchange.heading')}
      </h2>
      <p className="wallet-small">{t('wallet:exchange.body')}</p>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Button variant="secondary" busy={busy} onClick={() => void open()} data-testid="open-exchange">
        {busy ? t('wallet:exchange.opening') : t('wallet:exchange.open')}
      </Button>
    </section>
  );
}
