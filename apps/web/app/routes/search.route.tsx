import { listPlaces, searchHouseGroups } from '@yado/contract/catalogue.contract';
import { OPERATOR_TIME_ZONE } from '@yado/contract/operator-zone';
import { useTranslation } from '../lib/i18n';
import { redirect, useLocation, type LinksFunction } from 'react-router';
import { parseSearchQuery, searchInput, searchQueryString } from '../features/catalogue/catalogue-query';
import { pageUrl, publicPageMeta } from '../features/catalogue/catalogue-seo';
import { todayIn } from '@yado/contract/civil-date';
import { absoluteUrl, imageSources } from '../features/catalogue/image-sources';
import { SearchForm } from '../features/catalogue/components/search-form.component';
import { SearchResults } from '../features/catalogue/components/search-results.component';
import { translatorFor } from '../lib/i18n';
import { languageFromPath, localizePath } from '../lib/language';
import { redirectBySearchPermission } from '../lib/search-redirect';
import { useLanguage } from '../lib/use-language.hook';
import catalogueStylesHref from '../styles/catalogue.css?url';
import type { Route } from './+types/search.route';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogueStylesHref }];

/** The catalogue's houses are all in Japan: "today" for the date fields is Japan's. */
const CATALOGUE_TIME_ZONE = OPERATOR_TIME_ZONE;

/**
 * The full search (search permission SEARCH; otherwise this address sends
 * visitors to the home page's plain list). The filters are the address
 * query, so results render on the server and a search can be shared.
 */
export async function loader(args: Route.LoaderArgs) {
  await redirectBySearchPermission(args);
  const { request, context } = args;
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const today = todayIn(CATALOGUE_TIME_ZONE, new Date());
  const query = parseSearchQuery(url.searchParams, today);
  // A submitted form names every field, empty ones too: keep shared addresses short.
  const tidy = searchQueryString(query);
  if (!query.dateProblem && url.search && url.search !== tidy) throw redirect(`${url.pathname}${tidy}`);

  const [searchResult, placesResult] = await Promise.all([
    context.callApi(searchHouseGroups, searchInput(query), language),
    context.callApi(listPlaces, { audience: 'GUEST', pageSize: 100 }, language),
  ]);
  if (!searchResult.ok && searchResult.status >= 500) throw new Response(null, { status: searchResult.status });
  const prefectures = placesResult.ok ? [...new Set(placesResult.body.places.map((p) => p.prefectureName))].sort() : [];
  return {
    query,
    today,
    results: searchResult.ok ? searchResult.body.results : [],
    nextPageToken: searchResult.ok ? searchResult.body.nextPageToken : '',
    // A page token from an older search no longer fits: say so rather than show nothing.
    failed: !searchResult.ok,
    prefectures,
    origin: context.publicOrigin,
  };
}

export const meta: Route.MetaFunction = ({ data, location }) => {
  if (!data) return [];
  const language = languageFromPath(location.pathname);
  const t = translatorFor(language);
  const url = pageUrl(data.origin, location.pathname);
  const first = data.results[0]?.houseGroup.images.horizontalImageUrl ?? null;
  return [
    ...publicPageMeta({
      title: t('catalogue:search.title'),
      description: t('catalogue:search.description'),
      url,
      origin: data.origin,
      image: first,
      language,
    }),
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'SearchResultsPage',
        name: t('catalogue:search.title'),
        description: t('catalogue:search.description'),
        url,
        mainEntity: {
          '@type': 'ItemList',
          numberOfItems: data.results.length,
          itemListElement: data.results.map((r, i) => ({
            '@type': 'ListItem',
            position: i + 1,
            item: {
              '@type': 'LodgingBusiness',
              name: r.houseGroup.name,
              url: `${data.origin}${localizePath(`/house-groups/${r.houseGroup.id}`, language)}`,
              image: absoluteUrl(data.origin, imageSources(r.houseGroup.images.horizontalImageUrl).large),
              address: {
                '@type': 'PostalAddress',
                addressLocality: r.houseGroup.area,
                addressRegion: r.houseGroup.prefectureName,
                addressCountry: 'JP',
              },
            },
          })),
        },
      },
    },
  ];
};

export default function SearchRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { pathname } = useLocation();
  const d = loaderData;
  const q = d.query;
  const dated = Boolean(q.checkin && q.checkout);
  const problemMessage =
    q.dateProblem === 'incomplete'
      ? t('catalogue:search.dateIncomplete')
      : q.dateProblem === 'order'
        ? t('catalogue:search.dateOrder')
        : q.dateProblem === 'tooLong'
          ? t('catalogue:search.dateTooLong')
          : q.dateProblem === 'past'
            ? t('catalogue:search.datePast')
            : d.failed
              ? t('catalogue:search.failed')
              : null;
  return (
    <div className="catalogue-page">
      <header className="page__header search-header">
        <h1>{t('catalogue:search.heading')}</h1>
        <p className="lead">{t('catalogue:search.lead')}</p>
      </header>
      <SearchForm
        key={searchQueryString(q)}
        query={q}
        prefectures={d.prefectures}
        resetHref={pathname}
        today={d.today}
        error={problemMessage}
      />
      <SearchResults
        results={d.results}
        language={language}
        stay={dated ? { checkin: q.checkin, checkout: q.checkout } : null}
        guests={dated ? q : null}
        nextHref={d.nextPageToken ? `${pathname}${searchQueryString(q, { pageToken: d.nextPageToken })}` : null}
        firstHref={q.pageToken ? `${pathname}${searchQueryString(q, { pageToken: '' })}` : null}
        headingId="search-results-heading"
        heading={dated ? t('catalogue:search.resultsDated') : t('catalogue:search.results')}
      />
    </div>
  );
}
