import type { FinancialStatement, FinancialStatementShare } from '@yado/contract/financial-statement.contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button.component';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { periodLabel, statementPdfHref } from '../financial-period';
import { FinancialStatementView } from './financial-statement-view.component';
import { ShareDialog } from './share-dialog.component';

/** /mypage/financial-statements/:period: one statement, its PDFs, and its links for an accountant. */
export function FinancialStatementPage({
  statement,
  shares,
}: {
  statement: FinancialStatement;
  shares: FinancialStatementShare[];
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [sharing, setSharing] = useState(false);
  const label = periodLabel(statement, t);
  const active = shares.filter((s) => s.status === 'ACTIVE').length;
  return (
    <section className="page financial-page" aria-labelledby="financial-heading">
      <nav className="breadcrumbs" aria-label={t('financial:breadcrumbs')}>
        <Link to={localizePath('/mypage', language)}>{t('financial:mypage')}</Link>
        <span aria-hidden="true"> / </span>
        <Link to={localizePath('/mypage/financial-statements', language)}>{t('financial:heading')}</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{label}</span>
      </nav>
      <header className="page__header financial-header">
        <div>
          <p className="financial-eyebrow">{t(`financial:periodTypeOne.${statement.periodType}`)}</p>
          <h1 id="financial-heading">{label}</h1>
          <p className="lead">{t('financial:statement.lead', { name: statement.holderName })}</p>
        </div>
        <div className="financial-actions">
          <a
            className={buttonClassName({ variant: 'secondary', size: 'small' })}
            href={statementPdfHref(statement, 'en', language)}
            data-testid="financial-pdf-en"
            download
          >
            {t('financial:pdf.en')}
          </a>
          <a
            className={buttonClassName({ variant: 'secondary', size: 'small' })}
            href={statementPdfHref(statement, 'ja', language)}
            data-testid="financial-pdf-ja"
            download
          >
            {t('financial:pdf.ja')}
          </a>
          <Button
            size="small"
            onClick={() => setSharing(true)}
            disabled={statement.lineCount === 0}
            data-testid="financial-share-open"
          >
            {active > 0 ? t('financial:share.openWithCount', { count: active }) : t('financial:share.open')}
          </Button>
        </div>
      </header>
      <FinancialStatementView statement={statement} />
      {sharing ? <ShareDialog statement={statement} shares={shares} onClose={() => setSharing(false)} /> : null}
    </section>
  );
}
