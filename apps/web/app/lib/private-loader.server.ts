import type { Language } from '@yado/contract/headers';
import type { MethodDef, MethodInput, MethodOutput } from '@yado/contract/method';
import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { languageFromPath } from './language';
import type { AppLoadContext } from './load-context';
import { loginRedirectFor, requireSession } from './require-session';

/** Reads one product method for a private page, with the visitor's token from the session cookie. */
export type PrivateReader = <M extends MethodDef>(def: M, input: MethodInput<M>) => Promise<MethodOutput<M>>;

/**
 * The start of a signed-in guest page's loader: signed-out visitors sign in
 * first and come back; the reader turns failures into the right page — sign
 * in again on 401, the 404 page for an unknown or another account's id, the
 * error page otherwise.
 */
export function privateLoader({ request, context }: Pick<LoaderFunctionArgs<AppLoadContext>, 'request' | 'context'>): {
  language: Language;
  url: URL;
  token: string;
  read: PrivateReader;
} {
  const session = requireSession(context, request);
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const read: PrivateReader = async (def, input) => {
    const result = await context.callApi(def.path, input, language);
    if (result.status === 200) return def.output.parse(result.body) as MethodOutput<typeof def>;
    if (result.status === 401) throw redirect(loginRedirectFor(request));
    if (result.status === 404 || result.status === 403) throw data(null, { status: 404 });
    throw data(result.body, { status: result.status });
  };
  return { language, url, token: session.token, read };
}

/** Pages about one person's bookings, money and points: never kept by a shared cache. */
export const PRIVATE_HEADERS = { 'Cache-Control': 'private, no-store' };
