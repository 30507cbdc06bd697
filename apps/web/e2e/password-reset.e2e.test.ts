import { randomBytes } from 'node:crypto';
import { IDENTITY_ROUTES } from '@yado/contract/identity.contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { screenshotAtWidths } from './support/guest-steps';
import { launchBrowser, startTestServer } from './support/test-server';
import { fromNewestMessage } from './support/outbox';

/**
 * A forgotten password, in the browser against the real server: the login
 * form's link (carrying the address typed), the request, the link from the
 * development outbox, a refused password with the policy's own words, the new
 * password, and a second use of the link refused. In Japanese too.
 * With YADO_SCREENSHOTS=<folder> it also saves the pages at 375 px and 1280 px.
 */
const OLD_PASSWORD = 'quiet-cedar-lantern-2048';
const NEW_PASSWORD = 'morning-tide-harbour-7';

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

async function identityPost(route: string, body: unknown): Promise<Response> {
  return fetch(`${server.baseUrl}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function newAccount(): Promise<string> {
  const email = `reset-${randomBytes(4).toString('hex')}@example.com`;
  const res = await identityPost(IDENTITY_ROUTES.signUp, { email, password: OLD_PASSWORD });
  expect(res.status).toBe(200);
  return email;
}

/** The link of the newest password reset email to this address in the development outbox. */
async function resetLinkFor(email: string): Promise<URL> {
  return new URL((await fromNewestMessage(server.baseUrl, email, /https?:\/\/\S+reset-password\?token=\S+/))[0]);
}

const signInStatus = async (email: string, password: string) =>
  (await identityPost(IDENTITY_ROUTES.signInWithPassword, { email, password })).status;

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  return context.newPage();
}

describe('a forgotten password', () => {
  it('is reset through the emailed link, once', async () => {
    const email = await newAccount();
    const page = await newPage();
    const base = server.baseUrl;
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await expect(page.getByLabel('Email address').inputValue()).resolves.toBe(email);
    await expectNoSeriousA11yViolations(page, '/forgot-password');
    await screenshotAtWidths(page, 'forgot-password');

    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByTestId('reset-link-sent').waitFor();
    await expect(page.getByTestId('reset-link-sent').textContent()).resolves.toContain(email);
    await screenshotAtWidths(page, 'forgot-password-sent');

    const link = await resetLinkFor(email);
    expect(link.pathname).toBe('/reset-password');
    await page.goto(`${base}${link.pathname}${link.search}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await expectNoSeriousA11yViolations(page, '/reset-password');

    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('The password must be at least 8 characters long.').waitFor();
    await screenshotAtWidths(page, 'reset-password-refused');

    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByTestId('password-changed').waitFor();
    await screenshotAtWidths(page, 'reset-password-done');
    await expect(signInStatus(email, OLD_PASSWORD)).resolves.toBe(401);
    await expect(signInStatus(email, NEW_PASSWORD)).resolves.toBe(200);

    await page.getByRole('link', { name: 'Log in' }).last().click();
    await page.waitForURL((url) => url.pathname === '/login');

    // The same link again: refused, with a way to ask for a new one.
    await page.goto(`${base}${link.pathname}${link.search}`, { waitUntil: 'networkidle' });
    await page.getByLabel('New password', { exact: true }).fill('another-long-passphrase');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByTestId('reset-link-invalid').waitFor();
    await expect(page.getByTestId('reset-link-invalid').textContent()).resolves.toContain(
      'expired or was already used',
    );
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
  });

  it('speaks Japanese from the Japanese login page to the Japanese link', async () => {
    const email = await newAccount();
    const page = await newPage();
    await page.goto(`${server.baseUrl}/ja/forgot-password`, { waitUntil: 'networkidle' });
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByRole('button', { name: 'リンクを送る' }).click();
    await page.getByTestId('reset-link-sent').waitFor();
    const link = await resetLinkFor(email);
    expect(link.pathname).toBe('/ja/reset-password');
    await page.goto(`${server.baseUrl}${link.pathname}${link.search}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: '新しいパスワードの設定' }).waitFor();
    await page.getByLabel('新しいパスワード', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: '新しいパスワードを保存' }).click();
    await page.getByTestId('password-changed').waitFor();
    await expect(page.getByTestId('password-changed').textContent()).resolves.toContain('パスワードを変更しました');
    await screenshotAtWidths(page, 'reset-password-done-ja');
  });

  it('explains a page opened without the link’s secret', async () => {
    const page = await newPage();
    await page.goto(`${server.baseUrl}/reset-password`, { waitUntil: 'networkidle' });
    await expect(page.getByTestId('reset-link-invalid').textContent()).resolves.toContain(
      'needs the link from the password reset email',
    );
  });
});
