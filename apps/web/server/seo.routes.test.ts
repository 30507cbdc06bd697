import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { mountSeoRoutes } from './seo.routes.js';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../app/locales');

describe('the robots and translation routes', () => {
  const app = new Hono();
  mountSeoRoutes(app, {
    publicOrigin: null,
    localesDir,
    dynamicPublicPaths: async () => ['/places/pl_1'],
  });

  it('answers robots.txt with the sitemap on the request origin', async () => {
    const res = await app.request('http://yado.test/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toContain('Sitemap: http://yado.test/sitemap.xml');
  });

  it('lists the static public pages and the plugged-in ones in the sitemap', async () => {
    const res = await app.request('http://yado.test/sitemap.xml');
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const locs = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'http://yado.test/',
      'http://yado.test/ja',
      'http://yado.test/search',
      'http://yado.test/ja/search',
      'http://yado.test/login',
      'http://yado.test/ja/login',
      'http://yado.test/places/pl_1',
      'http://yado.test/ja/places/pl_1',
    ]);
  });

  it('prefers the configured public origin', async () => {
    const withOrigin = new Hono();
    mountSeoRoutes(withOrigin, { publicOrigin: 'https://yado.example', localesDir });
    expect(await (await withOrigin.request('http://10.0.0.1/robots.txt')).text()).toContain(
      'Sitemap: https://yado.example/sitemap.xml',
    );
  });

  it('serves a translation file as JSON', async () => {
    const res = await app.request('http://yado.test/locales/ja/shell.json');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { banner: { install: string } }).banner.install).toBe('インストール');
  });

  it.each([
    '/locales/fr/shell.json',
    '/locales/ja/nothing.json',
    '/locales/ja/..%2Fen%2Fshell.json',
    '/locales/ja/shell.js',
  ])('answers 404 for %s', async (url) => {
    expect((await app.request(`http://yado.test${url}`)).status).toBe(404);
  });
});
