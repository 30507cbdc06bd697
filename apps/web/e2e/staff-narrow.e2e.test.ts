import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF, newContext, screenshotAtWidths, signIn, type Language } from './support/guest-steps';
import { launchBrowser, startTestServer } from './support/test-server';

/**
 * Every staff console page on a 375 px phone, in English and Japanese: nothing may be wider than
 * the screen (the page never scrolls sideways), and the house-group list shows each house group's
 * facts on a phone, as does the shares list. With YADO_SCREENSHOTS=<folder> both lists are saved at
 * 375 and 1280 px.
 */
const HOUSE_GROUP = 'hg-kazahana-villa';
const PAGES = [
  '/staff',
  '/staff/places',
  '/staff/places/new',
  '/staff/places/place-kazahana',
  '/staff/house-groups',
  '/staff/house-groups/new',
  `/staff/house-groups/${HOUSE_GROUP}`,
  `/staff/house-groups/${HOUSE_GROUP}/calendar`,
  '/staff/coupons',
  '/staff/coupons/new',
  '/staff/bookings',
  '/staff/points',
  '/staff/shares',
  '/staff/shares?q=owner%40yado.example',
  '/staff/high-season',
];

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

/** How far the page reaches past the right edge of the screen, in CSS pixels (0 when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe.each(['en', 'ja'] as Language[])('the staff console at 375 px (%s)', (language) => {
  let page: Page;
  const prefix = language === 'ja' ? '/ja' : '';

  beforeAll(async () => {
    const context = await newContext(browser, language, 375);
    page = await context.newPage();
    await signIn(page, server.baseUrl, DEMO_STAFF, { redirectUrl: '/staff' });
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it('fits every page within the screen width', async () => {
    const wide: string[] = [];
    for (const path of PAGES) {
      const response = await page.goto(`${server.baseUrl}${prefix}${path}`, { waitUntil: 'networkidle' });
      expect(response?.status(), path).toBe(200);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scrollWidth > 375) wide.push(`${path}: ${scrollWidth} px (${await overflow(page)} px too wide)`);
    }
    expect(wide).toEqual([]);
  });

  it('shows each house group of the list with its place, price, houses and calendar link', async () => {
    await page.goto(`${server.baseUrl}${prefix}/staff/house-groups`, { waitUntil: 'networkidle' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const row = page.getByTestId('house-group-row').filter({ hasText: HOUSE_GROUP });
    await row.waitFor();
    // The facts stay readable on a phone: every cell is within the screen, none cut off.
    const cells = await row.locator('th, td').evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right, text: (el as HTMLElement).innerText.trim() };
      }),
    );
    expect(cells.length).toBe(6);
    for (const cell of cells) {
      expect(cell.left, cell.text).toBeGreaterThanOrEqual(0);
      expect(cell.right, cell.text).toBeLessThanOrEqual(375);
      expect(cell.text).not.toBe('');
    }
    await row.getByRole('link', { name: language === 'ja' ? 'シーズンカレンダー' : 'Season calendar' }).waitFor();
    await screenshotAtWidths(page, `staff-house-groups-${language}`);
  });

  it('shows each share of the shares list as a card with its house group, fraction and nights', async () => {
    await page.goto(`${server.baseUrl}${prefix}/staff/shares`, { waitUntil: 'networkidle' });
    const row = page.getByTestId('share-row').filter({ hasText: 'owner@yado.example' }).first();
    await row.waitFor();
    const cells = await row.locator('th, td').evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right, text: (el as HTMLElement).innerText.trim() };
      }),
    );
    expect(cells.length).toBe(5);
    for (const cell of cells) {
      expect(cell.left, cell.text).toBeGreaterThanOrEqual(0);
      expect(cell.right, cell.text).toBeLessThanOrEqual(375);
      expect(cell.text).not.toBe('');
    }
    // A card, not a table that scrolls sideways: the cells are stacked, each with its heading.
    expect(new Set(cells.map((c) => c.left)).size).toBe(1);
    expect(cells[2]?.text).toContain(language === 'ja' ? '持分' : 'Share');
    await screenshotAtWidths(page, `staff-shares-narrow-${language}`);
  });
});
