import { describe, expect, it } from 'vitest';
import { alternateLinks, canonicalUrl, robotsTxt, sitemapXml } from './seo';

const ORIGIN = 'https://yado.example';

describe('canonical and alternate links', () => {
  it('drop the query and the trailing slash, keeping the language', () => {
    expect(canonicalUrl(ORIGIN, '/login/')).toBe('https://yado.example/login');
    expect(canonicalUrl(ORIGIN, '/ja/login')).toBe('https://yado.example/ja/login');
    expect(canonicalUrl(ORIGIN, '/')).toBe('https://yado.example/');
  });

  it('name English, Japanese and x-default for a page in either language', () => {
    const expected = [
      { hreflang: 'en', href: 'https://yado.example/places/pl_1' },
      { hreflang: 'ja', href: 'https://yado.example/ja/places/pl_1' },
      { hreflang: 'x-default', href: 'https://yado.example/places/pl_1' },
    ];
    expect(alternateLinks(ORIGIN, '/places/pl_1')).toEqual(expected);
    expect(alternateLinks(ORIGIN, '/ja/places/pl_1')).toEqual(expected);
    expect(alternateLinks(ORIGIN, '/ja').map((a) => a.href)).toEqual([
      'https://yado.example/',
      'https://yado.example/ja',
      'https://yado.example/',
    ]);
  });
});

describe('sitemapXml', () => {
  it('lists every page in both languages with all alternates', () => {
    const xml = sitemapXml(ORIGIN, ['/', '/login', '/places/a&b']);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://yado.example/',
      'https://yado.example/ja',
      'https://yado.example/login',
      'https://yado.example/ja/login',
      'https://yado.example/places/a&amp;b',
      'https://yado.example/ja/places/a&amp;b',
    ]);
    expect(xml.match(/<xhtml:link /g)).toHaveLength(18);
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="ja" href="https://yado.example/ja/login"/>');
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://yado.example/login"/>');
  });

  it('lists a page given twice, or in Japanese, once', () => {
    const xml = sitemapXml(ORIGIN, ['/login', '/ja/login', '/login/']);
    expect(xml.match(/<loc>/g)).toHaveLength(2);
  });
});

describe('robotsTxt', () => {
  const text = robotsTxt(ORIGIN);
  const lines = text.split('\n');

  it('allows the site and points at the sitemap', () => {
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain('Sitemap: https://yado.example/sitemap.xml');
  });

  it('keeps robots out of the private areas in both languages and the machine endpoints', () => {
    for (const path of [
      '/mypage',
      '/ja/mypage',
      '/owner',
      '/ja/owner',
      '/vehicle-controller/',
      '/coupons/',
      '/api/',
      '/app/',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
  });

  it('never disallows a public page', () => {
    const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice('Disallow: '.length));
    for (const path of ['/', '/ja', '/login', '/ja/login', '/places/x', '/house-groups/y', '/search', '/register']) {
      expect(disallowed.some((prefix) => path.startsWith(prefix))).toBe(false);
    }
  });
});
