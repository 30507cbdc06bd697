import type { Browser } from 'playwright-core';
import { getBookingQuote } from '@yado/contract/booking.contract';
import { listExtraOptions, listMeals } from '@yado/contract/meal.contract';
import { getPointBalance, staffCreatePointAction } from '@yado/contract/point.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './support/call-api';
import { expectNoSeriousA11yViolations } from './support/axe';
import { addDays, civilFromIso as civil } from '@yado/contract/civil-date';
import {
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
 * A guest's stay from end to end against the real server and demo data: the
 * house-group page's Book button, dates, a dinner and an extra bed, the live
 * quote (checked against the API's own), the hold, a card added on the
 * provider's page, the deposit paid with points and a 3-D Secure CHALLENGE
 * card through the challenge page, the booking page, My page, the invoice
 * PDF, the points page, and cancelling with its fee and refund.
 *
 * With YADO_SCREENSHOTS=<folder> it also saves the pages at 375 px and 1280 px.
 */
const GROUP = 'hg-kazahana-villa';
const CHALLENGE_CARD = '4000 0000 0000 3220';
const GRANTED_POINTS = 1_000;
const POINTS_USED = 500;

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

describe('booking a stay', () => {
  it('books with a dinner and an extra bed, pays through 3-D Secure, downloads the invoice and cancels', async () => {
    // Five days ahead: inside the cancellation-fee period, and still before the dinner's order deadline.
    const checkin = addDays(todayInTokyo(), 5);
    const checkout = addDays(checkin, 2);

    // Points to spend, granted by staff as the console would.
    const guestAuth = await signInByApi(base, DEMO_GUEST);
    const staffAuth = await signInByApi(base, DEMO_STAFF);
    const guestHeaders = { authorization: `Bearer ${guestAuth.idToken}` };
    const { balance: pointsBefore } = await callApi(base, getPointBalance, {}, guestHeaders);
    await callApi(
      base,
      staffCreatePointAction,
      { accountId: guestAuth.accountId, reason: 'CONFIRM_MANUAL', points: GRANTED_POINTS, note: 'Welcome points' },
      { authorization: `Bearer ${staffAuth.idToken}`, 'idempotency-key': `e2e-grant-${Date.now()}` },
    );

    const { context, page } = await signedInGuest(browser, base, 'en', 1280);

    // The house-group page's Book button opens the booking page with the same dates.
    await page.goto(`${base}/house-groups/${GROUP}?checkin=${checkin}&checkout=${checkout}`, {
      waitUntil: 'networkidle',
    });
    await page.getByRole('link', { name: 'Book these dates' }).click();
    await page.waitForURL((url) => url.pathname === `/mypage/bookings/new/${GROUP}`);
    expect(new URL(page.url()).searchParams.get('checkin')).toBe(checkin);
    await expect(page.locator('input#checkin').inputValue()).resolves.toBe(checkin);
    await page.getByTestId('quote-total').waitFor();

    // A kaiseki dinner for the two adults on the first night, and an extra bed.
    const dinner = page.locator('article.meal-card', { hasText: 'Seasonal kaiseki dinner' });
    await dinner.locator('fieldset.meal-date').first().getByLabel('Adults (13+)').selectOption('2');
    await page.getByLabel('How many: Extra bed (per night)').selectOption('1');
    await page.getByTestId('quote-options').waitFor();
    await page.getByTestId('quote-meals').waitFor();
    await page.waitForFunction(() => !document.querySelector('.quote-card__body--stale'));

    // The page shows exactly the API's quote for the same request.
    const meals = await callApi(base, listMeals, { houseGroupId: GROUP });
    const options = await callApi(base, listExtraOptions, { houseGroupId: GROUP });
    const kaiseki =
      meals.meals.find((m) => m.id.endsWith('kaiseki')) ?? meals.meals.find((m) => m.id.includes('dinner'));
    const bed = options.extraOptions.find((o) => o.type === 'EXTRA_BED')!;
    const { quote } = await callApi(
      base,
      getBookingQuote,
      {
        houseGroupId: GROUP,
        checkinDate: civil(checkin),
        checkoutDate: civil(checkout),
        headcount: { males: 1, females: 1, children: 0, infants: 0, largeDogs: 0, mediumDogs: 0, smallDogs: 0 },
        childrenAge: [],
        meals: kaiseki ? [{ date: civil(checkin), mealId: kaiseki.id, quantities: [{ age: 13, number: 2 }] }] : [],
        extraOptions: [{ extraOptionId: bed.id, quantity: 1 }],
        pet: null,
      },
      guestHeaders,
    );
    expect(yen(await page.getByTestId('quote-total').textContent())).toBe(quote.totalAmount);
    expect(yen(await page.getByTestId('quote-deposit').textContent())).toBe(quote.depositAmount);
    expect(yen(await page.getByTestId('quote-meals').textContent())).toBe(quote.mealAmount);
    await expect(page.getByText('Cancelling now costs a fee.').count()).resolves.toBe(1);
    await expectNoSeriousA11yViolations(page, '/mypage/bookings/new');
    await screenshotAtWidths(page, 'booking-new');

    // Hold: the payment step, with the hold's countdown.
    await page.getByTestId('hold-button').click();
    await page.waitForURL(/\/mypage\/bookings\/[^/]+\/payment$/);
    const bookingId = new URL(page.url()).pathname.split('/')[3]!;
    await page
      .getByTestId('hold-countdown')
      .getByText(/^\d+:\d\d$/)
      .waitFor();

    // A 3-D Secure CHALLENGE card, added on the provider's own card page.
    await page.getByRole('button', { name: 'Add a card' }).click();
    await saveCardOnProviderPage(page, CHALLENGE_CARD);
    await page.waitForURL((url) => url.pathname === `/mypage/bookings/${bookingId}/payment`);
    await page.getByRole('radio', { name: /3220/ }).waitFor();
    await page.waitForFunction(() =>
      (document.querySelector('input[type=radio]:checked')?.closest('div')?.textContent ?? '').includes('3220'),
    );

    await page.getByLabel('Points to use').fill(String(POINTS_USED));
    await page.getByLabel('Points to use').blur();
    expect(yen(await page.getByTestId('charge-now').textContent())).toBe(quote.depositAmount - POINTS_USED);
    await expectNoSeriousA11yViolations(page, '/mypage/bookings/:id/payment');
    await screenshotAtWidths(page, 'booking-payment');

    // Pay: the card issuer's challenge page asks for the code it shows.
    await page.getByTestId('pay-button').click();
    await page.waitForURL((url) => url.pathname.startsWith('/payment-provider/'));
    await page.getByLabel('One-time code').waitFor();
    const code = /(?<![\d,])(\d{6})(?!\d)/.exec((await page.locator('body').textContent()) ?? '')?.[1];
    expect(code).toBeTruthy();
    await page.getByLabel('One-time code').fill(code!);
    await page.getByRole('button', { name: 'Submit' }).click();

    // Back on the booking page, which finishes the payment: BOOKED.
    await page.waitForURL((url) => url.pathname === `/mypage/bookings/${bookingId}`);
    await page.getByTestId('booking-status').filter({ hasText: 'Booked' }).waitFor();
    await page.waitForURL((url) => !url.searchParams.has('bookingPayment'));
    const deposit = page.getByTestId('billing').filter({ hasText: 'Deposit' });
    await expect(deposit.getByTestId('billing-status').textContent()).resolves.toBe('Paid');
    await expect(page.getByTestId('meal-orders').textContent()).resolves.toContain('Seasonal kaiseki dinner');
    await expectNoSeriousA11yViolations(page, '/mypage/bookings/:id');
    await screenshotAtWidths(page, 'booking-page');

    // The invoice of the paid deposit: a PDF through the page's own resource route.
    const invoiceHref = (await deposit.getByTestId('invoice-link').getAttribute('href'))!;
    expect(invoiceHref).toMatch(new RegExp(`^/mypage/bookings/${bookingId}/invoices/[^/]+\\.pdf\\?lang=en$`));
    const invoice = await page.request.get(`${base}${invoiceHref}`);
    expect(invoice.status()).toBe(200);
    expect(invoice.headers()['content-type']).toBe('application/pdf');
    expect(invoice.headers()['content-disposition']).toMatch(/^attachment; filename=".+\.pdf"$/);
    expect((await invoice.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Signed out, the invoice is not given.
    const anonymous = await fetch(`${base}${invoiceHref}`, { redirect: 'manual' });
    expect(anonymous.status).toBe(302);

    // My page lists it under Upcoming.
    await page.goto(`${base}/mypage`, { waitUntil: 'networkidle' });
    // (The demo guest may have other stays; this one is found by its address.)
    const item = page.getByTestId('booking-list').locator(`a[href="/mypage/bookings/${bookingId}"]`);
    await expect(item.count()).resolves.toBe(1);
    await expect(item.textContent()).resolves.toContain('Booked');
    // The balance is on My page too, and leads to the points page.
    expect(yen(await page.getByTestId('mypage-point-balance').textContent())).toBe(
      pointsBefore + GRANTED_POINTS - POINTS_USED,
    );
    await expectNoSeriousA11yViolations(page, '/mypage');
    await screenshotAtWidths(page, 'mypage');

    // The points page: the grant and the points spent on the deposit.
    await page.getByTestId('mypage-point-balance').click();
    await page.waitForURL((url) => url.pathname === '/mypage/points');
    await page.waitForLoadState('networkidle');
    expect(yen(await page.getByTestId('point-balance').textContent())).toBe(
      pointsBefore + GRANTED_POINTS - POINTS_USED,
    );
    const ledger = (await page.getByTestId('point-ledger').textContent()) ?? '';
    expect(ledger).toContain('Granted by yado');
    expect(ledger).toContain('Used for a payment');
    await expectNoSeriousA11yViolations(page, '/mypage/points');
    await screenshotAtWidths(page, 'points');

    // Cancel: the fee and the refund first, in the dialog; then the booking is CANCELLED.
    await page.goto(`${base}/mypage/bookings/${bookingId}`, { waitUntil: 'networkidle' });
    await page.getByTestId('cancel-booking').click();
    const dialog = page.getByTestId('cancel-dialog');
    await dialog.waitFor();
    const fee = yen(await dialog.getByTestId('cancel-fee').textContent());
    const refund = yen(await dialog.getByTestId('cancel-refund').textContent());
    expect(fee).toBeGreaterThan(0);
    expect(refund).toBe(quote.depositAmount - fee);
    await screenshotAtWidths(page, 'booking-cancel-dialog');
    await dialog.getByTestId('confirm-cancel').click();
    const done = page.getByRole('alertdialog').filter({ hasText: 'The booking is cancelled' });
    await done.waitFor();
    await expect(done.textContent()).resolves.toContain(`Refund: ¥${refund.toLocaleString('en-US')}`);
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    await page.getByTestId('booking-status').filter({ hasText: 'Cancelled' }).waitFor();
    const cancellation = page.getByTestId('billing').filter({ hasText: 'Cancellation fee' });
    await expect(cancellation.count()).resolves.toBe(1);
    expect(yen(await page.getByTestId('refunded-total').textContent())).toBe(refund);
    await screenshotAtWidths(page, 'booking-cancelled');

    // And it moved to the Cancelled tab.
    await page.goto(`${base}/mypage?tab=cancelled`, { waitUntil: 'networkidle' });
    await expect(
      page.getByTestId('booking-list').locator(`a[href="/mypage/bookings/${bookingId}"]`).textContent(),
    ).resolves.toContain('Cancelled');
    await context.close();
  });

  it('shows the booking pages in Japanese', async () => {
    const { context, page } = await signedInGuest(browser, base, 'ja', 375);
    await page.getByRole('heading', { name: 'ご予約', exact: true }).waitFor();
    const checkin = addDays(todayInTokyo(), 40);
    await page.goto(`${base}/ja/mypage/bookings/new/${GROUP}?checkin=${checkin}&checkout=${addDays(checkin, 1)}`, {
      waitUntil: 'networkidle',
    });
    await page.getByTestId('quote-total').waitFor();
    expect(await page.getByTestId('quote-total').textContent()).toMatch(/^[¥￥][\d,]+$/);
    await expect(page.getByRole('button', { name: '仮押さえして次へ' }).count()).resolves.toBe(1);
    // Changed dates and guests go into the address, so a reload keeps them.
    const laterCheckout = addDays(checkin, 3);
    await page.locator('input#checkout').fill(laterCheckout);
    await page.locator('#females').selectOption('2');
    await page.waitForFunction((checkout) => {
      const q = new URLSearchParams(window.location.search);
      return q.get('checkout') === checkout && q.get('females') === '2';
    }, laterCheckout);
    await page.reload({ waitUntil: 'networkidle' });
    await expect(page.locator('input#checkout').inputValue()).resolves.toBe(laterCheckout);
    await expect(page.locator('#females').inputValue()).resolves.toBe('2');
    await screenshotAtWidths(page, 'booking-new-ja');
    await page.goto(`${base}/ja/mypage/points`, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { name: 'ポイント', level: 1 }).count()).resolves.toBe(1);
    await context.close();
  });
});
