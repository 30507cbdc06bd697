import { useLocation, useRouteLoaderData } from 'react-router';
import { alternateLinks, canonicalUrl } from '../../../lib/seo';

/**
 * For indexable pages: the canonical address (no query string) and the page
 * in English, Japanese and x-default, absolute as search engines require.
 * The origin comes from the root loader (PUBLIC_URL or the request's).
 */
export function SeoLinks() {
  const { pathname } = useLocation();
  const origin = (useRouteLoaderData('root') as { origin?: string } | undefined)?.origin;
  if (!origin) return null;
  return (
    <>
      <link rel="canonical" href={canonicalUrl(origin, pathname)} />
      {alternateLinks(origin, pathname).map(({ hreflang, href }) => (
        <link key={hreflang} rel="alternate" hrefLang={hreflang} href={href} />
      ))}
    </>
  );
}
