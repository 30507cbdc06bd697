import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GUEST, DEMO_STAFF, newContext, screenshotAtWidths, signIn, type Language } from './support/guest-steps';
import { launchBrowser, startTestServer } from './support/test-server';

/**
 * Staff grant the demo guest a share on /staff/shares: find them by email, choose them, pick a
 * house group and 1/12, and the list shows the share with this slot year's 18 standard and 12 high
 * slots. With YADO_SCREENSHOTS=<folder> the page is saved at 375 and 1280 px in both languages.
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each(['en', 'ja'] as Language[])('the shares page (%s)', (language) => {
  let page: Page;
  const prefix = language === 'ja' ? '/ja' : '';

  beforeAll(async () => {
    const context = await newContext(browser, language, 1280);
    page = await context.newPage();
    await signIn(page, server.baseUrl, DEMO_STAFF, { redirectUrl: '/staff' });
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it('lists the demo owner’s shares', async () => {
    await page.goto(`${server.baseUrl}${prefix}/staff/shares`, { waitUntil: 'networkidle' });
    const rows = page.getByTestId('share-row').filter({ hasText: 'owner@yado.example' });
    expect(await rows.count()).toBe(2);
    await screenshotAtWidths(page, `staff-shares-${language}`);
  });

  it('grants the guest a share of a house group, once', async () => {
    // English grants Komorebi Cabin, Japanese Shiosai Beach House: each run adds its own share.
    const houseGroupId = language === 'en' ? 'hg-komorebi-cabin' : 'hg-shiosai-house';
    await page.goto(`${server.baseUrl}${prefix}/staff/shares?q=${encodeURIComponent(DEMO_GUEST.email)}`, {
      waitUntil: 'networkidle',
    });
    await page.getByTestId('share-user').first().click();
    const form = page.getByTestId('share-grant-form');
    await form.waitFor();
    await form.locator('select').selectOption(houseGroupId);
    await form.getByRole('button').click();
    const row = page.getByTestId('share-row').filter({ hasText: DEMO_GUEST.email });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(language === 'en' ? 1 : 2);
    const text = await row.last().innerText();
    expect(text).toContain('1/12');
    expect(text).toMatch(language === 'en' ? /18 standard, 12 high/ : /スタンダード18、ハイ12/);
    await screenshotAtWidths(page, `staff-shares-granted-${language}`);
  });
});
