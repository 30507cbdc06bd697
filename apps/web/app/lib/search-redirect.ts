import { getSearchPermission, type SearchHouseGroupsType } from '@yado/contract/user.contract';
import { redirect } from 'react-router';
import { languageFromPath, localizePath, stripLanguage } from './language';
import type { AppLoadContext } from './load-context';
import { routePolicyFor } from './route-policy';

type SearchPermission = { searchHouseGroupsType: (typeof SearchHouseGroupsType.values)[number] };

/**
 * Where the search permission sends a visitor of `/` or `/search` (spec,
 * section 2): `/` → `/search` when it says SEARCH, `/search` → `/` when it
 * does not, in the page's language. Null when the visitor stays.
 */
export function searchRedirect(permission: SearchPermission, pathname: string): string | null {
  const bare = stripLanguage(pathname);
  const language = languageFromPath(pathname);
  const search = permission.searchHouseGroupsType === 'SEARCH';
  if (bare === '/' && search) return localizePath('/search', language);
  if (bare === '/search' && !search) return localizePath('/', language);
  return null;
}

/**
 * The loader side of {@link searchRedirect}: asks the API for the permission
 * and throws the redirect, keeping the query string. A target whose screen is
 * not registered yet (route table `screen: null`) is never redirected to, so
 * visitors are not sent to a 404. If the permission cannot be read, the
 * visitor stays where they are.
 */
export async function redirectBySearchPermission(
  { request, context }: { request: Request; context: Pick<AppLoadContext, 'callApi'> },
  hasScreen: (path: string) => boolean = (path) => routePolicyFor(path).screen !== null,
): Promise<void> {
  const url = new URL(request.url);
  const result = await context.callApi(getSearchPermission, {}, languageFromPath(url.pathname));
  if (!result.ok) return;
  const target = searchRedirect(result.body, url.pathname);
  if (target && hasScreen(target)) throw redirect(`${target}${url.search}`);
}
