import type { FinancialStatement } from '@yado/contract/financial-statement.contract';
import { useTranslation } from '../../../lib/i18n';
import { formatDate } from '../../../lib/format-date';
import { formatYen } from '../../../lib/format-yen';
import { useLanguage } from '../../../lib/use-language.hook';

/**
 * The body of a statement, the same for its holder and for an accountant: totals per payment method,
 * the monthly and daily summaries, and every payment and refund. Tables scroll sideways on a phone
 * rather than squeezing their figures.
 */
export function FinancialStatementView({ statement: s }: { statement: FinancialStatement }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const yen = (n: number) => formatYen(n, language);
  const methods = [
    ['CARD', s.totals.card],
    ['NAC', s.totals.nac],
    ['POINT', s.totals.point],
  ] as const;
  const nac = s.totals.nac;
  return (
    <div className="financial-view">
      {!s.closed ? (
        <p className="alert alert--info financial-open" role="note">
          {t('financial:statement.open')}
        </p>
      ) : null}
      <dl className="financial-totals card" data-testid="financial-totals">
        <div>
          <dt>{t('financial:totals.paid')}</dt>
          <dd>{yen(s.paid)}</dd>
        </div>
        <div>
          <dt>{t('financial:totals.refunded')}</dt>
          <dd>{yen(s.refunded)}</dd>
        </div>
        <div className="financial-totals__net">
          <dt>{t('financial:totals.net')}</dt>
          <dd data-testid="financial-net">{yen(s.net)}</dd>
        </div>
      </dl>

      <section className="financial-section" aria-labelledby="financial-methods">
        <h2 id="financial-methods" className="financial-section__title">
          {t('financial:methods.heading')}
        </h2>
        <div className="financial-table-wrap card">
          <table className="financial-table" data-testid="financial-methods">
            <thead>
              <tr>
                <th scope="col">{t('financial:methods.method')}</th>
                <th scope="col">{t('financial:totals.paid')}</th>
                <th scope="col">{t('financial:totals.refunded')}</th>
                <th scope="col">{t('financial:totals.net')}</th>
              </tr>
            </thead>
            <tbody>
              {methods.map(([m, x]) => (
                <tr key={m}>
                  <th scope="row">{t(`financial:method.${m}`)}</th>
                  <td>{yen(x.paid)}</td>
                  <td>{yen(x.refunded)}</td>
                  <td>{yen(x.net)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('financial:methods.total')}</th>
                <td>{yen(s.totals.total.paid)}</td>
                <td>{yen(s.totals.total.refunded)}</td>
                <td>{yen(s.totals.total.net)}</td>
              </tr>
            </tfoot>
          </table>
          {nac.nacPaid !== '0' || nac.nacRefunded !== '0' ? (
            <p className="financial-note" data-testid="financial-nac">
              {t('financial:methods.nac', { paid: nac.nacPaid, refunded: nac.nacRefunded, net: nac.nacNet })}
            </p>
          ) : null}
        </div>
      </section>

      <section className="financial-section" aria-labelledby="financial-monthly">
        <h2 id="financial-monthly" className="financial-section__title">
          {t('financial:monthly.heading')}
        </h2>
        <div className="financial-table-wrap card">
          <table className="financial-table">
            <thead>
              <tr>
                <th scope="col">{t('financial:monthly.month')}</th>
                <th scope="col">{t('financial:method.CARD')}</th>
                <th scope="col">{t('financial:method.NAC')}</th>
                <th scope="col">{t('financial:method.POINT')}</th>
                <th scope="col">{t('financial:totals.net')}</th>
              </tr>
            </thead>
            <tbody>
              {s.monthlySummaries.map((m) => (
                <tr key={`${m.year}-${m.month}`}>
                  <th scope="row">{formatDate({ year: m.year, month: m.month, day: 0 }, 'yearMonth', language)}</th>
                  <td>{yen(m.card)}</td>
                  <td>{yen(m.nac)}</td>
                  <td>{yen(m.point)}</td>
                  <td>{yen(m.net)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="financial-section" aria-labelledby="financial-daily">
        <h2 id="financial-daily" className="financial-section__title">
          {t('financial:daily.heading')}
        </h2>
        {s.dailySummaries.length === 0 ? (
          <p className="muted">{t('financial:statement.none')}</p>
        ) : (
          <div className="financial-table-wrap card">
            <table className="financial-table" data-testid="financial-daily">
              <thead>
                <tr>
                  <th scope="col">{t('financial:daily.date')}</th>
                  <th scope="col">{t('financial:daily.seq')}</th>
                  <th scope="col" className="financial-table__text">
                    {t('financial:daily.type')}
                  </th>
                  <th scope="col">{t('financial:daily.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {s.dailySummaries.map((d) => (
                  <tr key={`${d.date.year}-${d.date.month}-${d.date.day}-${d.dateSeq}`}>
                    <th scope="row">{formatDate(d.date, 'date', language)}</th>
                    <td>{d.dateSeq}</td>
                    <td className="financial-table__text">{t(`financial:type.${d.type}`)}</td>
                    <td>{yen(d.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="financial-section" aria-labelledby="financial-lines">
        <h2 id="financial-lines" className="financial-section__title">
          {t('financial:lines.heading')}
        </h2>
        {s.lines.length === 0 ? (
          <p className="muted" data-testid="financial-lines-empty">
            {t('financial:statement.none')}
          </p>
        ) : (
          <div className="financial-table-wrap card">
            <table className="financial-table" data-testid="financial-lines">
              <thead>
                <tr>
                  <th scope="col">{t('financial:daily.date')}</th>
                  <th scope="col" className="financial-table__text financial-table__wide">
                    {t('financial:lines.billing')}
                  </th>
                  <th scope="col" className="financial-table__text">
                    {t('financial:daily.type')}
                  </th>
                  <th scope="col" className="financial-table__text">
                    {t('financial:methods.method')}
                  </th>
                  <th scope="col">{t('financial:daily.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {s.lines.map((l, i) => (
                  <tr
                    key={i}
                    data-testid="financial-line"
                    className={l.type === 'REFUND' ? 'financial-refund' : undefined}
                  >
                    <th scope="row">
                      {formatDate(l.date, 'date', language)}
                      <span className="financial-table__sub financial-table__narrow">{l.billingNumber}</span>
                    </th>
                    <td className="financial-table__text financial-table__wide">{l.billingNumber}</td>
                    <td className="financial-table__text">{t(`financial:type.${l.type}`)}</td>
                    <td className="financial-table__text">
                      {t(`financial:method.${l.method}`)}
                      {l.nacAmount && l.nacToJpyRate ? (
                        <span className="financial-table__sub">
                          {t('financial:lines.nac', { nac: l.nacAmount, rate: l.nacToJpyRate })}
                        </span>
                      ) : null}
                    </td>
                    <td>{yen(l.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
