import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { settleAnimations } from './support/animations';
import { expectNoSeriousA11yViolations } from './support/axe';
import { launchBrowser, startTestServer } from './support/test-server';
import { API_PREFIX } from '@yado/contract/headers';
import { getUser } from '@yado/contract/user.contract';
import { hydratedElement } from './support/hydration';

/**
 * The shared interface in Debian's Chromium against the real server: the
 * signed-in navigation, toasts, the global error dialog, the loading overlay,
 * the chat container, keyboard reach and axe-core on the main pages.
 *
 * With YADO_SCREENSHOTS=<folder> it also saves the navigation, toasts and the
 * error dialog at 375 px and 1280 px wide, in English and Japanese.
 */
const SCREENSHOT_DIR = process.env['YADO_SCREENSHOTS'];
const GUEST = { email: 'guest@yado.example', password: 'yado-guest-stay-2026' };

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
  // Entrances only: a toast's countdown would close it.
  await settleAnimations(page, 1_000);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/**
 * Waits until React has hydrated the page (its elements carry React's
 * internal keys), rather than for network silence: background calls of a
 * signed-in page (analytics, token refresh) may keep the network busy.
 */
const hydrated = (page: Page) => hydratedElement(page, '.brand');

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'load' });
  await hydrated(page);
}

/**
 * Waits until the page has settled its session: every full load of a
 * signed-in page restores it in the background (token refresh, session
 * cookie, user), and the app says on `<html data-session>` when that is over.
 */
async function sessionSettled(page: Page, state: 'ready' | 'signed-out' = 'ready'): Promise<void> {
  await page.waitForFunction((expected) => document.documentElement.dataset['session'] === expected, state);
}

/** Opens a signed-in page and waits until its session restore is over. */
async function openSignedIn(page: Page, url: string): Promise<void> {
  await open(page, url);
  await sessionSettled(page);
}

