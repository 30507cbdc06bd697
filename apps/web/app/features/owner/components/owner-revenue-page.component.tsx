import type { OwnerRevenue } from '@yado/contract/owner-area.contract';
import { Link, useLocation } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.component';
import { formatDate } from '../../../lib/format-date';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language.hook';
import { BarChart } from './bar-chart.component';
import { OwnerLayout } from './owner-layout.component';

type ShareRevenue = OwnerRevenue['shares'][number];

/** Revenue: per share the guest-stay revenue of each month of a year, as bars and as a table; a year switch. */
export function OwnerRevenuePage({ revenue, years }: { revenue: OwnerRevenue; years: number[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { pathname } = useLocation();
  return (
    <OwnerLayout
      title={t('owner:revenue.heading')}
      lead={t('owner:revenue.lead')}
      actions={
        <nav className="owner-years" aria-label={t('owner:revenue.yearNav')}>
          {years.map((y) => (
            <Link
              key={y}
              to={`${pathname}?year=${y}`}
              preventScrollReset
              className={buttonClassName({ variant: y === revenue.year ? 'primary' : 'secondary', size: 'small' })}
              aria-current={y === revenue.year ? 'page' : undefined}
              data-testid={`owner-year-${y}`}
            >
              {t('owner:revenue.year', { year: y })}
            </Link>
          ))}
        </nav>
      }
    >
      <p className="owner-total" data-testid="owner-revenue-total">
        <span>{t('owner:revenue.total', { year: revenue.year })}</span>
        <strong>{formatYen(revenue.totalRevenue, language)}</strong>
      </p>
      {revenue.shares.length === 0 ? <p className="owner-empty">{t('owner:home.noShares')}</p> : null}
      {revenue.shares.map((s) => (
        <ShareRevenueCard key={s.shareId} share={s} year={revenue.year} />
      ))}
    </OwnerLayout>
  );
}

function ShareRevenueCard({ share, year }: { share: ShareRevenue; year: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const headingId = `owner-revenue-${share.shareId}`;
  const monthName = (month: number) => formatDate({ year, month, day: 0 }, 'yearMonth', language);
  // "Sep" / "9月": four columns fit a phone without scrolling.
  const shortMonth = (month: number) => formatDate({ year, month, day: 0 }, 'month', language).slice(0, 3);
  return (
    <section className="owner-card" aria-labelledby={headingId} data-testid="owner-revenue-share">
      <h2 id={headingId} className="owner-card__title">
        {share.houseGroupName}{' '}
        <span className="owner-note">{`${share.fraction.numerator}/${share.fraction.denominator}`}</span>
      </h2>
      <BarChart
        showValues={false}
        caption={t('owner:revenue.chartCaption', { year })}
        emptyText={t('owner:revenue.chartEmpty')}
        bars={share.months.map((m) => ({
          label:
            language === 'ja'
              ? String(m.month)
              : formatDate({ year, month: m.month, day: 0 }, 'month', language).slice(0, 1),
          value: m.revenue,
          description: `${monthName(m.month)}: ${formatYen(m.revenue, language)}`,
        }))}
      />
      <div className="owner-table-wrap">
        <table className="owner-table">
          <caption className="visually-hidden">
            {t('owner:revenue.tableCaption', { name: share.houseGroupName, year })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('owner:revenue.month')}</th>
              <th scope="col" className="owner-table__num">
                {t('owner:revenue.guestNights')}
              </th>
              <th scope="col" className="owner-table__num">
                {t('owner:revenue.houseGroupRevenue')}
              </th>
              <th scope="col" className="owner-table__num">
                {t('owner:revenue.yourRevenue')}
              </th>
            </tr>
          </thead>
          <tbody>
            {share.months.map((m) => (
              <tr key={m.month} data-testid="owner-revenue-month">
                <th scope="row">
                  <abbr title={monthName(m.month)}>{shortMonth(m.month)}</abbr>
                </th>
                <td className="owner-table__num">{m.guestNights}</td>
                <td className="owner-table__num">{formatYen(m.houseGroupRevenue, language)}</td>
                <td className="owner-table__num owner-table__strong">{formatYen(m.revenue, language)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('owner:revenue.sum')}</th>
              <td className="owner-table__num">{share.totalGuestNights}</td>
              <td className="owner-table__num">{formatYen(share.totalHouseGroupRevenue, language)}</td>
              <td className="owner-table__num owner-table__strong">{formatYen(share.totalRevenue, language)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
