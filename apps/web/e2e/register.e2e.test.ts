import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startTestServer } from './support/test-server';
import { fromNewestMessage } from './support/outbox';
import { hydratedElement } from './support/hydration';

/**
 * Registration end to end, in Debian's Chromium against the real server on a
 * fresh database: account → user form → the emailed code from the
 * development outbox → verified → /mypage → log out → /mypage is private again.
 *
 * With YADO_SCREENSHOTS=<folder> it also saves /login, /register and /mypage
 * at 375 px and 1280 px wide, to look at the pages as a visitor would.
 */
const SCREENSHOT_DIR = process.env['YADO_SCREENSHOTS'];
const WIDTHS = [375, 1280] as const;

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

async function screenshot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOT_DIR) return;
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** Screenshots of the current page at each width (the page is resized and restored). */
async function screenshotAtWidths(page: Page, name: string): Promise<void> {
  if (!SCREENSHOT_DIR) return;
  const original = page.viewportSize();
  // From the top, with nothing focused, so the pictures show the page as it first appears.
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 744 ? 812 : 900 });
    await screenshot(page, `${name}-${width}`);
  }
  if (original) await page.setViewportSize(original);
}

/** The 6-digit code of the newest message to this address in the development outbox. */
async function codeFromOutbox(email: string): Promise<string> {
  return (await fromNewestMessage(server.baseUrl, email, /\b(\d{6})\b/))[1]!;
}

describe('registration in the browser', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
  });

  it('creates an account, fills the user form, verifies the email, lands on /mypage and logs out', async () => {
    const email = `guest-${Date.now()}@example.com`;
    const base = server.baseUrl;

    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await screenshotAtWidths(page, 'home');
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    await expect(page.locator('meta[name="robots"]').count()).resolves.toBe(0);
    await screenshotAtWidths(page, 'login');

    // Step 1: the account.
    await page.goto(`${base}/register`, { waitUntil: 'networkidle' });
    await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe(
      'noindex, nofollow, noarchive',
    );
    await screenshotAtWidths(page, 'register-account');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('quiet-cedar-lantern-2048');
    await page.getByRole('button', { name: 'Create account' }).click();

    // Step 2: the user, with a field left wrong first to see the form say so.
    await page.getByRole('heading', { name: 'Tell us about yourself' }).waitFor();
    await page.getByLabel('Last name', { exact: true }).fill('山田');
    await page.getByLabel('First name', { exact: true }).fill('花子');
    await page.getByLabel('Last name (Latin letters)').fill('Yamada');
    await page.getByLabel('First name (Latin letters)').fill('花子');
    await page.getByLabel('Nationality').selectOption('JP');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    const romanizedFirst = page.getByLabel('First name (Latin letters)');
    await expect(romanizedFirst.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.locator('#user-romanizedFirstName-error').textContent()).resolves.toContain('Latin letters');
    await expect(romanizedFirst.evaluate((el) => el === document.activeElement)).resolves.toBe(true);

    await romanizedFirst.fill('Hanako');
    await page.getByLabel('Phone number').fill('090-1234-5678');
    await page.getByLabel('City').fill('Karuizawa');
    await page.getByLabel('Occupation').selectOption({ label: 'Company employee' });
    await screenshotAtWidths(page, 'register-profile');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // Step 3: the code from the development outbox.
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.getByText(`We sent a 6-digit code to ${email}`).waitFor();
    await screenshotAtWidths(page, 'register-verify');
    const code = await codeFromOutbox(email);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify email address' }).click();
    await page.getByRole('heading', { name: 'You are all set' }).waitFor();

    // The sign-up completion dialog; closing it goes on to /mypage.
    await page.getByRole('alertdialog', { name: 'Registration complete' }).getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(`${base}/mypage`);
    await page.getByRole('heading', { name: 'My page' }).waitFor();
    await expect(page.getByTestId('user-name').textContent()).resolves.toBe('Hanako Yamada');
    await expect(page.getByTestId('user-number').textContent()).resolves.toMatch(/\S/);
    await page.getByText(email).waitFor();
    await expect(page.locator('.details').getByText('Verified', { exact: true }).first().isVisible()).resolves.toBe(
      true,
    );
    await expect(page.getByText('+81 9012345678').isVisible()).resolves.toBe(true);
    await screenshotAtWidths(page, 'mypage');

    // The same page in Japanese, from the server.
    await page.goto(`${base}/ja/mypage`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'マイページ' }).waitFor();
    await expect(page.getByTestId('user-name').textContent()).resolves.toBe('山田 花子');
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('ja');
    await screenshotAtWidths(page, 'mypage-ja');
    // React takes the click: the cookie is set in the page and the move needs no reload.
    await hydratedElement(page, 'a.language-switch');
    await page.getByRole('link', { name: 'English' }).click();
    await page.waitForURL(`${base}/mypage`);

    // Log out: back to /login, and /mypage is private again.
    await page.locator('main').getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${base}/login`);
    await page.getByRole('heading', { name: 'Log in to yado' }).waitFor();
    const cookies = await context.cookies(base);
    expect(cookies.find((c) => c.name === 'token')).toBeUndefined();

    await page.goto(`${base}/mypage`);
    expect(page.url()).toBe(`${base}/login?redirectUrl=%2Fmypage`);

    // Logging in again returns to the page that asked for it.
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill('quiet-cedar-lantern-2048');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${base}/mypage`);
    await expect(page.getByTestId('user-name').textContent()).resolves.toBe('Hanako Yamada');
  });

  it('shows the server’s message when the password is wrong, and answers unknown pages with 404', async () => {
    const base = server.baseUrl;
    await page.goto(`${base}/ja/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('メールアドレス').fill('nobody@example.com');
    await page.getByLabel('パスワード').fill('not-the-password-1');
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toContain('メールアドレスまたはパスワードが正しくありません。');
    await screenshotAtWidths(page, 'login-error-ja');

    const response = await page.goto(`${base}/no-such-page`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'We could not find that page' }).waitFor();
    await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe(
      'noindex, nofollow, noarchive',
    );
  });

  it('signs a new address in at /e2e/login and sends it on to /register, keeping redirectUrl', async () => {
    const base = server.baseUrl;
    const email = `tester-${Date.now()}@example.com`;
    await page.goto(`${base}/e2e/login?redirectUrl=%2Fmypage`, { waitUntil: 'networkidle' });
    await hydratedElement(page, 'form button[type="submit"]');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Log in as staff').check();
    await page.getByRole('button', { name: 'Log in for testing' }).click();
    await page.waitForURL(`${base}/register?redirectUrl=%2Fmypage`);
    // The account exists and is signed in, so registration starts at the user form.
    await page.getByRole('heading', { name: 'Tell us about yourself' }).waitFor();
    await expect(page.getByLabel('Email address').inputValue()).resolves.toBe(email);
  });
});
