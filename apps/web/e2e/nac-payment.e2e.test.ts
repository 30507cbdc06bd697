import type { Browser } from 'playwright-core';
import { getBooking as getBookingMethod, staffCheckinBooking } from '@yado/contract/booking.contract';
import { createNacDeposit, getCryptoBalance } from '@yado/contract/nac.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './support/call-api';
import { expectNoSeriousA11yViolations } from './support/axe';
import {
  bookStayByApi,
  DEMO_GUEST,
  DEMO_STAFF,
  screenshotAtWidths,
  signedInGuest,
  signInByApi,
  todayInTokyo,
  yen,
} from './support/guest-steps';
import { launchBrowser, startTestServer } from './support/test-server';

/**
 * Paying a billing half in NAC and half by card, against the real server with its test-mode exchange
 * and card processor: the demo guest deposits NAC from the exchange, orders an extra bed during a
 * stay (an ADDITIONAL billing), chooses to pay half of it in NAC, sees the live quote (NAC, rate, the
 * yen it covers, until when it holds) and the card's part, pays, and finds the NAC on the billing
 * and gone from the wallet. With YADO_SCREENSHOTS=<folder> the pages are saved at 375 px and 1280 px.
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let base: string;
let guestHeaders: Record<string, string>;
let staffHeaders: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  base = server.baseUrl;
  const guest = await signInByApi(base, DEMO_GUEST);
  const staff = await signInByApi(base, DEMO_STAFF);
  guestHeaders = { authorization: `Bearer ${guest.idToken}` };
  staffHeaders = { authorization: `Bearer ${staff.idToken}` };
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const nacBalance = async () => Number((await callApi(base, getCryptoBalance, {}, guestHeaders)).balance);

describe('paying a billing in NAC', () => {
  it('pays half of a billing in NAC at a live quote and the other half by card', async () => {
    await callApi(
      base,
      createNacDeposit,
      { nacAmount: '500' },
      { ...guestHeaders, 'idempotency-key': `e2e-nac-deposit-${Date.now()}` },
    );
    await expect.poll(nacBalance, { timeout: 20_000 }).toBeGreaterThanOrEqual(500);
    const before = await nacBalance();

    const bookingId = await bookStayByApi(base, guestHeaders, 'hg-kazahana-villa', todayInTokyo(), 1);
    await callApi(base, staffCheckinBooking, { bookingId }, staffHeaders);
    const { page, context } = await signedInGuest(browser, base, 'en', 1280);
    await page.goto(`${base}/mypage/bookings/${bookingId}`, { waitUntil: 'networkidle' });
    await page.getByLabel('How many: Extra bed (per night)').selectOption('1');
    await page.getByTestId('order-options').click();
    await page.getByTestId('options-ordered').waitFor();
    const additional = page.getByTestId('billing').filter({ hasText: 'Additional' });
    await additional.waitFor();
    const billing = (await callApi(base, getBookingMethod, { bookingId }, guestHeaders)).booking.billingWithDetails
      .map((x) => x.billing)
      .find((x) => x.billingType === 'ADDITIONAL')!;
    const half = Math.floor(billing.totalBillingAmount / 2);

    await additional.getByTestId('pay-now').click();
    await additional.getByRole('radio', { name: /4242/ }).waitFor();
    await page.waitForFunction(() => document.querySelector('.pay-billing input[type=radio]:checked') !== null);
    await additional.getByTestId('pay-nac').waitFor();
    await additional.getByLabel('Pay in NAC (yen)').fill(String(half));
    await additional.getByTestId('nac-quote').waitFor();
    expect(yen(await additional.getByTestId('nac-card-rest').textContent())).toBe(billing.totalBillingAmount - half);
    expect(await additional.getByTestId('nac-quote-amount').textContent()).toMatch(/^[\d,]+(\.\d+)? NAC$/);
    expect(await additional.getByTestId('nac-quote-expiry').textContent()).toMatch(/This rate holds until/);
    await expectNoSeriousA11yViolations(page, '/mypage/bookings/:id (pay in NAC)');
    await screenshotAtWidths(page, 'booking-pay-nac');

    await additional.getByTestId('pay-billing').click();
    await additional.getByTestId('billing-status').filter({ hasText: 'Paid' }).waitFor();
    await additional.getByTestId('billing-nac').waitFor();

    const paid = (await callApi(base, getBookingMethod, { bookingId }, guestHeaders)).booking.billingWithDetails.find(
      (x) => x.billing.billingId === billing.billingId,
    )!.billing;
    expect(paid).toMatchObject({
      billingStatus: 'PAID',
      nacPaymentAmountInJpy: half,
      fiatJpyPaymentAmount: billing.totalBillingAmount - half,
    });
    expect(paid.nacPaidAt).not.toBeNull();
    expect(await nacBalance()).toBeCloseTo(before - Number(paid.nacPaymentAmount), 8);
    await screenshotAtWidths(page, 'booking-paid-nac');
    await context.close();

    // The paid billing in Japanese, NAC line included.
    const ja = await signedInGuest(browser, base, 'ja', 375);
    await ja.page.goto(`${base}/ja/mypage/bookings/${bookingId}`, { waitUntil: 'networkidle' });
    const jaBilling = ja.page.getByTestId('billing').filter({ hasText: '追加' });
    expect(await jaBilling.getByTestId('billing-nac').textContent()).toMatch(/NACでお支払い/);
    await screenshotAtWidths(ja.page, 'booking-paid-nac-ja');
    await ja.context.close();
  });
});
