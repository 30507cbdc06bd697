import { addMonths, compareCivil, isoFromCivil } from '@yado/contract/civil-date';
import type { CivilDate } from '@yado/contract/common.schema';
import { staffGetSeasonCalendar, staffSetSeasonCalendar } from '@yado/contract/staff-catalogue.contract';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import { useToast } from '../../../components/ui/use-toast.hook';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { cx } from '../../../lib/class-names';
import { formatDate } from '../../../lib/format-date';
import { monthWeeks, weekdayNames } from '../../../lib/month-grid';
import { useApiQuery } from '../../../lib/use-api-query.hook';
import { useLanguage } from '../../../lib/use-language.hook';
import { toNumber } from '../form-errors';
import {
  changeFor,
  changeIndexOf,
  EMPTY_EDIT,
  inRange,
  monthBounds,
  NO_SELECTION,
  previewDays,
  selectDay,
  selectedRange,
  type SeasonChange,
  type SeasonDay,
  type SeasonEdit,
} from '../season-calendar';
import { formatYen } from '../../../lib/format-yen';

/**
 * A house group's season calendar, a month at a time: pick a range on the
 * grid (two clicks), choose what to change, queue it, and save the queue as
 * one staff_set_season_calendar call. Queued changes show on the grid before
 * they are saved; the server's refusals are shown on the change they name.
 */
