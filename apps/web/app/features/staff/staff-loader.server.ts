import type { Language } from '@yado/contract/headers';
import type { MethodDef, MethodInput, MethodOutput } from '@yado/contract/method';
import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { languageFromPath } from '../../lib/language';
import type { AppLoadContext } from '../../lib/load-context';
import { loginRedirectFor, requireStaff } from '../../lib/require-session';

/** Reads one staff method for a console page, with the staff member's token from the cookie. */
export type StaffReader = <M extends MethodDef>(def: M, input: MethodInput<M>) => Promise<MethodOutput<M>>;

/**
 * The start of every console loader: staff only (others get the 404 page),
 * and a reader whose failures become the right page — sign in again on 401,
 * the 404 page for an unknown id, the error page otherwise.
 */
export function staffLoader({ request, context }: LoaderFunctionArgs<AppLoadContext>): {
  language: Language;
  url: URL;
  read: StaffReader;
} {
  requireStaff(context, request);
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const read: StaffReader = async (def, input) => {
    const result = await context.callApi(def.path, input, language);
    if (result.status === 200) return result.body as MethodOutput<typeof def>;
    if (result.status === 401) throw redirect(loginRedirectFor(request));
    if (result.status === 404 || result.status === 403) throw data(null, { status: 404 });
    throw data(result.body, { status: result.status });
  };
  return { language, url, read };
}

/** Console pages show one person's working state: never cached. */
export const STAFF_HEADERS = { 'Cache-Control': 'private, no-store' };
