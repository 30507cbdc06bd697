import type { CancellationFeePerDate } from '@yado/contract/billing.contract';
import { useTranslation } from '../../../lib/i18n';
import { formatDate } from '../../../lib/format-date';
import { formatYen } from '../../../lib/format-yen';
import { useLanguage } from '../../../lib/use-language.hook';

/** The cancellation fee of each stay date: date, the percentage charged, the amount. */
export function FeePerDateTable({ fees }: { fees: readonly CancellationFeePerDate[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <table className="fee-table">
      <caption className="visually-hidden">{t('booking:cancel.perDate')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('booking:cancellation.date')}</th>
          <th scope="col">{t('booking:cancellation.percentage')}</th>
          <th scope="col">{t('booking:cancellation.fee')}</th>
        </tr>
      </thead>
      <tbody>
        {fees.map((d) => (
          <tr key={`${d.date.year}-${d.date.month}-${d.date.day}`}>
            <td>{formatDate(d.date, 'date', language)}</td>
            <td>
              {t('booking:cancellation.percent', {
                percent: d.details.reduce((max, x) => Math.max(max, x.percentage), 0),
              })}
            </td>
            <td>{formatYen(d.amount, language)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
