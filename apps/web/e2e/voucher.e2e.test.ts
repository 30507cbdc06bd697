import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { screenshotAtWidths, signedInGuest } from './support/guest-steps';
import { launchBrowser, startTestServer } from './support/test-server';
import { hydrated } from './support/hydration';

/**
 * Stay vouchers against the real server and its test-mode exchange: the demo guest moves NAC into
 * the wallet, opens the vouchers from My page, buys three nights at Kazahana Villa at the NAC price
 * quoted, sees the voucher on the dark complete page and then among their vouchers with its nights
 * left, books two standard nights with it (the dark complete page confirms the stay, which then
 * shows among their bookings, and the voucher has a night left); then the pages in Japanese. With YADO_SCREENSHOTS=<folder> the pages are saved at 375 px
 * and 1280 px.
 */
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

const isoInTokyo = (daysAhead: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date(Date.now() + daysAhead * 86_400_000));

/** The demo calendar's high seasons (New Year, Golden Week, Obon, the autumn holidays). */
function isHighSeason(iso: string): boolean {
  const [, m, d] = iso.split('-').map(Number) as [number, number, number];
  return (
    (m === 12 && d >= 28) ||
    (m === 1 && d <= 4) ||
    (m === 4 && d >= 29) ||
    (m === 5 && d <= 6) ||
    (m === 8 && d >= 11 && d <= 17) ||
    (m === 9 && d >= 19 && d <= 23)
  );
}

async function depositNac(page: Page, amount: string): Promise<void> {
  await page.goto(`${base}/mypage/wallet`, { waitUntil: 'networkidle' });
  await hydrated(page, 'nac-deposit');
  await page.getByLabel('Amount (NAC)').fill(amount);
  await page.getByTestId('nac-deposit').click();
  await expect.poll(() => page.getByTestId('nac-balance').textContent(), { timeout: 30_000 }).toBe(`${amount} NAC`);
}