export function SeasonCalendarEditor({
  houseGroupId,
  standardSeasonPrice,
  today,
  onSaved,
}: {
  houseGroupId: string;
  standardSeasonPrice: number;
  today: CivilDate;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const [month, setMonth] = useState({ year: today.year, month: today.month });
  const bounds = monthBounds(month.year, month.month);
  const { data, mutate, isLoading } = useApiQuery(staffGetSeasonCalendar, { houseGroupId, ...bounds });
  const [selection, setSelection] = useState(NO_SELECTION);
  const [edit, setEdit] = useState<SeasonEdit>(EMPTY_EDIT);
  const [pending, setPending] = useState<SeasonChange[]>([]);
  const [editError, setEditError] = useState<string | null>(null);
  const [changeErrors, setChangeErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const days = useMemo(() => {
    const saved = new Map<string, SeasonDay>((data?.days ?? []).map((d) => [isoFromCivil(d.date), d]));
    return previewDays(saved, pending, standardSeasonPrice);
  }, [data, pending, standardSeasonPrice]);
  const range = selectedRange(selection);
  const weeks = monthWeeks(month);
  const lastMonth = addMonths(today, 18);
  const canGoBack = month.year * 12 + month.month > today.year * 12 + today.month;
  const canGoOn = month.year * 12 + month.month < lastMonth.year * 12 + lastMonth.month;
  const dayLabel = (d: CivilDate) => formatDate(d, 'date', language);

  function queue(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!range) return setEditError(t('staff:calendar.pickRange'));
    for (const price of [edit.standardPrice, edit.highPrice]) {
      if (price.trim() && Number.isNaN(toNumber(price))) return setEditError(t('staff:problems.number'));
    }
    const change = changeFor(range, edit);
    if (!change) return setEditError(t('staff:calendar.pickValue'));
    if (pending.length >= 50) return setEditError(t('staff:calendar.tooMany'));
    setPending([...pending, change]);
    setSelection(NO_SELECTION);
    setEdit(EMPTY_EDIT);
    setEditError(null);
  }

  async function save() {
    setBusy(true);
    setFormError(null);
    setChangeErrors({});
    try {
      const result = await callMethod(staffSetSeasonCalendar, { houseGroupId, changes: pending }, { language });
      setPending([]);
      await mutate();
      toast.success(t('staff:calendar.saved', { count: result.daysChanged }));
      onSaved();
    } catch (error) {
      if (isApiError(error)) {
        const byChange: Record<number, string> = {};
        const other: string[] = [];
        for (const f of error.fields) {
          const index = changeIndexOf(f.field);
          if (index === null) other.push(`${f.field}: ${f.description}`);
          else
            byChange[index] =
              `${byChange[index] ? `${byChange[index]}; ` : ''}${f.field.split('.').slice(2).join('.') || 'range'}: ${f.description}`;
        }
        setChangeErrors(byChange);
        setFormError([error.displayMessage, ...other].join(' · '));
      } else setFormError(t('errors.network'));
    } finally {
      setBusy(false);
    }
  }

  const describeChange = (c: SeasonChange) => {
    const parts: string[] = [];
    if (c.priceType) parts.push(c.priceType === 'HIGH' ? t('staff:calendar.high') : t('staff:calendar.standard'));
    if (c.standardPrice !== undefined)
      parts.push(t('staff:calendar.standardPriceIs', { price: formatYen(c.standardPrice, language) }));
    if (c.highPrice !== undefined)
      parts.push(t('staff:calendar.highPriceIs', { price: formatYen(c.highPrice, language) }));
    if (c.closed !== undefined) parts.push(c.closed ? t('staff:calendar.closed') : t('staff:calendar.open'));
    return parts.join(' · ');
  };

  return (
    <div className="staff-calendar" data-testid="season-calendar">
      <section className="staff-panel" aria-labelledby="calendar-month-heading">
        <div className="staff-calendar__nav">
          <Button variant="secondary" size="small" disabled={!canGoBack} onClick={() => setMonth(addMonths(month, -1))}>
            <span aria-hidden="true">←</span> {t('staff:calendar.previous')}
          </Button>
          <h2 id="calendar-month-heading" aria-live="polite">
            {formatDate({ ...month, day: 0 }, 'yearMonth', language)}
          </h2>
          <Button variant="secondary" size="small" disabled={!canGoOn} onClick={() => setMonth(addMonths(month, 1))}>
            {t('staff:calendar.next')} <span aria-hidden="true">→</span>
          </Button>
        </div>
        <p className="muted staff-calendar__hint">{t('staff:calendar.hint')}</p>
        <ul className="staff-legend" aria-label={t('staff:calendar.legend')}>
          <li>
            <span className="staff-day-key staff-day-key--standard" aria-hidden="true" />
            {t('staff:calendar.standard')}
          </li>
          <li>
            <span className="staff-day-key staff-day-key--high" aria-hidden="true" />
            {t('staff:calendar.high')}
          </li>
          <li>
            <span className="staff-day-key staff-day-key--closed" aria-hidden="true" />
            {t('staff:calendar.closed')}
          </li>
          <li>
            <span className="staff-day-key staff-day-key--none" aria-hidden="true" />
            {t('staff:calendar.notOnSale')}
          </li>
        </ul>
        <div className={cx('staff-month', isLoading && 'staff-month--loading')}>
          <div className="staff-month__weekdays" aria-hidden="true">
            {weekdayNames(language).short.map((w) => (
              <span key={w}>{w}</span>
            ))}
          </div>
          {weeks.map((week, w) => (
            <div key={w} className="staff-month__week">
              {week.map((d, i) => {
                if (!d) return <span key={i} className="staff-day staff-day--blank" aria-hidden="true" />;
                const day = days.get(isoFromCivil(d));
                const past = compareCivil(d, today) < 0;
                const selected = inRange(d, range);
                const state = !day
                  ? t('staff:calendar.notOnSale')
                  : [
                      day.priceType === 'HIGH' ? t('staff:calendar.high') : t('staff:calendar.standard'),
                      formatYen(day.priceType === 'HIGH' ? day.highPrice : day.standardPrice, language),
                      day.closed ? t('staff:calendar.closed') : null,
                    ]
                      .filter(Boolean)
                      .join(', ');
                return (
                  <button
                    key={i}
                    type="button"
                    className={cx(
                      'staff-day',
                      day ? (day.priceType === 'HIGH' ? 'staff-day--high' : 'staff-day--standard') : 'staff-day--none',
                      day?.closed && 'staff-day--closed',
                      selected && 'staff-day--selected',
                    )}
                    disabled={past}
                    aria-pressed={selected}
                    data-date={isoFromCivil(d)}
                    onClick={() => setSelection(selectDay(selection, d))}
                  >
                    {/* The full date and state for screen readers; the cell shows the short form. */}
                    <span className="visually-hidden">{`${dayLabel(d)}: ${state}`}</span>
                    <span className="staff-day__number" aria-hidden="true">
                      {d.day}
                    </span>
                    {day ? (
                      <span className="staff-day__price" aria-hidden="true">
                        {formatYen(day.priceType === 'HIGH' ? day.highPrice : day.standardPrice, language)}
                      </span>
                    ) : null}
                  </button>
                );
              })}
            </div>
          ))}
        </div>
      </section>

      <section className="staff-panel" aria-labelledby="calendar-edit-heading">
        <h2 id="calendar-edit-heading">{t('staff:calendar.editHeading')}</h2>
        <p className="staff-calendar__range" aria-live="polite" data-testid="calendar-range">
          {range
            ? t('staff:calendar.range', { from: dayLabel(range.from), to: dayLabel(range.to) })
            : t('staff:calendar.noRange')}
        </p>
        <form className="staff-subform" noValidate onSubmit={queue} aria-label={t('staff:calendar.editHeading')}>
          {editError ? <FormAlert>{editError}</FormAlert> : null}
          <div className="grid grid--2">
            <SelectField
              id="calendar-price-type"
              label={t('staff:calendar.priceType')}
              value={edit.priceType}
              onChange={(e) => setEdit({ ...edit, priceType: e.target.value as SeasonEdit['priceType'] })}
            >
              <option value="">{t('staff:calendar.keep')}</option>
              <option value="STANDARD">{t('staff:calendar.standard')}</option>
              <option value="HIGH">{t('staff:calendar.high')}</option>
            </SelectField>
            <SelectField
              id="calendar-closed"
              label={t('staff:calendar.openClosed')}
              value={edit.closed}
              onChange={(e) => setEdit({ ...edit, closed: e.target.value as SeasonEdit['closed'] })}
            >
              <option value="">{t('staff:calendar.keep')}</option>
              <option value="open">{t('staff:calendar.open')}</option>
              <option value="close">{t('staff:calendar.closed')}</option>
            </SelectField>
            <TextField
              id="calendar-standard-price"
              label={t('staff:calendar.standardPrice')}
              hint={t('staff:calendar.keepHint')}
              prefix="¥"
              inputMode="numeric"
              value={edit.standardPrice}
              onChange={(e) => setEdit({ ...edit, standardPrice: e.target.value })}
            />
            <TextField
              id="calendar-high-price"
              label={t('staff:calendar.highPrice')}
              hint={t('staff:calendar.keepHint')}
              prefix="¥"
              inputMode="numeric"
              value={edit.highPrice}
              onChange={(e) => setEdit({ ...edit, highPrice: e.target.value })}
            />
          </div>
          <Button type="submit" variant="secondary">
            {t('staff:calendar.addChange')}
          </Button>
        </form>

        <h3>{t('staff:calendar.pendingHeading')}</h3>
        {formError ? <FormAlert title={t('staff:calendar.refused')}>{formError}</FormAlert> : null}
        {pending.length === 0 ? (
          <p className="muted">{t('staff:calendar.noPending')}</p>
        ) : (
          <ol className="staff-pending" data-testid="pending-changes">
            {pending.map((c, i) => (
              <li key={i} className={cx('staff-pending__item', changeErrors[i] && 'staff-pending__item--invalid')}>
                <span>
                  <strong>{t('staff:calendar.range', { from: dayLabel(c.from), to: dayLabel(c.to) })}</strong>
                  <br />
                  {describeChange(c)}
                </span>
                <Button variant="text" size="small" onClick={() => setPending(pending.filter((_, j) => j !== i))}>
                  {t('staff:removeRow')}
                </Button>
                {changeErrors[i] ? <p className="field__error">{changeErrors[i]}</p> : null}
              </li>
            ))}
          </ol>
        )}
        <div className="staff-form__actions">
          <Button disabled={pending.length === 0} busy={busy} onClick={() => void save()}>
            {t('staff:calendar.save', { count: pending.length })}
          </Button>
        </div>
      </section>
    </div>
  );
}
