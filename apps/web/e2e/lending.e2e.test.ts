import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DEMO_STAFF, newContext, screenshotAtWidths, signIn, signedInGuest, todayInTokyo } from './support/guest-steps';
import { launchBrowser, startTestServer } from './support/test-server';
import { hydrated } from './support/hydration';
import { injectWallet } from './support/test-wallet';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

/**
 * Lending against the real server, its test-mode exchange and its background tasks: the demo guest
 * links their browser wallet by signing the server's Sign-In with Ethereum message, deposits NAC
 * from the exchange, applies to lend 100 NAC, is sent back by the exchange with the
 * code of a cancel, pays from the balance; staff confirm the transfer on the staff-confirmation page;
 * the application's end and return dates are moved to today (the server runs on the real clock) and
 * the lending task returns the NAC with its reward, seen on the wallet page.
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

describe('lending', () => {
  it('lends NAC, is confirmed by staff, and gets it back with the reward at the return date', async () => {
    const { context, page } = await signedInGuest(browser, base, 'en', 1280);
    const account = privateKeyToAccount(generatePrivateKey());
    await injectWallet(page, account);

    // The guest links their browser wallet (Sign-In with Ethereum), then takes NAC from the exchange.
    await page.goto(`${base}/mypage/wallet`, { waitUntil: 'networkidle' });
    await hydrated(page, 'link-wallet');
    await page.getByTestId('link-wallet').click();
    await page.getByTestId('linked-wallet').waitFor();
    expect(await page.getByTestId('linked-wallet').textContent()).toContain(account.address);
    await hydrated(page, 'nac-deposit');
    await page.getByLabel('Amount (NAC)').fill('150');
    await page.getByTestId('nac-deposit').click();
    await expect.poll(() => balanceText(page), { timeout: 20_000 }).toBe('150 NAC');

    // The lending home from My page, then the product.
    await page.goto(`${base}/mypage`, { waitUntil: 'networkidle' });
    await page.getByTestId('mypage-lending').click();
    await page.waitForURL(`${base}/mypage/lending`);
    await page.getByRole('link', { name: 'See lending products' }).click();
    await page.waitForURL(`${base}/dao/lending`);
    await page.getByTestId('voucher-lending-product').first().waitFor();
    expect(await page.getByTestId('lending-product').count()).toBe(2);
    expect(await page.getByTestId('voucher-lending-product').count()).toBe(1);
    await expectNoSeriousA11yViolations(page, '/dao/lending');
    await screenshotAtWidths(page, 'lending-home-en');
    await page
      .getByTestId('lending-product')
      .filter({ hasText: 'Winter NAC lending' })
      .getByRole('link', { name: 'See and apply' })
      .click();
    await page.waitForURL((url) => url.pathname.startsWith('/dao/lending/products/'));
    await hydrated(page, 'lending-total');
    await page.getByLabel('Units').fill('1');
    expect(await page.getByTestId('lending-total').textContent()).toBe('You lend 100 NAC');
    await screenshotAtWidths(page, 'lending-product-en');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dao/nac-transfer/remote');
    await hydrated(page, 'remote-open-exchange');
    expect(await page.getByTestId('remote-balance').textContent()).toBe('Your NAC balance here: 150 NAC');

    // At the exchange the guest gives up: the redirect comes back with the cancel's code.
    await page.getByTestId('remote-open-exchange').click();
    await page.waitForURL((url) => url.pathname.startsWith('/nac-exchange/accounts/'));
    await page.getByRole('button', { name: 'Cancel and return to yado' }).click();
    await page.waitForURL((url) => url.pathname === '/dao/nac-transfer/remote' && url.search.includes('error='));
    expect(await page.getByTestId('redirect-error').getAttribute('data-code')).toBe('0407');
    expect(await page.getByTestId('redirect-error').textContent()).toContain('You cancelled on the exchange');
    await expectNoSeriousA11yViolations(page, '/dao/nac-transfer/remote');
    await screenshotAtWidths(page, 'lending-remote-en');

    // Paid from the balance.
    await hydrated(page, 'remote-pay');
    await page.getByTestId('remote-pay').click();
    await page.getByTestId('remote-paid').waitFor();
    const applicationId = new URL(page.url()).searchParams.get('lendingApplicationId')!;

    // Staff confirm the transfer on their page.
    const staffContext = await newContext(browser, 'en', 1280);
    const staffPage = await staffContext.newPage();
    await signIn(staffPage, base, DEMO_STAFF, { redirectUrl: '/dao/nac-transfer/staff-confirmation' });
    const row = staffPage.getByTestId('awaiting-transfer').first();
    await hydrated(staffPage, 'confirm-transfer');
    expect(await row.textContent()).toContain('100 NAC');
    await screenshotAtWidths(staffPage, 'lending-staff-confirmation-en');
    await row.getByTestId('confirm-transfer').click();
    await staffPage.getByText('Transfer confirmed; the lending has started.').waitFor();
    await staffContext.close();

    await page.goto(`${base}/mypage/lending/${applicationId}`, { waitUntil: 'networkidle' });
    expect(await page.getByTestId('lending-status').textContent()).toBe('Lending');
    await expectNoSeriousA11yViolations(page, '/mypage/lending/:id');
    await screenshotAtWidths(page, 'lending-application-en');

    // The period ends and the return date comes today; the lending task (every minute) returns the NAC.
    const db = new pg.Client({ connectionString: server.databaseUrl });
    await db.connect();
    await db.query(`UPDATE lending_applications SET end_date = $2, nac_return_date = $2 WHERE id = $1`, [
      applicationId,
      todayInTokyo(),
    ]);
    await db.end();
    await expect
      .poll(
        async () => {
          await page.reload({ waitUntil: 'networkidle' });
          return page.getByTestId('lending-status').textContent();
        },
        { timeout: 120_000, interval: 3_000 },
      )
      .toBe('Completed, returned');
    expect(await page.locator('[data-event="RETURNED"]').count()).toBe(1);

    await page.goto(`${base}/mypage/wallet`, { waitUntil: 'networkidle' });
    expect(await balanceText(page)).toBe('150.5 NAC');
    expect(await page.getByTestId('nac-ledger').textContent()).toContain('+0.5 NAC');
    await context.close();
  });

  it('shows the lending pages in Japanese on a phone', async () => {
    const { context, page } = await signedInGuest(browser, base, 'ja', 375);
    await page.goto(`${base}/ja/dao/lending`, { waitUntil: 'networkidle' });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('NACを貸し出す');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshotAtWidths(page, 'lending-home-ja');
    await page.getByTestId('voucher-lending-product').getByRole('link', { name: '詳細・申し込み' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/ja/dao/lending/products/'));
    await page.getByRole('combobox', { name: '宿泊の種類' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(page, '/ja/dao/lending/products/:id');
    await screenshotAtWidths(page, 'lending-product-ja');
    // The list, with or without applications (the other test's may or may not be there).
    await page.goto(`${base}/ja/mypage/lending`, { waitUntil: 'networkidle' });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('貸し出し申請一覧');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(page, '/ja/mypage/lending');
    await screenshotAtWidths(page, 'lending-list-ja');
    await context.close();
  });
});
