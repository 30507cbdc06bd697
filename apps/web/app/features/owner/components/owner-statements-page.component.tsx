import type { OwnerStatementSummary } from '@yado/contract/statement.contract';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.component';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { statementPdfHref, statementPeriodLabel } from '../statement-period';
import { OwnerLayout } from './owner-layout.component';

/** Statements: every statement issued to the owner, newest first, with its totals, its page and its PDFs. */
export function OwnerStatementsPage({ statements }: { statements: OwnerStatementSummary[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <OwnerLayout title={t('statement:owner.heading')} lead={t('statement:owner.lead')}>
      {statements.length === 0 ? (
        <p className="owner-empty" data-testid="owner-statements-empty">
          {t('statement:owner.empty')}
        </p>
      ) : (
        <ul className="owner-statements" data-testid="owner-statements">
          {statements.map((s) => {
            const period = statementPeriodLabel(s, language);
            return (
              <li key={s.ownerStatementId} className="owner-card owner-statement" data-testid="owner-statement">
                <div className="owner-statement__head">
                  <p className="owner-eyebrow">{t(`statement:cycle.${s.cycle}`)}</p>
                  <h2 className="owner-card__title">{period}</h2>
                  <p className="owner-note">
                    {t('statement:owner.number')} {s.statementNumber}
                  </p>
                </div>
                <dl className="owner-statement__totals">
                  <div>
                    <dt>{t('statement:owner.revenue')}</dt>
                    <dd>{formatYen(s.totalRevenue, language)}</dd>
                  </div>
                  <div>
                    <dt>{t('statement:owner.expenditure')}</dt>
                    <dd>{formatYen(s.totalExpenditure, language)}</dd>
                  </div>
                  <div className="owner-statement__total">
                    <dt>{t('statement:owner.total')}</dt>
                    <dd data-testid="owner-statement-total">{formatYen(s.total, language)}</dd>
                  </div>
                </dl>
                <div className="owner-statement__actions">
                  <Link
                    className={buttonClassName({ variant: 'primary', size: 'small' })}
                    to={localizePath(`/owner/statements/${encodeURIComponent(s.ownerStatementId)}`, language)}
                    aria-label={t('statement:owner.viewLabel', { period })}
                  >
                    {t('statement:owner.view')}
                  </Link>
                  <a
                    className={buttonClassName({ variant: 'secondary', size: 'small' })}
                    href={statementPdfHref(s.ownerStatementId, 'en', language)}
                    aria-label={t('statement:owner.pdfLabel', { period })}
                    data-testid="owner-statement-pdf-en"
                    download
                  >
                    {t('statement:owner.pdf')}
                  </a>
                  <a
                    className={buttonClassName({ variant: 'secondary', size: 'small' })}
                    href={statementPdfHref(s.ownerStatementId, 'ja', language)}
                    aria-label={t('statement:owner.pdfJaLabel', { period })}
                    data-testid="owner-statement-pdf-ja"
                    download
                  >
                    {t('statement:owner.pdfJa')}
                  </a>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </OwnerLayout>
  );
}
