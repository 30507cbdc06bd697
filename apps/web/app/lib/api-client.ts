import { API_PREFIX, type Language } from '@yado/contract/headers';
import type { MethodDef, MethodInput, MethodOutput } from '@yado/contract/method';
import { apiErrorFromResponse, isReason } from './api-error';
import { getIdToken, refresh } from './identity-client';
import { requestHeaders } from './request-headers';

export type CallOptions = {
  /** Overrides the page language for Accept-Language. */
  language?: Language;
  /** A token to use instead of the signed-in one (null: call without a token). */
  token?: string | null;
  signal?: AbortSignal;
  /**
   * Extra request headers, such as the `Idempotency-Key` of a method that moves
   * money (docs/decisions/0010): the same key on a retry gets the first answer.
   */
  headers?: Record<string, string>;
  /** Injected in tests. */
  fetch?: typeof fetch;
};

/**
 * Calls a product API method the contract declares (spec, section 7: POST,
 * JSON body, bearer token, Accept-Language, platform and version headers).
 * The answer is parsed with the method's output schema, so a screen only ever
 * sees the contract's types. A non-OK answer is thrown as an ApiError. An
 * expired token is refreshed once and the call repeated.
 */
export async function callMethod<M extends MethodDef>(
  def: M,
  input: MethodInput<M>,
  options: CallOptions = {},
): Promise<MethodOutput<M>> {
  const doFetch = options.fetch ?? fetch;
  const send = async (token: string | null) =>
    doFetch(`${API_PREFIX}/${def.path}`, {
      method: 'POST',
      headers: { ...requestHeaders(token, options.language), ...options.headers },
      body: JSON.stringify(input ?? {}),
      credentials: 'same-origin',
      ...(options.signal ? { signal: options.signal } : {}),
    });

  const usesSignedInToken = options.token === undefined;
  let response = await send(usesSignedInToken ? await getIdToken() : (options.token ?? null));
  if (!response.ok) {
    const error = await apiErrorFromResponse(response);
    if (!(usesSignedInToken && isReason(error, 'CodeTokenExpired') && (await refresh()))) throw error;
    response = await send(await getIdToken());
    if (!response.ok) throw await apiErrorFromResponse(response);
  }
  return def.output.parse(await response.json()) as MethodOutput<M>;
}
