import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LANGUAGES } from '@yado/contract/headers';
import { Hono } from 'hono';
import { staticPublicPaths } from '../app/lib/route-policy.js';
import { robotsTxt, sitemapXml } from '../app/lib/seo.js';

export type SeoDeps = {
  /** The site's public origin (PUBLIC_URL), or null to use the request's. */
  publicOrigin: string | null;
  /** Folder holding `{lng}/{ns}.json`. */
  localesDir: string;
  /**
   * Public pages with parameters, as unprefixed paths (`/places/pl_1`).
   * The place and house-group screens plug their lists in here.
   */
  dynamicPublicPaths?: () => Promise<string[]>;
};

const NAMESPACE_FILE = /^[a-z0-9-]+\.json$/;

/** robots.txt, sitemap.xml and the translation files the browser loads on demand. */
export function mountSeoRoutes(web: Hono, deps: SeoDeps): void {
  const app = new Hono();
  const originOf = (url: string) => deps.publicOrigin ?? new URL(url).origin;

  app.get('/robots.txt', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.text(robotsTxt(originOf(c.req.url)));
  });

  app.get('/sitemap.xml', async (c) => {
    const dynamic = (await deps.dynamicPublicPaths?.()) ?? [];
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(sitemapXml(originOf(c.req.url), [...staticPublicPaths(), ...dynamic]));
  });

  app.get('/locales/:language/:file', async (c) => {
    const { language, file } = c.req.param();
    // Only known languages and plain file names: nothing outside the folder can be named.
    if (!(LANGUAGES as readonly string[]).includes(language) || !NAMESPACE_FILE.test(file)) return c.notFound();
    try {
      const json = await readFile(path.join(deps.localesDir, language, file), 'utf8');
      c.header('Content-Type', 'application/json; charset=utf-8');
      c.header('Cache-Control', 'public, max-age=3600');
      return c.body(json);
    } catch {
      return c.notFound();
    }
  });

  web.route('/', app);
}
