import { staffListAuditEntries, type AuditEntity } from '@yado/contract/staff-catalogue.contract';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { z } from 'zod';
import { useApiQuery } from '../../../lib/use-api-query.hook';
import { auditChanges } from '../audit-diff';
import { japanTimestamp } from '../japan-time';

/** Shown per entry; a calendar save can touch hundreds of days, and the rest stays in the log. */
const MAX_CHANGES_SHOWN = 30;

/**
 * The history of one entity, newest first: who, when, what, and the values
 * before and after. `refresh` changes after each save so the new entry shows.
 */
export function AuditHistory({
  entity,
  entityId,
  refresh,
}: {
  entity: z.infer<typeof AuditEntity>;
  entityId: string;
  refresh: number;
}) {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useApiQuery(staffListAuditEntries, { entity, entityId });
  const [shown, setShown] = useState(10);
  useEffect(() => {
    if (refresh > 0) void mutate();
  }, [refresh, mutate]);

  const entries = [...(data?.entries ?? [])].reverse();
  return (
    <section className="staff-panel audit" aria-labelledby={`audit-${entity}-heading`} data-testid="audit-history">
      <h2 id={`audit-${entity}-heading`}>{t('staff:audit.heading')}</h2>
      {isLoading ? <p className="muted">{t('staff:loading')}</p> : null}
      {error ? <p className="alert alert--error">{t('staff:audit.failed')}</p> : null}
      {data && entries.length === 0 ? <p className="muted">{t('staff:audit.empty')}</p> : null}
      <ol className="audit__list">
        {entries.slice(0, shown).map((entry, index) => {
          const changes = auditChanges(entry.before, entry.after);
          return (
            <li key={`${entry.at.year}-${index}-${entry.action}`} className="audit__entry">
              <p className="audit__meta">
                <span className="audit__action">{entry.action}</span>
                <span>{entry.actorEmail || entry.actor}</span>
                <time>{japanTimestamp(entry.at)}</time>
              </p>
              {changes.length > 0 ? (
                <div className="staff-table-wrap">
                  <table className="staff-table audit__changes">
                    <thead>
                      <tr>
                        <th scope="col">{t('staff:audit.field')}</th>
                        <th scope="col">{t('staff:audit.before')}</th>
                        <th scope="col">{t('staff:audit.after')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {changes.slice(0, MAX_CHANGES_SHOWN).map((change) => (
                        <tr key={change.path}>
                          <th scope="row">{change.path}</th>
                          <td className="audit__value">{change.before || '—'}</td>
                          <td className="audit__value">{change.after || '—'}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  {changes.length > MAX_CHANGES_SHOWN ? (
                    <p className="muted">{t('staff:audit.more', { count: changes.length - MAX_CHANGES_SHOWN })}</p>
                  ) : null}
                </div>
              ) : (
                <p className="muted">{t('staff:audit.noFieldChanges')}</p>
              )}
            </li>
          );
        })}
      </ol>
      {entries.length > shown ? (
        <button type="button" className="button button--secondary button--small" onClick={() => setShown(shown + 10)}>
          {t('staff:audit.showMore')}
        </button>
      ) : null}
    </section>
  );
}
