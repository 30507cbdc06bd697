import { addDays } from '@yado/contract/civil-date';
import { getBooking } from '@yado/contract/booking.contract';
import { sendMessage } from '@yado/contract/chat.contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { callApi } from './support/call-api';
import {
  bookStayByApi,
  DEMO_STAFF,
  newContext,
  screenshotAtWidths,
  signedInGuest,
  signIn,
  signInByApi,
  DEMO_GUEST,
  todayInTokyo,
} from './support/guest-steps';
import { launchBrowser, startTestServer } from './support/test-server';

/**
 * Live chat against the real server and demo data: the demo guest writes from a booking's page
 * (English, desktop); staff, in a second browser context (Japanese), see the message arrive live in
 * the console's inbox and answer; the answer appears live on the guest's page. Then the launcher on
 * another page counts a new answer as unread, opens it, and reading it clears the count. Text is
 * shown as text. With YADO_SCREENSHOTS=<folder> the pages are saved at 375 px and 1280 px.
 */
const GROUP = 'hg-kazahana-villa';

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

/** Waits for a page's live state (the chat connects a few seconds after the page settles). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

/** The bubble of a message in a thread on the page, by its text. */
const bubble = (page: Page, text: string) => page.locator('.chat-bubble', { hasText: text });

describe('chat', () => {
  it('a guest asks from the booking page, staff answer live from the inbox, the guest sees it live', async () => {
    const guestHeaders = { authorization: `Bearer ${(await signInByApi(base, DEMO_GUEST)).idToken}` };
    const staffHeaders = { authorization: `Bearer ${(await signInByApi(base, DEMO_STAFF)).idToken}` };
    const bookingId = await bookStayByApi(base, guestHeaders, GROUP, addDays(todayInTokyo(), 45), 2);
    const { booking } = await callApi(base, getBooking, { bookingId }, guestHeaders);

    // Staff keep the inbox open, in Japanese.
    const staffContext = await newContext(browser, 'ja', 1280);
    const staff = await staffContext.newPage();
    await signIn(staff, base, DEMO_STAFF, { language: 'ja', redirectUrl: '/ja/staff/chat' });
    await poll(() => staff.locator('.staff-chat__status').textContent()).toContain('接続中');

    // The guest writes on the booking's page (markup typed is text, not markup).
    const { context: guestContext, page: guest } = await signedInGuest(browser, base, 'en', 1280);
    await guest.goto(`${base}/mypage/bookings/${bookingId}`, { waitUntil: 'networkidle' });
    const section = guest.getByRole('region', { name: 'Chat with the host' });
    await poll(() => section.getByText('No messages yet.').count()).toBe(1);
    const question = '<b>Can we</b> check in at 13:00?';
    await section.getByLabel('Message', { exact: true }).fill(question);
    await section.getByRole('button', { name: 'Send' }).click();
    await poll(() => bubble(guest, question).count()).toBe(1);
    expect(await guest.locator('.chat-bubble b').count()).toBe(0);

    // It arrives in the staff inbox without a reload, unread, and is answered there.
    const item = staff.getByRole('button', { name: new RegExp(booking.bookingNumber) });
    await poll(() => item.count()).toBe(1);
    expect(await item.locator('.chat-badge').textContent()).toBe('1');
    await item.click();
    await poll(() => bubble(staff, question).count()).toBe(1);
    await poll(() => item.locator('.chat-badge').count()).toBe(0);
    await expectNoSeriousA11yViolations(staff, 'staff chat inbox');
    await screenshotAtWidths(staff, 'chat-staff-inbox-ja');
    const answer = '13時からご利用いただけます。お気をつけてお越しください。';
    await staff.getByRole('textbox', { name: 'メッセージ' }).fill(answer);
    await staff.getByRole('button', { name: '送信' }).click();
    await poll(() => bubble(staff, answer).count()).toBe(1);

    // The guest sees the answer live, from the house team.
    await poll(() => bubble(guest, answer).count()).toBe(1);
    expect(await bubble(guest, answer).locator('.chat-bubble__who').textContent()).toBe('House team');
    await expectNoSeriousA11yViolations(guest, 'booking chat');
    await screenshotAtWidths(guest, 'chat-booking-en');

    // On My page the launcher counts a new answer as unread; opening the conversation reads it.
    await guest.goto(`${base}/mypage`, { waitUntil: 'networkidle' });
    const launcher = guest.getByRole('button', { name: /^Chat/ });
    await poll(() => launcher.count()).toBe(1);
    await callApi(
      base,
      sendMessage,
      { conversationId: booking.conversationId, text: 'The key box code will be sent the day before.' },
      staffHeaders,
    );
    await poll(() => launcher.locator('.chat-badge').textContent()).toBe('1');
    await launcher.click();
    const panel = guest.getByRole('dialog', { name: 'Chat with the host' });
    await panel.getByRole('button', { name: new RegExp(booking.bookingNumber) }).click();
    await poll(() => bubble(guest, 'The key box code').count()).toBe(1);
    await poll(() => launcher.locator('.chat-badge').count()).toBe(0);
    await screenshotAtWidths(guest, 'chat-launcher-en');

    await staffContext.close();
    await guestContext.close();
  }, 120_000);

  it('the launcher and thread work on a phone in Japanese', async () => {
    const { context, page } = await signedInGuest(browser, base, 'ja', 375);
    const launcher = page.getByRole('button', { name: /^チャット/ });
    await poll(() => launcher.count()).toBe(1);
    await launcher.click();
    const panel = page.getByRole('dialog', { name: 'ホストとのチャット' });
    await poll(() => panel.getByRole('button').count()).toBeGreaterThan(1);
    const box = await panel.boundingBox();
    // The open panel takes the phone's whole screen.
    expect(box?.width).toBe(375);
    await screenshotAtWidths(page, 'chat-panel-ja');
    await context.close();
  }, 60_000);
});
