import { data, redirect } from 'react-router';
import { languageFromPath, localizePath } from './language';
import type { AppLoadContext, ServerSession } from './load-context';
import { withRedirectUrl } from './redirect-url';

/** `/login?redirectUrl=<this page with its query>`, in the page's language. */
export function loginRedirectFor(request: Request): string {
  const url = new URL(request.url);
  return withRedirectUrl(localizePath('/login', languageFromPath(url.pathname)), `${url.pathname}${url.search}`);
}

/**
 * The one guard of every private page's loader: a signed-out visitor is sent
 * to /login with a redirectUrl back here; a signed-in one gets the session.
 */
export function requireSession(
  context: Pick<AppLoadContext, 'session'>,
  request: Request,
): ServerSession & { token: string } {
  const session = context.session;
  if (!session?.token) throw redirect(loginRedirectFor(request));
  return session as ServerSession & { token: string };
}

/**
 * The guard of the staff console: a signed-out visitor signs in first (like
 * any private page); a signed-in account without the staff role gets the 404
 * page, so the console does not announce itself to guests.
 */
export function requireStaff(
  context: Pick<AppLoadContext, 'session'>,
  request: Request,
): ServerSession & { token: string } {
  const session = requireSession(context, request);
  if (!session.roles.includes('staff')) throw data(null, { status: 404 });
  return session;
}
