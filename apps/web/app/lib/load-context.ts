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

export type AppLoadContext = {
  session: ServerSession;
  callApi: <T = unknown>(method: string, body?: unknown, language?: 'en' | 'ja') => Promise<ApiResult<T>>;
  isProduction: boolean;
};

declare module 'react-router' {
  interface AppLoadContext {
    session: ServerSession;
    callApi: <T = unknown>(method: string, body?: unknown, language?: 'en' | 'ja') => Promise<ApiResult<T>>;
    isProduction: boolean;
  }
}
