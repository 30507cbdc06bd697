import type { Language } from '@yado/contract/headers';
import type { OwnerHouseGroupCalendar, OwnerNightOccupancyValue } from '@yado/contract/owner-area.contract';
import { formatYearMonth, isoFromCivil, type YearMonth } from '@yado/contract/civil-date';
import { Link, useLocation } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.component';
import { formatDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { monthWeeks, weekdayNames } from '../../../lib/month-grid';
import { useLanguage } from '../../../lib/use-language.hook';
import { OwnerLayout } from './owner-layout.component';

type Month = OwnerHouseGroupCalendar['months'][number];
type Day = Month['days'][number];

/** The occupancies the calendar paints, in the legend's order (FREE is the empty cell). */
const SHOWN: OwnerNightOccupancyValue[] = ['OWN', 'OTHER_OWNER', 'MUTUAL', 'GUEST', 'BLOCKED'];

/** My houses: per house group a month calendar of who occupies each house on each night, and the HIGH nights. */
export function OwnerHousesPage({
  houseGroups,
  shown,
  prev,
  next,
}: {
  houseGroups: OwnerHouseGroupCalendar[];
  shown: YearMonth;
  prev: YearMonth;
  next: YearMonth;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { pathname } = useLocation();
  const monthHref = (m: YearMonth) => `${pathname}?month=${formatYearMonth(m)}`;
  return (
    <OwnerLayout title={t('owner:houses.heading')} lead={t('owner:houses.lead')}>
      <nav className="owner-month-nav" aria-label={t('owner:houses.monthNav')}>
        <Link
          className={buttonClassName({ variant: 'secondary', size: 'small' })}
          to={monthHref(prev)}
          preventScrollReset
          data-testid="owner-month-prev"
        >
          ‹ <span className="visually-hidden">{t('owner:houses.previous')} </span>
          {formatDate({ ...prev, day: 0 }, 'yearMonth', language)}
        </Link>
        <p className="owner-month-nav__current" aria-live="polite" data-testid="owner-month">
          {formatDate({ ...shown, day: 0 }, 'yearMonth', language)}
        </p>
        <Link
          className={buttonClassName({ variant: 'secondary', size: 'small' })}
          to={monthHref(next)}
          preventScrollReset
          data-testid="owner-month-next"
        >
          <span className="visually-hidden">{t('owner:houses.next')} </span>
          {formatDate({ ...next, day: 0 }, 'yearMonth', language)} ›
        </Link>
      </nav>
      <Legend />
      {houseGroups.length === 0 ? <p className="owner-empty">{t('owner:houses.none')}</p> : null}
      {houseGroups.map((g) => (
        <HouseGroupCalendar key={g.houseGroupId} group={g} language={language} />
      ))}
    </OwnerLayout>
  );
}

function Legend() {
  const { t } = useTranslation();
  return (
    <ul className="owner-legend-list" aria-label={t('owner:houses.legend')}>
      {SHOWN.map((o) => (
        <li key={o}>
          <span className={`owner-swatch owner-occ--${o.toLowerCase()}`} aria-hidden="true" />
          {t(`owner:occupancy.${o}`)}
        </li>
      ))}
      <li>
        <span className="owner-high-mark" aria-hidden="true">
          H
        </span>
        {t('owner:houses.highNight')}
      </li>
    </ul>
  );
}

function HouseGroupCalendar({ group, language }: { group: OwnerHouseGroupCalendar; language: Language }) {
  const { t } = useTranslation();
  const headingId = `owner-hg-${group.houseGroupId}`;
  return (
    <section className="owner-card owner-calendar" aria-labelledby={headingId} data-testid="owner-house-group">
      <header className="owner-calendar__header">
        <p className="owner-eyebrow">{group.placeName}</p>
        <h2 id={headingId}>{group.houseGroupName}</h2>
        <p className="owner-note">
          {group.shares.map((s) => `${s.fraction.numerator}/${s.fraction.denominator}`).join(', ')}
          {' · '}
          {t('owner:houses.houseCount', { count: group.houses.length })}
        </p>
      </header>
      {group.months.map((m) => (
        <MonthGrid key={`${m.year}-${m.month}`} group={group} month={m} language={language} />
      ))}
    </section>
  );
}

function MonthGrid({ group, month, language }: { group: OwnerHouseGroupCalendar; month: Month; language: Language }) {
  const { t } = useTranslation();
  const names = weekdayNames(language);
  const byDate = new Map(month.days.map((d) => [isoFromCivil(d.date), d]));
  const counts = countNights(month);
  const houseName = (i: number) => group.houses[i]?.name ?? '';
  return (
    <div className="owner-month">
      <table className="owner-month__grid">
        <caption>
          {t('owner:houses.monthCaption', {
            name: group.houseGroupName,
            month: formatDate({ year: month.year, month: month.month, day: 0 }, 'yearMonth', language),
          })}
        </caption>
        <thead>
          <tr>
            {names.short.map((d, i) => (
              <th key={d} scope="col" abbr={names.long[i]}>
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week, w) => (
            <tr key={w}>
              {week.map((date, i) =>
                date ? (
                  <DayCell key={i} day={byDate.get(isoFromCivil(date)) ?? null} date={date} houseName={houseName} />
                ) : (
                  <td key={i} className="owner-day owner-day--blank" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="owner-month__counts" aria-label={t('owner:houses.countsLabel')}>
        {SHOWN.map((o) => (
          <li key={o} data-testid={`owner-count-${o.toLowerCase()}`}>
            <span className={`owner-swatch owner-occ--${o.toLowerCase()}`} aria-hidden="true" />
            {t('owner:houses.count', { label: t(`owner:occupancy.${o}`), count: counts[o] })}
          </li>
        ))}
        <li>
          <span className="owner-high-mark" aria-hidden="true">
            H
          </span>
          {t('owner:houses.highCount', { count: counts.HIGH })}
        </li>
      </ul>
    </div>
  );
}

function countNights(month: Month): Record<OwnerNightOccupancyValue | 'HIGH', number> {
  const counts = { OWN: 0, OTHER_OWNER: 0, MUTUAL: 0, GUEST: 0, BLOCKED: 0, FREE: 0, HIGH: 0 };
  for (const d of month.days) {
    if (d.priceType === 'HIGH') counts.HIGH += 1;
    for (const h of d.houses) counts[h.occupancy] += 1;
  }
  return counts;
}

function DayCell({
  day,
  date,
  houseName,
}: {
  day: Day | null;
  date: { year: number; month: number; day: number };
  houseName: (i: number) => string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const high = day?.priceType === 'HIGH';
  const own = day?.houses.find((h) => h.occupancy === 'OWN' && h.bookingId);
  const description = day
    ? [
        formatDate(date, 'date', language),
        high ? t('owner:houses.highNight') : null,
        ...day.houses.map((h, i) => `${houseName(i)}: ${t(`owner:occupancy.${h.occupancy}`)}`),
      ]
        .filter(Boolean)
        .join(', ')
    : formatDate(date, 'date', language);
  const body = (
    <>
      <span className="owner-day__number" aria-hidden="true">
        {date.day}
        {high ? <span className="owner-high-mark owner-high-mark--small">H</span> : null}
      </span>
      <span className="owner-day__houses" aria-hidden="true">
        {day?.houses.map((h, i) => (
          <span
            key={h.houseId}
            className={`owner-day__house owner-occ--${h.occupancy.toLowerCase()}`}
            title={houseName(i)}
          />
        ))}
      </span>
      <span className="visually-hidden">{description}</span>
    </>
  );
  return (
    <td className={`owner-day${high ? ' owner-day--high' : ''}`} data-date={isoFromCivil(date)} data-testid="owner-day">
      {own?.bookingId ? (
        <Link className="owner-day__link" to={localizePath(`/mypage/bookings/${own.bookingId}`, language)}>
          {body}
        </Link>
      ) : (
        body
      )}
    </td>
  );
}
