import type { HouseStatement, OwnerStatement, StatementItem, TaxLine } from '@yado/contract/statement.contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.component';
import { formatDate } from '../../../lib/format-date';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { japanDateOf, statementPdfHref, statementPeriodLabel, unitDetailLabel } from '../statement-period';
import { OwnerLayout } from './owner-layout.component';

/** One statement as issued: the issuer, the totals, then per house the revenue, the expenditure and the settlement. */
export function OwnerStatementPage({ statement: s }: { statement: OwnerStatement }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const period = statementPeriodLabel(s, language);
  return (
    <OwnerLayout
      title={t('statement:detail.title', { period })}
      lead={`${t(`statement:cycle.${s.cycle}`)} · ${formatDate(s.periodFrom, 'date', language)} – ${formatDate(s.periodTo, 'date', language)}`}
      actions={
        <>
          <Link
            className={buttonClassName({ variant: 'secondary', size: 'small' })}
            to={localizePath('/owner/statements', language)}
          >
            {t('statement:owner.back')}
          </Link>
          <a
            className={buttonClassName({ variant: 'primary', size: 'small' })}
            href={statementPdfHref(s.ownerStatementId, 'en', language)}
            data-testid="owner-statement-pdf-en"
            download
          >
            {t('statement:owner.pdf')}
          </a>
          <a
            className={buttonClassName({ variant: 'primary', size: 'small' })}
            href={statementPdfHref(s.ownerStatementId, 'ja', language)}
            data-testid="owner-statement-pdf-ja"
            download
          >
            {t('statement:owner.pdfJa')}
          </a>
        </>
      }
    >
      <section className="owner-card owner-statement-issuer" aria-label={t('statement:detail.issuedBy')}>
        <dl className="owner-lines owner-statement__sums">
          <div>
            <dt>{t('statement:owner.number')}</dt>
            <dd>{s.statementNumber}</dd>
          </div>
          <div>
            <dt>{t('statement:detail.issueDate')}</dt>
            <dd>{formatDate(japanDateOf(s.issuance.issuedAt), 'date', language)}</dd>
          </div>
          <div>
            <dt>{t('statement:detail.issuedBy')}</dt>
            <dd>
              {s.issuance.issuerName}
              <br />
              <span className="owner-note">
                {s.businessInfo.address} · {t('statement:detail.phone')} {s.businessInfo.phoneNumber}
              </span>
            </dd>
          </div>
          <div>
            <dt>{t('statement:detail.registration')}</dt>
            <dd>{s.issuance.issuerNumber}</dd>
          </div>
        </dl>
      </section>
      <dl className="owner-statement__totals owner-statement__totals--big" data-testid="owner-statement-totals">
        <div>
          <dt>{t('statement:detail.totalRevenue')}</dt>
          <dd>{formatYen(s.totalRevenue, language)}</dd>
        </div>
        <div>
          <dt>{t('statement:detail.totalExpenditure')}</dt>
          <dd>{formatYen(s.totalExpenditure, language)}</dd>
        </div>
        <div className="owner-statement__total">
          <dt>{t('statement:detail.total')}</dt>
          <dd data-testid="owner-statement-total">{formatYen(s.total, language)}</dd>
        </div>
      </dl>
      <p className="owner-note">{t('statement:detail.totalHint')}</p>
      {s.houseStatements.map((h) => (
        <HouseCard key={h.house.houseId} house={h} />
      ))}
    </OwnerLayout>
  );
}

