import { stripLanguage } from './language';

/**
 * Pages search engines may index (spec, section 2): the home page and the
 * public sign-in pages. Everything else, the 404 page included, carries
 * `noindex, nofollow, noarchive`. The shell issue adds the public place and
 * house-group pages to this table.
 */
const INDEXABLE_PATHS = new Set(['/', '/login', '/e2e/login']);

export const NO_INDEX = 'noindex, nofollow, noarchive';

export function isIndexable(pathname: string): boolean {
  const bare = stripLanguage(pathname);
  const normalised = bare.length > 1 && bare.endsWith('/') ? bare.slice(0, -1) : bare;
  return INDEXABLE_PATHS.has(normalised);
}
