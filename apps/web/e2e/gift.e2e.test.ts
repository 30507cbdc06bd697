import { mkdir } from 'node:fs/promises';
import { addDays } from '@yado/contract/civil-date';
import { getGift, listSentGifts } from '@yado/contract/gift.contract';
import { getBooking } from '@yado/contract/booking.contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { callApi } from './support/call-api';
import { newContext, screenshotAtWidths, signIn, signInByApi, todayInTokyo } from './support/guest-steps';
import { fromNewestMessage } from './support/outbox';
import { launchBrowser, startTestServer } from './support/test-server';

/**
 * The demo owner gives two dated nights at Kazahana Villa from the owner area and copies the link;
 * a second person opens it signed out, sees only the house group and the nights, creates an account
 * (with the emailed code), comes back to the gift, chooses a dinner and accepts; the stay is then
 * theirs, and the owner's Gifts page shows the gift accepted. With YADO_SCREENSHOTS=<folder> the
 * owner's page and the recipient's are saved at 375 and 1280 px.
 */
const DEMO_OWNER = { email: 'owner@yado.example', password: 'yado-owner-share-2026' };

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  if (process.env['YADO_SCREENSHOTS']) await mkdir(process.env['YADO_SCREENSHOTS'], { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function registerOnThePage(page: Page, email: string) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('quiet-cedar-lantern-2048');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Tell us about yourself' }).waitFor();
  await page.getByLabel('Last name', { exact: true }).fill('Mori');
  await page.getByLabel('First name', { exact: true }).fill('Aya');
  await page.getByLabel('Last name (Latin letters)').fill('Mori');
  await page.getByLabel('First name (Latin letters)').fill('Aya');
  await page.getByLabel('Nationality').selectOption('JP');
  await page.getByLabel('Phone number').fill('090-2222-3333');
  await page.getByLabel('City').fill('Nagano');
  await page.getByLabel('Occupation').selectOption({ label: 'Company employee' });
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
  const code = (await fromNewestMessage(server.baseUrl, email, /\b(\d{6})\b/))[1]!;
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify email address' }).click();
  await page.getByRole('alertdialog', { name: 'Registration complete' }).getByRole('button', { name: 'OK' }).click();
}

describe('giving dated nights', () => {
  it('the owner gives them, a new person registers from the link, chooses dinner and accepts', async () => {
    const base = server.baseUrl;
    const ownerContext = await newContext(browser, 'en', 1280);
    const owner = await ownerContext.newPage();
    await signIn(owner, base, DEMO_OWNER);

    // The owner gives two nights about three months ahead (clear of the demo stays).
    await owner.goto(`${base}/owner/gifts`, { waitUntil: 'networkidle' });
    await owner.getByTestId('owner-gift-give').click();
    await owner.getByRole('heading', { name: 'Give nights', level: 1 }).waitFor();
    await owner.getByLabel('What to give').selectOption('DATED_SLOTS_GIFT_USE');
    await owner.getByLabel('House').selectOption({ label: 'Kazahana Villa' });
    const checkin = addDays(todayInTokyo(), 95);
    await owner.getByTestId('owner-gift-checkin').fill(checkin);
    await owner.getByTestId('owner-gift-checkout').fill(addDays(checkin, 2));
    await owner.getByLabel('Message to your guest').fill('Enjoy the lake!');
    await expectNoSeriousA11yViolations(owner, 'owner gift form');
    await screenshotAtWidths(owner, 'owner-gift-new');
    await owner.getByTestId('owner-gift-create').click();
    await owner.waitForURL((url) => url.pathname === '/owner/gifts' && url.searchParams.has('new'));
    const card = owner.locator('[data-testid="owner-gift"][data-status="OPEN"]').first();
    const link = await card.getByTestId('owner-gift-link').inputValue();
    expect(link).toMatch(/\/gift\/[A-Za-z0-9_-]{40,}$/);
    expect(await card.locator('img.gift-share__qr').getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    await expectNoSeriousA11yViolations(owner, 'owner gifts');
    await screenshotAtWidths(owner, 'owner-gifts-open');

    // The recipient opens the link signed out: the house group and the nights, no sender.
    const recipientContext = await newContext(browser, 'en', 375);
    const page = await recipientContext.newPage();
    const path = new URL(link).pathname;
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'You have received nights at Kazahana Villa' }).waitFor();
    expect(await page.getByTestId('gift-sender').count()).toBe(0);
    await screenshotAtWidths(page, 'gift-signed-out');

    await page.getByRole('link', { name: 'Create an account' }).click();
    const email = `gift-${Date.now()}@example.com`;
    await registerOnThePage(page, email);
    await page.waitForURL(`${base}${path}`);
    await page.getByRole('heading', { name: /gives you nights at Kazahana Villa/ }).waitFor();
    expect(await page.getByTestId('gift-sender').innerText()).toBe('Tanaka');
    await page.getByLabel('Adults').selectOption('2');
    await page.getByTestId('gift-dinner').first().selectOption({ index: 1 });
    await expectNoSeriousA11yViolations(page, 'gift page');
    await screenshotAtWidths(page, 'gift-choose');
    await page.getByTestId('gift-accept').click();
    await page.getByTestId('gift-accepted').waitFor();
    await page.getByRole('heading', { name: 'The stay is yours' }).waitFor();
    await screenshotAtWidths(page, 'gift-accepted');

    // The booking is the recipient's, with the dinner ordered in their name.
    await page.getByRole('link', { name: 'Go to your booking' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/mypage/bookings/'));
    const bookingId = new URL(page.url()).pathname.split('/').pop()!;
    const recipient = await signInByApi(base, { email, password: 'quiet-cedar-lantern-2048' });
    const { booking } = await callApi(base, getBooking, { bookingId }, recipient.idToken);
    expect(booking).toMatchObject({ bookingStatus: 'BOOKED', bookingType: 'DATED_SLOTS_GIFT_USE' });
    expect(booking.user.lastName).toBe('Mori');
    expect(booking.quote.mealAmount).toBeGreaterThan(0);
    const token = decodeURIComponent(path.split('/').pop()!);
    expect((await callApi(base, getGift, { giftToken: token }, recipient.idToken)).gift.acceptedByCaller).toBe(true);

    // My page lists the gift received.
    await page.goto(`${base}/mypage`, { waitUntil: 'networkidle' });
    await page.getByTestId('received-gift').first().waitFor();

    // The owner sees it accepted, by the recipient.
    await owner.goto(`${base}/owner/gifts`, { waitUntil: 'networkidle' });
    const accepted = owner.locator('[data-testid="owner-gift"][data-status="ACCEPTED"]');
    await accepted.first().waitFor();
    expect(await accepted.first().innerText()).toContain('Mori');
    const ownerToken = (await signInByApi(base, DEMO_OWNER)).idToken;
    const { gifts } = await callApi(base, listSentGifts, {}, ownerToken);
    expect(gifts.find((g) => g.bookingId === bookingId)).toMatchObject({ status: 'ACCEPTED' });
    await screenshotAtWidths(owner, 'owner-gifts-accepted');

    // The same pages in Japanese.
    await owner.goto(`${base}/ja/owner/gifts`, { waitUntil: 'networkidle' });
    await owner.getByRole('heading', { name: 'ギフト', level: 1 }).waitFor();
    await screenshotAtWidths(owner, 'owner-gifts-ja');
    await recipientContext.close();
    await ownerContext.close();
  });
});
