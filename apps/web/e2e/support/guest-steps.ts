import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { addDays, civilFromIso as civil, todayIn } from '@yado/contract/civil-date';
import { confirmBooking, createGuestUseTentativeBooking } from '@yado/contract/booking.contract';
import { listPaymentMethods } from '@yado/contract/payment.contract';
import { settleAnimations } from './animations';
import { callApi } from './call-api';

/** The accounts the demo data seeds (see the README). */
export const DEMO_GUEST = { email: 'guest@yado.example', password: 'yado-guest-stay-2026' };
export const DEMO_STAFF = { email: 'staff@yado.example', password: 'yado-staff-desk-2026' };

type Account = { email: string; password: string };
export type Language = 'en' | 'ja';
export type Civil = { year: number; month: number; day: number };

// The stays' dates are civil dates in the houses' own time zone, not the machine's.
export const todayInTokyo = (): string => todayIn('Asia/Tokyo', new Date());
/** The yen amount in a shown price such as `¥12,300`. */
export const yen = (text: string | null): number => Number((text ?? '').replace(/[^0-9]/g, ''));

export async function post<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

export async function signInByApi(base: string, who: Account): Promise<{ idToken: string; accountId: string }> {
  return post(`${base}/identity/v1/sign_in_with_password`, who);
}

const LOGIN_TEXTS = {
  en: { email: 'Email address', password: 'Password', submit: 'Log in' },
  ja: { email: 'メールアドレス', password: 'パスワード', submit: 'ログイン' },
} as const;

/**
 * Signs in on the login page as a person would and waits for the page it
 * sends to: `redirectUrl` when given, else My page in that language.
 */
export async function signIn(
  page: Page,
  base: string,
  account: Account,
  { language = 'en', redirectUrl }: { language?: Language; redirectUrl?: string } = {},
): Promise<void> {
  const prefix = language === 'ja' ? '/ja' : '';
  const query = redirectUrl ? `?redirectUrl=${encodeURIComponent(redirectUrl)}` : '';
  const texts = LOGIN_TEXTS[language];
  await page.goto(`${base}${prefix}/login${query}`, { waitUntil: 'networkidle' });
  // The form is filled once the app runs on the page (the session runtime has settled it): on a
  // busy machine a click before hydration submitted the bare HTML form and the sign-in was lost.
  await page.waitForFunction(() => {
    const state = document.documentElement.dataset['session'];
    return state !== undefined && state !== 'restoring';
  });
  await page.getByLabel(texts.email).fill(account.email);
  await page.getByLabel(texts.password).fill(account.password);
  await page.getByRole('button', { name: texts.submit, exact: true }).click();
  await page.waitForURL(`${base}${redirectUrl ?? `${prefix}/mypage`}`);
  await page.waitForLoadState('networkidle');
}

/** A new browser context at a phone (under 744 px) or desktop height, in the language's locale. */
export async function newContext(browser: Browser, language: Language, width: number): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width, height: width < 744 ? 812 : 900 },
    locale: language === 'ja' ? 'ja-JP' : 'en-US',
  });
}

/** The demo guest signed in on a new page, which is on My page. */
export async function signedInGuest(
  browser: Browser,
  base: string,
  language: Language,
  width: number,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, language, width);
  const page = await context.newPage();
  await signIn(page, base, DEMO_GUEST, { language });
  return { context, page };
}

const CARD_TEXTS = {
  en: { number: 'Card number', expiry: 'Expiry (MM/YY)', code: 'Security code', save: 'Save card' },
  ja: { number: 'カード番号', expiry: '有効期限（MM/YY）', code: 'セキュリティコード', save: 'カードを保存' },
} as const;

/**
 * Fills a test card on the payment provider's own card page (which the page
 * has just been sent to) and saves it; the provider then sends the page back.
 */
export async function saveCardOnProviderPage(page: Page, card: string, language: Language = 'en'): Promise<void> {
  const texts = CARD_TEXTS[language];
  await page.waitForURL((url) => url.pathname.startsWith('/payment-provider/'));
  await page.getByLabel(texts.number).fill(card);
  await page.getByLabel(texts.expiry).fill(`12/${String(new Date().getUTCFullYear() + 3).slice(2)}`);
  await page.getByLabel(texts.code).fill('123');
  await page.getByRole('button', { name: texts.save }).click();
}

/**
 * A BOOKED stay of two adults held and paid through the API with the guest's
 * first saved card (the demo guest's is frictionless).
 */
export async function bookStayByApi(
  base: string,
  guestHeaders: Record<string, string>,
  houseGroupId: string,
  checkin: string,
  nights: number,
): Promise<string> {
  const { paymentMethods } = await callApi(base, listPaymentMethods, {}, guestHeaders);
  const { bookingId } = await callApi(
    base,
    createGuestUseTentativeBooking,
    {
      houseGroupId,
      checkinDate: civil(checkin),
      checkoutDate: civil(addDays(checkin, nights)),
      headcount: { males: 1, females: 1 },
      childrenAge: [],
    },
    { ...guestHeaders, 'idempotency-key': `e2e-hold-${houseGroupId}-${checkin}-${Date.now()}` },
  );
  const paid = await callApi(
    base,
    confirmBooking,
    { bookingId, paymentMethodId: paymentMethods[0]!.creditCard.paymentMethodId },
    { ...guestHeaders, 'idempotency-key': `e2e-confirm-${bookingId}` },
  );
  expect(paid.status).toBe('PAID');
  return bookingId;
}

/**
 * With YADO_SCREENSHOTS=<folder>, saves the whole page at 375 px and 1280 px,
 * from the top, with nothing focused and its images loaded; otherwise does
 * nothing.
 */
export async function screenshotAtWidths(page: Page, name: string): Promise<void> {
  const dir = process.env['YADO_SCREENSHOTS'];
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  const original = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 744 ? 812 : 900 });
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
    });
    // Lazy images below the fold load when scrolled near; a full-page shot should show them.
    await page.evaluate(async () => {
      for (const img of Array.from(document.images)) img.loading = 'eager';
      await Promise.all(
        Array.from(document.images).map((img) =>
          img.complete
            ? null
            : new Promise((r) => {
                img.addEventListener('load', r, { once: true });
                img.addEventListener('error', r, { once: true });
              }),
        ),
      );
    });
    await page.waitForTimeout(200);
    await settleAnimations(page, 1_000);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}
