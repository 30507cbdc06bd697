import type { LendingApplication } from '@yado/contract/lending.contract';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { formatNacAmount } from '../../../lib/format-nac';
import { LendingStatusBadge } from './lending-status-badge.component';

/** /mypage/lending: the user's applications, newest first. */
export function LendingApplicationsPage({ applications }: { applications: LendingApplication[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section className="page lending-page" aria-labelledby="lending-list-heading">
      <nav className="breadcrumbs" aria-label={t('lending:title')}>
        <Link to={localizePath('/mypage', language)}>{t('wallet:mypage')}</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{t('lending:list.heading')}</span>
      </nav>
      <header className="page__header lending-page__header">
        <h1 id="lending-list-heading">{t('lending:list.heading')}</h1>
        <Link className="lending-link" to={localizePath('/dao/lending', language)}>
          {t('lending:list.browse')}
        </Link>
      </header>
      {applications.length === 0 ? (
        <p className="card lending-empty">{t('lending:list.none')}</p>
      ) : (
        <ul className="lending-list">
          {applications.map((a) => (
            <li key={a.lendingApplicationId}>
              <Link
                className="card lending-row"
                to={localizePath(`/mypage/lending/${a.lendingApplicationId}`, language)}
                data-testid="lending-application"
              >
                <span className="lending-row__main">
                  <strong>{a.productTitle}</strong>
                  <span className="muted lending-small">
                    {t('lending:list.number', { number: a.lendingApplicationNumber })}
                  </span>
                </span>
                <span className="lending-row__amount">{`${formatNacAmount(a.nacAmount)} NAC`}</span>
                <span className="lending-row__meta">
                  <LendingStatusBadge status={a.status} />
                  <span className="muted lending-small">
                    {t('lending:product.returnDate', { date: formatDate(a.nacReturnDate, 'date', language) })}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
