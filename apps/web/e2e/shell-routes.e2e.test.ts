import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { launchBrowser, startTestServer } from './support/test-server';
import { getSearchPermission } from '@yado/contract/user.contract';
import { callApi } from './support/call-api';
import { hydratedElement } from './support/hydration';

/**
 * The shell around every screen, in Debian's Chromium against the real
 * server: the home/search redirect flag, robots meta and colour mode per
 * route, robots.txt and sitemap.xml, the install banner, the remembered
 * language and both date formats, and the private-page guard.
 *
 * With YADO_SCREENSHOTS=<folder> it also saves the pages it changes at
 * 375 px and 1280 px wide.
 */
const SCREENSHOT_DIR = process.env['YADO_SCREENSHOTS'];
const NO_INDEX = 'noindex, nofollow, noarchive';
const GUEST = { email: 'guest@yado.example', password: 'yado-guest-stay-2026' };
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  base = server.baseUrl;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function screenshotAtWidths(page: Page, name: string): Promise<void> {
  if (!SCREENSHOT_DIR) return;
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize();
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 744 ? 812 : 900 });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

async function setFlag(key: string, value: unknown): Promise<void> {
  if (!server.databaseUrl) throw new Error('the test server did not name its database');
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO feature_flags (key, value, updated_at) VALUES ($1, $2, now())
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
      [key, JSON.stringify(value)],
    );
  } finally {
    await client.end();
  }
}

/** Chromium fires `beforeinstallprompt` only for an installable site after a while; the test plays the browser. */
async function offerInstallPrompt(page: Page): Promise<void> {
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
    const record = window as unknown as { promptCalls: number };
    record.promptCalls = 0;
    event['prompt'] = async () => {
      record.promptCalls += 1;
    };
    event['userChoice'] = Promise.resolve({ outcome: 'dismissed' });
    window.dispatchEvent(event);
  });
}

describe('the shell around every route', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
  });

  it('sends / to /search with the flag at SEARCH, and /search to / at LIST_ONLY', async () => {
    const atSearch = await page.goto(`${base}/?area=Hakone`, { waitUntil: 'networkidle' });
    expect(atSearch?.status()).toBe(200);
    expect(page.url()).toBe(`${base}/search?area=Hakone`);

    await setFlag('searchHouseGroupsType', 'LIST_ONLY');
    const permission = await callApi(base, getSearchPermission, {});
    expect(permission.searchHouseGroupsType).toBe('LIST_ONLY');
    const atListOnly = await page.goto(`${base}/ja/search`, { waitUntil: 'networkidle' });
    expect(atListOnly?.status()).toBe(200);
    expect(page.url()).toBe(`${base}/ja`);
    await setFlag('searchHouseGroupsType', 'SEARCH');
  });

  it.each([
    ['/', null],
    ['/login', null],
    ['/ja/login', null],
    ['/register', NO_INDEX],
    ['/404', NO_INDEX],
    ['/no-such-page', NO_INDEX],
  ])('marks %s for robots as the table says, in light colour mode', async (route, robots) => {
    await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
    const meta = page.locator('meta[name="robots"]');
    if (robots === null) await expect(meta.count()).resolves.toBe(0);
    else await expect(meta.getAttribute('content')).resolves.toBe(robots);
    await expect(page.locator('html').getAttribute('data-color-mode')).resolves.toBe('light');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(246, 244, 240)');
  });

  it('gives indexable pages a canonical link and hreflang alternates, and private ones none', async () => {
    await page.goto(`${base}/ja/login?redirectUrl=%2Fmypage`, { waitUntil: 'networkidle' });
    await expect(page.locator('link[rel="canonical"]').getAttribute('href')).resolves.toBe(`${base}/ja/login`);
    const alternates = await page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((links) => links.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]));
    expect(alternates).toEqual([
      ['en', `${base}/login`],
      ['ja', `${base}/ja/login`],
      ['x-default', `${base}/login`],
    ]);
    await page.goto(`${base}/register`, { waitUntil: 'networkidle' });
    await expect(page.locator('link[rel="canonical"]').count()).resolves.toBe(0);
  });

  it('sends a signed-out visitor of /mypage to /login with redirectUrl, marked no-index on the way', async () => {
    const direct = await fetch(`${base}/mypage`, { redirect: 'manual' });
    expect(direct.status).toBe(302);
    expect(direct.headers.get('location')).toBe('/login?redirectUrl=%2Fmypage');
    await page.goto(`${base}/mypage`);
    expect(page.url()).toBe(`${base}/login?redirectUrl=%2Fmypage`);
  });

  it('serves robots.txt and sitemap.xml', async () => {
    const robots = await fetch(`${base}/robots.txt`);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await robots.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const area of ['/mypage', '/ja/mypage', '/owner', '/coupons/', '/vehicle-controller/', '/app/']) {
      expect(lines).toContain(`Disallow: ${area}`);
    }
    expect(lines).toContain(`Sitemap: ${base}/sitemap.xml`);

    const sitemap = await fetch(`${base}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await sitemap.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.slice(0, 6)).toEqual([
      `${base}/`,
      `${base}/ja`,
      `${base}/search`,
      `${base}/ja/search`,
      `${base}/login`,
      `${base}/ja/login`,
    ]);
    // Then the place and house-group pages, each in both languages (catalogue.e2e.test.ts checks them in full).
    expect(locs).toContain(`${base}/ja/places/place-kazahana`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="ja" href="${base}/ja/login"/>`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${base}/"/>`);
  });

  it('serves translation files for the browser to load on demand', async () => {
    const res = await fetch(`${base}/locales/ja/shell.json`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { banner: { install: string } }).banner.install).toBe('インストール');
    expect((await fetch(`${base}/locales/ja/..%2F..%2Fpackage.json`)).status).toBe(404);
  });
});

