import {
  CredentialsSchema,
  CustomTokenInputSchema,
  E2eCustomTokenInputSchema,
  IDENTITY_ROUTES,
  RefreshInputSchema,
  ResetPasswordInputSchema,
  SendPasswordResetInputSchema,
  SignOutInputSchema,
  TokenResponseSchema,
  AccountInfoSchema,
} from '@yado/contract/identity.contract';
import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error.js';
import { clientIp } from '../../platform/http/client-ip.js';
import { publicOrigin } from '../../platform/http/public-origin.js';
import { languageOf, toErrorResponse, zodFields } from '../../platform/http/error-response.js';
import { assertStorableJson } from '../../platform/http/storable-text.js';
import * as identity from './identity.service.js';
import type { IdentityDeps } from './identity.service.js';

async function body<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let json: unknown;
  try {
    json = await c.req.json();
  } catch {
    throw new AppError('CodeMalformedJson');
  }
  assertStorableJson(json);
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new AppError('CodeInvalidArgument', { fields: zodFields(parsed.error) });
  return parsed.data;
}

/**
 * The identity service's HTTP routes (see IDENTITY_ROUTES in the contract), on an app of their own:
 * their error answers and `Cache-Control` hold for them only.
 */
export function mountIdentityRoutes(api: Hono, deps: IdentityDeps, extra?: (app: Hono) => void): void {
  const app = new Hono();
  const meta = (c: Context) => ({ ip: clientIp(c, deps.env.TRUST_PROXY), userAgent: c.req.header('user-agent') ?? '' });
  const bearer = (c: Context) => /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];

  app.onError((err, c) => {
    const { status, body, headers } = toErrorResponse(err, languageOf(c.req.header('accept-language')), deps.log);
    for (const [k, v] of Object.entries(headers)) c.header(k, v);
    return c.json(body, status as 400);
  });
  app.use('*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  });

  app.post(IDENTITY_ROUTES.signUp, async (c) => {
    const input = await body(c, CredentialsSchema);
    return c.json(TokenResponseSchema.parse(await identity.signUp(deps, input, meta(c))));
  });
  app.post(IDENTITY_ROUTES.signInWithPassword, async (c) => {
    const input = await body(c, CredentialsSchema);
    return c.json(TokenResponseSchema.parse(await identity.signInWithPassword(deps, input, meta(c))));
  });
  app.post(IDENTITY_ROUTES.refresh, async (c) => {
    const input = await body(c, RefreshInputSchema);
    return c.json(TokenResponseSchema.parse(await identity.refresh(deps, input.refreshToken)));
  });
  app.post(IDENTITY_ROUTES.signOut, async (c) => {
    const input = await body(c, SignOutInputSchema);
    const token = bearer(c);
    if (input.refreshToken) await identity.signOutByRefreshToken(deps, input.refreshToken);
    if (token) {
      const principal = await identity.verifyIdToken(deps, token).catch(() => null);
      if (principal) await identity.signOut(deps, principal);
    }
    return c.json({});
  });
  app.post(IDENTITY_ROUTES.lookup, async (c) => {
    const token = bearer(c);
    if (!token) throw new AppError('CodeUnauthenticated');
    const principal = await identity.verifyIdToken(deps, token);
    return c.json(AccountInfoSchema.parse(await identity.lookup(deps, principal)));
  });
  app.post(IDENTITY_ROUTES.sendPasswordReset, async (c) => {
    const input = await body(c, SendPasswordResetInputSchema);
    await identity.sendPasswordReset(deps, input, meta(c), publicOrigin(c, deps.env));
    return c.json({});
  });
  app.post(IDENTITY_ROUTES.resetPassword, async (c) => {
    await identity.resetPassword(deps, await body(c, ResetPasswordInputSchema));
    return c.json({});
  });
  app.get(IDENTITY_ROUTES.jwks, async (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(await deps.keys.jwks());
  });

  if (!deps.env.isProduction) {
    app.post(IDENTITY_ROUTES.signInWithCustomToken, async (c) => {
      const input = await body(c, CustomTokenInputSchema);
      return c.json(TokenResponseSchema.parse(await identity.signInWithCustomToken(deps, input.token, meta(c))));
    });
    app.post(IDENTITY_ROUTES.e2eCustomToken, async (c) => {
      const input = await body(c, E2eCustomTokenInputSchema);
      return c.json({ customToken: await identity.createCustomToken(deps, input) });
    });
  }
  extra?.(app);

  // Anything else on the identity service's paths is refused as the product API refuses it: 405 with
  // Allow for a known path called with another verb, else 404, both as the API error object.
  const known = app.routes
    .filter((r) => r.method !== 'ALL')
    .map((r) => ({ method: r.method, pattern: routePattern(r.path) }));
  const refuse = (c: Context): never => {
    const allowed = [...new Set(known.filter((r) => r.pattern.test(c.req.path)).map((r) => r.method))];
    if (allowed.length === 0) throw new AppError('CodeMethodNotFound');
    c.header('Allow', allowed.join(', '));
    throw new AppError('CodeHttpMethodNotAllowed');
  };
  app.all('/identity/v1/*', refuse);
  app.all(IDENTITY_ROUTES.jwks, refuse);
  api.route('/', app);
}

/** A Hono route path (`/identity/v1/oidc/:provider/start`) as a regular expression over request paths. */
function routePattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}
