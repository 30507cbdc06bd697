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

export type ApiResult<T = unknown> = { status: number; body: T };

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
  callApi: <T = unknown>(method: string, body?: unknown, language?: 'en' | 'ja') => Promise<ApiResult<T>>;
  fetchApi: FetchApi;
  isProduction: boolean;
  monitoring: MonitoringSettings;
  /** The site's public origin (PUBLIC_URL, else the request's), for canonical and hreflang links. */
  publicOrigin: string;
};

declare module 'react-router' {
  interface AppLoadContext {
    session: ServerSession;
    callApi: <T = unknown>(method: string, body?: unknown, language?: 'en' | 'ja') => Promise<ApiResult<T>>;
    fetchApi: FetchApi;
    isProduction: boolean;
    monitoring: MonitoringSettings;
    publicOrigin: string;
  }
}
