import { staffGetOwnerSettings, type HouseGroupOwnerSettings } from '@yado/contract/ownership.contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './support/call-api';
import { DEMO_STAFF, newContext, screenshotAtWidths, signIn, signInByApi, type Language } from './support/guest-steps';
import { launchBrowser, startTestServer } from './support/test-server';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { hydratedElement } from './support/hydration';

/**
 * Staff set a house group's owner settings on its console page: a charge that is not whole yen or
 * is too large is refused beside its field, then the four settings are saved, a toast says so, the
 * history shows the change and the API reads back what was typed. Each language sets its own
 * demo house group (the demo data gives both charges). With YADO_SCREENSHOTS=<folder> the page is saved at 375 and 1280 px.
 */
const TEXTS = {
  en: {
    ownUseFee: 'Own-use fee per stay',
    extraCharge: 'Mutual-use extra charge per night',
    highSubstitute: 'Allow high-substitute',
    network: 'In the owner network',
    save: 'Save owner settings',
    saved: 'Owner settings saved.',
    notYen: 'Enter whole yen, 0 or more (before tax).',
    tooLarge: 'At most ¥1,000,000.',
  },
  ja: {
    ownUseFee: 'オーナー利用料（1滞在あたり）',
    extraCharge: '相互利用追加料金（1泊あたり）',
    highSubstitute: 'ハイ代替を認める',
    network: 'オーナーネットワークに参加',
    save: 'オーナー設定を保存',
    saved: 'オーナー設定を保存しました。',
    notYen: '0以上の整数（税抜の円）で入力してください。',
    tooLarge: '￥1,000,000以下で入力してください。',
  },
} as const;

const CASES = {
  en: { houseGroupId: 'hg-komorebi-cabin', ownUseFee: '16,500', extraCharge: '3000', fee: 16500, charge: 3000 },
  ja: { houseGroupId: 'hg-shiosai-house', ownUseFee: '１２０００', extraCharge: '0', fee: 12000, charge: 0 },
} as const;

/** With YADO_SCREENSHOTS, the owner-settings section alone at 375 and 1280 px (the page is long). */
async function screenshotSection(page: Page, name: string): Promise<void> {
  const dir = process.env['YADO_SCREENSHOTS'];
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  const original = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 744 ? 812 : 900 });
    await page.getByTestId('owner-settings').screenshot({ path: path.join(dir, `${name}-${width}.png`) });
  }
  if (original) await page.setViewportSize(original);
}

/** React has hydrated the section (it carries React's internal keys), so typing and clicks reach its handlers. */
const hydrated = (page: Page) => hydratedElement(page, '[data-testid="owner-settings"]');

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let staffToken: string;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  staffToken = (await signInByApi(server.baseUrl, DEMO_STAFF)).idToken;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each(['en', 'ja'] as Language[])('owner settings in the staff console (%s)', (language) => {
  let page: Page;
  const prefix = language === 'ja' ? '/ja' : '';
  const text = TEXTS[language];
  const given = CASES[language];
  const readSettings = () =>
    callApi(server.baseUrl, staffGetOwnerSettings, { houseGroupId: given.houseGroupId }, staffToken);
  let before: HouseGroupOwnerSettings;

  beforeAll(async () => {
    const context = await newContext(browser, language, 1280);
    page = await context.newPage();
    await signIn(page, server.baseUrl, DEMO_STAFF, { redirectUrl: '/staff' });
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it('shows the house group’s current settings', async () => {
    before = (await readSettings()).settings;
    await page.goto(`${server.baseUrl}${prefix}/staff/house-groups/${given.houseGroupId}`, {
      waitUntil: 'networkidle',
    });
    await hydrated(page);
    const section = page.getByTestId('owner-settings');
    expect(await section.getByLabel(text.ownUseFee).inputValue()).toBe(String(before.ownUseFee));
    expect(await section.getByLabel(text.extraCharge).inputValue()).toBe(String(before.mutualUseExtraChargePerDay));
    expect(await section.getByLabel(text.highSubstitute).isChecked()).toBe(before.allowHighSubstitute);
    expect(await section.getByLabel(text.network).isChecked()).toBe(before.inOwnerNetwork);
    // The test below changes every setting: it starts from high-substitute allowed and in the network.
    expect(before).toMatchObject({ allowHighSubstitute: true, inOwnerNetwork: true });
  });

  it('refuses charges that are not whole yen or too large, beside each field, and saves nothing', async () => {
    const section = page.getByTestId('owner-settings');
    await section.getByLabel(text.ownUseFee).fill('12.5');
    await section.getByLabel(text.extraCharge).fill('2000000');
    await section.getByRole('button', { name: text.save }).click();
    const fieldError = (field: string) => section.locator(`#owner-settings-${field}-error`);
    await fieldError('ownUseFee').waitFor();
    expect(await fieldError('ownUseFee').innerText()).toContain(text.notYen);
    expect(await fieldError('mutualUseExtraChargePerDay').innerText()).toContain(text.tooLarge);
    // The first field in error has the focus, so staff can correct it at once.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('owner-settings-ownUseFee');
    await screenshotSection(page, `staff-owner-settings-refused-${language}`);
    expect((await readSettings()).settings).toEqual(before);
  });

  it('saves the four settings, says so, records them and the API reads them back', async () => {
    const section = page.getByTestId('owner-settings');
    await section.getByLabel(text.ownUseFee).fill(given.ownUseFee);
    await section.getByLabel(text.extraCharge).fill(given.extraCharge);
    await section.getByLabel(text.highSubstitute).uncheck();
    if (language === 'ja') await section.getByLabel(text.network).uncheck();
    await section.getByRole('button', { name: text.save }).click();
    await page.locator('.Toastify__toast', { hasText: text.saved }).waitFor();
    expect(await section.locator('.field__error').count()).toBe(0);
    // The form shows what was saved, as the server has it.
    expect(await section.getByLabel(text.ownUseFee).inputValue()).toBe(String(given.fee));

    const { settings } = await readSettings();
    expect(settings).toEqual({
      houseGroupId: given.houseGroupId,
      ownUseFee: given.fee,
      mutualUseExtraChargePerDay: given.charge,
      allowHighSubstitute: false,
      inOwnerNetwork: language === 'en',
      // The statement settings were not changed: they keep their value.
      managementFeePerMonth: before.managementFeePerMonth,
      statementCycle: before.statementCycle,
    });
    const history = page.getByTestId('audit-history');
    await history.getByText('UPDATE_OWNER_SETTINGS').first().waitFor();
    expect(await history.innerText()).toContain('allowHighSubstitute');

    // A fresh load shows the saved settings.
    await page.reload({ waitUntil: 'networkidle' });
    await hydrated(page);
    const reloaded = page.getByTestId('owner-settings');
    expect(await reloaded.getByLabel(text.ownUseFee).inputValue()).toBe(String(given.fee));
    expect(await reloaded.getByLabel(text.extraCharge).inputValue()).toBe(String(given.charge));
    expect(await reloaded.getByLabel(text.highSubstitute).isChecked()).toBe(false);
    expect(await reloaded.getByLabel(text.network).isChecked()).toBe(language === 'en');
    await screenshotAtWidths(page, `staff-owner-settings-${language}`);
    await screenshotSection(page, `staff-owner-settings-section-${language}`);
  });
});
