import { addMonths, firstOfMonth, monthOf } from '@yado/contract/civil-date';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DEMO_STAFF, newContext, screenshotAtWidths, signIn, todayInTokyo } from './support/guest-steps';
import { launchBrowser, startTestServer } from './support/test-server';

/**
 * Owner statements in Debian's Chromium against the real server on a fresh database (the demo seed
 * issued last month's statement of the demo owner). Staff close the month before that from the
 * console; the demo owner finds its statement in the owner area in English and Japanese, opens it
 * (per house the revenue, expenditure and settlement) and downloads its PDF in both languages; a
 * second close of the same month issues nothing more. With YADO_SCREENSHOTS=<folder> each page is
 * saved at 375 and 1280 px.
 */
const DEMO_OWNER = { email: 'owner@yado.example', password: 'yado-owner-share-2026' };

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

// The month before last in Japan: over, and not the one the demo seed closed.
const twoMonthsAgo = monthOf(firstOfMonth(addMonths(monthOf(todayInTokyo()), -2)));
const monthValue = `${twoMonthsAgo.year}-${String(twoMonthsAgo.month).padStart(2, '0')}`;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const enLabel = `${MONTHS[twoMonthsAgo.month - 1]} ${twoMonthsAgo.year}`;
const jaLabel = `${twoMonthsAgo.year}/${twoMonthsAgo.month}`;

describe('owner statements', () => {
  it('staff close a month, and the owner reads its statement and downloads the PDF', async () => {
    const base = server.baseUrl;

    // Staff close the month from the console.
    const staffContext = await newContext(browser, 'en', 1280);
    const staffPage = await staffContext.newPage();
    await signIn(staffPage, base, DEMO_STAFF);
    await staffPage.goto(`${base}/staff/statements`, { waitUntil: 'networkidle' });
    await expect(staffPage.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Owner statements');
    await staffPage.getByLabel('Settlement').selectOption('MONTHLY');
    await staffPage.getByLabel('First month of the period').fill(monthValue);
    await staffPage.getByRole('button', { name: 'Close and issue statements' }).click();
    await staffPage.getByText(`statements issued for ${enLabel} (Monthly).`).waitFor();
    const periods = staffPage.getByTestId('statement-periods');
    await periods.getByRole('row', { name: new RegExp(`^${enLabel} \\(Monthly\\)`) }).waitFor();
    await periods
      .getByRole('row', { name: new RegExp(`^${enLabel} \\(Monthly\\)`) })
      .getByRole('link', { name: 'Show' })
      .click();
    await staffPage.getByRole('heading', { name: `Statements of ${enLabel} (Monthly)` }).waitFor();
    await expect(staffPage.getByTestId('staff-statement').count()).resolves.toBeGreaterThanOrEqual(1);
    await expect(staffPage.getByTestId('staff-statements').textContent()).resolves.toContain('Kenji');
    await expectNoSeriousA11yViolations(staffPage, '/staff/statements');
    await screenshotAtWidths(staffPage, 'staff-statements');

    // Closing it again issues nothing more.
    await staffPage.getByLabel('First month of the period').fill(monthValue);
    await staffPage.getByRole('button', { name: 'Close and issue statements' }).click();
    await staffPage.getByText(`${enLabel} (Monthly) was closed before; nothing more was issued.`).waitFor();
    await staffContext.close();

    // The owner finds it in the owner area.
    const context = await newContext(browser, 'en', 1280);
    const page = await context.newPage();
    await signIn(page, base, DEMO_OWNER);
    await page.goto(`${base}/owner`, { waitUntil: 'networkidle' });
    await page.getByTestId('owner-nav-statements').click();
    await page.waitForURL(`${base}/owner/statements`);
    await page.getByRole('heading', { level: 1, name: 'Statements', exact: true }).waitFor();
    const card = page.getByTestId('owner-statement').filter({ has: page.getByRole('heading', { name: enLabel }) });
    await expect(card.count()).resolves.toBe(1);
    // The seed's statement of last month is there too, newest first.
    await expect(page.getByTestId('owner-statement').count()).resolves.toBe(2);
    await expectNoSeriousA11yViolations(page, '/owner/statements');
    await screenshotAtWidths(page, 'owner-statements');

    // Its PDF, in English and in Japanese, through the page's own resource route.
    for (const testId of ['owner-statement-pdf-en', 'owner-statement-pdf-ja']) {
      const href = (await card.getByTestId(testId).getAttribute('href'))!;
      expect(href).toMatch(/^\/owner\/statements\/[A-Za-z0-9_-]+\/pdf\?lang=(en|ja)$/);
      const pdf = await page.request.get(`${base}${href}`);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect(pdf.headers()['content-disposition']).toMatch(/^attachment; filename="owner-statement-.+\.pdf"$/);
      expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    // The download a person starts from the link.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByTestId('owner-statement-pdf-en').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^owner-statement-.+\.pdf$/);

    // The statement itself: per house the revenue, the expenditure (management fee) and the settlement.
    await card.getByRole('link', { name: `View the statement of ${enLabel}` }).click();
    await page.getByRole('heading', { level: 1, name: `Statement for ${enLabel}` }).waitFor();
    await expect(page.getByTestId('owner-statement-house').count()).resolves.toBeGreaterThanOrEqual(2);
    await expect(page.getByTestId('owner-statement-house').first().textContent()).resolves.toContain('Management fee');
    await expect(page.getByText('Monthly settlement').first().isVisible()).resolves.toBe(true);
    await expectNoSeriousA11yViolations(page, '/owner/statements/:id');
    await screenshotAtWidths(page, 'owner-statement');

    // In Japanese.
    await page.goto(`${base}/ja/owner/statements`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: '精算書', exact: true }).waitFor();
    await page.getByRole('heading', { name: jaLabel, exact: true }).waitFor();
    await page.getByRole('link', { name: `${jaLabel}の精算書を表示` }).click();
    await page.getByRole('heading', { level: 1, name: `${jaLabel}の精算書` }).waitFor();
    await expect(page.getByTestId('owner-statement-house').first().textContent()).resolves.toContain('管理費');
    await expectNoSeriousA11yViolations(page, '/ja/owner/statements/:id');
    await screenshotAtWidths(page, 'owner-statement-ja');
    await context.close();
  });
});