describe('stay vouchers', () => {
  it('buys a voucher with NAC, sees it on the dark complete page and among their vouchers', async () => {
    const { context, page } = await signedInGuest(browser, base, 'en', 1280);
    await depositNac(page, '500');

    await page.goto(`${base}/mypage`, { waitUntil: 'networkidle' });
    await page.getByTestId('mypage-vouchers').click();
    await page.waitForURL(`${base}/mypage/vouchers`);
    await page.getByText('You have no vouchers yet.').waitFor();
    expect(await page.getByText('You have no vouchers yet.').count()).toBe(1);
    await page.getByTestId('voucher-shop-link').click();
    await page.waitForURL(`${base}/mypage/vouchers/shop`);
    await page.getByTestId('voucher-products').waitFor();
    await expectNoSeriousA11yViolations(page, '/mypage/vouchers/shop');
    await screenshotAtWidths(page, 'voucher-shop-en');

    const card = page.getByTestId('voucher-product').filter({ hasText: 'Kazahana Villa' });
    expect(await card.textContent()).toContain('¥45,000');
    await hydrated(page, 'voucher-open');
    await card.getByTestId('voucher-open').click();
    const price = card.getByTestId('voucher-nac-price');
    await price.waitFor();
    expect(await price.textContent()).toMatch(/^\d{3}(\.\d{1,8})? NAC$/);
    await screenshotAtWidths(page, 'voucher-quote-en');
    await card.getByTestId('voucher-confirm').click();

    await page.waitForURL((url) => url.pathname === '/dao/lending/accommodation-voucher/complete/hg-kazahana-villa');
    // The address changes as the navigation starts; the page (and its dark mode) follows once rendered.
    const done = page.getByTestId('voucher-complete');
    await done.waitFor();
    await expect.poll(() => page.locator('html').getAttribute('data-color-mode')).toBe('dark');
    expect(await done.textContent()).toContain('Kazahana Villa');
    expect(await done.textContent()).toContain('3 of 3 nights left');
    await expectNoSeriousA11yViolations(page, '/dao/lending/accommodation-voucher/complete');
    await screenshotAtWidths(page, 'voucher-complete-en');

    await page.getByRole('link', { name: 'See your vouchers' }).click();
    await page.waitForURL(`${base}/mypage/vouchers`);
    await page.getByTestId('my-vouchers').waitFor();
    const mine = page.getByTestId('voucher');
    expect(await mine.count()).toBe(1);
    expect(await mine.getByTestId('voucher-remaining').textContent()).toBe('3 of 3 nights left');
    await expectNoSeriousA11yViolations(page, '/mypage/vouchers');
    await screenshotAtWidths(page, 'voucher-mine-en');

    // Two standard nights with the voucher, on the first dates a house is free (the demo stays take some).
    await hydrated(page, 'voucher-book');
    await mine.getByTestId('voucher-book').click();
    await mine.getByTestId('voucher-book-submit').waitFor();
    await expectNoSeriousA11yViolations(page, '/mypage/vouchers (booking form)');
    await screenshotAtWidths(page, 'voucher-book-en');
    let booked = false;
    for (let d = 20; d < 150 && !booked; d += 5) {
      if (isHighSeason(isoInTokyo(d)) || isHighSeason(isoInTokyo(d + 1))) continue;
      await mine.getByLabel('Check-in').fill(isoInTokyo(d));
      await mine.getByLabel('Check-out').fill(isoInTokyo(d + 2));
      await mine.getByTestId('voucher-book-submit').click();
      booked = await Promise.race([
        page
          .waitForURL(
            (url) => url.pathname.endsWith('/complete/hg-kazahana-villa') && url.searchParams.has('booking'),
            {
              timeout: 15_000,
            },
          )
          .then(() => true),
        mine
          .getByRole('alert')
          .waitFor({ timeout: 15_000 })
          .then(() => false),
      ]);
    }
    expect(booked).toBe(true);
    // The address changes as the navigation starts; the page (and its dark mode) follows once rendered.
    await page.getByRole('heading', { level: 1, name: 'Your stay is held' }).waitFor();
    await expect.poll(() => page.locator('html').getAttribute('data-color-mode')).toBe('dark');
    const stay = page.getByTestId('voucher-stay-complete');
    expect(await stay.textContent()).toContain('Kazahana Villa');
    const bookingNumber = (await page.getByTestId('voucher-stay-number').textContent())!.replace('Booking ', '');
    expect(await page.getByTestId('voucher-complete').textContent()).toContain('1 of 3 nights left');
    await expectNoSeriousA11yViolations(page, '/dao/lending/accommodation-voucher/complete (stay)');
    await screenshotAtWidths(page, 'voucher-stay-complete-en');

    // The stay is among the guest's bookings on My page.
    await page.getByTestId('voucher-stay-link').click();
    await page.waitForURL(/\/mypage\/bookings\/[^/]+$/);
    await page.getByText(bookingNumber, { exact: false }).first().waitFor();
    const bookingPath = new URL(page.url()).pathname;
    await page.goto(`${base}/mypage`, { waitUntil: 'networkidle' });
    expect(await page.locator(`a[href="${bookingPath}"]`).count()).toBeGreaterThan(0);
    await page.goto(`${base}/mypage/vouchers`, { waitUntil: 'networkidle' });
    expect(await mine.getByTestId('voucher-remaining').textContent()).toBe('1 of 3 nights left');

    // The NAC left the wallet: 500 less the price paid.
    await page.goto(`${base}/mypage/wallet`, { waitUntil: 'networkidle' });
    const balance = Number((await page.getByTestId('nac-balance').textContent())!.replace(/[^0-9.]/g, ''));
    expect(balance).toBeGreaterThan(150);
    expect(balance).toBeLessThan(500);
    await context.close();
  });

  it('shows the vouchers, the shop and the complete page in Japanese', async () => {
    const { context, page } = await signedInGuest(browser, base, 'ja', 375);
    await page.goto(`${base}/ja/mypage/vouchers`, { waitUntil: 'networkidle' });
    expect(await page.locator('h1').textContent()).toBe('お持ちの宿泊券');
    expect(await page.getByTestId('voucher-remaining').first().textContent()).toBe('3泊中 残り1泊');
    await hydrated(page, 'voucher-book');
    await page.getByRole('button', { name: 'この宿泊券で予約する' }).click();
    await page.getByTestId('voucher-book-submit').waitFor();
    await screenshotAtWidths(page, 'voucher-mine-ja');
    await page.goto(`${base}/ja/mypage/vouchers/shop`, { waitUntil: 'networkidle' });
    expect(await page.getByTestId('voucher-product').filter({ hasText: '風花ヴィラ' }).count()).toBe(1);
    expect(await page.getByText('抽選販売です', { exact: false }).count()).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page, '/ja/mypage/vouchers/shop');
    await screenshotAtWidths(page, 'voucher-shop-ja');
    await page.goto(`${base}/ja/dao/lending/accommodation-voucher/complete/hg-kazahana-villa`, {
      waitUntil: 'networkidle',
    });
    expect(await page.locator('h1').textContent()).toBe('宿泊券の準備ができました');
    await screenshotAtWidths(page, 'voucher-complete-ja');
    await context.close();
  });
});
