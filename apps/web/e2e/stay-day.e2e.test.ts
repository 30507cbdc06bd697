import { getBooking, submitGuestRegister } from '@yado/contract/booking.contract';
import { addDays } from '@yado/contract/civil-date';
import { getDoNotDisturb, listKeys } from '@yado/contract/stay.contract';
import { getStayPass } from '@yado/contract/stay-pass.contract';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { callApi } from './support/call-api';
import {
  bookStayByApi,
  DEMO_GUEST,
  DEMO_STAFF,
  newContext,
  screenshotAtWidths,
  signIn,
  signInByApi,
  todayInTokyo,
} from './support/guest-steps';
import { startNetworkSwitch } from './support/network-switch';
import { launchBrowser, startTestServer } from './support/test-server';
import { hydrated } from './support/hydration';

/**
 * The day before a stay, end to end, against the real server and demo data, in English. The demo
 * guest, on a phone, has a stay from tomorrow (booked and its guest register completed through the
 * API, so it is READY_TO_CHECKIN) and opens its page: the key is issued and shown as valid from the
 * check-in time. They share it with the demo owner's account (a companion); the check-in time comes;
 * they unlock and lock the door and see what the simulated lock reports; they ask the house team a
 * question in the booking's chat while staff, in a second browser context, answer from the inbox,
 * and the answer arrives on the guest's page without a reload; they set do-not-disturb, which staff
 * see on the housekeeping page. Then the guest's connection drops (the browser context goes offline
 * and the relay in front of the server cuts every connection, for the page and the service worker
 * alike) and the stay pass still shows the stay's essentials and when they were last updated.
 *
 * The server runs on the real clock; "the check-in time comes" moves the key's own validity in the
 * database to now instead, which the API meets as it would meet the real time arriving. With
 * YADO_SCREENSHOTS=<folder> the key steps are saved at 375 px and 1280 px.
 */
const GROUP = 'hg-kazahana-villa';
const DEMO_OWNER = { email: 'owner@yado.example', password: 'yado-owner-share-2026' };

let server: Awaited<ReturnType<typeof startTestServer>>;
let network: Awaited<ReturnType<typeof startNetworkSwitch>>;
let browser: Browser;
/** The guest's way to the server, through the relay whose connection can be cut. */
let base: string;
let guestHeaders: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  network = await startNetworkSwitch(Number(new URL(server.baseUrl).port));
  base = network.baseUrl;
  browser = await launchBrowser();
  guestHeaders = { authorization: `Bearer ${(await signInByApi(server.baseUrl, DEMO_GUEST)).idToken}` };
});

afterAll(async () => {
  await browser?.close();
  await network?.close();
  await server?.stop();
});

/** Waits for a page's live state (the chat connects a few seconds after the page settles; the lock answers late). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

/** The bubble of a message in a chat thread on the page, by its text. */
const bubble = (page: Page, text: string) => page.locator('.chat-bubble', { hasText: text });

/** Waits until this device holds the booking's pass and the service worker has kept the stay-pass page. */
async function passStoredOnDevice(page: Page, bookingId: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async (id) => {
          if (!(await caches.has('yado-pages-stay-passes'))) return 'no cache';
          const urls = (await (await caches.open('yado-pages-stay-passes')).keys()).map((r) => new URL(r.url).pathname);
          if (!urls.includes(`/__stay-pass/${id}`)) return `no pass in ${urls.join(', ')}`;
          return urls.includes('/mypage/stay-pass') ? 'stored' : `no page in ${urls.join(', ')}`;
        }, bookingId),
      { timeout: 30_000, interval: 250 },
    )
    .toBe('stored');
}

/** `HH:mm` on the houses' clock (Tokyo) for each minute from `from` to `to`, as the pass shows times. */
function tokyoMinutes(from: number, to: number): string[] {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Tokyo',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const minutes: string[] = [];
  for (let t = from - 60_000; t <= to + 60_000; t += 60_000) minutes.push(format.format(new Date(t)));
  return minutes;
}