function HouseCard({ house: h }: { house: HouseStatement }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const headingId = useId();
  const yen = (n: number) => formatYen(n, language);
  const settlementRows: [string, number, boolean][] = [];
  if (h.monthlyReportSettlement) {
    const m = h.monthlyReportSettlement;
    for (const it of m.items) settlementRows.push([t(`statement:settlementSubject.${it.subject}`), it.amount, false]);
    settlementRows.push([t('statement:detail.consumptionTax'), m.consumptionTax, false]);
    settlementRows.push([t('statement:detail.houseTotal'), m.total, true]);
  } else if (h.semesterReportSettlement) {
    const m = h.semesterReportSettlement;
    for (const it of m.exclusionItems)
      settlementRows.push([t(`statement:settlementSubject.${it.subject}`), it.amount, false]);
    settlementRows.push([t('statement:detail.exclusionTax'), m.exclusionConsumptionTax, false]);
    settlementRows.push([t('statement:detail.exclusion'), m.exclusion, false]);
    settlementRows.push([t('statement:detail.transfer'), m.transferAmount, true]);
  }
  return (
    <section
      className="owner-card owner-statement-house"
      aria-labelledby={headingId}
      data-testid="owner-statement-house"
    >
      <p className="owner-eyebrow">{h.houseGroup.name}</p>
      <h2 id={headingId} className="owner-card__title">
        {h.house.name}
      </h2>
      <ItemsTable caption={t('statement:detail.revenue')} items={h.revenue.items} />
      <SumLines subtotal={h.revenue.subtotal} taxes={h.revenue.consumptionTaxes} total={h.revenue.total} />
      <ItemsTable caption={t('statement:detail.expenditure')} items={h.expenditure.items} />
      <SumLines
        subtotal={h.expenditure.subtotal}
        taxes={h.expenditure.consumptionTaxes}
        nonTaxable={h.expenditure.nonTaxable.targetAmount}
        total={h.expenditure.total}
      />
      <h3 className="owner-subheading">
        {h.monthlyReportSettlement ? t('statement:detail.monthly') : t('statement:detail.semester')}
      </h3>
      <dl className="owner-lines owner-statement__sums">
        {settlementRows.map(([label, amount, strong]) => (
          <div key={label} className={strong ? 'owner-statement__total' : undefined}>
            <dt>{label}</dt>
            <dd>{yen(amount)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function ItemsTable({ caption, items }: { caption: string; items: StatementItem[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="owner-table-wrap">
      <table className="owner-table owner-statement__items">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('statement:detail.item')}</th>
            <th scope="col">{t('statement:detail.detail')}</th>
            <th scope="col" className="owner-table__num">
              {t('statement:detail.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.length === 0 ? (
            <tr>
              <td colSpan={3}>{t('statement:detail.none')}</td>
            </tr>
          ) : (
            items.map((it, i) => (
              <tr key={i} data-summary-type={it.summaryType}>
                <th scope="row">
                  {it.summaryType === 'ADJUSTMENT' ? (
                    <span className="owner-badge owner-badge--pending">{t('statement:detail.adjustment')}</span>
                  ) : null}{' '}
                  {t(`statement:subject.${it.subject}`)}
                </th>
                <td>
                  {it.unitDetails
                    ? unitDetailLabel(it.unitDetails, t, language)
                    : [it.bookingNumber, it.date ? formatDate(it.date, 'date', language) : null]
                        .filter(Boolean)
                        .join(' · ')}
                </td>
                <td className="owner-table__num">{formatYen(it.amount, language)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function SumLines({
  subtotal,
  taxes,
  nonTaxable,
  total,
}: {
  subtotal: number;
  taxes: TaxLine[];
  nonTaxable?: number;
  total: number;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const yen = (n: number) => formatYen(n, language);
  return (
    <dl className="owner-lines owner-statement__sums">
      <div>
        <dt>{t('statement:detail.subtotal')}</dt>
        <dd>{yen(subtotal)}</dd>
      </div>
      {taxes.map((tx) => (
        <div key={tx.percentage}>
          <dt>{t('statement:detail.taxOf', { rate: tx.percentage, target: yen(tx.targetAmount) })}</dt>
          <dd>{yen(tx.taxAmount)}</dd>
        </div>
      ))}
      {nonTaxable ? (
        <div>
          <dt>{t('statement:detail.nonTaxable')}</dt>
          <dd>{yen(nonTaxable)}</dd>
        </div>
      ) : null}
      <div className="owner-statement__total">
        <dt>{t('statement:detail.sectionTotal')}</dt>
        <dd>{yen(total)}</dd>
      </div>
    </dl>
  );
}
