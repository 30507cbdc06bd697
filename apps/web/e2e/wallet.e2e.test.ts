import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { screenshotAtWidths, signedInGuest } from './support/guest-steps';
import { launchBrowser, startTestServer } from './support/test-server';
import { hydrated } from './support/hydration';

/**
 * The NAC wallet against the real server and its built-in test-mode exchange: the demo guest
 * opens the wallet from my page, has a malformed amount refused in their language, deposits NAC
 * from the exchange and sees it arrive once the exchange settles it (the page follows the transfer
 * by itself), withdraws some, opens their account page at the exchange, sends NAC from there and
 * comes back to find it credited; then the page in Japanese. With YADO_SCREENSHOTS=<folder> the
 * pages are saved at 375 px and 1280 px.
 */
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

const balanceText = (page: Page) => page.getByTestId('nac-balance').textContent();

describe('the NAC wallet', () => {
  it('deposits from the exchange, withdraws, and credits a transfer sent from the exchange page', async () => {
    const { context, page } = await signedInGuest(browser, base, 'en', 1280);
    await page.getByTestId('mypage-wallet').click();
    await page.waitForURL(`${base}/mypage/wallet`);
    await hydrated(page, 'nac-deposit');
    expect(await balanceText(page)).toBe('0 NAC');
    expect(await page.getByTestId('nac-rate').textContent()).toMatch(/^1 NAC = \d{2,3}(\.\d+)? yen$/);
    expect(await page.getByText('No NAC yet.', { exact: false }).count()).toBe(1);

    // The server's rule, in the page's language, under the field.
    await page.getByLabel('Amount (NAC)').fill('1.123456789');
    await page.getByTestId('nac-deposit').click();
    await page.getByText('at most 8 decimal places', { exact: false }).first().waitFor();
    expect(await balanceText(page)).toBe('0 NAC');

    await page.getByLabel('Amount (NAC)').fill('12.5');
    await page.getByTestId('nac-deposit').click();
    await page.getByText('Deposit of 12.5 NAC started.', { exact: false }).waitFor();
    // The exchange settles it in a moment; the page reads itself again while a transfer is in progress.
    await expect.poll(() => balanceText(page), { timeout: 20_000 }).toBe('12.5 NAC');
    await page.locator('[data-testid="nac-transfers"] [data-status="COMPLETED"]').first().waitFor();
    expect(await page.getByTestId('nac-ledger').textContent()).toContain('+12.5 NAC');
    const yen = Number((await page.getByTestId('nac-yen-balance').textContent())!.replace(/[^0-9]/g, ''));
    const rate = Number((await page.getByTestId('nac-rate').textContent())!.replace(/^1 NAC = | yen$/g, ''));
    expect(yen).toBe(Math.floor(12.5 * rate));

    await page.getByLabel('Amount (NAC)').fill('2.5');
    await page.getByTestId('nac-withdraw').click();
    await page.getByText('Withdrawal of 2.5 NAC started.', { exact: false }).waitFor();
    await expect.poll(() => balanceText(page), { timeout: 20_000 }).toBe('10 NAC');
    await expect
      .poll(() => page.locator('[data-testid="nac-transfers"] [data-status="COMPLETED"]').count(), { timeout: 20_000 })
      .toBe(2);
    expect(await page.getByTestId('nac-ledger').textContent()).toContain('−2.5 NAC');
    await expectNoSeriousA11yViolations(page, '/mypage/wallet');
    await screenshotAtWidths(page, 'wallet-en');

    // The exchange's own account page: 1000 test NAC, less 12.5, plus 2.5.
    await page.getByTestId('open-exchange').click();
    await page.waitForURL((url) => url.pathname.startsWith('/nac-exchange/accounts/'));
    expect(await page.getByTestId('exchange-balance').textContent()).toBe('990 NAC');
    await screenshotAtWidths(page, 'wallet-exchange-en');
    await page.getByLabel('Amount (NAC)').fill('5');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Transfer started.', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Back to yado' }).click();
    await page.waitForURL(`${base}/mypage/wallet`);
    // Its notification reaches the product in a moment; a reload shows it credited.
    await expect
      .poll(
        async () => {
          await page.reload({ waitUntil: 'networkidle' });
          return balanceText(page);
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe('15 NAC');
    await context.close();
  });

  it('shows the wallet in Japanese on a phone', async () => {
    const { context, page } = await signedInGuest(browser, base, 'ja', 375);
    await page.goto(`${base}/ja/mypage/wallet`, { waitUntil: 'networkidle' });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('NACウォレット');
    expect(await page.getByTestId('nac-rate').textContent()).toMatch(/^1 NAC = [\d.]+円$/);
    expect(await page.getByRole('button', { name: '入金', exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: '出金', exact: true }).count()).toBe(1);
    // The page fits the phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(page, '/ja/mypage/wallet');
    await screenshotAtWidths(page, 'wallet-ja');
    await page.getByTestId('open-exchange').click();
    await page.waitForURL((url) => url.pathname.startsWith('/nac-exchange/accounts/') && url.search === '?lang=ja');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('NACアカウント');
    await screenshotAtWidths(page, 'wallet-exchange-ja');
    await page.getByRole('link', { name: 'yadoに戻る' }).click();
    await page.waitForURL(`${base}/ja/mypage/wallet`);
    await context.close();
  });
});
