import type { FinancialStatementSummary } from '@yado/contract/financial-statement.contract';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { formatYen } from '../../../lib/format-yen';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { periodLabel, statementHref } from '../financial-period';

/** /mypage/financial-statements: the quarters and half years the user paid in, newest first. */
export function FinancialStatementsPage({ statements }: { statements: FinancialStatementSummary[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const groups = [
    ['QUARTER', statements.filter((s) => s.periodType === 'QUARTER')],
    ['SEMESTER', statements.filter((s) => s.periodType === 'SEMESTER')],
  ] as const;
  return (
    <section className="page financial-page" aria-labelledby="financial-heading">
      <nav className="breadcrumbs" aria-label={t('financial:breadcrumbs')}>
        <Link to={localizePath('/mypage', language)}>{t('financial:mypage')}</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{t('financial:heading')}</span>
      </nav>
      <header className="page__header">
        <h1 id="financial-heading">{t('financial:heading')}</h1>
        <p className="lead">{t('financial:lead')}</p>
      </header>
      {statements.length === 0 ? (
        <p className="card muted" data-testid="financial-statements-empty">
          {t('financial:empty')}
        </p>
      ) : (
        groups.map(([type, list]) =>
          list.length === 0 ? null : (
            <section key={type} className="financial-section" aria-labelledby={`financial-${type}`}>
              <h2 id={`financial-${type}`} className="financial-section__title">
                {t(`financial:periodType.${type}`)}
              </h2>
              <ul className="financial-list" data-testid={`financial-statements-${type}`}>
                {list.map((s) => {
                  const label = periodLabel(s, t);
                  return (
                    <li key={`${s.periodType}-${s.periodStart.year}-${s.periodStart.month}`}>
                      <Link
                        className="card financial-list__item"
                        to={statementHref(s, language)}
                        data-testid="financial-statement-link"
                      >
                        <span className="financial-list__period">{label}</span>
                        <span className="financial-list__figures">
                          <span className="muted">{t('financial:list.lines', { count: s.lineCount })}</span>
                          <span className="financial-list__net">{formatYen(s.net, language)}</span>
                        </span>
                        <span className="financial-list__chevron" aria-hidden="true">
                          ›
                        </span>
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </section>
          ),
        )
      )}
    </section>
  );
}