describe('the install banner', () => {
  it('offers the browser’s install prompt on /login and stays closed once closed', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    // No prompt offered, not iOS: nothing to invite to.
    await expect(page.getByTestId('app-banner').count()).resolves.toBe(0);

    await offerInstallPrompt(page);
    const banner = page.getByRole('complementary', { name: 'yado on your home screen' });
    await banner.waitFor();
    await expectNoSeriousA11yViolations(page, '/login with the install banner');
    await screenshotAtWidths(page, 'login-banner');
    await banner.getByRole('button', { name: 'Install', exact: true }).click();
    await expect(page.evaluate(() => (window as unknown as { promptCalls: number }).promptCalls)).resolves.toBe(1);
    // The prompt can be shown once; the banner goes with it.
    await expect(page.getByTestId('app-banner').count()).resolves.toBe(0);

    await page.reload({ waitUntil: 'networkidle' });
    await offerInstallPrompt(page);
    await page.getByRole('button', { name: 'Close the install banner' }).click();
    await expect(page.getByTestId('app-banner').count()).resolves.toBe(0);
    await page.reload({ waitUntil: 'networkidle' });
    await offerInstallPrompt(page);
    await page.waitForTimeout(200);
    await expect(page.getByTestId('app-banner').count()).resolves.toBe(0);
    await context.close();
  });

  it('explains Share → Add to Home Screen on iOS Safari, in Japanese on /ja pages', async () => {
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      userAgent: IPHONE_SAFARI,
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await page.goto(`${base}/ja/login`, { waitUntil: 'networkidle' });
    const banner = page.getByTestId('app-banner');
    await banner.waitFor();
    await expect(banner.textContent()).resolves.toContain('「ホーム画面に追加」');
    await expect(banner.getByRole('button', { name: 'インストール', exact: true }).count()).resolves.toBe(0);
    await expectNoSeriousA11yViolations(page, '/ja/login with the iOS banner');
    await screenshotAtWidths(page, 'login-banner-ios-ja');

    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    await expect(page.getByTestId('app-banner').textContent()).resolves.toContain(
      'Tap Share, then “Add to Home Screen”.',
    );
    await context.close();
  });

  it('stays away when the app already runs installed', async () => {
    const context = await browser.newContext({ userAgent: IPHONE_SAFARI, hasTouch: true, isMobile: true });
    await context.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) =>
        query === '(display-mode: standalone)'
          ? ({ ...original(query), matches: true } as MediaQueryList)
          : original(query);
    });
    const page = await context.newPage();
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(200);
    await expect(page.getByTestId('app-banner').count()).resolves.toBe(0);
    await context.close();
  });
});

