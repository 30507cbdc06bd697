import { searchHouseGroups } from '@yado/contract/catalogue.contract';
import { useTranslation } from '../lib/i18n';
import { Link, useLocation, type LinksFunction, type MetaFunction } from 'react-router';
import { buttonClassName } from '../components/ui/button.component';
import { SearchResults } from '../features/catalogue/components/search-results.component';
import { translatorFor } from '../lib/i18n';
import { languageFromPath, localizePath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { redirectBySearchPermission } from '../lib/search-redirect';
import { useLanguage } from '../lib/use-language.hook';
import catalogueStylesHref from '../styles/catalogue.css?url';
import type { Route } from './+types/home.route';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogueStylesHref }];

/** The home page, unless the search permission sends visitors on to /search. */
export async function loader(args: Route.LoaderArgs) {
  await redirectBySearchPermission(args);
  // Still here: the search permission is not SEARCH (LIST_ONLY), so the house groups show as a plain
  // list by name, without dates, paged with the API's token.
  const url = new URL(args.request.url);
  const pageToken = (url.searchParams.get('page') ?? '').slice(0, 500);
  const list = await args.context.callApi(
    searchHouseGroups,
    { sort: 'NAME', pageSize: 12, pageToken },
    languageFromPath(url.pathname),
  );
  return {
    signedIn: Boolean(args.context.session?.token),
    houseGroups: list.ok ? list.body.results : [],
    nextPageToken: list.ok ? list.body.nextPageToken : '',
    paged: pageToken !== '',
  };
}

export const meta: MetaFunction = ({ location }) => {
  const t = translatorFor(languageFromPath(location.pathname));
  return [...titleMeta(t('home.title')), { name: 'description', content: t('home.lead') }];
};

export default function HomeRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { signedIn, houseGroups, nextPageToken, paged } = loaderData;
  const { pathname } = useLocation();
  return (
    <>
      <section className="hero" aria-labelledby="home-heading">
        <div className="hero__inner">
          <p className="eyebrow">{t('home.eyebrow')}</p>
          <h1 id="home-heading" className="hero__title">
            {t('home.heading')}
          </h1>
          <p className="lead">{t('home.lead')}</p>
          <div className="actions">
            {signedIn ? (
              <Link className={buttonClassName({ size: 'large' })} to={localizePath('/mypage', language)}>
                {t('home.mypage')}
              </Link>
            ) : (
              <>
                <Link className={buttonClassName({ size: 'large' })} to={localizePath('/login', language)}>
                  {t('home.login')}
                </Link>
                <Link
                  className={buttonClassName({ size: 'large', variant: 'secondary' })}
                  to={localizePath('/register', language)}
                >
                  {t('home.register')}
                </Link>
              </>
            )}
          </div>
        </div>
      </section>
      {houseGroups.length > 0 || paged ? (
        <div className="catalogue-page">
          <SearchResults
            results={houseGroups}
            language={language}
            stay={null}
            guests={null}
            nextHref={nextPageToken ? `${pathname}?${new URLSearchParams({ page: nextPageToken }).toString()}` : null}
            firstHref={paged ? pathname : null}
            headingId="home-houses-heading"
            heading={t('catalogue:home.houses')}
          />
        </div>
      ) : null}
    </>
  );
}
