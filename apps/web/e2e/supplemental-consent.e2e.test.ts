import { addDays } from '@yado/contract/civil-date';
import { listSupplementalConsents } from '@yado/contract/supplemental-consent.contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { callApi } from './support/call-api';
import { DEMO_STAFF, newContext, screenshotAtWidths, signIn, signInByApi, todayInTokyo } from './support/guest-steps';
import { fromNewestMessage } from './support/outbox';
import { launchBrowser, startTestServer } from './support/test-server';
import { hydrated } from './support/hydration';

/**
 * Questions to owners in Debian's Chromium against the real server on a fresh database (with the demo
 * data, whose Kazahana Villa already has one open question). Staff put a question to the villa's
 * owners on /staff/consents; the demo owner is told by mail, reads it on /owner/consents (dark, the
 * Markdown rendered without the raw HTML it carries) and answers it, then answers the demo question
 * on the Japanese page; staff see the answer in the share-weighted tally, with quorum. With
 * YADO_SCREENSHOTS=<folder> each page is saved at 375 and 1280 px.
 */
const DEMO_OWNER = { email: 'owner@yado.example', password: 'yado-owner-share-2026' };
const HOUSE_GROUP = 'hg-kazahana-villa';
const TITLE = 'Repaint the deck before summer';
const CONTENT = [
  '## Proposal',
  '',
  'The deck boards are **weathered**. <script>window.__injected = true</script>',
  '',
  '- Cost: ¥480,000',
  '- See [the quote](https://example.com/deck-quote)',
].join('\n');

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** At 375 px the page scrolls only down: nothing sticks out sideways. */
async function expectFitsPhone(page: Page): Promise<void> {
  const original = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (original) await page.setViewportSize(original);
  expect(width).toBeLessThanOrEqual(375);
}

describe('supplemental consensus', () => {
  it('staff put a question to the owners of a house group on the console', async () => {
    const context = await newContext(browser, 'en', 1280);
    const page = await context.newPage();
    await signIn(page, server.baseUrl, DEMO_STAFF, { redirectUrl: '/staff' });
    await page.goto(`${server.baseUrl}/staff/consents`, { waitUntil: 'networkidle' });
    const form = page.getByTestId('consent-form');
    await hydrated(page, 'consent-form');
    await form.locator('select').first().selectOption(HOUSE_GROUP);
    await form.getByLabel('Answer deadline (Japan time)').fill(`${addDays(todayInTokyo(), 7)}T18:00`);
    await form.getByLabel('Title').fill(TITLE);
    await form.getByLabel('Content (Markdown)').fill(CONTENT);
    await form.getByLabel('Choice 1').fill('Agree');
    await form.getByLabel('Choice 2').fill('Disagree');
    await form.getByTestId('consent-add-choice').click();
    await form.getByLabel('Choice 3').fill('Abstain');
    await form.getByTestId('consent-create').click();

    const card = page.getByTestId('staff-consent').filter({ hasText: TITLE });
    await card.waitFor({ timeout: 10_000 });
    expect(await card.getAttribute('data-status')).toBe('OPEN');
    expect(await card.getByTestId('consent-tally-row').count()).toBe(3);
    expect(await card.getByTestId('consent-frozen').innerText()).toContain('Live');
    await context.close();

    // The demo owner was told by mail, with the link to the owner area's questions.
    await fromNewestMessage(server.baseUrl, DEMO_OWNER.email, /\/owner\/consents/);
  });

  it('the owner reads the question, rendered safely, and answers it once', async () => {
    const context = await newContext(browser, 'en', 1280);
    const page = await context.newPage();
    await signIn(page, server.baseUrl, DEMO_OWNER);
    await page.goto(`${server.baseUrl}/owner/consents`, { waitUntil: 'networkidle' });
    expect(await page.locator('html').getAttribute('data-color-mode')).toBe('dark');
    const card = page.getByTestId('consent').filter({ hasText: TITLE });
    await card.waitFor();
    expect(await card.getAttribute('data-status')).toBe('UNANSWERED');
    const content = card.getByTestId('markdown-content');
    expect(await content.locator('h2').innerText()).toBe('Proposal');
    expect(await content.locator('strong').innerText()).toBe('weathered');
    expect(await content.locator('script').count()).toBe(0);
    expect(await content.innerText()).toContain('<script>');
    expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
    const link = content.getByRole('link', { name: 'the quote' });
    expect(await link.getAttribute('href')).toBe('https://example.com/deck-quote');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    await expectNoSeriousA11yViolations(page);
    await expectFitsPhone(page);
    await screenshotAtWidths(page, 'owner-consents-en');

    await hydrated(page, 'consent-answer-form');
    const form = card.getByTestId('consent-answer-form');
    await form.getByRole('radio', { name: 'Agree', exact: true }).check();
    await form.getByTestId('consent-send').click();
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 10_000 }).toBe('ANSWERED');
    expect(await card.getByTestId('consent-answer').innerText()).toContain('Agree');
    expect(await card.getByTestId('consent-answer-form').count()).toBe(0);
    await screenshotAtWidths(page, 'owner-consents-answered-en');
    await context.close();
  });

  it('the owner answers the demo question on the Japanese page', async () => {
    const context = await newContext(browser, 'ja', 375);
    const page = await context.newPage();
    await signIn(page, server.baseUrl, DEMO_OWNER, { language: 'ja' });
    await page.goto(`${server.baseUrl}/ja/owner/consents`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('ご質問');
    const card = page.getByTestId('consent').filter({ hasText: 'サウナストーブ' });
    await card.waitFor();
    expect(await card.getByTestId('consent-status').innerText()).toBe('回答待ち');
    await expectFitsPhone(page);
    await screenshotAtWidths(page, 'owner-consents-ja');
    await hydrated(page, 'consent-answer-form');
    await card.getByRole('radio', { name: '保留 / Abstain' }).check();
    await card.getByTestId('consent-send').click();
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 10_000 }).toBe('ANSWERED');
    expect(await card.getByTestId('consent-status').innerText()).toBe('回答済み');
    await context.close();

    const ownerToken = (await signInByApi(server.baseUrl, DEMO_OWNER)).idToken;
    const { supplementalConsents } = await callApi(server.baseUrl, listSupplementalConsents, {}, ownerToken);
    expect(supplementalConsents.map((c) => c.answerStatus)).toEqual(['ANSWERED', 'ANSWERED']);
  });

  it('staff see the answer in the share-weighted tally, with quorum', async () => {
    const context = await newContext(browser, 'en', 1280);
    const page = await context.newPage();
    await signIn(page, server.baseUrl, DEMO_STAFF, { redirectUrl: '/staff' });
    await page.goto(`${server.baseUrl}/staff/consents?houseGroup=${HOUSE_GROUP}`, { waitUntil: 'networkidle' });
    const card = page.getByTestId('staff-consent').filter({ hasText: TITLE });
    await card.waitFor();
    // Rows follow the choices' order: Agree first.
    const agree = card.getByTestId('consent-tally-row').first();
    expect(await agree.locator('th').innerText()).toMatch(/^Agree/);
    expect(await agree.getAttribute('data-leading')).toBe('true');
    expect(await agree.locator('td').first().innerText()).toBe('1');
    // The demo owner holds 1/12 of the villa.
    expect(await agree.getByTestId('consent-tally-weight').innerText()).toBe('8.33%');
    expect(await card.getByTestId('consent-quorum').innerText()).toContain('reached');
    await expectNoSeriousA11yViolations(page);
    await expectFitsPhone(page);
    await screenshotAtWidths(page, 'staff-consents-en');
    await context.close();
  });
});
