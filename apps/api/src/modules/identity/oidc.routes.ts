import {
  IDENTITY_ROUTES,
  OIDC_COMPLETION_PAGE,
  ProvidersSchema,
  type OidcCompletion,
  type OidcFailureCode,
} from '@yado/contract/identity.contract';
import type { Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Env } from '../../platform/env.js';
import { clientIp } from '../../platform/http/client-ip.js';
import { publicOrigin } from '../../platform/http/public-origin.js';
import { isStorableText } from '../../platform/http/storable-text.js';
import type { IdentityDeps } from './identity.service.js';
import * as oidc from './oidc.service.js';

// Binds a started sign-in to the browser that started it (against login CSRF); scoped to the callback path.
const STATE_COOKIE = 'yado_oidc_state';

/** OpenID Connect sign-in routes, mounted beside the identity service's own. */
export function mountOidcRoutes(app: Hono, deps: IdentityDeps): void {
  app.get(IDENTITY_ROUTES.providers, (c) =>
    c.json(ProvidersSchema.parse({ providers: oidc.configuredOidcProviders(deps.env) })),
  );

  app.get(IDENTITY_ROUTES.oidcStart(':provider'), async (c) => {
    const config = oidc.requireOidcProvider(deps.env, c.req.param('provider') ?? '');
    const callbackUrl = callbackUrlFor(c, deps.env, config.name);
    const started = await oidc.startOidcSignIn(deps, config.name, {
      redirectUrl: c.req.query('redirectUrl'),
      callbackUrl,
    });
    if (!started.ok) return c.redirect(failurePath(started.code), 302);
    const secure = callbackUrl.startsWith('https:');
    setCookie(c, STATE_COOKIE, started.state, {
      path: IDENTITY_ROUTES.oidcCallback(config.name),
      httpOnly: true,
      secure,
      // A form_post answer is a cross-site POST, which carries only SameSite=None cookies (and those need Secure).
      sameSite: oidc.usesFormPost(config) && secure ? 'None' : 'Lax',
      maxAge: oidc.OIDC_STATE_TTL_MS / 1000,
    });
    return c.redirect(started.authorizationUrl, 302);
  });

  const callback = async (c: Context) => {
    const config = oidc.requireOidcProvider(deps.env, c.req.param('provider') ?? '');
    const params: Record<string, string | undefined> =
      c.req.method === 'POST' ? formFields(await c.req.parseBody().catch(() => ({}))) : c.req.query();
    const browserState = getCookie(c, STATE_COOKIE);
    deleteCookie(c, STATE_COOKIE, { path: IDENTITY_ROUTES.oidcCallback(config.name) });
    // Text the database cannot store (a NUL from `%00`) is no state this service issued; it never reaches SQL.
    if (Object.values(params).some((v) => v !== undefined && !isStorableText(v))) {
      return c.redirect(failurePath('invalid_state'), 302);
    }
    const result = await oidc.finishOidcSignIn(deps, config.name, {
      params,
      callbackUrl: callbackUrlFor(c, deps.env, config.name),
      browserState,
      meta: { ip: clientIp(c, deps.env.TRUST_PROXY), userAgent: c.req.header('user-agent') ?? '' },
    });
    if (!result.ok) return c.redirect(failurePath(result.code), 302);
    const completion: OidcCompletion = {
      idToken: result.tokens.idToken,
      refreshToken: result.tokens.refreshToken,
      expiresIn: result.tokens.expiresIn,
      redirectUrl: result.redirectUrl,
    };
    // A fragment never leaves the browser, so the tokens stay out of every server and proxy log.
    const fragment = new URLSearchParams({ ...completion, expiresIn: String(completion.expiresIn) });
    return c.redirect(`${OIDC_COMPLETION_PAGE}#${fragment.toString()}`, 302);
  };
  app.get(IDENTITY_ROUTES.oidcCallback(':provider'), callback);
  app.post(IDENTITY_ROUTES.oidcCallback(':provider'), callback);
}

function failurePath(code: OidcFailureCode): string {
  return `/login?error=${encodeURIComponent(code)}`;
}

/**
 * The redirect URI registered with the provider. It must be byte-for-byte the
 * same at the start and in the token exchange, so both build it here.
 */
function callbackUrlFor(c: Context, env: Env, provider: string): string {
  return `${publicOrigin(c, env)}${IDENTITY_ROUTES.oidcCallback(provider)}`;
}

function formFields(body: Record<string, unknown>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(body)) if (typeof v === 'string') out[k] = v;
  return out;
}
