import { submitGuestRegister } from '@yado/contract/booking.contract';
import { addDays } from '@yado/contract/civil-date';
import { getDoNotDisturb, listKeys, listSharedKeys } from '@yado/contract/stay.contract';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { callApi } from './support/call-api';
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
import { hydrated } from './support/hydration';

/**
 * The key of a stay, against the real server and demo data: the demo guest books a stay from
 * tomorrow through the API and completes its guest register (the booking is READY_TO_CHECKIN at
 * once, the day before check-in), opens the stay's page, where the key is issued and shown as valid
 * from the check-in time; shares it with the demo owner's account; the check-in time comes; unlocks
 * and locks the door through the simulated smart lock, seeing the state the lock reports; and sets
 * do-not-disturb, which staff see on the cleaning schedule. With YADO_SCREENSHOTS=<folder> the
 * pages are saved at 375 px and 1280 px.
 *
 * The server runs on the real clock; "the check-in time comes" moves the key's own validity in the
 * database to now instead, which the API meets as it would meet the real time arriving.
 */
const GROUP = 'hg-kazahana-villa';
const DEMO_OWNER = { email: 'owner@yado.example', password: 'yado-owner-share-2026' };
const COMPANION = DEMO_OWNER.email;

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let base: string;
let guestHeaders: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  base = server.baseUrl;
  guestHeaders = { authorization: `Bearer ${(await signInByApi(base, DEMO_GUEST)).idToken}` };
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the key of a stay', () => {
  it('issued for tomorrow’s stay, shared with a companion, unlocks and locks the door, do-not-disturb set', async () => {
    const tomorrow = addDays(todayInTokyo(), 1);
    const bookingId = await bookStayByApi(base, guestHeaders, GROUP, tomorrow, 2);
    await callApi(
      base,
      submitGuestRegister,
      {
        bookingId,
        guests: [1, 2].map((n) => ({
          fullName: `Yamada ${n}`,
          address: { countryCode: 'JP', city: 'Tokyo' },
          emailAddress: `yamada${n}@example.com`,
          nationalityCountryCode: 'JP',
        })),
      },
      guestHeaders,
    );

    // The stay's page: the key is issued and valid from check-in time tomorrow.
    const { context, page } = await signedInGuest(browser, base, 'en', 1280);
    await page.goto(`${base}/mypage/bookings/${bookingId}`, { waitUntil: 'networkidle' });
    const key = page.getByTestId('stay-key');
    await key.waitFor();
    expect(await key.getAttribute('data-status')).toBe('NOT_YET_VALID');
    expect(await page.getByTestId('stay-key-validity').textContent()).toContain('15:00');
    expect(await page.getByTestId('stay-key-status').textContent()).toBe('From check-in time');

    // Shared with the owner's account; the share is listed, and the owner holds the key.
    await hydrated(page, 'share-submit');
    await page.getByLabel("Companion's email address").fill(COMPANION);
    await page.getByTestId('share-submit').click();
    await expect.poll(() => page.getByTestId('key-share').count()).toBe(1);
    expect(await page.getByTestId('key-share').textContent()).toContain(COMPANION);
    const { keys } = await callApi(base, listKeys, { bookingId }, guestHeaders);
    const keyId = keys[0]!.keyId;
    const ownerHeaders = { authorization: `Bearer ${(await signInByApi(base, DEMO_OWNER)).idToken}` };
    const theirs = await callApi(base, listKeys, {}, ownerHeaders);
    expect(theirs.keys.map((k) => [k.keyId, k.holder])).toEqual([[keyId, 'SHARE']]);
    expect((await callApi(base, listSharedKeys, { keyId }, guestHeaders)).sharedKeys).toHaveLength(1);
    await screenshotAtWidths(page, 'stay-key-before-checkin');

    // The check-in time comes (see above).
    const db = new pg.Client({ connectionString: server.databaseUrl });
    await db.connect();
    await db.query(
      `UPDATE stay_keys SET valid_from = now() - interval '1 minute', valid_until = now() + interval '2 days' WHERE id = $1`,
      [keyId],
    );
    await db.end();
    await page.reload({ waitUntil: 'networkidle' });
    await key.waitFor();
    expect(await key.getAttribute('data-status')).toBe('VALID');
    await expect.poll(() => page.getByTestId('door-state').textContent()).toBe('Locked');
    expect(await page.getByTestId('door-battery').textContent()).toMatch(/Battery \d+ %/);

    // Unlock and lock: the page says what the lock reports.
    await hydrated(page, 'door-unlock');
    await page.getByTestId('door-unlock').click();
    await expect.poll(() => page.getByTestId('door-state').textContent(), { timeout: 10_000 }).toBe('Unlocked');
    expect(await page.getByTestId('door-outcome').textContent()).toBe('The lock reports the door unlocked.');
    await page.getByTestId('door-lock').click();
    await expect.poll(() => page.getByTestId('door-state').textContent(), { timeout: 10_000 }).toBe('Locked');
    expect(await page.getByTestId('door-outcome').textContent()).toBe('The lock reports the door locked.');

    // Do not disturb.
    await hydrated(page, 'dnd-toggle');
    await page.getByTestId('dnd-toggle').click();
    await expect
      .poll(() => page.getByTestId('dnd-state').textContent())
      .toBe('Housekeeping will not enter until you turn this off.');
    expect((await callApi(base, getDoNotDisturb, { bookingId }, guestHeaders)).doNotDisturb.enabled).toBe(true);
    await expect.poll(() => page.getByTestId('smarthome').count()).toBe(1);
    await expectNoSeriousA11yViolations(page, 'stay key');
    await screenshotAtWidths(page, 'stay-key');

    // The same section in Japanese.
    await page.goto(`${base}/ja/mypage/bookings/${bookingId}`, { waitUntil: 'networkidle' });
    await page.getByTestId('stay-key').waitFor();
    expect(await page.getByTestId('stay-key-status').textContent()).toBe('有効');
    await expect.poll(() => page.getByTestId('door-state').textContent()).toBe('施錠中');
    await screenshotAtWidths(page, 'stay-key-ja');
    await context.close();

    // The companion finds the shared key on their keys page (from My page) and opens the door with it.
    const ownerContext = await newContext(browser, 'en', 375);
    const owner = await ownerContext.newPage();
    await signIn(owner, base, DEMO_OWNER, { redirectUrl: '/mypage' });
    await owner.getByTestId('mypage-keys').click();
    await owner.waitForURL(`${base}/mypage/keys`);
    const shared = owner.getByTestId('stay-key');
    await shared.waitFor();
    expect(await shared.getAttribute('data-status')).toBe('VALID');
    expect(await owner.getByTestId('share-submit').count()).toBe(0);
    await expect.poll(() => owner.getByTestId('door-state').textContent()).toBe('Locked');
    await hydrated(owner, 'door-unlock');
    await owner.getByTestId('door-unlock').click();
    await expect.poll(() => owner.getByTestId('door-state').textContent(), { timeout: 10_000 }).toBe('Unlocked');
    await screenshotAtWidths(owner, 'stay-keys-companion');
    await ownerContext.close();

    // Staff see the do-not-disturb on tomorrow's cleaning schedule.
    const staffContext = await newContext(browser, 'en', 1280);
    const staff = await staffContext.newPage();
    await signIn(staff, base, DEMO_STAFF, { redirectUrl: '/staff' });
    await staff.goto(`${base}/staff/housekeeping?date=${tomorrow}&houseGroup=${GROUP}`, { waitUntil: 'networkidle' });
    const row = staff.locator(`[data-testid="housekeeping-row"][data-booking-id="${bookingId}"]`);
    await row.waitFor();
    expect(await row.getByTestId('housekeeping-dnd').textContent()).toBe('Do not disturb');
    await screenshotAtWidths(staff, 'staff-housekeeping');
    // And on the front desk's arrivals of that day.
    await staff.goto(`${base}/staff/bookings?date=${tomorrow}&view=ARRIVALS&houseGroup=${GROUP}`, {
      waitUntil: 'networkidle',
    });
    const card = staff.locator(`[data-testid="booking-row"][data-booking-id="${bookingId}"]`);
    expect(await card.getByTestId('booking-dnd').textContent()).toBe('Do not disturb');

    // Staff set a house's key box code and instructions on the door settings page.
    await staff.goto(`${base}/staff/doors?houseGroup=${GROUP}`, { waitUntil: 'networkidle' });
    const house = staff.getByTestId('house-access').first();
    await house.waitFor();
    await hydrated(staff, 'house-access');
    await house.getByLabel('Key box code').fill('2468');
    await house.getByLabel('Instructions (English)').fill('The key box is on the left of the entrance.');
    await house.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => house.getByRole('status').textContent()).toBe('Saved.');
    await expectNoSeriousA11yViolations(staff, 'door settings');
    await screenshotAtWidths(staff, 'staff-doors');
    await staffContext.close();
  });
});