describe('English and Japanese', () => {
  it('switches to 日本語, remembers it, and shows dates in each language’s format', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();

    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    // React takes the click: the cookie is set in the page and the move needs no reload.
    await hydratedElement(page, 'a.language-switch');
    await page.getByRole('link', { name: '日本語' }).click();
    await page.waitForURL(`${base}/ja/login`);
    await page.getByRole('heading', { name: 'yadoにログイン' }).waitFor();
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('ja');
    const langCookie = (await context.cookies(base)).find((c) => c.name === 'lang');
    expect(langCookie?.value).toBe('ja');
    // About a year.
    expect((langCookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);

    // An English address now leads to the Japanese page, query kept.
    await page.goto(`${base}/login?redirectUrl=%2Fmypage`, { waitUntil: 'networkidle' });
    expect(page.url()).toBe(`${base}/ja/login?redirectUrl=%2Fmypage`);
    await screenshotAtWidths(page, 'login-ja');
    // A private English address: first to Japanese, then to the Japanese sign-in that returns there.
    await page.goto(`${base}/mypage`, { waitUntil: 'networkidle' });
    expect(page.url()).toBe(`${base}/ja/login?redirectUrl=%2Fja%2Fmypage`);

    // Sign in on the Japanese page; the member-since date is YYYY/M/D.
    await page.getByLabel('メールアドレス').fill(GUEST.email);
    await page.getByLabel('パスワード').fill(GUEST.password);
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await page.waitForURL(`${base}/ja/mypage`);
    const jaDate = (await page.getByTestId('member-since').textContent()) ?? '';
    expect(jaDate).toMatch(/^\d{4}\/\d{1,2}\/\d{1,2}$/);
    await expectNoSeriousA11yViolations(page, '/ja/mypage');
    await screenshotAtWidths(page, 'mypage-ja');

    // Picking English ends the redirect; the same date reads MMM D, YYYY.
    await hydratedElement(page, 'a.language-switch');
    await page.getByRole('link', { name: 'English' }).click();
    await page.waitForURL(`${base}/mypage`);
    await page.getByRole('heading', { name: 'My page' }).waitFor();
    const enDate = (await page.getByTestId('member-since').textContent()) ?? '';
    expect(enDate).toMatch(/^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}$/);
    const [year, month, day] = jaDate.split('/').map(Number);
    const expected = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1)).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(enDate).toBe(expected);
    await screenshotAtWidths(page, 'mypage-en');
    await page.goto(`${base}/login`);
    expect(page.url()).toBe(`${base}/login`);
    await context.close();
  });

  it('remembers a switch followed before the page’s scripts ran', async () => {
    // Without scripts the switch is a plain link: its address carries the choice for the server.
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      locale: 'en-US',
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto(`${base}/login?redirectUrl=%2Fmypage`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('link', { name: '日本語' }).click();
    await page.waitForURL(`${base}/ja/login?redirectUrl=%2Fmypage`);
    expect((await context.cookies(base)).find((c) => c.name === 'lang')?.value).toBe('ja');
    await page.goto(`${base}/login`, { waitUntil: 'domcontentloaded' });
    expect(page.url()).toBe(`${base}/ja/login`);
    await page.getByRole('link', { name: 'English' }).click();
    await page.waitForURL(`${base}/login`);
    expect((await context.cookies(base)).find((c) => c.name === 'lang')?.value).toBe('en');
    await page.goto(`${base}/login`, { waitUntil: 'domcontentloaded' });
    expect(page.url()).toBe(`${base}/login`);
    await context.close();
  });
});
