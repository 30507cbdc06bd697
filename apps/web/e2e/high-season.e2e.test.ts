import { addDays } from '@yado/contract/civil-date';
import { dateTimeFromDate } from '@yado/contract/date-time';
import {
  listOpenAllocationRounds,
  staffCreateAllocationRound,
  submitAllocationRequests,
} from '@yado/contract/high-season.contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { callApi } from './support/call-api';
import {
  DEMO_STAFF,
  newContext,
  screenshotAtWidths,
  signIn,
  signInByApi,
  todayInTokyo,
  type Language,
} from './support/guest-steps';
import { launchBrowser, startTestServer } from './support/test-server';
import { hydrated } from './support/hydration';

/**
 * High-season rounds in Debian's Chromium against the real server on a fresh database. Staff offer
 * the demo owner's Kazahana Villa's Golden Week and Obon of next year; the demo owner ranks two
 * periods on /owner/high-season (dark) and sends them, in both languages; staff see the ranking on
 * /staff/high-season. A second round closes within seconds, staff run its draw on the page and the
 * record appears; the owner sees what the draw gave. With YADO_SCREENSHOTS=<folder> each page is
 * saved at 375 and 1280 px.
 */
const DEMO_OWNER = { email: 'owner@yado.example', password: 'yado-owner-share-2026' };
const HOUSE_GROUP = 'hg-kazahana-villa';

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let staffToken: string;
let ownerToken: string;
let year: number;
const civil = (iso: string) => ({
  year: Number(iso.slice(0, 4)),
  month: Number(iso.slice(5, 7)),
  day: Number(iso.slice(8, 10)),
});

async function createRound(periods: [string, string][], closesInMs: number) {
  const now = Date.now();
  const { round } = await callApi(
    server.baseUrl,
    staffCreateAllocationRound,
    {
      houseGroupId: HOUSE_GROUP,
      slotYear: year,
      opensAt: dateTimeFromDate(new Date(now - 60_000)),
      closesAt: dateTimeFromDate(new Date(now + closesInMs)),
      periods: periods.map(([a, b]) => ({ checkinDate: civil(`${year}-${a}`), checkoutDate: civil(`${year}-${b}`) })),
    },
    staffToken,
  );
  return round;
}

let openRoundId: string;

/** At 375 px the page scrolls only down: nothing sticks out sideways. */
async function expectFitsPhone(page: Page): Promise<void> {
  const original = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (original) await page.setViewportSize(original);
  expect(width).toBeLessThanOrEqual(375);
}

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  year = Number(todayInTokyo().slice(0, 4)) + 1;
  staffToken = (await signInByApi(server.baseUrl, DEMO_STAFF)).idToken;
  ownerToken = (await signInByApi(server.baseUrl, DEMO_OWNER)).idToken;
  openRoundId = (
    await createRound(
      [
        ['04-29', '05-03'],
        ['05-03', '05-07'],
        ['08-11', '08-18'],
      ],
      3_600_000,
    )
  ).roundId;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const TEXTS: Record<Language, { heading: string; send: string; update: string }> = {
  en: { heading: 'High season', send: 'Send my ranking', update: 'Update my ranking' },
  ja: { heading: 'ハイシーズン', send: '希望順位を送信', update: '希望順位を更新' },
};

describe.each(['en', 'ja'] as Language[])('the owner ranks periods (%s)', (language) => {
  const prefix = language === 'ja' ? '/ja' : '';

  it('adds, reorders and sends a ranking on the dark owner page', async () => {
    const context = await newContext(browser, language, 1280);
    const page = await context.newPage();
    await signIn(page, server.baseUrl, DEMO_OWNER, { language });
    await page.goto(`${server.baseUrl}${prefix}/owner/high-season`, { waitUntil: 'networkidle' });
    expect(await page.locator('html').getAttribute('data-color-mode')).toBe('dark');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(TEXTS[language].heading);
    const round = page.getByTestId('allocation-round').filter({ has: page.getByTestId('allocation-editor') });
    await round.first().waitFor();
    const editor = round.first().getByTestId('allocation-editor');
    await hydrated(page, 'allocation-editor');
    // Start from nothing (the other language's run may have sent a ranking already).
    for (let n = await editor.getByTestId('allocation-ranked').count(); n > 0; n--) {
      await editor.getByTestId('allocation-ranked').first().getByRole('button').last().click();
    }
    await editor.getByTestId('allocation-offered').nth(2).getByRole('button').click();
    await editor.getByTestId('allocation-offered').first().getByRole('button').click();
    // The Golden Week period added second moves to first place.
    await editor.getByTestId('allocation-ranked').nth(1).getByRole('button').first().click();
    expect(await editor.getByTestId('allocation-ranked').count()).toBe(2);
    await screenshotAtWidths(page, `owner-high-season-editing-${language}`);
    await editor.getByTestId('allocation-submit').click();
    await expect
      .poll(() => editor.getByTestId('allocation-submit').innerText(), { timeout: 10_000 })
      .toBe(TEXTS[language].update);

    const { rounds } = await callApi(server.baseUrl, listOpenAllocationRounds, {}, ownerToken);
    const sent = rounds.find((r) => r.roundId === openRoundId)!.shares[0]!.request!;
    const byId = new Map(rounds.find((r) => r.roundId === openRoundId)!.periods.map((p) => [p.periodId, p]));
    expect(sent.periodIds.map((id) => byId.get(id)!.checkinDate)).toEqual([
      civil(`${year}-04-29`),
      civil(`${year}-08-11`),
    ]);
    await expectNoSeriousA11yViolations(page);
    await expectFitsPhone(page);
    await screenshotAtWidths(page, `owner-high-season-${language}`);
    await context.close();
  });
});

