import type { Language } from '@yado/contract/headers';
import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import type { ApiReader } from '../../lib/api-reader.server';
import { languageFromPath, localizePath } from '../../lib/language';
import type { AppLoadContext } from '../../lib/load-context';
import { loginRedirectFor, requireSession } from '../../lib/require-session';

/**
 * The start of every owner-area loader. Signed-out visitors sign in first and come back; a signed-in
 * account that holds no share is sent to its my page: the owner methods answer it 403
 * (CodeOwnerOnly), and that answer is the one check, so the page and the API cannot disagree about who
 * is an owner. Otherwise the reader works like the guest pages' one (401 signs in again, 404 the 404
 * page, anything else the error page).
 */
export function ownerLoader({ request, context }: Pick<LoaderFunctionArgs<AppLoadContext>, 'request' | 'context'>): {
  language: Language;
  url: URL;
  read: ApiReader;
} {
  requireSession(context, request);
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const read: ApiReader = async (def, input) => {
    const result = await context.callApi(def, input, language);
    if (result.ok) return result.body;
    if (result.status === 401) throw redirect(loginRedirectFor(request));
    if (result.status === 403) throw redirect(localizePath('/mypage', language));
    if (result.status === 404) throw data(null, { status: 404 });
    throw data(result.body, { status: result.status });
  };
  return { language, url, read };
}

/** Owner pages show one person's shares, money and stays: never kept by a shared cache. */
export const OWNER_HEADERS = { 'Cache-Control': 'private, no-store' };
