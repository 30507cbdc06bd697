import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { newContext, screenshotAtWidths, signedInGuest, todayInTokyo, yen } from './support/guest-steps';
import { launchBrowser, startTestServer } from './support/test-server';

/**
 * Payment statements in Debian's Chromium against the real server on a fresh database (the demo seed
 * gave the demo guest a stay paid in the quarter before this one). The guest finds last quarter's
 * statement from My page, reads it, downloads its PDF in both languages, and shares it: the link opens
 * in a fresh browser without signing in, counts the opening, and is refused once the guest turns it
 * off. With YADO_SCREENSHOTS=<folder> each page is saved at 375 and 1280 px.
 */

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

const today = todayInTokyo();
const month = Number(today.slice(5, 7));
const quarter = Math.floor((month - 1) / 3) + 1;
const previous =
  quarter === 1
    ? { year: Number(today.slice(0, 4)) - 1, quarter: 4 }
    : { year: Number(today.slice(0, 4)), quarter: quarter - 1 };
const enLabel = `Q${previous.quarter} ${previous.year}`;
const jaLabel = `${previous.year}年 第${previous.quarter}四半期`;
const slug = `QUARTER-${previous.year}-${String((previous.quarter - 1) * 3 + 1).padStart(2, '0')}-01`;

describe('payment statements', () => {
  it('the guest reads last quarter, downloads the PDF, shares it with an accountant and turns the link off', async () => {
    const base = server.baseUrl;
    const { context, page } = await signedInGuest(browser, base, 'en', 1280);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });

    await page.getByTestId('mypage-financial-statements').click();
    await page.waitForURL(`${base}/mypage/financial-statements`);
    await page.getByRole('heading', { level: 1, name: 'Payment statements' }).waitFor();
    const quarters = page.getByTestId('financial-statements-QUARTER');
    await quarters.getByRole('link', { name: new RegExp(`^${enLabel}`) }).waitFor();
    await expectNoSeriousA11yViolations(page, '/mypage/financial-statements');
    await screenshotAtWidths(page, 'financial-statements');

    await quarters.getByRole('link', { name: new RegExp(`^${enLabel}`) }).click();
    await page.waitForURL(`${base}/mypage/financial-statements/${slug}`);
    await page.getByRole('heading', { level: 1, name: enLabel }).waitFor();
    // The stay's deposit and the rest, both by card: payments and a net above zero.
    await expect(page.getByTestId('financial-line').count()).resolves.toBeGreaterThanOrEqual(2);
    const net = yen(await page.getByTestId('financial-net').textContent());
    expect(net).toBeGreaterThan(0);
    await expect(page.getByTestId('financial-methods').textContent()).resolves.toContain('Card');
    await expectNoSeriousA11yViolations(page, '/mypage/financial-statements/:period');
    await screenshotAtWidths(page, 'financial-statement');

    // The PDF in English and Japanese, through the page's own resource route.
    for (const testId of ['financial-pdf-en', 'financial-pdf-ja']) {
      const href = (await page.getByTestId(testId).getAttribute('href'))!;
      expect(href).toBe(`/mypage/financial-statements/${slug}/pdf?lang=${testId.slice(-2)}`);
      const pdf = await page.request.get(`${base}${href}`);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('financial-pdf-en').click()]);
    expect(download.suggestedFilename()).toMatch(/^statement-quarter-\d{4}-\d{2}-01\.pdf$/);

    // Share it for 14 days and copy the link.
    await page.getByTestId('financial-share-open').click();
    const dialog = page.getByTestId('financial-share-dialog');
    await dialog.getByRole('heading', { name: 'Share this statement' }).waitFor();
    await dialog.getByLabel('The link works for').selectOption('14');
    await dialog.getByTestId('financial-share-create').click();
    const url = await dialog.getByTestId('financial-share-url').inputValue();
    expect(url).toMatch(new RegExp(`^${base}/financial-statements/shared/[A-Za-z0-9_-]{43}$`));
    await dialog.getByTestId('financial-share-copy').click();
    await dialog.getByRole('button', { name: 'Copied' }).waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(url);
    await dialog.getByTestId('financial-share').first().waitFor();
    await expect(dialog.getByTestId('financial-share').first().getAttribute('data-status')).resolves.toBe('ACTIVE');
    await expectNoSeriousA11yViolations(page, '/mypage/financial-statements/:period (share dialog)');
    await screenshotAtWidths(page, 'financial-share-dialog');

    // The accountant opens it in a fresh browser, without signing in.
    const accountant = await newContext(browser, 'en', 1280);
    const shared = await accountant.newPage();
    const res = await shared.goto(url, { waitUntil: 'networkidle' });
    expect(res?.headers()['x-robots-tag']).toContain('noindex');
    await shared.getByRole('heading', { level: 1, name: enLabel }).waitFor();
    await expect(shared.getByTestId('financial-shared').isVisible()).resolves.toBe(true);
    expect(yen(await shared.getByTestId('financial-net').textContent())).toBe(net);
    await expect(shared.locator('meta[name="robots"]').first().getAttribute('content')).resolves.toContain('noindex');
    // Nothing else of the guest: no My page, no sign-out.
    await expect(shared.getByTestId('mypage-financial-statements').count()).resolves.toBe(0);
    const sharedPdf = await shared.request.get(
      `${base}${(await shared.getByTestId('financial-pdf-ja').getAttribute('href'))!}`,
    );
    expect(sharedPdf.status()).toBe(200);
    expect((await sharedPdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expectNoSeriousA11yViolations(shared, '/financial-statements/shared/:token');
    await screenshotAtWidths(shared, 'financial-shared');

    // The guest sees the openings, then turns the link off.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByTestId('financial-share-open').click();
    await expect(dialog.getByTestId('financial-share-opened').first().textContent()).resolves.toMatch(
      /^Opened 2 times/,
    );
    await dialog.getByTestId('financial-share-revoke').first().click();
    await dialog.locator('[data-testid="financial-share"][data-status="REVOKED"]').first().waitFor();

    // The link is refused now, with a page that says why.
    await shared.goto(url, { waitUntil: 'networkidle' });
    await shared.getByRole('heading', { level: 1, name: 'This link has been turned off' }).waitFor();
    await expect(shared.getByTestId('financial-net').count()).resolves.toBe(0);
    await screenshotAtWidths(shared, 'financial-shared-revoked');
    await accountant.close();

    // In Japanese.
    await page.goto(`${base}/ja/mypage/financial-statements/${slug}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: jaLabel }).waitFor();
    await expect(page.getByTestId('financial-methods').textContent()).resolves.toContain('カード');
    await expectNoSeriousA11yViolations(page, '/ja/mypage/financial-statements/:period');
    await screenshotAtWidths(page, 'financial-statement-ja');
    await context.close();
  });
});
