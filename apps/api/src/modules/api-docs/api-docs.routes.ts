import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { API_PREFIX } from '@yado/contract/headers';
import { Hono } from 'hono';
import { openApiDocument } from './openapi.service.js';

export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;
export const DOCS_PATH = `${API_PREFIX}/docs`;
const ASSETS_PATH = `${DOCS_PATH}/assets`;

// The documentation page is Swagger UI, served from the installed package so
// the page works offline and loads nothing from another site.
const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The only files of the package the page needs; nothing else under node_modules is reachable. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

const DOCS_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>yado API</title>
    <link rel="stylesheet" href="${ASSETS_PATH}/swagger-ui.css" />
    <link rel="icon" type="image/png" href="${ASSETS_PATH}/favicon-32x32.png" sizes="32x32" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${ASSETS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${DOCS_PATH}/init.js"></script>
  </body>
</html>
`;

// A separate script rather than an inline one, so the page's CSP can forbid inline scripts.
const INIT_JS = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_PATH)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  layout: 'BaseLayout',
  defaultModelsExpandDepth: 0,
});
`;

const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Swagger UI sets style attributes and draws icons from data: URLs.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const assetCache = new Map<string, Promise<Buffer>>();

/** GET /app/v1/openapi.json and the documentation page at /app/v1/docs. */
export function mountApiDocsRoutes(api: Hono, opts: { includeNonProduction: boolean }): void {
  const app = new Hono();

  app.get(OPENAPI_PATH, (c) => {
    const { json } = openApiDocument(opts);
    c.header('Cache-Control', 'public, max-age=300');
    c.header('Access-Control-Allow-Origin', '*');
    return c.body(json, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });

  app.get(DOCS_PATH, (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    c.header('Content-Security-Policy', DOCS_CSP);
    return c.html(DOCS_HTML);
  });

  app.get(`${DOCS_PATH}/init.js`, (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.body(INIT_JS, 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
  });

  app.get(`${ASSETS_PATH}/:file`, async (c, next) => {
    const file = c.req.param('file');
    const type = Object.hasOwn(ASSETS, file) ? ASSETS[file] : undefined;
    // Anything else falls through to the API's own 404 answer.
    if (!type) return next();
    let content = assetCache.get(file);
    if (!content) {
      content = readFile(path.join(SWAGGER_UI_DIR, file));
      assetCache.set(file, content);
      content.catch(() => assetCache.delete(file));
    }
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(new Uint8Array(await content), 200, { 'Content-Type': type });
  });

  api.route('/', app);
}
