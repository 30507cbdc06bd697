import { useTranslation } from '../../../lib/i18n';
import { Link, useLocation } from 'react-router';

/**
 * Paging of a console list by the API's opaque page tokens: the next page
 * keeps the search and adds `page`; the first page drops it.
 */
export function ListPager({ nextPageToken }: { nextPageToken: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const onLaterPage = params.has('page');
  const next = new URLSearchParams(params);
  next.set('page', nextPageToken);
  const first = new URLSearchParams(params);
  first.delete('page');
  if (!onLaterPage && !nextPageToken) return null;
  return (
    <nav className="staff-pager" aria-label={t('staff:pager.label')}>
      {onLaterPage ? (
        <Link className="button button--secondary button--small" to={`${location.pathname}?${first.toString()}`}>
          {t('staff:pager.first')}
        </Link>
      ) : null}
      {nextPageToken ? (
        <Link className="button button--secondary button--small" to={`${location.pathname}?${next.toString()}`}>
          {t('staff:pager.next')}
        </Link>
      ) : null}
    </nav>
  );
}
