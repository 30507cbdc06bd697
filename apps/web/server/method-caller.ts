import type { Api } from '@yado/api/api-app';
import type { ApiErrorBody } from '@yado/contract/error-catalogue';
import { API_PREFIX } from '@yado/contract/headers';
import type { MethodOutput } from '@yado/contract/method';
import type { CallApi } from '../app/lib/load-context.js';

/**
 * The web server's one way to call a product method: dispatched in-process
 * through the API app exactly as a browser's request would be, with the
 * visitor's token when there is one. A successful answer is parsed by the
 * method's output schema, so pages and the sitemap read the contract's types.
 */
export function methodCaller(api: Api, origin: string, token: string | null): CallApi {
  return async (def, input, language = 'en') => {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'accept-language': language };
    if (token) headers['authorization'] = `Bearer ${token}`;
    const res = await api.app.fetch(
      new Request(`${origin}${API_PREFIX}/${def.path}`, { method: 'POST', headers, body: JSON.stringify(input) }),
    );
    const body: unknown = await res.json();
    if (res.status === 200) return { ok: true, status: 200, body: def.output.parse(body) as MethodOutput<typeof def> };
    return { ok: false, status: res.status, body: body as ApiErrorBody | null };
  };
}
