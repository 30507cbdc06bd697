import { ERROR_CATALOGUE } from '@yado/contract/error-catalogue';
import type { Browser } from 'playwright-core';
import { getBooking as getBookingMethod, staffCheckinBooking } from '@yado/contract/booking.contract';
import { getPointBalance, staffCreatePointAction } from '@yado/contract/point.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './support/call-api';
import { expectNoSeriousA11yViolations } from './support/axe';
import { addDays } from '@yado/contract/civil-date';
import {
  bookStayByApi,
  DEMO_GUEST,
  DEMO_STAFF,
  saveCardOnProviderPage,
  screenshotAtWidths,
  signedInGuest,
  signInByApi,
  todayInTokyo,
  yen,
} from './support/guest-steps';
import { launchBrowser, startTestServer } from './support/test-server';

/**
 * Changing a booked stay from its booking page, against the real server and
 * demo data: a breakfast ordered after booking and cancelled again, the
 * guests changed (the estimate shown first, the API's new total after), a
 * refused change with the API's own message, an order during the stay billed
 * on its own and paid with points, and the card issuer's 3-D Secure page in
 * Japanese from a Japanese page.
 *
 * Stays are booked and checked in through the API (the demo guest has a saved
 * frictionless card); everything the guest does is done in the browser.
 * With YADO_SCREENSHOTS=<folder> it also saves the pages at 375 px and 1280 px.
 */
const GROUP = 'hg-kazahana-villa';
const CHALLENGE_CARD = '4000 0000 0000 3220';

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let base: string;
let guestHeaders: Record<string, string>;
let staffHeaders: Record<string, string>;
let guestAccountId: string;

/** The booking's confirmed meal orders (the meals list also holds unconfirmed ones). */
const mealOrdersOf = (booking: Awaited<ReturnType<typeof getBooking>>) =>
  booking.meals.flatMap((m) => (m.type === 'MEAL_ORDER' ? [m.mealOrder] : []));
const getBooking = async (bookingId: string) =>
  (await callApi(base, getBookingMethod, { bookingId }, guestHeaders)).booking;

