import { listNacLedgerEntries, NacLedgerEntryKind, type NacLedgerEntry } from '@yado/contract/nac.contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format-date-time';
import { useTranslation } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language.hook';
import { formatNacAmount, isNegativeNac } from '../../../lib/format-nac';

export const NAC_LEDGER_PAGE_SIZE = 20;

/** The NAC ledger, newest first, a page at a time. */
export function WalletLedger(props: { entries: NacLedgerEntry[]; nextPageToken: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  // Older pages loaded on request belong to the first page they followed: when the page's data is read
  // again (a transfer settled), the fresh first page stands alone until more is asked for.
  const [older, setOlder] = useState<{ after: NacLedgerEntry[]; entries: NacLedgerEntry[]; token: string } | null>(
    null,
  );
  const current = older?.after === props.entries ? older : null;
  const entries = current ? [...props.entries, ...current.entries] : props.entries;
  const nextPageToken = current ? current.token : props.nextPageToken;
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const loadMore = async () => {
    setLoading(true);
    setError(null);
    try {
      const page = await callMethod(listNacLedgerEntries, { pageSize: NAC_LEDGER_PAGE_SIZE, pageToken: nextPageToken });
      setOlder({
        after: props.entries,
        entries: [...(current?.entries ?? []), ...page.entries],
        token: page.nextPageToken,
      });
    } catch (e) {
      setError(isApiError(e) ? e.displayMessage : t('wallet:ledger.loadFailed'));
    } finally {
      setLoading(false);
    }
  };

  const kinds: readonly string[] = NacLedgerEntryKind.values;
  return (
    <section className="wallet-section" aria-labelledby="wallet-ledger-heading">
      <h2 id="wallet-ledger-heading">{t('wallet:ledger.heading')}</h2>
      {entries.length === 0 ? (
        <p className="muted">{t('wallet:ledger.empty')}</p>
      ) : (
        <ul className="ledger" data-testid="nac-ledger">
          {entries.map((e) => (
            <li key={e.nacLedgerEntryId} className="ledger__row">
              <div className="ledger__main">
                <span className="ledger__reason">
                  {t(`wallet:ledger.kind.${kinds.includes(e.kind) ? e.kind : 'other'}`)}
                </span>
                <span className="ledger__when muted">{formatDateTime(e.loggedAt, language)}</span>
              </div>
              <span className={isNegativeNac(e.amount) ? 'ledger__points ledger__points--minus' : 'ledger__points'}>
                {t('wallet:ledger.amount', { amount: formatNacAmount(e.amount, { signed: true }) })}
              </span>
            </li>
          ))}
        </ul>
      )}
      {error ? <FormAlert>{error}</FormAlert> : null}
      {nextPageToken ? (
        <div className="page__actions">
          <Button variant="secondary" busy={loading} onClick={() => void loadMore()}>
            {t('wallet:ledger.more')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
