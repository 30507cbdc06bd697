import type { LinkedWallet, NftKey } from '@yado/contract/key-token.contract';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { KeyTokenBookingForm } from './key-token-booking-form.component';
import { LinkedWalletsCard, shortAddress } from './linked-wallets.component';

export type KeyTokensPageData = { keys: NftKey[]; wallets: LinkedWallet[] };

function fixedDateLabel(d: { year: number; month: number; day: number }, language: string): string {
  return new Intl.DateTimeFormat(language === 'ja' ? 'ja-JP' : 'en-GB', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(d.year, d.month - 1, d.day));
}

function KeyCard({ nftKey }: { nftKey: NftKey }) {
  const { t } = useTranslation('key-token');
  const language = useLanguage();
  const master = nftKey.keyType === 'MASTER_KEY';
  const headingId = `key-${nftKey.keyType}-${nftKey.tokenId}-heading`;
  return (
    <article className="card key-card" aria-labelledby={headingId} data-testid="nft-key">
      <header className="key-card__header">
        <span className={master ? 'key-card__badge key-card__badge--master' : 'key-card__badge'}>
          {t(master ? 'key-token:keys.masterKey' : 'key-token:keys.theKey')}
        </span>
        <h2 id={headingId} className="key-card__title">
          {nftKey.houseGroupName}
        </h2>
        <p className="key-card__meta">
          {t('key-token:keys.token', { tokenId: nftKey.tokenId })} ·{' '}
          <span title={nftKey.walletAddress}>{shortAddress(nftKey.walletAddress)}</span>
        </p>
      </header>
      {master ? (
        <div className="key-card__nights">
          <p className="key-card__figure">
            {t('key-token:keys.fixedLeft', {
              left: nftKey.remainingNightsStandard,
              total: nftKey.nightsStandard,
              year: nftKey.year,
            })}
          </p>
          <p className="wallet-small">{t('key-token:keys.fixedDates')}</p>
          <ul className="key-card__dates">
            {nftKey.datesFixed.map((d) => (
              <li key={`${d.year}-${d.month}-${d.day}`}>{fixedDateLabel(d, language)}</li>
            ))}
          </ul>
        </div>
      ) : (
        <dl className="key-card__nights key-card__grid">
          <div>
            <dt>{t('key-token:keys.standard')}</dt>
            <dd className="key-card__figure" data-testid="nights-standard">
              {t('key-token:keys.left', { left: nftKey.remainingNightsStandard, total: nftKey.nightsStandard })}
            </dd>
          </div>
          <div>
            <dt>{t('key-token:keys.high')}</dt>
            <dd className="key-card__figure">
              {t('key-token:keys.left', { left: nftKey.remainingNightsHigh, total: nftKey.nightsHigh })}
            </dd>
          </div>
        </dl>
      )}
      {master ? null : <p className="wallet-small key-card__year">{t('key-token:keys.year', { year: nftKey.year })}</p>}
      <KeyTokenBookingForm nftKey={nftKey} />
    </article>
  );
}

/** /mypage/key-tokens: the key tokens of the user's linked wallets, each with its nights left and a way to book. */
export function KeyTokensPage({ data }: { data: KeyTokensPageData }) {
  const { t } = useTranslation('key-token');
  const language = useLanguage();
  return (
    <section className="page key-page" aria-labelledby="key-heading">
      <nav className="breadcrumbs" aria-label={t('key-token:breadcrumbs')}>
        <Link to={localizePath('/mypage', language)}>{t('key-token:mypage')}</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{t('key-token:keys.heading')}</span>
      </nav>
      <header className="page__header">
        <h1 id="key-heading">{t('key-token:keys.heading')}</h1>
        <p className="lead">{t('key-token:keys.lead')}</p>
      </header>
      {data.keys.length > 0 ? (
        <div className="key-list">
          {data.keys.map((k) => (
            <KeyCard key={`${k.keyType}-${k.tokenId}`} nftKey={k} />
          ))}
        </div>
      ) : (
        <p className="card key-empty" data-testid="no-keys">
          {data.wallets.length > 0 ? t('key-token:keys.none') : t('key-token:keys.noWallet')}
        </p>
      )}
      <LinkedWalletsCard wallets={data.wallets} keysLink={false} />
    </section>
  );
}