/** A BOOKED stay of two adults, paid with the demo guest's saved card; checked in too when it starts today. */
async function bookStay(houseGroupId: string, checkin: string, nights: number, checkIn = false): Promise<string> {
  const bookingId = await bookStayByApi(base, guestHeaders, houseGroupId, checkin, nights);
  if (checkIn) await callApi(base, staffCheckinBooking, { bookingId }, staffHeaders);
  return bookingId;
}

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  base = server.baseUrl;
  const guest = await signInByApi(base, DEMO_GUEST);
  const staff = await signInByApi(base, DEMO_STAFF);
  guestHeaders = { authorization: `Bearer ${guest.idToken}` };
  staffHeaders = { authorization: `Bearer ${staff.idToken}` };
  guestAccountId = guest.accountId;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('changing a booked stay', () => {
  it('orders a breakfast after booking, changes the guests, is refused too many, and cancels the order', async () => {
    const checkin = addDays(todayInTokyo(), 10);
    const bookingId = await bookStay(GROUP, checkin, 2);
    const before = await getBooking(bookingId);
    const { page, context } = await signedInGuest(browser, base, 'en', 1280);
    await page.goto(`${base}/mypage/bookings/${bookingId}`, { waitUntil: 'networkidle' });

    // Breakfast for two adults on the first morning, with its order deadline shown.
    const orders = page.getByTestId('order-more');
    const breakfast = orders.locator('article.meal-card', { hasText: 'Japanese breakfast' });
    const firstMorning = breakfast.locator('fieldset.meal-date').first();
    await expect(firstMorning.textContent()).resolves.toMatch(/Order or cancel by .+ 17:00/);
    await firstMorning.getByLabel('Adults (13+)').selectOption('2');
    await orders.getByTestId('meals-estimate').waitFor();
    await orders.getByTestId('order-meals').click();
    await orders.getByTestId('meals-ordered').waitFor();
    await page.getByTestId('meal-orders').getByText('Japanese breakfast').waitFor();

    // The API has the order, and the booking's total grew by what the page now shows.
    const ordered = await getBooking(bookingId);
    const order = mealOrdersOf(ordered).find((o) => o.meal.name === 'Japanese breakfast');
    expect(order?.status).toBe('ORDERED');
    expect(ordered.quote.mealAmount).toBeGreaterThan(before.quote.mealAmount);
    expect(ordered.totalAmount).toBeGreaterThan(before.totalAmount);
    await page.waitForFunction(
      (total) => document.querySelector('[data-testid=booking-total]')?.textContent?.replace(/[^0-9]/g, '') === total,
      String(ordered.totalAmount),
    );
    await expectNoSeriousA11yViolations(page, '/mypage/bookings/:id (orders)');
    await screenshotAtWidths(page, 'booking-orders');

    // Five guests (one above the house's base capacity): the estimate first, then the API's own total.
    await page.getByTestId('change-guests-open').click();
    await page.locator('#change-males').selectOption('2');
    await page.locator('#change-females').selectOption('3');
    await page.getByTestId('guests-new-total').waitFor();
    const estimate = yen(await page.getByTestId('guests-new-total').textContent());
    expect(estimate).toBeGreaterThan(ordered.totalAmount);
    await expectNoSeriousA11yViolations(page, '/mypage/bookings/:id (change guests)');
    await screenshotAtWidths(page, 'booking-change-guests');
    await page.getByTestId('change-guests-confirm').click();
    await page.getByTestId('guests-done').waitFor();
    const changed = await getBooking(bookingId);
    expect(changed.bookingHeadcount).toMatchObject({ males: 2, females: 3 });
    expect(changed.totalAmount).toBeGreaterThan(ordered.totalAmount);
    expect(estimate).toBe(changed.totalAmount);
    await expect(page.getByTestId('guests-done').textContent()).resolves.toContain(
      `¥${changed.totalAmount.toLocaleString('en-US')}`,
    );

    // More guests than the house takes: the API refuses, and its own message is shown.
    await page.getByTestId('change-guests-open').click();
    await page.locator('#change-males').selectOption('6');
    await page.locator('#change-females').selectOption('6');
    await page.getByTestId('change-guests-confirm').click();
    await expect(page.getByTestId('guests-error').textContent()).resolves.toContain(
      ERROR_CATALOGUE.CodeHeadcountNotAllowed.en,
    );
    expect((await getBooking(bookingId)).bookingHeadcount).toMatchObject({ males: 2, females: 3 });
    await page.getByRole('button', { name: 'Close', exact: true }).click();

    // The breakfast is cancelled again while its deadline allows it.
    const row = page.getByTestId('meal-orders').locator('li', { hasText: 'Japanese breakfast' });
    await expect(row.textContent()).resolves.toContain('Can be cancelled until');
    await row.getByTestId('cancel-meal-order').click();
    await row.getByTestId('confirm-cancel-meal').click();
    await row.getByText('Cancelled', { exact: true }).waitFor();
    const cancelled = await getBooking(bookingId);
    expect(mealOrdersOf(cancelled).find((o) => o.id === order!.id)?.status).toBe('CANCELLED');
    expect(cancelled.totalAmount).toBeLessThan(changed.totalAmount);
    await context.close();
  });

  it('bills an order during the stay on its own and pays it with points', async () => {
    const bookingId = await bookStay(GROUP, todayInTokyo(), 2, true);
    await callApi(
      base,
      staffCreatePointAction,
      { accountId: guestAccountId, reason: 'CONFIRM_MANUAL', points: 1_000, note: 'Welcome points' },
      { ...staffHeaders, 'idempotency-key': `e2e-grant-${Date.now()}` },
    );
    const { balance } = await callApi(base, getPointBalance, {}, guestHeaders);
    const { page, context } = await signedInGuest(browser, base, 'en', 375);
    await page.goto(`${base}/mypage/bookings/${bookingId}`, { waitUntil: 'networkidle' });
    await page.getByTestId('booking-status').filter({ hasText: 'Staying' }).waitFor();

    // An extra bed ordered while staying becomes an ADDITIONAL billing with "Pay now".
    await page.getByLabel('How many: Extra bed (per night)').selectOption('1');
    await page.getByTestId('order-options').click();
    await page.getByTestId('options-ordered').waitFor();
    const additional = page.getByTestId('billing').filter({ hasText: 'Additional' });
    await additional.waitFor();
    const billing = (await getBooking(bookingId)).billingWithDetails
      .map((x) => x.billing)
      .find((x) => x.billingType === 'ADDITIONAL')!;
    expect(billing.billingStatus).toBe('REQUESTED');

    // Pay it with 500 points and the saved card.
    await additional.getByTestId('pay-now').click();
    await additional.getByRole('radio', { name: /4242/ }).waitFor();
    await page.waitForFunction(() => document.querySelector('.pay-billing input[type=radio]:checked') !== null);
    await additional.getByLabel('Points to use').fill('500');
    await additional.getByLabel('Points to use').blur();
    expect(yen(await additional.getByTestId('billing-charge-now').textContent())).toBe(
      billing.totalBillingAmount - 500,
    );
    await expectNoSeriousA11yViolations(page, '/mypage/bookings/:id (pay with points)');
    await screenshotAtWidths(page, 'booking-pay-additional');
    await additional.getByTestId('pay-billing').click();
    await additional.getByTestId('billing-status').filter({ hasText: 'Paid' }).waitFor();

    const paid = (await getBooking(bookingId)).billingWithDetails.find(
      (x) => x.billing.billingId === billing.billingId,
    )!;
    expect(paid.billing.billingStatus).toBe('PAID');
    expect(paid.billing.pointPaymentAmount).toBe(500);
    await expect(callApi(base, getPointBalance, {}, guestHeaders)).resolves.toMatchObject({ balance: balance - 500 });
    await context.close();
  });

  it('opens the card issuer’s 3-D Secure page in Japanese from a Japanese page', async () => {
    const bookingId = await bookStay('hg-hoshizora-partner', todayInTokyo(), 1, true);
    const { page, context } = await signedInGuest(browser, base, 'ja', 375);
    await page.goto(`${base}/ja/mypage/bookings/${bookingId}`, { waitUntil: 'networkidle' });
    await page.getByTestId('order-options').waitFor();
    await page.getByLabel('数量：エキストラベッド（1泊あたり）').selectOption('1');
    await page.getByTestId('order-options').click();
    await page.getByTestId('options-ordered').waitFor();
    const additional = page.getByTestId('billing').filter({ hasText: '追加' });
    await additional.getByTestId('pay-now').click();

    // A 3-D Secure CHALLENGE card, added on the provider's card page (in Japanese).
    await additional.getByRole('button', { name: 'カードを追加' }).click();
    await saveCardOnProviderPage(page, CHALLENGE_CARD, 'ja');
    await page.waitForURL((url) => url.pathname === `/ja/mypage/bookings/${bookingId}`);
    const again = page.getByTestId('billing').filter({ hasText: '追加' });
    await again.getByRole('radio', { name: /3220/ }).check();
    await again.getByTestId('pay-billing').click();

    // The challenge page opens with the page's language and speaks Japanese.
    await page.waitForURL((url) => url.pathname.startsWith('/payment-provider/challenges/'));
    expect(new URL(page.url()).searchParams.get('lang')).toBe('ja');
    await page.getByRole('heading', { name: '3Dセキュア：ご本人確認' }).waitFor();
    await page.getByLabel('ワンタイムコード').fill('123456');
    await page.getByRole('button', { name: '送信' }).click();
    // Back on the Japanese booking page, which finishes the payment.
    await page.waitForURL((url) => url.pathname === `/ja/mypage/bookings/${bookingId}`);
    await page.waitForURL((url) => !url.searchParams.has('billingPayment'));
    await page
      .getByTestId('billing')
      .filter({ hasText: '追加' })
      .getByTestId('billing-status')
      .filter({ hasText: '支払い済み' })
      .waitFor();
    await context.close();
  });
});
