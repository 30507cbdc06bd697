import { addDays } from '@yado/contract/civil-date';
import { listMeals } from '@yado/contract/meal.contract';
import { listStayStyleSuggestions } from '@yado/contract/stay-style.contract';
import pg from 'pg';
import type { Browser } from 'playwright-core';
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
import { hydrated } from './support/hydration';

/**
 * Questionnaires after check-out and stay styles, against the real server and demo data: staff
 * write a questionnaire in the console, the demo guest's stay ends, the guest answers its
 * questionnaire in Japanese from the booking page, and staff read the answer and the summary.
 * Then staff choose what a stay style suggests and the booking form lists it first once the guest
 * picks that style. With YADO_SCREENSHOTS=<folder> the pages are saved at 375 px and 1280 px.
 *
 * The server runs on the real clock; "the stay ends" sets the booking CHECKED_OUT in the database,
 * as staff check-out on the day would (the API tests take a stay through check-in and check-out).
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

describe('questionnaires after check-out', () => {
  it('staff write one, the guest answers it after the stay in Japanese, staff see the answer', async () => {
    const title = `How was Kazahana? ${Date.now()}`;
    const staffContext = await newContext(browser, 'en', 1280);
    const staff = await staffContext.newPage();
    await signIn(staff, base, DEMO_STAFF, { redirectUrl: '/staff' });
    await staff.goto(`${base}/staff/questionnaires/new`, { waitUntil: 'networkidle' });
    await hydrated(staff, 'questionnaire-save');
    await staff.getByLabel('Title (English)').fill(title);
    await staff.getByLabel('Title (Japanese)').fill('風花ヴィラはいかがでしたか');
    const first = staff.getByTestId('questionnaire-editor-question').nth(0);
    await first.getByLabel('Question (English)').fill('How was your stay overall?');
    await first.getByLabel('Question (Japanese)').fill('ご滞在の総合評価');
    await staff.getByTestId('questionnaire-add-question').click();
    const second = staff.getByTestId('questionnaire-editor-question').nth(1);
    await second.getByLabel('Type').selectOption('SINGLE_CHOICE');
    await second.getByLabel('Question (English)').fill('Would you stay again?');
    await second.getByLabel('Question (Japanese)').fill('また泊まりたいですか');
    await second.getByLabel('Choice 1 (English)').fill('Yes');
    await second.getByLabel('Choice 1 (Japanese)').fill('はい');
    await second.getByLabel('Choice 2 (English)').fill('No');
    await second.getByLabel('Choice 2 (Japanese)').fill('いいえ');
    await staff.getByTestId('questionnaire-add-question').click();
    const third = staff.getByTestId('questionnaire-editor-question').nth(2);
    await third.getByLabel('Type').selectOption('FREE_TEXT');
    await third.getByLabel('Required').uncheck();
    await third.getByLabel('Question (English)').fill('Anything else?');
    await third.getByLabel('Question (Japanese)').fill('その他ご意見');
    await staff.getByTestId('questionnaire-save').click();
    await staff.waitForURL(/\/staff\/questionnaires\/questionnaire-/);
    await staff.getByTestId('questionnaire-summary').waitFor();
    const editUrl = staff.url();

    // The guest's stay (booked and paid by the API) comes to its end.
    const guestHeaders = { authorization: `Bearer ${(await signInByApi(base, DEMO_GUEST)).idToken}` };
    const bookingId = await bookStayByApi(base, guestHeaders, GROUP, addDays(todayInTokyo(), 40), 1);
    const db = new pg.Client({ connectionString: server.databaseUrl });
    await db.connect();
    try {
      await db.query(`UPDATE bookings SET status = 'CHECKED_OUT', checked_out_at = now() WHERE id = $1`, [bookingId]);
    } finally {
      await db.end();
    }

    const { context, page } = await signedInGuest(browser, base, 'ja', 375);
    await page.goto(`${base}/ja/mypage/bookings/${bookingId}`, { waitUntil: 'networkidle' });
    await hydrated(page, 'booking-questionnaire-link');
    await screenshotAtWidths(page, 'booking-page-questionnaire-ja');
    await page.getByTestId('booking-questionnaire-link').click();
    await page.waitForURL(`${base}/ja/mypage/bookings/${bookingId}/questionnaire`);
    await page.getByRole('heading', { name: '風花ヴィラはいかがでしたか' }).waitFor();
    await hydrated(page, 'questionnaire-submit');
    await screenshotAtWidths(page, 'questionnaire-guest-ja');
    await expectNoSeriousA11yViolations(page);

    // Sending with a required question left out says so and sends nothing.
    await page.getByTestId('questionnaire-submit').click();
    await expect.poll(() => page.getByText('必須の質問すべてにご回答ください。').first().isVisible()).toBe(true);

    await page.getByRole('radio', { name: '5段階中4', exact: true }).check();
    await page.getByRole('radio', { name: 'はい', exact: true }).check();
    await page.getByLabel(/その他ご意見/).fill('<script>alert(1)</script> 温泉が最高でした');
    await page.getByTestId('questionnaire-submit').click();
    await page.getByTestId('questionnaire-answered').waitFor();
    await expect.poll(() => page.getByTestId('questionnaire-answered').innerText()).toContain('5段階中4');
    await expect.poll(() => page.getByTestId('questionnaire-answered').innerText()).toContain('<script>');
    await screenshotAtWidths(page, 'questionnaire-answered-ja');

    // My page lists it as answered.
    await page.goto(`${base}/ja/mypage/questionnaires`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByTestId('questionnaire-list-item').first().innerText()).toContain('回答済み');
    await screenshotAtWidths(page, 'questionnaire-list-ja');

    // Staff see the answer and the summary.
    await staff.goto(editUrl, { waitUntil: 'networkidle' });
    await expect.poll(() => staff.getByTestId('questionnaire-average').first().innerText()).toBe('Average 4.00');
    const answer = staff.getByTestId('staff-questionnaire-answer').first();
    await expect.poll(() => answer.innerText()).toContain('Yes');
    await expect.poll(() => answer.innerText()).toContain('温泉が最高でした');
    await screenshotAtWidths(staff, 'questionnaire-staff-en');
    await expectNoSeriousA11yViolations(staff);
    await staff.goto(`${base}/staff/questionnaires`, { waitUntil: 'networkidle' });
    await expect
      .poll(() => staff.getByTestId('staff-questionnaire').filter({ hasText: title }).innerText())
      .toContain('1 answer');
    await context.close();
    await staffContext.close();
  });
});

describe('stay styles', () => {
  it('staff choose what a style suggests; the booking form lists it first once the guest picks the style', async () => {
    const { suggestions } = await callApi(base, listStayStyleSuggestions, { houseGroupId: GROUP });
    const style = suggestions[0]!;
    const { meals } = await callApi(base, listMeals, { houseGroupId: GROUP });
    const last = meals[meals.length - 1]!;

    const staffContext = await newContext(browser, 'ja', 1280);
    const staff = await staffContext.newPage();
    await signIn(staff, base, DEMO_STAFF, { language: 'ja', redirectUrl: '/ja/staff' });
    await staff.goto(`${base}/ja/staff/stay-style-suggestions?houseGroup=${GROUP}`, { waitUntil: 'networkidle' });
    const jaStyle = (
      await callApi(base, listStayStyleSuggestions, { houseGroupId: GROUP }, { 'accept-language': 'ja' })
    ).suggestions.find((x) => x.stayStyleId === style.stayStyleId)!;
    const section = staff.getByTestId('stay-style-suggestion').filter({ hasText: jaStyle.stayStyleName });
    await hydrated(staff, 'stay-style-suggestion');
    const jaMeals = (await callApi(base, listMeals, { houseGroupId: GROUP }, { 'accept-language': 'ja' })).meals;
    expect(jaMeals.length).toBeGreaterThan(1);
    await section.getByLabel(jaMeals.find((m) => m.id === last.id)!.name).check();
    await section.getByRole('button', { name: 'おすすめを保存' }).click();
    await expect
      .poll(
        async () => (await callApi(base, listStayStyleSuggestions, { houseGroupId: GROUP })).suggestions[0]!.mealIds,
      )
      .toEqual([last.id]);
    await screenshotAtWidths(staff, 'stay-style-suggestions-ja');

    const checkin = addDays(todayInTokyo(), 50);
    const { context, page } = await signedInGuest(browser, base, 'en', 1280);
    await page.goto(
      `${base}/mypage/bookings/new/${GROUP}?checkin=${checkin}&checkout=${addDays(checkin, 2)}&adults=2`,
      {
        waitUntil: 'networkidle',
      },
    );
    await page.locator('#booking-stay-style').waitFor();
    expect(await page.getByTestId('suggested-meal').count()).toBe(0);
    await page.locator('#booking-stay-style').selectOption(style.stayStyleId);
    await page.getByTestId('suggested-meal').first().waitFor();
    // The suggested meal now comes first among the meals.
    const firstMeal = page.locator('section[aria-labelledby="meals-heading"] article.meal-card').first();
    await expect.poll(() => firstMeal.innerText()).toContain(last.name);
    await screenshotAtWidths(page, 'booking-form-stay-style-en');
    // The quote is asked again for the chosen style and shows faded until it answers: check the
    // settled page, not the fade.
    await expect.poll(() => page.locator('.quote-card__body--stale').count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await context.close();
    await staffContext.close();
  });
});
