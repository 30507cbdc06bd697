import type { StatementCycleValue, StatementPeriod, staffListOwnerStatements } from '@yado/contract/statement.contract';
import type { MethodOutput } from '@yado/contract/method';
import { wallClockIn } from '@yado/contract/civil-date';
import { OPERATOR_TIME_ZONE } from '@yado/contract/operator-zone';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import { useToast } from '../../../components/ui/use-toast.hook';
import { formatDate } from '../../../lib/format-date';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { useCloseStatementPeriod } from '../hooks/use-close-statement-period.hook';
import { japanTimestamp } from '../japan-time';
import { StaffPage } from './staff-page.component';

type Listing = MethodOutput<typeof staffListOwnerStatements>;

/** Staff close settlement periods (issuing every owner's statement) and read the statements of each. */
export function StaffStatementsPage({ listing, offset, limit }: { listing: Listing; offset: number; limit: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const periodLabel = (p: Pick<StatementPeriod, 'cycle' | 'periodFrom' | 'periodTo'>) => {
    const from = formatDate(p.periodFrom, 'yearMonth', language);
    const cycle = t(`statement:cycle.${p.cycle}`);
    return p.cycle === 'MONTHLY'
      ? `${from} (${cycle})`
      : `${from} – ${formatDate(p.periodTo, 'yearMonth', language)} (${cycle})`;
  };
  const shown = listing.period;
  const pageLink = (to: number) =>
    `${localizePath('/staff/statements', language)}?period=${encodeURIComponent(shown?.periodId ?? '')}&offset=${to}`;
  return (
    <StaffPage title={t('statement:staff.heading')} lead={t('statement:staff.lead')}>
      <div className="staff-columns">
        <div className="staff-columns__main">
          <section aria-labelledby="statement-periods-heading">
            <h2 id="statement-periods-heading">{t('statement:staff.periods')}</h2>
            {listing.periods.length === 0 ? (
              <p className="staff-empty">{t('statement:staff.periodsEmpty')}</p>
            ) : (
              <div className="staff-table-wrap">
                <table className="staff-table" data-testid="statement-periods">
                  <thead>
                    <tr>
                      <th scope="col">{t('statement:staff.period')}</th>
                      <th scope="col">{t('statement:staff.closedAt')}</th>
                      <th scope="col" className="staff-table__number">
                        {t('statement:staff.count')}
                      </th>
                      <th scope="col">
                        <span className="visually-hidden">{t('statement:staff.show')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {listing.periods.map((p) => (
                      <tr key={p.periodId} aria-current={p.periodId === shown?.periodId ? 'true' : undefined}>
                        <th scope="row">{periodLabel(p)}</th>
                        <td>
                          {japanTimestamp(p.closedAt)}
                          {p.completedAt ? null : ` · ${t('statement:staff.issuing')}`}
                        </td>
                        <td className="staff-table__number">{p.statementCount}</td>
                        <td>
                          <Link
                            to={`${localizePath('/staff/statements', language)}?period=${encodeURIComponent(p.periodId)}`}
                          >
                            {t('statement:staff.show')}
                          </Link>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
          {shown ? (
            <section aria-labelledby="statement-list-heading">
              <h2 id="statement-list-heading">{t('statement:staff.statementsOf', { period: periodLabel(shown) })}</h2>
              {listing.ownerStatements.length === 0 ? (
                <p className="staff-empty">{t('statement:staff.statementsEmpty')}</p>
              ) : (
                <div className="staff-table-wrap">
                  <table className="staff-table" data-testid="staff-statements">
                    <thead>
                      <tr>
                        <th scope="col">{t('statement:staff.owner')}</th>
                        <th scope="col">{t('statement:staff.number')}</th>
                        <th scope="col" className="staff-table__number">
                          {t('statement:staff.revenue')}
                        </th>
                        <th scope="col" className="staff-table__number">
                          {t('statement:staff.expenditure')}
                        </th>
                        <th scope="col" className="staff-table__number">
                          {t('statement:staff.total')}
                        </th>
                        <th scope="col">{t('statement:staff.pdf')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {listing.ownerStatements.map((s) => (
                        <tr key={s.ownerStatementId} data-testid="staff-statement">
                          <th scope="row">{s.ownerName}</th>
                          <td className="staff-table__id">{s.statementNumber}</td>
                          <td className="staff-table__number">{formatYen(s.totalRevenue, language)}</td>
                          <td className="staff-table__number">{formatYen(s.totalExpenditure, language)}</td>
                          <td className="staff-table__number">{formatYen(s.total, language)}</td>
                          <td>
                            <a
                              href={localizePath(
                                `/owner/statements/${encodeURIComponent(s.ownerStatementId)}/pdf?lang=${language}`,
                                language,
                              )}
                              download
                            >
                              {t('statement:staff.pdf')}
                            </a>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
              {listing.total > limit ? (
                <nav
                  className="staff-pager"
                  aria-label={t('statement:staff.statementsOf', { period: periodLabel(shown) })}
                >
                  {offset > 0 ? (
                    <Link to={pageLink(Math.max(0, offset - limit))}>{t('statement:staff.previous')}</Link>
                  ) : null}
                  <span>
                    {t('statement:staff.pageOf', {
                      from: offset + 1,
                      to: Math.min(offset + limit, listing.total),
                      total: listing.total,
                    })}
                  </span>
                  {offset + limit < listing.total ? (
                    <Link to={pageLink(offset + limit)}>{t('statement:staff.next')}</Link>
                  ) : null}
                </nav>
              ) : null}
            </section>
          ) : null}
        </div>
        <div className="staff-columns__side">
          <ClosePeriodForm />
        </div>
      </div>
    </StaffPage>
  );
}

/** The month before this one in the operator's zone, as an `<input type="month">` value: the period usually closed next. */
function lastMonthInJapan(): string {
  const { year, month } = wallClockIn(OPERATOR_TIME_ZONE, new Date());
  const y = month === 1 ? year - 1 : year;
  const m = month === 1 ? 12 : month - 1;
  return `${y}-${String(m).padStart(2, '0')}`;
}

function ClosePeriodForm() {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const { close, busy } = useCloseStatementPeriod();
  const [cycle, setCycle] = useState<StatementCycleValue>('MONTHLY');
  const [month, setMonth] = useState(lastMonthInJapan);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const m = /^(\d{4})-(\d{2})$/.exec(month);
    if (!m) {
      setError(t('statement:staff.monthRequired'));
      document.getElementById('statement-close-month')?.focus();
      return;
    }
    setError(null);
    const periodFrom = { year: Number(m[1]), month: Number(m[2]), day: 1 };
    const res = await close({ cycle, periodFrom });
    if (!res.ok) {
      setError(res.message ?? t('staff:problems.title'));
      return;
    }
    const p = res.result.period;
    const label = `${formatDate(p.periodFrom, 'yearMonth', language)} (${t(`statement:cycle.${p.cycle}`)})`;
    toast.success(
      res.result.newlyClosed
        ? t('statement:staff.closed', { count: p.statementCount, period: label })
        : t('statement:staff.alreadyClosed', { period: label }),
    );
  }

  return (
    <section className="staff-panel" aria-labelledby="statement-close-heading">
      <h2 id="statement-close-heading">{t('statement:staff.closeHeading')}</h2>
      <form className="staff-subform" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="statement-close-form">
        {error ? <FormAlert title={t('staff:problems.title')}>{error}</FormAlert> : null}
        <SelectField
          id="statement-close-cycle"
          label={t('statement:staff.cycle')}
          value={cycle}
          onChange={(e) => setCycle(e.target.value === 'SEMESTER' ? 'SEMESTER' : 'MONTHLY')}
        >
          <option value="MONTHLY">{t('statement:cycle.MONTHLY')}</option>
          <option value="SEMESTER">{t('statement:cycle.SEMESTER')}</option>
        </SelectField>
        <TextField
          id="statement-close-month"
          type="month"
          label={t('statement:staff.month')}
          hint={t('statement:staff.monthHint')}
          value={month}
          onChange={(e) => setMonth(e.target.value)}
        />
        <Button type="submit" busy={busy}>
          {t('statement:staff.close')}
        </Button>
      </form>
    </section>
  );
}