async function signIn(page: Page, base: string): Promise<void> {
  await open(page, `${base}/login`);
  await page.getByLabel('Email address').fill(GUEST.email);
  await page.getByLabel('Password').fill(GUEST.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL(`${base}/mypage`);
  await page.getByTestId('user-number').waitFor();
  await sessionSettled(page);
}

async function openMypage(page: Page, url: string): Promise<void> {
  // The session restore fetches the user once after a full load; let it finish first.
  await openSignedIn(page, url);
  await page.getByTestId('user-number').waitFor();
}

/**
 * Tells the page the connection is back, which makes /mypage refresh its user
 * from the client, and answers that one call with this status and body (the
 * server's own render and every other call are untouched). Resolves once the
 * answer arrived.
 */
async function refreshUserAnswering(page: Page, status: number, body: unknown): Promise<void> {
  await page.route(
    `**${API_PREFIX}/${getUser.path}`,
    (route: Route) =>
      route.fulfill({
        status,
        contentType: 'application/json',
        headers: { 'x-test-answer': 'yes' },
        body: JSON.stringify(body),
      }),
    { times: 1 },
  );
  const answered = page.waitForResponse(
    (response) =>
      response.url().endsWith(`${API_PREFIX}/${getUser.path}`) && response.headers()['x-test-answer'] === 'yes',
  );
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  const response = await answered;
  expect(response.status()).toBe(status);
}

function errorBody(status: number, message: string, localizedMessage: string) {
  return { status, code: 'ABORTED', message, errorInfo: { reason: 'CodeConflict' }, localizedMessage };
}

const toastIds = (page: Page) =>
  page.locator('.Toastify__toast').evaluateAll((els) => els.map((el) => Number(el.id.replace('toast-', ''))));

describe('the shared interface', () => {
  // Every test has its own browser context (cookies, storage), so none depends on another having run first.
  let context: BrowserContext | undefined;

  async function newPage(): Promise<Page> {
    context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-US',
      // page.route does not see requests a service worker makes; these tests answer API calls themselves.
      serviceWorkers: 'block',
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    return context.newPage();
  }

  /** A page of a new context with the demo guest signed in (on /mypage). */
  async function signedInPage(): Promise<Page> {
    const page = await newPage();
    await signIn(page, server.baseUrl);
    return page;
  }

  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  it('paints the server page before any module of the app is fetched, then hydrates it', async () => {
    const page = await newPage();
    for (const url of ['/login', '/search', '/house-groups/hg-kazahana-villa']) {
      await open(page, `${server.baseUrl}${url}`);
      const order = await page.evaluate(() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        const modules = performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/') && entry.name.endsWith('.js'));
        return {
          paintedAt: paint?.startTime ?? null,
          firstModuleAt: Math.min(...modules.map((entry) => entry.startTime)),
          modules: modules.length,
        };
      });
      expect(order.paintedAt, url).not.toBeNull();
      expect(order.modules, url).toBeGreaterThan(0);
      expect(order.firstModuleAt, url).toBeGreaterThan(order.paintedAt!);
    }
  });

  it('passes axe on the signed-out pages and reaches every control on /login by keyboard', async () => {
    const base = server.baseUrl;
    const page = await newPage();
    for (const address of ['/', '/login', '/register', '/404', '/ja/login']) {
      await open(page, `${base}${address}`);
      await expectNoSeriousA11yViolations(page, address);
    }

    await open(page, `${base}/login`);
    const controls = await page.evaluate(() => {
      const selector = 'a[href], button:not([disabled]), input:not([type="hidden"]), select, textarea';
      const visible = Array.from(document.querySelectorAll<HTMLElement>(selector)).filter(
        (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden',
      );
      visible.forEach((el, i) => el.setAttribute('data-kb', String(i)));
      return visible.map((el) => el.textContent?.trim() || el.getAttribute('aria-label') || el.id);
    });
    expect(controls.length).toBeGreaterThan(4);
    const reached = new Set<string>();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    for (let i = 0; i < controls.length + 5; i += 1) {
      await page.keyboard.press('Tab');
      const index = await page.evaluate(() => document.activeElement?.getAttribute('data-kb') ?? null);
      if (index !== null) reached.add(index);
    }
    const missed = controls.filter((_, i) => !reached.has(String(i)));
    expect(missed).toEqual([]);

    // The chat container is on the page. The routes whose table entry turns chat off are all private
    // (the car controller's is checked signed in by vehicle-rental.e2e): signed out, one sends the
    // visitor to log in, where the chat container is again.
    await expect(page.locator('#chat-container').count()).resolves.toBe(1);
    await open(page, `${base}/vehicle-controller/some-rental`);
    await page.waitForURL(/\/login\?redirectUrl=%2Fvehicle-controller%2Fsome-rental$/);
  });

  it('gives a signed-out visitor a way to log in from the header, at every width, and brings them back', async () => {
    const base = server.baseUrl;
    const page = await newPage();
    const house = '/house-groups/hg-kazahana-villa';
    await open(page, `${base}${house}`);
    const logIn = page.locator('.site-header').getByRole('link', { name: 'Log in', exact: true });
    await expect(logIn.isVisible()).resolves.toBe(true);
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(logIn.isVisible()).resolves.toBe(true);
    await expectNoSeriousA11yViolations(page, `${house} at 375 px, signed out`);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Not on the ways in themselves.
    await open(page, `${base}/login`);
    await expect(logIn.count()).resolves.toBe(0);
    await open(page, `${base}/ja${house}`);
    await expect(
      page.locator('.site-header').getByRole('link', { name: 'ログイン', exact: true }).getAttribute('href'),
    ).resolves.toBe(`/ja/login?redirectUrl=${encodeURIComponent(`/ja${house}`)}`);

    await open(page, `${base}${house}`);
    await logIn.click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Email address').fill(GUEST.email);
    await page.getByLabel('Password').fill(GUEST.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(`${base}${house}`);
    await sessionSettled(page);
    await expect(logIn.count()).resolves.toBe(0);
  });

  it('shows the signed-in navigation in the header on wide screens and in a footer menu on phones', async () => {
    const base = server.baseUrl;
    const page = await newPage();
    await signIn(page, base);
    await expectNoSeriousA11yViolations(page, '/mypage');

    const header = page.locator('.site-header').getByRole('navigation', { name: 'Your account' });
    await expect(header.getByRole('link', { name: 'My page' }).isVisible()).resolves.toBe(true);
    await expect(header.getByRole('button', { name: 'Log out' }).isVisible()).resolves.toBe(true);
    await expect(page.locator('.footer-menu').isVisible()).resolves.toBe(false);
    await screenshot(page, 'nav-1280');

    await page.setViewportSize({ width: 375, height: 812 });
    const footer = page.locator('.footer-menu');
    await expect(footer.isVisible()).resolves.toBe(true);
    await expect(header.isVisible()).resolves.toBe(false);
    const layer = await footer.evaluate((el) => ({
      z: getComputedStyle(el).zIndex,
      position: getComputedStyle(el).position,
      bottom: Math.round(el.getBoundingClientRect().bottom),
    }));
    expect(layer).toEqual({ z: '50', position: 'fixed', bottom: 812 });
    await expectNoSeriousA11yViolations(page, '/mypage at 375 px');
    await screenshot(page, 'nav-375');

    await openSignedIn(page, `${base}/ja/mypage`);
    await expect(footer.getByRole('link', { name: 'マイページ' }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'nav-ja-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.locator('.site-header').getByRole('button', { name: 'ログアウト' }).isVisible()).resolves.toBe(
      true,
    );
    await screenshot(page, 'nav-ja-1280');
  });

  it('shows at most three toasts, newest on top, closes one on click and each after about 3.5 s', async () => {
    const base = server.baseUrl;
    const page = await signedInPage();
    await openSignedIn(page, `${base}/mypage`);
    const copy = page.getByRole('button', { name: 'Copy user number' });
    const userNumber = (await page.getByTestId('user-number').textContent())?.trim();

    for (let i = 0; i < 4; i += 1) await copy.click();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(userNumber);
    const toasts = page.locator('.Toastify__toast');
    await page.waitForFunction(() => document.querySelectorAll('.Toastify__toast').length === 3);
    const firstSeenAt = Date.now();
    await expect(toasts.first().textContent()).resolves.toBe('User number copied');
    const shown = await toastIds(page);
    // Newest on top; the fourth waits for a free place.
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
    expect(shown).toHaveLength(3);
    const [newest, middle, oldest] = shown as [number, number, number];
    expect(newest - oldest).toBe(2);

    // Placement and layer: bottom centre, under dialogs.
    const box = await toasts.first().boundingBox();
    const container = page.locator('.Toastify__toast-container');
    await expect(container.evaluate((el) => getComputedStyle(el).zIndex)).resolves.toBe('200');
    expect(Math.abs((box?.x ?? 0) + (box?.width ?? 0) / 2 - 640)).toBeLessThan(2);
    expect((box?.y ?? 0) > 600).toBe(true);
    await expect(page.locator('.Toastify__progress-bar:visible').count()).resolves.toBe(0);
    await screenshot(page, 'toasts-1280');

    // A click closes the toast it lands on, and the waiting fourth takes the top.
    await page.locator(`#toast-${middle}`).click({ position: { x: 20, y: 10 } });
    await page.mouse.move(5, 5);
    await page.locator(`#toast-${middle}`).waitFor({ state: 'detached' });
    await page.locator(`#toast-${newest + 1}`).waitFor();
    const afterClick = await toastIds(page);
    expect(afterClick).toEqual([newest + 1, newest, oldest]);

    // Each closes by itself after 3.5 s.
    await page.locator(`#toast-${oldest}`).waitFor({ state: 'detached', timeout: 6000 });
    const lifetime = Date.now() - firstSeenAt;
    expect(lifetime).toBeGreaterThan(3000);
    expect(lifetime).toBeLessThan(5000);
    await page.waitForFunction(() => document.querySelectorAll('.Toastify__toast').length === 0, null, {
      timeout: 8000,
    });

    // The same in Japanese, at phone width: above the footer menu.
    await page.setViewportSize({ width: 375, height: 812 });
    await openSignedIn(page, `${base}/ja/mypage`);
    await page.getByRole('button', { name: 'ユーザー番号をコピー' }).click();
    await page.getByText('ユーザー番号をコピーしました').waitFor();
    const toastBottom = (await toasts.first().boundingBox())?.y ?? 0;
    const menuTop = (await page.locator('.footer-menu').boundingBox())?.y ?? 0;
    expect(toastBottom).toBeLessThan(menuTop);
    await screenshot(page, 'toasts-ja-375');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('ignores 404, shows the generic message for 500 and the server message with a title otherwise', async () => {
    const base = server.baseUrl;
    const page = await signedInPage();
    await openMypage(page, `${base}/mypage`);
    const dialog = page.getByRole('alertdialog');
    const copy = page.getByRole('button', { name: 'Copy user number' });

    await refreshUserAnswering(page, 404, {
      status: 404,
      code: 'NOT_FOUND',
      message: 'No user is registered for this account yet.',
      errorInfo: { reason: 'CodeUserNotFound' },
      localizedMessage: 'No user is registered for this account yet.',
    });
    await page.waitForTimeout(400);
    await expect(dialog.count()).resolves.toBe(0);

    await refreshUserAnswering(page, 500, errorBody(500, 'internal detail', 'internal detail'));
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain('Something went wrong on our side. Please try again later.');
    await expect(dialog.textContent()).resolves.not.toContain('internal detail');
    await expect(dialog.getByRole('heading').count()).resolves.toBe(0);
    await expect(dialog.getAttribute('aria-modal')).resolves.toBe('true');
    await expect(page.locator('.modal--dialog').evaluate((el) => getComputedStyle(el).zIndex)).resolves.toBe('300');
    await expectNoSeriousA11yViolations(page, '/mypage with the error dialog');
    await screenshot(page, 'error-500-1280');
    // Escape closes it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Focus goes into the dialog, stays there, and returns to where it was.
    await copy.focus();
    await refreshUserAnswering(
      page,
      409,
      errorBody(409, 'Someone changed this booking.', 'Someone changed this booking.'),
    );
    await dialog.waitFor();
    await expect(dialog.getByRole('heading').textContent()).resolves.toBe('We could not complete that');
    await expect(dialog.textContent()).resolves.toContain('Someone changed this booking.');
    await expect(dialog.evaluate((el) => el.contains(document.activeElement))).resolves.toBe(true);
    for (const key of ['Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      await expect(dialog.evaluate((el) => el.contains(document.activeElement))).resolves.toBe(true);
    }
    await screenshot(page, 'error-409-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'error-409-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(copy.evaluate((el) => el === document.activeElement)).resolves.toBe(true);

    // Japanese, reached with the language switch: the generic message translated, and the server's localized message.
    // React takes the click: the cookie is set in the page and the move needs no reload.
    await hydratedElement(page, 'a.language-switch');
    await page.getByRole('link', { name: '日本語' }).click();
    await page.waitForURL(`${base}/ja/mypage`);
    await page.getByRole('heading', { name: 'マイページ' }).waitFor();
    await refreshUserAnswering(page, 500, errorBody(500, 'internal detail', 'internal detail'));
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain(
      'システムエラーが発生しました。しばらくしてからもう一度お試しください。',
    );
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'error-500-ja-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole('button', { name: '閉じる' }).click();
    await dialog.waitFor({ state: 'detached' });

    await refreshUserAnswering(page, 409, errorBody(409, 'Someone changed this booking.', '予約が変更されました。'));
    await dialog.waitFor();
    await expect(dialog.getByRole('heading').textContent()).resolves.toBe('処理を完了できませんでした');
    await expect(dialog.textContent()).resolves.toContain('予約が変更されました。');
    await expect(dialog.textContent()).resolves.not.toContain('Someone changed');
    await screenshot(page, 'error-409-ja-1280');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Back to English with the switch.
    // React takes the click: the cookie is set in the page and the move needs no reload.
    await hydratedElement(page, 'a.language-switch');
    await page.getByRole('link', { name: 'English' }).click();
    await page.waitForURL(`${base}/mypage`);
  });

  it('reports and shows an unhandled promise rejection', async () => {
    const base = server.baseUrl;
    const page = await signedInPage();
    await openSignedIn(page, `${base}/mypage`);
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await page.evaluate(() => {
      void Promise.reject(new Error('nobody caught this'));
    });
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain('Something went wrong on our side.');
    expect(logged.some((line) => line.includes('nobody caught this'))).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('covers the page with the loading overlay while logging out, then lands on /login', async () => {
    const base = server.baseUrl;
    const page = await signedInPage();
    await openSignedIn(page, `${base}/mypage`);
    await page.route('**/api/sessionLogout', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const overlay = page.getByTestId('loading-overlay');
    await expect(overlay.count()).resolves.toBe(0);
    await page.locator('.site-header').getByRole('button', { name: 'Log out' }).click();
    await overlay.waitFor();
    await expect(overlay.evaluate((el) => getComputedStyle(el).zIndex)).resolves.toBe('1100');
    await expect(page.locator('.loading-dots__dot').count()).resolves.toBe(3);
    await expect(overlay.getAttribute('role')).resolves.toBe('status');
    await page.waitForURL(`${base}/login`);
    await overlay.waitFor({ state: 'detached' });
    await sessionSettled(page, 'signed-out');
    // Signed out: no account navigation any more.
    await expect(page.getByRole('navigation', { name: 'Your account' }).count()).resolves.toBe(0);
    await page.unroute('**/api/sessionLogout');
  });
});
