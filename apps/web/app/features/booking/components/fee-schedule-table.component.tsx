import type { Language } from '@yado/contract/headers';
import { useTranslation } from '../../../lib/i18n';
import { formatDate } from '../../../lib/format-date';
import { formatYen } from '../../../lib/format-yen';
import { civilFromIso } from '@yado/contract/civil-date';
import type { ScheduleRow } from '@yado/contract/cancellation-fee';

/**
 * What cancelling costs from each later day. Each night is charged by how many days before it the
 * stay is cancelled, so one day can charge several rates: the row shows their range, and the note
 * says why, because a single rate beside a fee that is not that rate of the stay reads as an error.
 */
export function FeeScheduleTable({
  rows,
  language,
  captionVisible,
}: {
  rows: readonly ScheduleRow[];
  language: Language;
  captionVisible: boolean;
}) {
  const { t } = useTranslation();
  const byNight = rows.some((row) => row.lowest !== row.highest);
  return (
    <>
      <table className="fee-table" data-testid="fee-schedule">
        <caption className={captionVisible ? 'fee-table__caption' : 'visually-hidden'}>
          {t('booking:cancellation.scheduleCaption')}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('booking:cancellation.from')}</th>
            <th scope="col">{t('booking:cancellation.percentage')}</th>
            <th scope="col">{t('booking:cancellation.fee')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.from}>
              <td>{formatDate(civilFromIso(row.from), 'date', language)}</td>
              <td>
                {row.lowest === row.highest
                  ? t('booking:cancellation.percent', { percent: row.highest })
                  : t('booking:cancellation.percentRange', { lowest: row.lowest, highest: row.highest })}
              </td>
              <td>{formatYen(row.amount, language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {byNight ? <p className="muted fee-table__note">{t('booking:cancellation.byNight')}</p> : null}
    </>
  );
}
