import { addDays } from '@yado/contract/civil-date';
import { listNotifications, markAllNotificationsRead } from '@yado/contract/notification.contract';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { callApi } from './support/call-api';
import {
  bookStayByApi,
  DEMO_GUEST,
  screenshotAtWidths,
  signedInGuest,
  signInByApi,
  todayInTokyo,
} from './support/guest-steps';
import { launchBrowser, startTestServer } from './support/test-server';
import { hydrated } from './support/hydration';

/**
 * In-app notifications against the real server and demo data: a booking the demo guest confirms
 * (and a chat notice whose sender name is markup) become notifications; the header's badge counts
 * them, the list shows them as text with their read state, one is marked read, opening the other
 * leads to the booking and reads it, and the badge follows; in Japanese on a phone, the footer
 * menu's badge and "mark all read". With YADO_SCREENSHOTS=<folder> the page is saved at 375 and 1280 px.
 */
const GROUP = 'hg-kazahana-villa';
const HOSTILE_NAME = '<img src=x onerror="window.__pwned=1">';

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

/** A chat notice as the chat module stores it (no chat method exists on this server yet). */
async function chatNotice(): Promise<void> {
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO notifications (user_id, kind, params, link, dedupe_key, created_at)
       SELECT u.id, 'CHAT_MESSAGE', $2::jsonb, NULL, 'e2e-chat-1', now() FROM users u WHERE u.email = $1`,
      [DEMO_GUEST.email, JSON.stringify({ senderName: HOSTILE_NAME, preview: 'Your room is ready <b>early</b>.' })],
    );
  } finally {
    await db.end();
  }
}

const badge = (page: Page, variant: 'header' | 'footer') =>
  page.getByTestId(`notifications-link-${variant}`).getByTestId('notifications-badge');

describe('notifications', () => {
  it('an event becomes a badge, a list entry read one by one or all at once, in both languages', async () => {
    expect(server.databaseUrl, 'run with DATABASE_URL to reach the server database').toBeTruthy();
    // Whatever the demo data announced already is read, so the counts below are this test's.
    await callApi(base, markAllNotificationsRead, {}, guestHeaders);
    const bookingId = await bookStayByApi(base, guestHeaders, GROUP, addDays(todayInTokyo(), 75), 2);
    await chatNotice();
    const listed = await callApi(base, listNotifications, {}, guestHeaders);
    expect(listed.unreadCount).toBe(2);

    const { context, page } = await signedInGuest(browser, base, 'en', 1280);
    await page.goto(`${base}/mypage`, { waitUntil: 'networkidle' });
    await expect.poll(() => badge(page, 'header').textContent()).toBe('2');
    await page.getByRole('link', { name: /^Notifications\s?, 2 unread$/ }).waitFor();

    await page.getByTestId('notifications-link-header').click();
    await page.waitForURL(`${base}/mypage/notifications`);
    await hydrated(page, 'notifications-mark-all');
    const items = page.getByTestId('notification-item');
    // The demo data's own notifications were read above; this test's two are the newest, unread.
    await expect.poll(() => page.locator('[data-testid="notification-item"][data-read="false"]').count()).toBe(2);
    await expect.poll(() => page.getByTestId('notifications-unread').textContent()).toBe('2 unread notifications');
    // Newest first: the chat notice, its markup shown as characters and never run.
    const chat = items.nth(0);
    expect(await chat.locator('.notification-item__title').textContent()).toContain(`New message from ${HOSTILE_NAME}`);
    expect(await chat.locator('.notification-item__body').textContent()).toBe('Your room is ready <b>early</b>.');
    expect(await page.locator('.notification-list img, .notification-list b').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    const booking = items.nth(1);
    expect(await booking.locator('.notification-item__title').textContent()).toContain('Your booking is confirmed');
    await expectNoSeriousA11yViolations(page);
    await screenshotAtWidths(page, 'notifications-en');

    // Marked read on its own: the entry and the header's badge change at once.
    await chat.getByRole('button', { name: /^Mark read: / }).click();
    await expect.poll(() => chat.getAttribute('data-read')).toBe('true');
    await expect.poll(() => badge(page, 'header').textContent()).toBe('1');

    // Opening the other leads into the product and reads it.
    await booking.getByRole('link', { name: 'Your booking is confirmed' }).click();
    await page.waitForURL(`${base}/mypage/bookings/${bookingId}`);
    await expect.poll(() => badge(page, 'header').count()).toBe(0);
    expect((await callApi(base, listNotifications, {}, guestHeaders)).unreadCount).toBe(0);
    await context.close();
  });

  it('shows the phone footer badge and marks everything read in Japanese', async () => {
    await callApi(base, markAllNotificationsRead, {}, guestHeaders);
    await bookStayByApi(base, guestHeaders, GROUP, addDays(todayInTokyo(), 82), 1);
    await bookStayByApi(base, guestHeaders, GROUP, addDays(todayInTokyo(), 86), 1);

    const { context, page } = await signedInGuest(browser, base, 'ja', 375);
    await page.goto(`${base}/ja/mypage`, { waitUntil: 'networkidle' });
    await expect.poll(() => badge(page, 'footer').textContent()).toBe('2');
    await page.getByTestId('notifications-link-footer').click();
    await page.waitForURL(`${base}/ja/mypage/notifications`);
    await hydrated(page, 'notifications-mark-all');
    await expect.poll(() => page.getByTestId('notifications-unread').textContent()).toBe('未読のお知らせが2件あります');
    const first = page.getByTestId('notification-item').first();
    expect(await first.locator('.notification-item__title').textContent()).toContain('ご予約が確定しました');
    expect(await first.locator('.notification-item__body').textContent()).toMatch(/^\d{4}年\d+月\d+日〜/);
    expect(await first.getByRole('link').getAttribute('href')).toMatch(/^\/ja\/mypage\/bookings\//);
    await screenshotAtWidths(page, 'notifications-ja');

    await page.getByTestId('notifications-mark-all').click();
    await expect.poll(() => page.getByTestId('notifications-unread').textContent()).toBe('すべて既読です。');
    await expect.poll(() => page.locator('[data-testid="notification-item"][data-read="false"]').count()).toBe(0);
    await expect.poll(() => badge(page, 'footer').count()).toBe(0);
    expect(await page.getByTestId('notifications-mark-all').isDisabled()).toBe(true);
    await context.close();
  });
});
