import type { ApiErrorBody } from '@yado/contract/error-catalogue';
import type { Language } from '@yado/contract/headers';
import type { MethodDef, MethodInput, MethodOutput } from '@yado/contract/method';

/**
 * What the server gives every loader and action (React Router's load context).
 * The web app never imports the API's internals; it reaches the API through
 * `callApi`, which dispatches in-process with the session cookie's token.
 */
export type ServerSession = {
  /** The identity token from the `token` cookie, when it verified. */
  token: string | null;
  accountId: string | null;
  roles: string[];
};

/**
 * One answer of a product method: on success the body parsed by the method's
 * output schema (so it has the output's type), otherwise the API error object.
 */
export type ApiAnswer<O> =
  { ok: true; status: 200; body: O } | { ok: false; status: number; body: ApiErrorBody | null };

/**
 * Calls a contract method in-process: the input typed by the method's input
 * schema, the answer by its output schema. A contract change therefore breaks
 * every loader it affects at compile time.
 */
export type CallApi = <M extends MethodDef>(
  def: M,
  input: MethodInput<M>,
  language?: Language,
) => Promise<ApiAnswer<MethodOutput<M>>>;

/** What the browser's error reporting needs from the server's settings (sent through the root loader). */
export type MonitoringSettings = { orgId: string; projectId: string; environment: string };

/**
 * A raw request to one of the API app's own HTTP routes (not a product method),
 * dispatched in-process, such as GET /invoices/{billingId}.pdf. The caller sets
 * any Authorization header itself.
 */
export type FetchApi = (path: string, init?: RequestInit) => Promise<Response>;

export type AppLoadContext = {
  session: ServerSession;
  callApi: CallApi;
  fetchApi: FetchApi;
  isProduction: boolean;
  monitoring: MonitoringSettings;
  /** The site's public origin (PUBLIC_URL, else the request's), for canonical and hreflang links. */
  publicOrigin: string;
};

declare module 'react-router' {
  interface AppLoadContext {
    session: ServerSession;
    callApi: CallApi;
    fetchApi: FetchApi;
    isProduction: boolean;
    monitoring: MonitoringSettings;
    publicOrigin: string;
  }
}
