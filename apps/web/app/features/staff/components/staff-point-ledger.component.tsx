import type { StaffPointAction } from '@yado/contract/point.contract';
import { formatDateOfDateTime } from '../../../lib/format-date-time';
import { useTranslation } from '../../../lib/i18n';
import { formatPoints, pointReasonLabel } from '../../../lib/point-reason';
import { useLanguage } from '../../../lib/use-language.hook';
import { japanTimestamp } from '../japan-time';
import { ListPager } from './list-pager.component';

/**
 * A guest's point history as staff read it, newest first: the reason in the
 * words the guest sees (with its code, which the guest never sees), when, who
 * recorded it, the note, and the signed points.
 */
export function StaffPointLedger({
  pointActions,
  nextPageToken,
}: {
  pointActions: StaffPointAction[];
  nextPageToken: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section className="staff-panel staff-points__ledger" aria-labelledby="points-ledger-heading">
      <h3 id="points-ledger-heading">{t('staff:points.ledger')}</h3>
      {pointActions.length === 0 ? (
        <p className="muted">{t('staff:points.ledgerEmpty')}</p>
      ) : (
        <ul className="staff-ledger" data-testid="staff-point-ledger">
          {pointActions.map((a) => (
            <li key={a.pointActionId} className="staff-ledger__row" data-testid="ledger-row">
              <div className="staff-ledger__head">
                <span className="staff-ledger__reason">
                  {pointReasonLabel(t, a.reason)}
                  <span className="staff-table__id">{a.reason}</span>
                </span>
                <span
                  className={a.points < 0 ? 'staff-ledger__points staff-ledger__points--minus' : 'staff-ledger__points'}
                >
                  {t('staff:points.pointsValue', { points: formatPoints(a.points, language, true) })}
                </span>
              </div>
              <span className="staff-ledger__meta">
                <time>{japanTimestamp(a.loggedAt)}</time>
                <span>{a.actorEmail || t('staff:points.system')}</span>
                {a.expiresAt ? (
                  <span>{t('staff:points.expires', { date: formatDateOfDateTime(a.expiresAt, language) })}</span>
                ) : null}
              </span>
              {a.note ? <p className="staff-ledger__note">{a.note}</p> : null}
            </li>
          ))}
        </ul>
      )}
      <ListPager nextPageToken={nextPageToken} />
    </section>
  );
}
