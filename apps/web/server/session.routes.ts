import type { Principal } from '@yado/api/platform/http/call-context';
import { errorBody } from '@yado/contract/error-catalogue';
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

export const SESSION_COOKIE = 'token';

function isHttps(c: Context): boolean {
  return new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';
}

/**
 * Cookie-setting endpoints must only be reachable from our own pages: a
 * cross-site form could otherwise sign a visitor in as someone else.
 */
function isSameOrigin(c: Context): boolean {
  const origin = c.req.header('origin');
  const site = c.req.header('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return false;
  if (!origin) return true;
  const host = c.req.header('x-forwarded-host') ?? c.req.header('host');
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

export type SessionDeps = {
  verifyIdToken: (token: string) => Promise<Principal>;
  signOut: (principal: Principal) => Promise<void>;
  idTokenTtlSeconds: number;
};

/** POST /api/session and /api/sessionLogout (spec section 7, same-origin calls). */
export function mountSessionRoutes(web: Hono, deps: SessionDeps): void {
  const app = new Hono();
  const refuse = (
    c: Context,
    status: 400 | 401 | 403,
    reason: 'CodeCrossOriginRefused' | 'CodeUnauthenticated' | 'CodeInvalidArgument',
  ) => c.json(errorBody(reason, c.req.header('accept-language')?.startsWith('ja') ? 'ja' : 'en'), status);

  app.post('/api/session', async (c) => {
    if (!isSameOrigin(c)) return refuse(c, 403, 'CodeCrossOriginRefused');
    const body = (await c.req.json().catch(() => null)) as { id?: unknown } | null;
    if (!body || typeof body.id !== 'string' || body.id.length > 4096) return refuse(c, 400, 'CodeInvalidArgument');
    try {
      await deps.verifyIdToken(body.id);
    } catch {
      return refuse(c, 401, 'CodeUnauthenticated');
    }
    setCookie(c, SESSION_COOKIE, body.id, {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure: isHttps(c),
      maxAge: deps.idTokenTtlSeconds,
    });
    c.header('Cache-Control', 'no-store');
    return c.json({});
  });

  app.post('/api/sessionLogout', async (c) => {
    if (!isSameOrigin(c)) return refuse(c, 403, 'CodeCrossOriginRefused');
    const token = getCookie(c, SESSION_COOKIE);
    if (token) {
      const principal = await deps.verifyIdToken(token).catch(() => null);
      if (principal) await deps.signOut(principal);
    }
    deleteCookie(c, SESSION_COOKIE, { path: '/', secure: isHttps(c) });
    c.header('Cache-Control', 'no-store');
    return c.json({});
  });
  web.route('/', app);
}
