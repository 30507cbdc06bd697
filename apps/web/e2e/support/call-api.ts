import { API_PREFIX } from '@yado/contract/headers';
import type { MethodDef, MethodInput, MethodOutput } from '@yado/contract/method';

/** Who calls: a bare identity token, or whole headers (a token with an Idempotency-Key, say). */
export type Caller = string | Record<string, string>;

/**
 * Calls a product method of the running server over HTTP, as the browser
 * would: the input typed by the method's input schema, the answer parsed by
 * its output schema. A failed answer throws with its status and body, so a
 * step that should work fails loudly.
 */
export async function callApi<M extends MethodDef>(
  baseUrl: string,
  def: M,
  input: MethodInput<M>,
  caller: Caller = {},
): Promise<MethodOutput<M>> {
  const auth = typeof caller === 'string' ? { authorization: `Bearer ${caller}` } : caller;
  const res = await fetch(`${baseUrl}${API_PREFIX}/${def.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth },
    body: JSON.stringify(input),
  });
  if (!res.ok) throw new Error(`${def.path} answered ${res.status}: ${await res.text()}`);
  return def.output.parse(await res.json()) as MethodOutput<M>;
}