describe('the day before a stay', () => {
  it('key seen and shared, door unlocked and locked, staff answer live, do-not-disturb set, pass offline', async () => {
    const tomorrow = addDays(todayInTokyo(), 1);
    const bookingId = await bookStayByApi(server.baseUrl, guestHeaders, GROUP, tomorrow, 2);
    await callApi(
      server.baseUrl,
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
    const { booking } = await callApi(server.baseUrl, getBooking, { bookingId }, guestHeaders);
    expect(booking.bookingStatus).toBe('READY_TO_CHECKIN');

    // Staff keep the chat inbox open on the front desk's computer (straight to the server: the
    // guest's connection is the one that drops later).
    const staffContext = await newContext(browser, 'en', 1280);
    const staff = await staffContext.newPage();
    await signIn(staff, server.baseUrl, DEMO_STAFF, { redirectUrl: '/staff/chat' });
    await poll(() => staff.locator('.staff-chat__status').textContent()).toContain('Live');

    // The guest opens the app on their phone; it keeps the stay's pass on the device.
    const guestContext = await newContext(browser, 'en', 375);
    const guest = await guestContext.newPage();
    // Which translation files the browser had to fetch after a page loaded (it should have come with them).
    const fetchedWords: string[] = [];
    // Counted for the page the request came from, so a late fetch of the page before (the pass page
    // still loading on a busy machine) is not taken for one of the stay's page.
    guest.on('request', (r) => {
      if (!new URL(r.url()).pathname.startsWith('/locales/')) return;
      // A service worker's own request has no frame (and is no page's).
      if (r.serviceWorker() || !r.frame().url().includes('/mypage/bookings/')) return;
      fetchedWords.push(new URL(r.url()).pathname);
    });
    const openedAt = Date.now();
    try {
      await signIn(guest, base, DEMO_GUEST);
      await passStoredOnDevice(guest, bookingId);

      // The stay's page: the key is issued and valid from check-in time tomorrow. Every section's
      // words came with the page; none is fetched afterwards.
      fetchedWords.length = 0;
      await guest.goto(`${base}/mypage/bookings/${bookingId}`, { waitUntil: 'networkidle' });
      const key = guest.getByTestId('stay-key');
      await key.waitFor();
      expect(await key.getAttribute('data-status')).toBe('NOT_YET_VALID');
      expect(await guest.getByTestId('stay-key-validity').textContent()).toContain('15:00');
      expect(await guest.getByTestId('stay-key-status').textContent()).toBe('From check-in time');
      await guest.getByTestId('stay-pass-link').waitFor();
      await guest.getByRole('region', { name: 'Chat with the host' }).waitFor();
      expect(fetchedWords).toEqual([]);

      // Shared with the companion's account: listed on the page, and the companion holds the key.
      await hydrated(guest, 'share-submit');
      await guest.getByLabel("Companion's email address").fill(DEMO_OWNER.email);
      await guest.getByTestId('share-submit').click();
      await poll(() => guest.getByTestId('key-share').count()).toBe(1);
      expect(await guest.getByTestId('key-share').textContent()).toContain(DEMO_OWNER.email);
      const { keys } = await callApi(server.baseUrl, listKeys, { bookingId }, guestHeaders);
      const keyId = keys[0]!.keyId;
      const ownerHeaders = { authorization: `Bearer ${(await signInByApi(server.baseUrl, DEMO_OWNER)).idToken}` };
      const theirs = await callApi(server.baseUrl, listKeys, {}, ownerHeaders);
      expect(theirs.keys.map((k) => [k.keyId, k.holder])).toEqual([[keyId, 'SHARE']]);
      await screenshotAtWidths(guest, 'stay-day-key-shared');

      // The check-in time comes (see above).
      const db = new pg.Client({ connectionString: server.databaseUrl });
      await db.connect();
      try {
        await db.query(
          `UPDATE stay_keys SET valid_from = now() - interval '1 minute', valid_until = now() + interval '2 days' WHERE id = $1`,
          [keyId],
        );
      } finally {
        await db.end();
      }
      await guest.reload({ waitUntil: 'networkidle' });
      await key.waitFor();
      expect(await key.getAttribute('data-status')).toBe('VALID');
      await poll(() => guest.getByTestId('door-state').textContent()).toBe('Locked');

      // Unlock and lock: the page says what the lock reports.
      await hydrated(guest, 'door-unlock');
      await guest.getByTestId('door-unlock').click();
      await poll(() => guest.getByTestId('door-state').textContent()).toBe('Unlocked');
      expect(await guest.getByTestId('door-outcome').textContent()).toBe('The lock reports the door unlocked.');
      await screenshotAtWidths(guest, 'stay-day-door-unlocked');
      await guest.getByTestId('door-lock').click();
      await poll(() => guest.getByTestId('door-state').textContent()).toBe('Locked');
      expect(await guest.getByTestId('door-outcome').textContent()).toBe('The lock reports the door locked.');

      // The guest asks the house team from the booking's page.
      await guest.evaluate(() => ((window as unknown as { stayDayMarker?: boolean }).stayDayMarker = true));
      const chat = guest.getByRole('region', { name: 'Chat with the host' });
      await poll(() => chat.getByText('No messages yet.').count()).toBe(1);
      const question = 'We arrive around 14:30. Where do we park?';
      await chat.getByLabel('Message', { exact: true }).fill(question);
      await chat.getByRole('button', { name: 'Send' }).click();
      await poll(() => bubble(guest, question).count()).toBe(1);

      // It arrives in the staff inbox without a reload, and staff answer there.
      const item = staff.getByRole('button', { name: new RegExp(booking.bookingNumber) });
      await poll(() => item.count()).toBe(1);
      await item.click();
      await poll(() => bubble(staff, question).count()).toBe(1);
      const answer = 'Park in the two spaces marked Kazahana, left of the entrance.';
      await staff.getByRole('textbox', { name: 'Message' }).fill(answer);
      await staff.getByRole('button', { name: 'Send' }).click();
      await poll(() => bubble(staff, answer).count()).toBe(1);
      await screenshotAtWidths(staff, 'stay-day-staff-inbox');

      // The answer appears on the guest's page, from the house team, with no reload (the marker set
      // before asking survives only if the document was not loaded again).
      await poll(() => bubble(guest, answer).count()).toBe(1);
      expect(await bubble(guest, answer).locator('.chat-bubble__who').textContent()).toBe('House team');
      expect(await guest.evaluate(() => (window as unknown as { stayDayMarker?: boolean }).stayDayMarker)).toBe(true);
      await bubble(guest, answer).scrollIntoViewIfNeeded();
      await screenshotAtWidths(guest, 'stay-day-chat');

      // Do not disturb, kept by the server.
      await hydrated(guest, 'dnd-toggle');
      await guest.getByTestId('dnd-toggle').click();
      await poll(() => guest.getByTestId('dnd-state').textContent()).toBe(
        'Housekeeping will not enter until you turn this off.',
      );
      expect((await callApi(server.baseUrl, getDoNotDisturb, { bookingId }, guestHeaders)).doNotDisturb.enabled).toBe(
        true,
      );
      await expectNoSeriousA11yViolations(guest, 'the stay’s page the day before');
      await screenshotAtWidths(guest, 'stay-day-booking');

      // Staff see it on tomorrow's housekeeping page.
      await staff.goto(`${server.baseUrl}/staff/housekeeping?date=${tomorrow}&houseGroup=${GROUP}`, {
        waitUntil: 'networkidle',
      });
      const row = staff.locator(`[data-testid="housekeeping-row"][data-booking-id="${bookingId}"]`);
      await row.waitFor();
      expect(await row.getByTestId('housekeeping-dnd').textContent()).toBe('Do not disturb');
      await screenshotAtWidths(staff, 'stay-day-staff-housekeeping');

      // The connection drops; the stay pass opens from the device's copy.
      const { stayPass } = await callApi(server.baseUrl, getStayPass, { bookingId }, guestHeaders);
      await passStoredOnDevice(guest, bookingId);
      const offlineAt = Date.now();
      network.setOnline(false);
      await guestContext.setOffline(true);
      await guest.goto(`${base}/mypage/stay-pass`);
      const card = guest.locator(`[data-testid="stay-pass"][data-booking-id="${bookingId}"]`);
      await card.waitFor({ timeout: 30_000 });
      expect(await guest.evaluate(() => navigator.onLine)).toBe(false);
      expect(await guest.getByRole('heading', { level: 1 }).textContent()).toBe('Stay pass');
      expect(await guest.getByTestId('stay-pass-offline').textContent()).toContain('You are offline');

      // The stay's essentials, and when the device last had them from the server.
      expect(await card.getByTestId('stay-pass-booking-number').textContent()).toBe(booking.bookingNumber);
      const text = (await card.textContent()) ?? '';
      expect(text).toContain(stayPass.houseGroupName);
      expect(text).toContain(stayPass.wifi!.networkName);
      expect(text).toContain(stayPass.wifi!.password);
      expect(text).toContain(stayPass.checkinTime);
      expect(text).toContain(stayPass.checkoutTime);
      expect(text).toContain('No smoking');
      expect(await card.getByTestId('stay-pass-address').textContent()).toContain(stayPass.address.city);
      expect(await card.getByTestId('stay-pass-phone').getAttribute('href')).toMatch(/^tel:\+81\d+$/);
      const updated = (await card.getByTestId('stay-pass-updated').textContent()) ?? '';
      expect(updated).toMatch(/^Last updated .+ \d{2}:\d{2}$/);
      expect(tokyoMinutes(openedAt, offlineAt)).toContain(updated.slice(-5));
      await expectNoSeriousA11yViolations(guest, 'the stay pass offline');
      await screenshotAtWidths(guest, 'stay-day-pass-offline');
    } finally {
      await guestContext.setOffline(false);
      network.setOnline(true);
      await guestContext.close();
      await staffContext.close();
    }
  });
});
