import { mintSimulatedKeyToken } from '@yado/contract/key-token.contract';
import type { Browser } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { callApi } from './support/call-api';
import { DEMO_STAFF, screenshotAtWidths, signedInGuest, signInByApi } from './support/guest-steps';
import { launchBrowser, startTestServer } from './support/test-server';
import { hydrated } from './support/hydration';
import { injectWallet } from './support/test-wallet';

/**
 * Key tokens against the real server and its simulated chain: staff mint a THE KEY token to a
 * wallet; the demo guest's browser gets that wallet as an injected EIP-1193 provider (signing with
 * the test's private key through an exposed function), links it on the wallet page by signing the
 * server's Sign-In with Ethereum message, sees the token once its mint is mined, and books a stay
 * with it; the page then shows a night fewer. Then the key-token and DAO pages in Japanese, and a
 * browser without a wallet told so. With YADO_SCREENSHOTS=<folder> the pages are saved at 375 px and 1280 px.
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

const isoInTokyo = (daysAhead: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date(Date.now() + daysAhead * 86_400_000));

describe('key tokens', () => {
  it('links the browser wallet, shows its key token and books a stay with it', async () => {
    const staff = await signInByApi(base, DEMO_STAFF);
    const account = privateKeyToAccount(generatePrivateKey());
    const tokenId = String(1000 + Math.floor(Math.random() * 1_000_000));
    await callApi(
      base,
      mintSimulatedKeyToken,
      {
        keyType: 'THE_KEY',
        tokenId,
        walletAddress: account.address,
        houseGroupId: 'hg-kazahana-villa',
        nightsStandard: 8,
        nightsHigh: 2,
        datesFixed: [],
      },
      staff.idToken,
    );

    const { context, page } = await signedInGuest(browser, base, 'en', 1280);
    await injectWallet(page, account);
    await page.goto(`${base}/mypage/wallet`, { waitUntil: 'networkidle' });
    await hydrated(page, 'link-wallet');
    expect(await page.getByTestId('linked-wallet').count()).toBe(0);
    await page.getByTestId('link-wallet').click();
    await page.getByTestId('linked-wallet').waitFor();
    expect(await page.getByTestId('linked-wallet').textContent()).toContain(account.address);
    await screenshotAtWidths(page, 'wallet-linked-en');

    await page.getByRole('link', { name: 'See your key tokens' }).click();
    await page.waitForURL(`${base}/mypage/key-tokens`);
    // The mint is mined a moment after it was sent: the page shows the token once it is.
    const mine = page.locator('[data-testid="nft-key"]', { hasText: `Token #${tokenId}` });
    await expect
      .poll(
        async () => {
          await page.reload({ waitUntil: 'networkidle' });
          return mine.count();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(1);
    expect(await mine.getByTestId('nights-standard').textContent()).toBe('8 of 8');
    await expectNoSeriousA11yViolations(page, '/mypage/key-tokens');
    await screenshotAtWidths(page, 'key-tokens-en');

    // The first free night about a month ahead (the demo stays take some), in this year in Japan when
    // this year still has one: the page counts this year's nights, and a night of the next year draws
    // on the next year's (late in December, "a month ahead" is already next year).
    await hydrated(page, `book-with-${tokenId}`);
    const thisYear = isoInTokyo(0).slice(0, 4);
    const ahead = (from: number, to: number, step: number) =>
      Array.from({ length: Math.ceil((to - from) / step) }, (_, i) => from + i * step);
    const inThisYear = (d: number) => isoInTokyo(d).slice(0, 4) === thisYear;
    const candidates = [
      ...ahead(30, 90, 4).filter(inThisYear),
      ...ahead(1, 30, 1).filter(inThisYear),
      ...ahead(30, 90, 4).filter((d) => !inThisYear(d)),
    ];
    let booked = false;
    let bookedDay = 0;
    for (const d of candidates) {
      if (booked) break;
      bookedDay = d;
      await mine.getByLabel('Check-in').fill(isoInTokyo(d));
      await mine.getByLabel('Check-out').fill(isoInTokyo(d + 1));
      await mine.getByTestId(`book-with-${tokenId}`).click();
      booked = await Promise.race([
        page.waitForURL(/\/mypage\/bookings\/[^/]+$/, { timeout: 15_000 }).then(() => true),
        mine
          .getByRole('alert')
          .waitFor({ timeout: 15_000 })
          .then(() => false),
      ]);
    }
    expect(booked).toBe(true);
    await page.goto(`${base}/mypage/key-tokens`, { waitUntil: 'networkidle' });
    expect(await mine.getByTestId('nights-standard').textContent()).toBe(inThisYear(bookedDay) ? '7 of 8' : '8 of 8');
    await context.close();
  });

  it('shows the key tokens and DAO slots in Japanese on a phone, and says when the browser has no wallet', async () => {
    const { context, page } = await signedInGuest(browser, base, 'ja', 375);
    await page.goto(`${base}/ja/mypage/key-tokens`, { waitUntil: 'networkidle' });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('キートークン');
    await hydrated(page, 'link-wallet');
    await page.getByTestId('link-wallet').click();
    await page.getByText('このブラウザにウォレットが見つかりません', { exact: false }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(page, '/ja/mypage/key-tokens');
    await screenshotAtWidths(page, 'key-tokens-ja');

    await page.goto(`${base}/ja/mypage/dao-slots`, { waitUntil: 'networkidle' });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('DAO宿泊枠');
    expect(await page.getByTestId('dao-slot').count()).toBeGreaterThanOrEqual(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(page, '/ja/mypage/dao-slots');
    await screenshotAtWidths(page, 'dao-slots-ja');
    await context.close();
  });
});
