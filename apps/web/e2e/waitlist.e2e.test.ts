import { addDays, isoFromCivil } from '@yado/contract/civil-date';
import { listCancellationSubscriptions } from '@yado/contract/waitlist.contract';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { callApi } from './support/call-api';
import {
  DEMO_GUEST,
  screenshotAtWidths,
  signedInGuest,
  signInByApi,
  todayInTokyo,
  type Language,
} from './support/guest-steps';
import { launchBrowser, startTestServer } from './support/test-server';
import { hydrated } from './support/hydration';

/**
 * The waitlist, against the real server, its background sweep and demo data: every house of a
 * demo house group is taken on some nights; the guest, signed in, opens the group's page with those
 * nights, is told they are taken and asks to be notified; the nights are released (as a
 * cancellation releases them), the server's sweep offers them to the guest, whose waitlist page then
 * shows the offer's countdown and "Book now", which opens the booking page with those nights.
 * Once in English at desktop width, once in Japanese on a phone. With YADO_SCREENSHOTS=<folder>
 * the pages are saved at 375 px and 1280 px.
 */
const GROUP = 'hg-kazahana-villa';

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let base: string;
let db: pg.Client;
let guestHeaders: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  base = server.baseUrl;
  if (!server.databaseUrl) throw new Error('the test server did not name its database');
  db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  guestHeaders = { authorization: `Bearer ${(await signInByApi(base, DEMO_GUEST)).idToken}` };
});

afterAll(async () => {
  await db?.end();
  await browser?.close();
  await server?.stop();
});

/** Every house of the group taken on [checkin, checkout): the free ones by a block, as staff write them. */
async function takeAllHouses(checkin: string, checkout: string): Promise<string> {
  const note = `e2e-waitlist-${checkin}`;
  await db.query(
    `INSERT INTO stays (id, house_id, house_group_id, checkin_date, checkout_date, booking_id)
     SELECT $1 || '-' || h.id, h.id, h.house_group_id, $2, $3, $1
     FROM houses h WHERE h.house_group_id = $4 AND h.retired_at IS NULL AND NOT stay_overlaps(h.id, $2, $3)`,
    [note, checkin, checkout, GROUP],
  );
  return note;
}

const TEXT = {
  en: { taken: 'These dates are taken', state: 'Dates free for you', book: 'Book now' },
  ja: { taken: 'この日程は満室です', state: 'ご予約いただけます', book: '今すぐ予約' },
} as const;

async function waitForOffer(checkin: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const { cancellationSubscriptions } = await callApi(base, listCancellationSubscriptions, {}, guestHeaders);
        return cancellationSubscriptions.find((s) => isoFromCivil(s.checkinDate) === checkin)?.state;
      },
      { timeout: 45_000, interval: 1_000 },
    )
    .toBe('OFFERED');
}

describe('the waitlist', () => {
  for (const [language, width, from] of [
    ['en', 1280, 70],
    ['ja', 375, 80],
  ] as [Language, number, number][]) {
    it(`taken dates → notify me → released → offer with countdown → Book now (${language}, ${width} px)`, async () => {
      const prefix = language === 'ja' ? '/ja' : '';
      const checkin = addDays(todayInTokyo(), from);
      const checkout = addDays(checkin, 2);
      const block = await takeAllHouses(checkin, checkout);

      const { context, page } = await signedInGuest(browser, base, language, width);
      await page.goto(`${base}${prefix}/house-groups/${GROUP}?checkin=${checkin}&checkout=${checkout}&adults=2`, {
        waitUntil: 'networkidle',
      });
      await page.getByRole('heading', { name: TEXT[language].taken }).waitFor();
      await hydrated(page, 'waitlist-subscribe');
      await page.getByTestId('waitlist-subscribe').click();
      await page.getByTestId('waitlist-subscribed').waitFor();
      await page.locator('#waitlist').scrollIntoViewIfNeeded();
      await screenshotAtWidths(page, `waitlist-notify-${language}`);

      // Asking again for the same dates is refused with its own reason, in the page's language.
      await page.reload({ waitUntil: 'networkidle' });
      await hydrated(page, 'waitlist-subscribe');
      await page.getByTestId('waitlist-subscribe').click();
      await expect
        .poll(() => page.getByTestId('waitlist-error').textContent())
        .toMatch(language === 'ja' ? /すでにキャンセル待ち/ : /already waiting/);

      await page.goto(`${base}${prefix}/mypage/waitlist`, { waitUntil: 'networkidle' });
      const item = page.getByTestId('waitlist-item').first();
      expect(await item.getAttribute('data-state')).toBe('WAITING');

      // The nights are given back, as a cancellation gives them back; the server's sweep offers them.
      await db.query(`UPDATE stays SET status = 'RELEASED', released_at = now() WHERE booking_id = $1`, [block]);
      await waitForOffer(checkin);
      await page.reload({ waitUntil: 'networkidle' });
      expect(await item.getAttribute('data-state')).toBe('OFFERED');
      await expect.poll(() => item.getByTestId('waitlist-state').textContent()).toBe(TEXT[language].state);
      const first = await item.getByTestId('waitlist-countdown').textContent();
      expect(first).toMatch(/^(30|29):\d\d$/);
      // The countdown runs in the browser.
      await expect.poll(() => item.getByTestId('waitlist-countdown').textContent(), { timeout: 5_000 }).not.toBe(first);
      await expectNoSeriousA11yViolations(page);
      await screenshotAtWidths(page, `waitlist-offer-${language}`);

      await hydrated(page, 'waitlist-book-now');
      await item.getByTestId('waitlist-book-now').click();
      await page.waitForURL((url) => url.pathname === `${prefix}/mypage/bookings/new/${GROUP}`);
      const url = new URL(page.url());
      expect(url.searchParams.get('checkin')).toBe(checkin);
      expect(url.searchParams.get('checkout')).toBe(checkout);
      expect(url.searchParams.get('adults')).toBe('2');
      await context.close();
    });
  }

  it('removes a subscription from the waitlist page', async () => {
    const checkin = addDays(todayInTokyo(), 90);
    await takeAllHouses(checkin, addDays(checkin, 1));
    const { context, page } = await signedInGuest(browser, base, 'en', 1280);
    await page.goto(`${base}/house-groups/${GROUP}?checkin=${checkin}&checkout=${addDays(checkin, 1)}&adults=2`, {
      waitUntil: 'networkidle',
    });
    await hydrated(page, 'waitlist-subscribe');
    await page.getByTestId('waitlist-subscribe').click();
    await page.getByTestId('waitlist-subscribed').waitFor();
    await page.goto(`${base}/mypage/waitlist`, { waitUntil: 'networkidle' });
    const before = await page.getByTestId('waitlist-item').count();
    const waiting = page.locator('[data-testid="waitlist-item"][data-state="WAITING"]').first();
    await hydrated(page, 'waitlist-remove');
    await waiting.getByTestId('waitlist-remove').click();
    await waiting.getByTestId('waitlist-remove-confirm').click();
    await expect.poll(() => page.getByTestId('waitlist-item').count()).toBe(before - 1);
    await context.close();
  });
});
