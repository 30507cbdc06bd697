import { LANGUAGES } from '@yado/contract/headers';
import { DEFAULT_LANGUAGE, localizePath, stripLanguage } from './language';
import { privatePathPrefixes } from './route-policy';

export type AlternateLink = { hreflang: string; href: string };

function trimSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/**
 * The page's address for search engines: its own language, no query string
 * (a `redirectUrl` or search filters make no separate page), no trailing slash.
 */
export function canonicalUrl(origin: string, pathname: string): string {
  return `${origin}${trimSlash(pathname)}`;
}

/** The same page in every language, plus x-default pointing at English (the unprefixed address). */
export function alternateLinks(origin: string, pathname: string): AlternateLink[] {
  const bare = trimSlash(stripLanguage(pathname));
  return [
    ...LANGUAGES.map((language) => ({ hreflang: language, href: `${origin}${localizePath(bare, language)}` })),
    { hreflang: 'x-default', href: `${origin}${localizePath(bare, DEFAULT_LANGUAGE)}` },
  ];
}

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * sitemap.xml of public pages given as unprefixed paths: each page in every
 * language, each entry naming all its language versions (Google's hreflang
 * sitemap form).
 */
export function sitemapXml(origin: string, publicPaths: readonly string[]): string {
  const unique = [...new Set(publicPaths.map((p) => trimSlash(stripLanguage(p))))];
  const urls = unique.flatMap((path) => {
    const alternates = alternateLinks(origin, path)
      .map((a) => `    <xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeXml(a.href)}"/>`)
      .join('\n');
    return LANGUAGES.map(
      (language) =>
        `  <url>\n    <loc>${escapeXml(`${origin}${localizePath(path, language)}`)}</loc>\n${alternates}\n  </url>`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** Machine endpoints no robot has business with. */
const NON_PAGE_PREFIXES = ['/api/', '/app/', '/identity/', '/monitoring', '/dev/'];

/**
 * robots.txt: everything not listed is allowed, the public pages included;
 * the private areas (from the route table, in both languages) and the
 * machine endpoints are not crawled. Pages that must be seen to be skipped
 * (their `noindex` lives in the page) stay crawlable on purpose.
 */
export function robotsTxt(origin: string): string {
  const privateAreas = privatePathPrefixes().flatMap((prefix) =>
    LANGUAGES.map((language) => localizePath(prefix, language)),
  );
  return [
    'User-agent: *',
    'Allow: /',
    ...[...privateAreas, ...NON_PAGE_PREFIXES].map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
