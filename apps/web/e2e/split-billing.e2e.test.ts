import type { Browser } from 'playwright-core';
import { getBooking as getBookingMethod, staffCheckinBooking } from '@yado/contract/booking.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './support/call-api';
import { expectNoSeriousA11yViolations } from './support/axe';
import {
  bookStayByApi,
  DEMO_GUEST,
  DEMO_STAFF,
  newContext,
  screenshotAtWidths,
  signedInGuest,
  signIn,
  signInByApi,
  todayInTokyo,
} from './support/guest-steps';
import { launchBrowser, startTestServer } from './support/test-server';

const DEMO_OWNER = { email: 'owner@yado.example', password: 'yado-owner-share-2026' };

/**
 * Splitting a bill: the demo guest orders an extra bed during a stay (an ADDITIONAL billing), splits
 * it in the dialog between themselves and the demo owner (a second registered user), the owner signs
 * in, finds their share under Bills to pay and pays it by card, and the guest's billing shows that
 * part paid. With YADO_SCREENSHOTS=<folder> the pages are saved at 375 px and 1280 px.
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
  guestHeaders = { authorization: `Bearer ${(await signInByApi(base, DEMO_GUEST)).idToken}` };
  staffHeaders = { authorization: `Bearer ${(await signInByApi(base, DEMO_STAFF)).idToken}` };
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('splitting a billing', () => {
  it('splits a billing in two with another user, who pays their part by card', async () => {
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
    const total = billing.totalBillingAmount;
    const mine = total - 1_000;

    await additional.getByTestId('split-billing').click();
    const dialog = page.getByTestId('split-dialog');
    await dialog.waitFor();
    const rows = dialog.getByTestId('split-row');
    await rows.nth(0).getByTestId('split-amount').fill(String(mine));
    await rows.nth(1).getByTestId('split-amount').fill('2000');
    // The live check: 1,000 yen over the total, and no way to submit.
    expect(await dialog.getByTestId('split-remaining').textContent()).toMatch(/1,000/);
    expect(await dialog.getByTestId('split-submit').isDisabled()).toBe(true);
    await rows.nth(1).getByTestId('split-amount').fill('1000');
    await rows.nth(1).getByTestId('split-payer').fill(DEMO_OWNER.email);
    await expectNoSeriousA11yViolations(page, '/mypage/bookings/:id (split dialog)');
    await screenshotAtWidths(page, 'booking-split-dialog');
    await dialog.getByTestId('split-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await additional.getByTestId('split-part').nth(1).waitFor();
    expect(await additional.getByTestId('split-part-payer').nth(1).textContent()).toMatch(/Tanaka|田中/);

    // The owner pays their part on Bills to pay.
    const owner = await newContext(browser, 'en', 375);
    const ownerPage = await owner.newPage();
    await signIn(ownerPage, base, DEMO_OWNER);
    await ownerPage.getByTestId('mypage-split-billings').click();
    await ownerPage.waitForURL(`${base}/mypage/split-billings`);
    const part = ownerPage.getByTestId('split-billing-part').filter({ hasText: billing.billingNumber });
    await part.waitFor();
    expect(await part.getByTestId('split-billing-amount').textContent()).toMatch(/1,000/);
    await expectNoSeriousA11yViolations(ownerPage, '/mypage/split-billings');
    await screenshotAtWidths(ownerPage, 'split-billings');
    await part.getByTestId('pay-now').click();
    await part.getByRole('radio', { name: /4242/ }).first().waitFor();
    await ownerPage.waitForFunction(() => document.querySelector('.pay-billing input[type=radio]:checked') !== null);
    await part.getByTestId('pay-billing').click();
    await part.getByTestId('split-billing-status').filter({ hasText: 'Paid' }).waitFor();
    await screenshotAtWidths(ownerPage, 'split-billings-paid');
    await owner.close();

    // The booker's billing shows the owner's part paid, their own still to pay.
    await page.reload({ waitUntil: 'networkidle' });
    const statuses = await additional.getByTestId('split-part-status').allTextContents();
    expect(statuses).toEqual(['Awaiting payment', 'Paid']);
    await screenshotAtWidths(page, 'booking-split-parts');
    await context.close();
  });
});
