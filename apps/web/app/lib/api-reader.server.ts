import type { MethodDef, MethodInput, MethodOutput } from '@yado/contract/method';
import { data, redirect } from 'react-router';
import type { Language } from '@yado/contract/headers';
import type { AppLoadContext } from './load-context';
import { loginRedirectFor } from './require-session';

/** Reads one product method for a page: the output as the contract types it, or a thrown page. */
export type ApiReader = <M extends MethodDef>(def: M, input: MethodInput<M>) => Promise<MethodOutput<M>>;

/**
 * The one reader of signed-in pages (guest and staff alike): the answer
 * parsed by the method's output schema, and a failure turned into the right
 * page — sign in again on 401, the 404 page for an unknown or another
 * account's id, the error page otherwise.
 */
export function apiReader(context: Pick<AppLoadContext, 'callApi'>, request: Request, language: Language): ApiReader {
  return async (def, input) => {
    const result = await context.callApi(def, input, language);
    if (result.ok) return result.body;
    if (result.status === 401) throw redirect(loginRedirectFor(request));
    if (result.status === 404 || result.status === 403) throw data(null, { status: 404 });
    throw data(result.body, { status: result.status });
  };
}
