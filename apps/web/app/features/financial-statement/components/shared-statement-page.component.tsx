import type { DateTime } from '@yado/contract/common.schema';
import type { FinancialStatement } from '@yado/contract/financial-statement.contract';
import { buttonClassName } from '../../../components/ui/button.component';
import { formatDateTime } from '../../../lib/format-date-time';
import { useTranslation } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language.hook';
import { periodLabel, sharedPdfHref } from '../financial-period';
import { FinancialStatementView } from './financial-statement-view.component';

export type SharedStatementData =
  | { state: 'statement'; token: string; statement: FinancialStatement; expiresAt: DateTime }
  | { state: 'expired' | 'revoked' | 'not-found' };

/**
 * /financial-statements/shared/:token, the page an accountant opens: only the shared statement and
 * its PDFs, nothing else of its holder and no sign-in; a link that ended says so plainly.
 */
export function SharedStatementPage({ data }: { data: SharedStatementData }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (data.state !== 'statement') {
    return (
      <section
        className="page financial-page"
        aria-labelledby="financial-heading"
        data-testid="financial-shared-ended"
        data-state={data.state}
      >
        <div className="card financial-ended">
          <h1 id="financial-heading">{t(`financial:shared.${data.state}.title`)}</h1>
          <p>{t(`financial:shared.${data.state}.body`)}</p>
        </div>
      </section>
    );
  }
  const s = data.statement;
  return (
    <section className="page financial-page" aria-labelledby="financial-heading" data-testid="financial-shared">
      <header className="page__header financial-header">
        <div>
          <p className="financial-eyebrow">{t('financial:shared.eyebrow')}</p>
          <h1 id="financial-heading">{periodLabel(s, t)}</h1>
          <p className="lead">{t('financial:statement.lead', { name: s.holderName })}</p>
          <p className="financial-note">
            {t('financial:shared.until', { at: formatDateTime(data.expiresAt, language) })}
          </p>
        </div>
        <div className="financial-actions">
          <a
            className={buttonClassName({ variant: 'secondary', size: 'small' })}
            href={sharedPdfHref(data.token, 'en', language)}
            data-testid="financial-pdf-en"
            download
          >
            {t('financial:pdf.en')}
          </a>
          <a
            className={buttonClassName({ variant: 'secondary', size: 'small' })}
            href={sharedPdfHref(data.token, 'ja', language)}
            data-testid="financial-pdf-ja"
            download
          >
            {t('financial:pdf.ja')}
          </a>
        </div>
      </header>
      <FinancialStatementView statement={s} />
    </section>
  );
}
