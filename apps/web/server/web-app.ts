import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Api } from '@yado/api/api-app';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { compress } from 'hono/compress';
import { readFileSync } from 'node:fs';
import { serveStatic } from '@hono/node-server/serve-static';
import { fixedPagePolicy } from '@yado/api/platform/http/content-security-policy';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { LANGUAGE_COOKIE, languageChoiceOf, languageCookie, preferredLanguageRedirect } from '../app/lib/language.js';
import type { AppLoadContext, ServerSession } from '../app/lib/load-context.js';
import { cataloguePublicPaths } from './catalogue-sitemap.js';
import { methodCaller } from './method-caller.js';
import { createPageCache } from './page-cache.middleware.js';
import { mountSeoRoutes } from './seo.routes.js';
import { mountSessionRoutes, SESSION_COOKIE } from './session.routes.js';

export const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CLIENT_BUILD_DIR = path.join(WEB_ROOT, 'build/client');

/**
 * The one HTTP app of the product: static assets, the same-origin session
 * endpoints, the API (product methods, identity, monitoring, health), and the
 * server-rendered pages, in that order.
 */
const pageCompression = compress();

/**
 * The policy of a static page of the build (the offline pages): its own inline scripts and styles
 * by their hashes. The files are the build's, never data, so hashing what they hold is safe.
 */
const staticPolicies = new Map<string, string>();
function staticPagePolicy(file: string): string {
  let policy = staticPolicies.get(file);
  if (!policy) {
    const html = readFileSync(file, 'utf8');
    const blocks = (tag: string) =>
      [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1] ?? '');
    policy = fixedPagePolicy({ scripts: blocks('script'), styles: blocks('style') });
    staticPolicies.set(file, policy);
  }
  return policy;
}

export function createWebApp(opts: {
  api: Api;
  /** Returns the React Router server build (a fresh one per request in development). */
  getBuild: () => Promise<ServerBuild>;
  mode: 'production' | 'development';
  serveAssets: boolean;
}): Hono {
  const { api } = opts;
  const app = new Hono();

  app.use('*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    c.header('X-Frame-Options', 'DENY');
  });

  if (opts.serveAssets) {
    // Fingerprinted bundles never change under their name: cache them for a year.
    app.use(
      '/assets/*',
      serveStatic({
        root: CLIENT_BUILD_DIR,
        precompressed: true,
        onFound: (_p, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
      }),
    );
    // The service worker is checked for updates on every load, and controls the whole site from the root.
    app.use(
      '/sw.js',
      serveStatic({
        root: CLIENT_BUILD_DIR,
        onFound: (_p, c) => {
          c.header('Cache-Control', 'no-cache');
          c.header('Service-Worker-Allowed', '/');
        },
      }),
    );
    app.use(
      '*',
      serveStatic({
        root: CLIENT_BUILD_DIR,
        precompressed: true,
        onFound: (found, c) => {
          c.header('Cache-Control', 'public, max-age=3600');
          // The file found may be the precompressed copy; the policy is read from the page itself.
          const file = found.replace(/\.(br|gz|zst)$/, '');
          if (file.endsWith('.html')) c.header('Content-Security-Policy', staticPagePolicy(file));
        },
      }),
    );
  }

  const publicOrigin = api.deps.env.PUBLIC_URL ? new URL(api.deps.env.PUBLIC_URL).origin : null;
  mountSeoRoutes(app, {
    publicOrigin,
    localesDir: path.join(WEB_ROOT, 'app/locales'),
    // Place and house-group pages, read through the API like any other caller.
    dynamicPublicPaths: () => cataloguePublicPaths(methodCaller(api, 'http://sitemap.internal', null)),
  });
  mountSessionRoutes(app, {
    verifyIdToken: api.verifyIdToken,
    signOut: api.signOut,
    idTokenTtlSeconds: api.deps.env.ID_TOKEN_TTL_SECONDS,
  });
  app.route('/', api.app);

  // The language switch's address carries the visitor's choice (app/lib/language.ts,
  // LANGUAGE_CHOICE_PARAM) for a switch followed before the page's scripts ran, or into a new tab:
  // remembered here, before the remembered language redirects anything, then the same page without it.
  app.use('*', async (c, next) => {
    if (c.req.method !== 'GET') return next();
    const url = new URL(c.req.url);
    const choice = languageChoiceOf(url.pathname, url.search);
    if (!choice) return next();
    c.header('Set-Cookie', languageCookie(choice.language));
    c.header('Cache-Control', 'no-store');
    return c.redirect(choice.location, 302);
  });

  // Public house-group pages for visitors without a session, kept as sent (compressed or not) until
  // their house group changes. In development every request renders, so edits show at once.
  if (opts.mode === 'production') {
    app.use('*', createPageCache({ changes: api.catalogueChanges, sessionCookie: SESSION_COOKIE }));
  }

  // Server-rendered pages are compressed on the way out (assets above are precompressed at build).
  app.use('*', async (c, next) => {
    if (c.req.method !== 'GET' || !(c.req.header('accept') ?? '').includes('text/html')) return next();
    return pageCompression(c, next);
  });

  // In production the build never changes: create React Router's handler once. In development every
  // request asks Vite for the current build, so edits show without a restart.
  let productionHandler: ReturnType<typeof createRequestHandler> | null = null;
  const requestHandler = async () => {
    if (opts.mode === 'production') {
      productionHandler ??= createRequestHandler(await opts.getBuild(), opts.mode);
      return productionHandler;
    }
    return createRequestHandler(await opts.getBuild(), opts.mode);
  };

  app.all('*', async (c) => {
    // A visitor who picked Japanese with the language switch gets the /ja page for an English
    // address. Page loads only: data requests, manifests and the like keep their address.
    if (c.req.method === 'GET' && (c.req.header('accept') ?? '').includes('text/html')) {
      const url = new URL(c.req.url);
      const preferred = preferredLanguageRedirect(url.pathname, url.search, getCookie(c, LANGUAGE_COOKIE));
      if (preferred) return c.redirect(preferred, 302);
    }
    const handler = await requestHandler();
    const token = getCookie(c, SESSION_COOKIE) ?? null;
    let session: ServerSession = { token: null, accountId: null, roles: [] };
    if (token) {
      const principal = await api.verifyIdToken(token).catch(() => null);
      if (principal) session = { token, accountId: principal.accountId, roles: principal.roles };
    }
    const origin = new URL(c.req.url).origin;
    const context: AppLoadContext = {
      session,
      isProduction: api.deps.env.isProduction,
      publicOrigin: publicOrigin ?? origin,
      monitoring: {
        orgId: api.deps.env.SENTRY_ORG_ID,
        projectId: api.deps.env.SENTRY_PROJECT_ID,
        environment: api.deps.env.NODE_ENV,
      },
      callApi: methodCaller(api, origin, session.token),
      fetchApi: (path, init) => Promise.resolve(api.app.fetch(new Request(new URL(path, origin), init))),
    };
    const page = await handler(c.req.raw, context);
    // A page can show who is signed in, so no shared cache may keep it; the browser (and the service
    // worker, whose copies sign-out deletes) may, but asks again each time. Private pages say no-store.
    if (page.headers.has('Cache-Control')) return page;
    const headers = new Headers(page.headers);
    headers.set('Cache-Control', 'private, no-cache');
    return new Response(page.body, { status: page.status, statusText: page.statusText, headers });
  });
  return app;
}