describe('staff', () => {
  it('see the rankings, run a closed round’s draw on the page, and the owner sees what it gave', async () => {
    const context = await newContext(browser, 'en', 1280);
    const page = await context.newPage();
    await signIn(page, server.baseUrl, DEMO_STAFF, { redirectUrl: '/staff' });
    await page.goto(`${server.baseUrl}/staff/high-season?round=${openRoundId}`, { waitUntil: 'networkidle' });
    const requests = page.getByTestId('allocation-requests');
    await requests.waitFor();
    expect(await requests.locator('tbody tr').count()).toBe(1);
    await expectNoSeriousA11yViolations(page);
    await expectFitsPhone(page);
    await screenshotAtWidths(page, 'staff-high-season-en');

    // A round made on the page: a STANDARD night is refused by name, the New Year's HIGH nights are taken.
    const create = page.getByTestId('allocation-round-form');
    await hydrated(page, 'allocation-round-form');
    await create.locator('select').first().selectOption(HOUSE_GROUP);
    await create.getByLabel('Slot year').fill(String(year));
    await create.getByLabel('Requests open (Japan time)').fill(`${addDays(todayInTokyo(), 1)}T09:00`);
    await create.getByLabel('Requests close (Japan time)').fill(`${addDays(todayInTokyo(), 2)}T18:00`);
    await create.getByLabel('Check-in 1').fill(`${year}-12-26`);
    await create.getByLabel('Check-out 1').fill(`${year}-12-31`);
    await create.getByRole('button', { name: 'Create round' }).click();
    await expect.poll(() => create.getByRole('alert').innerText()).toContain(`${year}-12-26`);
    await create.getByLabel('Check-in 1').fill(`${year}-12-28`);
    await create.getByRole('button', { name: 'Create round' }).click();
    await expect.poll(() => page.getByTestId('allocation-round-row').count(), { timeout: 10_000 }).toBe(2);

    const closing = await createRound([['09-19', '09-23']], 4_000);
    const { rounds } = await callApi(server.baseUrl, listOpenAllocationRounds, {}, ownerToken);
    const share = rounds.find((r) => r.roundId === closing.roundId)!.shares[0]!;
    await callApi(
      server.baseUrl,
      submitAllocationRequests,
      { roundId: closing.roundId, shareId: share.shareId, periodIds: [closing.periods[0]!.periodId], adults: 2 },
      { authorization: `Bearer ${ownerToken}`, 'idempotency-key': `e2e-hs-${Date.now()}` },
    );
    await new Promise((r) => setTimeout(r, 4_500));
    await page.goto(`${server.baseUrl}/ja/staff/high-season?round=${closing.roundId}`, { waitUntil: 'networkidle' });
    const form = page.getByTestId('allocation-draw-form');
    await hydrated(page, 'allocation-draw-form');
    await form.getByRole('textbox').fill('e2e-autumn');
    await form.getByRole('button').click();
    const record = page.getByTestId('allocation-record');
    await record.waitFor({ timeout: 15_000 });
    expect(await record.innerText()).toContain('e2e-autumn');
    expect(await page.getByTestId('allocation-allocations').locator('tbody tr').count()).toBe(1);
    await expectFitsPhone(page);
    await screenshotAtWidths(page, 'staff-high-season-drawn-ja');
    await context.close();

    const owner = await newContext(browser, 'en', 375);
    const ownerPage = await owner.newPage();
    await signIn(ownerPage, server.baseUrl, DEMO_OWNER);
    await ownerPage.goto(`${server.baseUrl}/owner/high-season`, { waitUntil: 'networkidle' });
    const drawn = ownerPage
      .getByTestId('allocation-round')
      .filter({ has: ownerPage.getByTestId('allocation-results') });
    await drawn.first().waitFor();
    expect(await drawn.first().getByTestId('allocation-won').count()).toBe(1);
    await screenshotAtWidths(ownerPage, 'owner-high-season-drawn-en');
    await owner.close();
  });
});
