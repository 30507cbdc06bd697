import { listPointActions, type PointAction } from '@yado/contract/point.contract';
import type { DateTime } from '@yado/contract/common.schema';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { formatDateOfDateTime, formatDateTime } from '../../../lib/format-date-time';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { formatPoints, pointReasonLabel } from '../../../lib/point-reason';

export type PointsPageData = {
  balance: number;
  expiringSoon: { points: number; expiresAt: DateTime }[];
  pointActions: PointAction[];
  nextPageToken: string;
};

export const POINT_PAGE_SIZE = 20;

/** The guest's points: the balance, what lapses soon, and the ledger, newest first, a page at a time. */
export function PointsPage({ data }: { data: PointsPageData }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [actions, setActions] = useState(data.pointActions);
  const [nextPageToken, setNextPageToken] = useState(data.nextPageToken);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const loadMore = async () => {
    setLoading(true);
    setError(null);
    try {
      const page = await callMethod(listPointActions, { pageSize: POINT_PAGE_SIZE, pageToken: nextPageToken });
      setActions((current) => [...current, ...page.pointActions]);
      setNextPageToken(page.nextPageToken);
    } catch (e) {
      setError(isApiError(e) ? e.displayMessage : t('points:ledger.loadFailed'));
    } finally {
      setLoading(false);
    }
  };

  return (
    <section className="page points-page" aria-labelledby="points-heading">
      <nav className="breadcrumbs" aria-label={t('points:breadcrumbs')}>
        <Link to={localizePath('/mypage', language)}>{t('points:mypage')}</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{t('points:heading')}</span>
      </nav>
      <header className="page__header">
        <h1 id="points-heading">{t('points:heading')}</h1>
        <p className="lead">{t('points:lead')}</p>
      </header>

      <div className="points-summary">
        <section className="card points-balance" aria-labelledby="points-balance-heading">
          <h2 id="points-balance-heading" className="points-balance__label">
            {t('points:balance.heading')}
          </h2>
          <p className="points-balance__value" data-testid="point-balance">
            {t('points:balance.value', { points: formatPoints(data.balance, language) })}
          </p>
          <p className="muted">{t('points:balance.note')}</p>
        </section>
        <section className="card points-expiring" aria-labelledby="points-expiring-heading">
          <h2 id="points-expiring-heading" className="points-balance__label">
            {t('points:expiring.heading')}
          </h2>
          {data.expiringSoon.length === 0 ? (
            <p className="muted">{t('points:expiring.none')}</p>
          ) : (
            <ul className="points-expiring__list">
              {data.expiringSoon.map((e) => (
                <li key={`${e.expiresAt.year}-${e.expiresAt.month}-${e.expiresAt.day}-${e.points}`}>
                  {t('points:expiring.item', {
                    points: formatPoints(e.points, language),
                    date: formatDateOfDateTime(e.expiresAt, language),
                  })}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <section className="points-ledger" aria-labelledby="points-ledger-heading">
        <h2 id="points-ledger-heading">{t('points:ledger.heading')}</h2>
        {actions.length === 0 ? (
          <p className="muted">{t('points:ledger.empty')}</p>
        ) : (
          <ul className="ledger" data-testid="point-ledger">
            {actions.map((a) => (
              <li key={a.pointActionId} className="ledger__row">
                <div className="ledger__main">
                  <span className="ledger__reason">{pointReasonLabel(t, a.reason)}</span>
                  <span className="ledger__when muted">{formatDateTime(a.loggedAt, language)}</span>
                  {a.expiresAt ? (
                    <span className="ledger__expiry muted">
                      {t('points:ledger.expires', { date: formatDateOfDateTime(a.expiresAt, language) })}
                    </span>
                  ) : null}
                </div>
                <span className={a.points < 0 ? 'ledger__points ledger__points--minus' : 'ledger__points'}>
                  {t('points:ledger.points', { points: formatPoints(a.points, language, true) })}
                </span>
              </li>
            ))}
          </ul>
        )}
        {error ? <FormAlert>{error}</FormAlert> : null}
        {nextPageToken ? (
          <div className="page__actions">
            <Button variant="secondary" busy={loading} onClick={() => void loadMore()}>
              {t('points:ledger.more')}
            </Button>
          </div>
        ) : null}
      </section>
    </section>
  );
}
