import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GUEST, signIn } from './support/guest-steps';
import { launchBrowser, startTestServer } from './support/test-server';
import { searchHouseGroups } from '@yado/contract/catalogue.contract';
import { callApi } from './support/call-api';
import { hydratedElement } from './support/hydration';

/**
 * The Content-Security-Policy of every HTML page (decision 0019): the server-rendered pages with a
 * nonce of their own per response on every inline script and style, the server's other pages
 * (development outbox, test card processor, API docs, offline page) with theirs; and, in Chromium,
 * that the pages still load, hydrate, register the service worker and show their images without
 * one violation.
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let houseGroupPath: string;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  const searched = await callApi(server.baseUrl, searchHouseGroups, {});
  houseGroupPath = `/house-groups/${searched.results[0]!.houseGroup.id}`;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const policyOf = (res: Response): string => res.headers.get('content-security-policy') ?? '';
const nonceOf = (policy: string): string | undefined => /'nonce-([^']+)'/.exec(policy)?.[1];

/** Every opening tag of an element in the HTML. */
const tags = (html: string, name: string): string[] => html.match(new RegExp(`<${name}\\b[^>]*>`, 'g')) ?? [];

/** A page whose `securitypolicyviolation` events and CSP console errors are collected from its first script on. */
async function watchedPage(): Promise<{ page: Page; violations: () => Promise<string[]> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  const seen: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return {
    page,
    violations: async () => [
      ...seen,
      ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])),
    ],
  };
}

/** React has hydrated the page (its elements carry React's internal keys). */
const hydrated = (page: Page) => hydratedElement(page, '.brand');

describe('the Content-Security-Policy header', () => {
  it('gives every page a nonce of its own, carried by each inline script and style and nothing else', async () => {
    for (const path of ['/', '/login', '/search', '/ja/login', '/no-such-page']) {
      const [first, second] = await Promise.all(
        [0, 1].map(() => fetch(`${server.baseUrl}${path}`, { headers: { accept: 'text/html' } })),
      );
      const policy = policyOf(first!);
      expect(policy, path).toContain("object-src 'none'");
      expect(policy).toContain("base-uri 'none'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("form-action 'self'");
      expect(policy).toContain("'strict-dynamic'");
      const nonce = nonceOf(policy);
      expect(nonce, path).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(nonceOf(policyOf(second!)), path).not.toBe(nonce);

      const html = await first!.text();
      // Data blocks (JSON-LD) are never run, so no policy applies to them.
      const scripts = tags(html, 'script').filter((tag) => !/type="application\/(ld\+)?json"/.test(tag));
      const inline = scripts.filter((tag) => !/\ssrc=/.test(tag));
      // React Router's context and module scripts, scroll restoration and the paint-first starter.
      expect(inline.length, path).toBeGreaterThanOrEqual(3);
      for (const tag of [...scripts, ...tags(html, 'style')]) expect(tag, path).toContain(`nonce="${nonce}"`);
      for (const tag of tags(html, 'link').filter((t) => /modulepreload/.test(t))) {
        expect(tag).toContain(`nonce="${nonce}"`);
      }
      // Nothing a nonce cannot allow: style attributes and event handler attributes.
      expect(html, path).not.toMatch(/<[^>]+\sstyle="/);
      expect(html, path).not.toMatch(/<[^>]+\son[a-z]+="/);
    }
  });

  it("gives the server's other pages policies of their own", async () => {
    for (const path of ['/dev/outbox', '/payment-provider/card-setups/unknown', '/app/v1/docs', '/offline.html']) {
      const res = await fetch(`${server.baseUrl}${path}`);
      const policy = policyOf(res);
      expect(policy, path).toContain("frame-ancestors 'none'");
      expect(policy, path).toContain("base-uri 'none'");
      expect(policy, path).not.toContain("'unsafe-inline' 'self'");
    }
  });
});

describe('pages under the policy', () => {
  it('load, hydrate, register the service worker and show their images without a violation', async () => {
    const { page, violations } = await watchedPage();
    for (const path of ['/', '/search', houseGroupPath, '/ja/login']) {
      await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'load' });
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      // Every image drawn (catalogue photos, data: URLs): none blocked.
      const broken = await page.evaluate(() =>
        [...document.images].filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.src),
      );
      expect(broken, path).toEqual([]);
      // The inlined base styles apply.
      expect(await page.evaluate(() => getComputedStyle(document.body).margin), path).toBe('0px');
    }
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toBe(
      `${server.baseUrl}/sw.js`,
    );
    // Signed in: the session runtime, push registration and My page run under the policy too.
    await signIn(page, server.baseUrl, DEMO_GUEST);
    await hydrated(page);
    expect(await violations()).toEqual([]);
  });

  it("leaves the server's other pages working: outbox, card processor, API docs, offline page", async () => {
    const { page, violations } = await watchedPage();
    await page.goto(`${server.baseUrl}/dev/outbox`);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('system-ui');
    await page.goto(`${server.baseUrl}/payment-provider/card-setups/unknown`);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(244, 245, 247)');
    await page.goto(`${server.baseUrl}/app/v1/docs`);
    await page.locator('.swagger-ui .info .title').waitFor();
    await page.goto(`${server.baseUrl}/offline.html`);
    expect(await page.evaluate(() => getComputedStyle(document.body).display)).toBe('grid');
    expect(await violations()).toEqual([]);
  });
});
