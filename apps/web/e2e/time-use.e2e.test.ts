import type { Browser } from 'playwright-core';
import { getTimeUseAvailability, getTimeUseQuote } from '@yado/contract/time-use.contract';
import { getBooking } from '@yado/contract/booking.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, civilFromIso as civil } from '@yado/contract/civil-date';
import { expectNoSeriousA11yViolations } from './support/axe';
import { callApi } from './support/call-api';
import { DEMO_GUEST, screenshotAtWidths, signedInGuest, signInByApi, todayInTokyo, yen } from './support/guest-steps';
import { launchBrowser, startTestServer } from './support/test-server';

/**
 * Booking a TIME house group by the hour (decision 0027) against the real server and demo data: the
 * house-group page's hourly offer, the hours page (a day, a length, a free start), the price checked
 * against the API's, the hold, the card payment of the same step as a stay, and the booking with its
 * hours; the page in Japanese at a phone's width.
 *
 * With YADO_SCREENSHOTS=<folder> it also saves the pages at 375 px and 1280 px.
 */
const GROUP = 'hg-akatsuki-studio';

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

describe('booking hours', () => {
  it('chooses two free hours, pays by card and sees them in the booking', async () => {
    const date = addDays(todayInTokyo(), 3);
    const auth = await signInByApi(base, DEMO_GUEST);
    const headers = { authorization: `Bearer ${auth.idToken}` };
    const { context, page } = await signedInGuest(browser, base, 'en', 1280);

    // The house-group page offers the hours at the member price.
    await page.goto(`${base}/house-groups/${GROUP}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Book by the hour' }).waitFor();
    await expect(page.getByTestId('member-price').textContent()).resolves.toMatch(/¥[\d,]+ \/ hour/);
    await screenshotAtWidths(page, 'time-use-house-group');
    await page.getByRole('link', { name: 'Choose hours' }).click();
    await page.waitForURL((url) => url.pathname === `/mypage/bookings/hours/${GROUP}`);

    // A day and a length, then a free start: the price is the API's for the same hours.
    await page.getByLabel('Date', { exact: true }).fill(date);
    await page.getByLabel('Length', { exact: true }).selectOption('2');
    await page.getByRole('button', { name: 'Show free hours' }).click();
    await page.waitForURL((url) => url.searchParams.get('date') === date && url.searchParams.get('hours') === '2');
    await page.getByRole('link', { name: /^13:00/ }).click();
    await page.waitForURL((url) => url.searchParams.get('start') === '13');
    await expect(page.getByTestId('time-span').textContent()).resolves.toBe('13:00–15:00');
    const { quote } = await callApi(
      base,
      getTimeUseQuote,
      { houseGroupId: GROUP, date: civil(date), startHour: 13, hours: 2 },
      headers,
    );
    expect(yen(await page.getByTestId('time-total').textContent())).toBe(quote.totalAmount);
    await expectNoSeriousA11yViolations(page, '/mypage/bookings/hours/:houseGroupId');
    await screenshotAtWidths(page, 'time-use-hours');

    // Hold: the payment step of every booking, the whole amount charged now to the saved card.
    await page.getByRole('button', { name: 'Hold and continue' }).click();
    await page.waitForURL(/\/mypage\/bookings\/[^/]+\/payment$/);
    const bookingId = new URL(page.url()).pathname.split('/')[3]!;
    await page.waitForFunction(() => document.querySelector('input[type=radio]:checked') !== null);
    expect(yen(await page.getByTestId('charge-now').textContent())).toBe(quote.totalAmount);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Pay for your hours');
    await expect(page.locator('.quote-card__stay').textContent()).resolves.toContain('13:00–15:00');
    await screenshotAtWidths(page, 'time-use-payment');
    await page.getByTestId('pay-button').click();
    await page.waitForURL((url) => url.pathname === `/mypage/bookings/${bookingId}`);
    await page.getByTestId('booking-status').filter({ hasText: 'Booked' }).waitFor();
    await screenshotAtWidths(page, 'time-use-booking');

    const { booking } = await callApi(base, getBooking, { bookingId }, headers);
    expect(booking.exclusiveTimeUse).toMatchObject({ hours: 2, priceKind: 'MEMBERSHIP', start: { hours: 13 } });

    // One house of the two is now taken for those hours.
    const { availability } = await callApi(
      base,
      getTimeUseAvailability,
      { houseGroupId: GROUP, date: civil(date) },
      headers,
    );
    const before = availability.hours.find((h) => h.hour === 13)!;
    expect(before.freeHouses).toBe(availability.hours.find((h) => h.hour === 18)!.freeHouses - 1);
    await context.close();

    // In Japanese at a phone's width.
    const ja = await signedInGuest(browser, base, 'ja', 375);
    await ja.page.goto(`${base}/ja/mypage/bookings/hours/${GROUP}?date=${date}&hours=2&start=16`, {
      waitUntil: 'networkidle',
    });
    await ja.page.getByRole('heading', { name: '開始時刻' }).waitFor();
    await ja.page.getByRole('button', { name: '仮押さえして次へ' }).waitFor();
    await expectNoSeriousA11yViolations(ja.page, '/ja/mypage/bookings/hours/:houseGroupId');
    await screenshotAtWidths(ja.page, 'time-use-hours-ja');
    await ja.context.close();
  });
});
