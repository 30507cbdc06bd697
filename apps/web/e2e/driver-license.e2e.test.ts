import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DEMO_GUEST, DEMO_STAFF, newContext, screenshotAtWidths, signIn } from './support/guest-steps';
import { launchBrowser, startTestServer } from './support/test-server';
import { hydrated } from './support/hydration';

/**
 * Driver licences in Debian's Chromium against the real server on a fresh database with the demo
 * data (whose guest has no licence): the guest registers one from /mypage with photos of both sides,
 * staff review it with the photographs on /staff/driver-licenses and approve it, and the guest sees
 * it approved on the Japanese page; staff find the demo cars on /staff/vehicles. With
 * YADO_SCREENSHOTS=<folder> each page is saved at 375 and 1280 px.
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

async function expectFitsPhone(page: Page): Promise<void> {
  const original = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (original) await page.setViewportSize(original);
  expect(width).toBeLessThanOrEqual(375);
}

const photo = async (background: string) =>
  sharp({ create: { width: 856, height: 540, channels: 3, background } })
    .jpeg()
    .toBuffer();

describe('driver licences', () => {
  it('the demo guest registers a licence from /mypage, staff approve it with its photographs, the guest sees it approved', async () => {
    const guestContext = await newContext(browser, 'en', 1280);
    const guest = await guestContext.newPage();
    await signIn(guest, server.baseUrl, DEMO_GUEST, { redirectUrl: '/mypage' });
    await guest.goto(`${server.baseUrl}/mypage`, { waitUntil: 'networkidle' });
    await guest.getByTestId('mypage-driver-license').click();
    await guest.waitForURL(/\/mypage\/driver-license$/);
    await hydrated(guest, 'license-submit');
    await expect(guest.getByTestId('license-rentable').textContent()).resolves.toContain('No approved licence yet');
    await screenshotAtWidths(guest, 'driver-license-empty-en');
    await expectFitsPhone(guest);

    // Sent without photos: each field says what is missing, nothing is registered.
    await guest.getByTestId('license-submit').click();
    await guest.getByText('Choose a photo.').first().waitFor();

    await guest.getByLabel('Licence number').fill('301234567890');
    await guest.getByLabel('Valid until').fill('2031-06-30');
    await guest.getByLabel('Name on the licence').fill('Sato Hanako');
    await guest.getByLabel('Postal code').fill('250-0408');
    await guest.getByLabel('Prefecture or state').fill('Kanagawa');
    await guest.getByLabel('City').fill('Hakone');
    await guest.getByLabel('Street address').fill('1300 Gora');
    await guest.setInputFiles('#license-front', {
      name: 'front.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo('#2f6fb0'),
    });
    await guest.setInputFiles('#license-back', {
      name: 'back.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo('#d9d2c3'),
    });
    await guest.getByTestId('license-submit').click();
    const card = guest.getByTestId('license-card');
    await card.waitFor();
    expect(await card.getAttribute('data-status')).toBe('PENDING_REVIEW');
    await expect(card.textContent()).resolves.toContain('301234567890');
    // The photographs load through the web server with the guest's session.
    await guest.waitForFunction(() => {
      // Both sides, so the wait cannot end before the photographs are on the page.
      const images = Array.from(document.querySelectorAll('.license-thumb img'));
      return images.length >= 2 && images.every((i) => (i as HTMLImageElement).naturalWidth > 0);
    });
    await screenshotAtWidths(guest, 'driver-license-pending-en');
    await expectFitsPhone(guest);
    await expectNoSeriousA11yViolations(guest);

    const staffContext = await newContext(browser, 'en', 1280);
    const staff = await staffContext.newPage();
    await signIn(staff, server.baseUrl, DEMO_STAFF, { redirectUrl: '/staff' });
    await staff.goto(`${server.baseUrl}/staff/driver-licenses`, { waitUntil: 'networkidle' });
    const review = staff.getByTestId('license-review').filter({ hasText: '301234567890' });
    await review.waitFor();
    await staff.waitForFunction(() => {
      // Both sides, so the wait cannot end before the photographs are on the page.
      const images = Array.from(document.querySelectorAll('.license-review__image img'));
      return images.length >= 2 && images.every((i) => (i as HTMLImageElement).naturalWidth > 0);
    });
    await hydrated(staff, 'license-approve');
    await screenshotAtWidths(staff, 'staff-driver-licenses-en');
    await expectFitsPhone(staff);
    await review.getByTestId('license-approve').click();
    await review.waitFor({ state: 'detached' });

    const ja = await newContext(browser, 'ja', 1280);
    const guestJa = await ja.newPage();
    await signIn(guestJa, server.baseUrl, DEMO_GUEST, { language: 'ja', redirectUrl: '/ja/mypage/driver-license' });
    await guestJa.goto(`${server.baseUrl}/ja/mypage/driver-license`, { waitUntil: 'networkidle' });
    expect(await guestJa.getByTestId('license-card').getAttribute('data-status')).toBe('APPROVED');
    await expect(guestJa.getByTestId('license-rentable').textContent()).resolves.toContain('承認済み');
    await screenshotAtWidths(guestJa, 'driver-license-approved-ja');
    await expectFitsPhone(guestJa);

    await guestContext.close();
    await staffContext.close();
    await ja.close();
  });

  it('staff find the demo cars of Kazahana with their rental times and locations', async () => {
    const context = await newContext(browser, 'ja', 1280);
    const page = await context.newPage();
    await signIn(page, server.baseUrl, DEMO_STAFF, { language: 'ja', redirectUrl: '/ja/staff' });
    await page.goto(`${server.baseUrl}/ja/staff/vehicles?place=place-kazahana`, { waitUntil: 'networkidle' });
    await expect(page.getByTestId('staff-vehicle').count()).resolves.toBe(2);
    await expect(page.getByTestId('staff-vehicle-location').count()).resolves.toBe(2);
    await page.getByTestId('staff-vehicle').first().locator('summary').click();
    await expect(page.getByTestId('staff-vehicle').first().textContent()).resolves.toContain('JST');
    await screenshotAtWidths(page, 'staff-vehicles-ja');
    await expectFitsPhone(page);
    await context.close();
  });
});
