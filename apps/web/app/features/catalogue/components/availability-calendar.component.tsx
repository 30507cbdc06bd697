import type { Language } from '@yado/contract/headers';
import type { KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { cx } from '../../../lib/class-names';
import { formatDate } from '../../../lib/format-date';
import { weekdayNames } from '../../../lib/month-grid';
import { buildMonthGrid, type CalendarDay } from '../calendar-grid';
import {
  addDays,
  civilFromIso,
  daysBetween,
  formatYearMonth,
  type IsoDate,
  type YearMonth,
} from '@yado/contract/civil-date';
import { dayAction, selectionRole, type StaySelection } from '../stay-selection';

export type CalendarMonth = { year: number; month: number; days: CalendarDay[] };

type Props = {
  months: CalendarMonth[];
  /** First month shown; the address keeps it as `month`. */
  shown: YearMonth;
  prev: YearMonth | null;
  next: YearMonth | null;
  selection: StaySelection;
  days: ReadonlyMap<IsoDate, CalendarDay>;
  language: Language;
  /** The page address for a selection and first month (guests kept). */
  hrefFor: (selection: StaySelection, month: YearMonth) => string;
};

/**
 * The availability calendar: each choosable day is a link to this page with
 * the new selection in its address, so the server renders the dates and their
 * total and the calendar works without JavaScript. Arrow keys move between
 * days like in a date picker.
 */
export function AvailabilityCalendar({ months, shown, prev, next, selection, days, language, hrefFor }: Props) {
  const { t } = useTranslation();
  const choosingCheckout = selection.checkin !== null && selection.checkout === null;
  const { short: weekdays, long: weekdayLabels } = weekdayNames(language);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    const step = steps[event.key];
    const from = (event.target as HTMLElement).closest<HTMLElement>('[data-date]')?.dataset['date'];
    if (!step || !from) return;
    // Skip days that cannot be chosen, up to a few weeks on, to the next one that can.
    for (let i = 1; i <= 42; i++) {
      const target = event.currentTarget.querySelector<HTMLElement>(`a[data-date="${addDays(from, step * i)}"]`);
      // The second month is hidden on phones: skip what cannot be seen.
      if (target && target.getClientRects().length > 0) {
        event.preventDefault();
        target.focus();
        return;
      }
    }
  };

  return (
    <div className="calendar">
      <p className="calendar__hint" role="status">
        {choosingCheckout
          ? t('catalogue:calendar.chooseCheckout')
          : selection.checkin !== null && selection.checkout !== null
            ? t('catalogue:calendar.chosen', {
                checkin: formatDate(civilFromIso(selection.checkin), 'date', language),
                checkout: formatDate(civilFromIso(selection.checkout), 'date', language),
                count: daysBetween(selection.checkin, selection.checkout),
              })
            : t('catalogue:calendar.chooseCheckin')}
      </p>
      <div className="calendar__nav">
        {prev ? (
          <Link className="calendar__step" to={hrefFor(selection, prev)} preventScrollReset replace>
            <span aria-hidden="true">‹</span> {t('catalogue:calendar.prev')}
          </Link>
        ) : (
          <span className="calendar__step calendar__step--disabled" aria-disabled="true">
            <span aria-hidden="true">‹</span> {t('catalogue:calendar.prev')}
          </span>
        )}
        {next ? (
          <Link className="calendar__step" to={hrefFor(selection, next)} preventScrollReset replace>
            {t('catalogue:calendar.next')} <span aria-hidden="true">›</span>
          </Link>
        ) : (
          <span className="calendar__step calendar__step--disabled" aria-disabled="true">
            {t('catalogue:calendar.next')} <span aria-hidden="true">›</span>
          </span>
        )}
      </div>
      <div className="calendar__months" onKeyDown={onKeyDown}>
        {months.map((m, index) => {
          const title = formatDate({ year: m.year, month: m.month, day: 0 }, 'yearMonth', language);
          const captionId = `calendar-${formatYearMonth(m)}`;
          return (
            <table
              key={formatYearMonth(m)}
              className={cx('calendar__month', index > 0 && 'calendar__month--extra')}
              aria-labelledby={captionId}
            >
              <caption id={captionId} className="calendar__caption">
                {title}
              </caption>
              <thead>
                <tr>
                  {weekdays.map((w, i) => (
                    <th key={w} scope="col" abbr={weekdayLabels[i]}>
                      {w}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {buildMonthGrid(m, m.days).map((week, w) => (
                  <tr key={w}>
                    {week.map((cell, d) => {
                      if (!cell) return <td key={d} />;
                      const info = cell.info;
                      const role = selectionRole(selection, cell.date);
                      const action = dayAction(days, selection, cell.date);
                      const high = info?.priceType === 'HIGH';
                      const parts = civilFromIso(cell.date);
                      const label = [
                        formatDate(parts, 'date', language),
                        weekdayLabels[d],
                        high ? t('catalogue:calendar.high') : null,
                        role === 'checkin' ? t('catalogue:calendar.checkin') : null,
                        role === 'checkout' ? t('catalogue:calendar.checkout') : null,
                        action.kind === 'checkout' ? t('catalogue:calendar.canCheckout') : null,
                        action.kind === 'disabled' && role === null ? t('catalogue:calendar.unavailable') : null,
                      ]
                        .filter(Boolean)
                        .join(', ');
                      const className = cx(
                        'calendar__day',
                        high && 'calendar__day--high',
                        role && `calendar__day--${role}`,
                        action.kind === 'disabled' && 'calendar__day--disabled',
                      );
                      return (
                        <td key={d}>
                          {action.kind === 'disabled' ? (
                            <span className={className} aria-label={label} aria-disabled="true" data-date={cell.date}>
                              {cell.day}
                            </span>
                          ) : (
                            <Link
                              className={className}
                              to={hrefFor(action.next, shown)}
                              aria-label={label}
                              aria-current={role === 'checkin' || role === 'checkout' ? 'date' : undefined}
                              data-date={cell.date}
                              preventScrollReset
                              replace
                            >
                              {cell.day}
                            </Link>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          );
        })}
      </div>
      <ul className="calendar__legend">
        <li>
          <span className="calendar__swatch calendar__swatch--standard" aria-hidden="true" />
          {t('catalogue:calendar.legendStandard')}
        </li>
        <li>
          <span className="calendar__swatch calendar__swatch--high" aria-hidden="true" />
          {t('catalogue:calendar.legendHigh')}
        </li>
        <li>
          <span className="calendar__swatch calendar__swatch--selected" aria-hidden="true" />
          {t('catalogue:calendar.legendSelected')}
        </li>
        <li>
          <span className="calendar__swatch calendar__swatch--disabled" aria-hidden="true" />
          {t('catalogue:calendar.legendUnavailable')}
        </li>
      </ul>
    </div>
  );
}
