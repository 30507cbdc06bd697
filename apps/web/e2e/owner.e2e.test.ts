import { addDays, civilFromIso, isoFromCivil } from '@yado/contract/civil-date';
import { getBookingQuote } from '@yado/contract/booking.contract';
import { getSeasonPriceType } from '@yado/contract/catalogue.contract';
import { staffGrantShare, staffUpdateOwnerSettings } from '@yado/contract/ownership.contract';
import { createUser } from '@yado/contract/user.contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { callApi } from './support/call-api';
import {
  DEMO_GUEST,
  DEMO_STAFF,
  newContext,
  post,
  saveCardOnProviderPage,
  screenshotAtWidths,
  signIn,
  signInByApi,
  todayInTokyo,
  type Language,
} from './support/guest-steps';
import { launchBrowser, startTestServer } from './support/test-server';

/**
 * The owner area in Debian's Chromium against the real server on a fresh database. The demo owner
 * (1/12 of two house groups) opens /owner in both languages: the page is dark, shows the shares'
 * slots, the houses' calendars, the revenue and the family, and passes axe (contrast included). A
 * guest asking for /owner lands on /mypage. Then an owner of a small share (1/121 of a house group:
 * 2 standard and 1 high night a year) books two HIGH nights from the house group's page as own use
 * (one high slot, one standard slot as high-substitute), sees the balance drop, switches the fee to
 * NO_DEBT and pays it with Pay now, cancels within the free month and sees the slots back. With
 * YADO_SCREENSHOTS=<folder> each page is saved at 375 and 1280 px.
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

/** The relative luminance of a computed `rgb(…)` colour (WCAG's formula). */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number) as [number, number, number];
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** At 375 px the page scrolls only down: nothing sticks out sideways. */
async function expectFitsPhone(page: Page): Promise<void> {
  const original = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (original) await page.setViewportSize(original);
  expect(width).toBeLessThanOrEqual(375);
}

const HEADINGS: Record<Language, Record<'home' | 'houses' | 'revenue' | 'family', string>> = {
  en: { home: 'Owner home', houses: 'My houses', revenue: 'Revenue', family: 'Family' },
  ja: { home: 'オーナーホーム', houses: 'マイハウス', revenue: '収益', family: 'ご家族' },
};

describe('a guest', () => {
  it('is sent from /owner to My page', async () => {
    const context = await newContext(browser, 'en', 1280);
    const page = await context.newPage();
    await signIn(page, server.baseUrl, DEMO_GUEST);
    await page.goto(`${server.baseUrl}/owner/houses`, { waitUntil: 'networkidle' });
    expect(new URL(page.url()).pathname).toBe('/mypage');
    expect(await page.getByTestId('mypage-owner').count()).toBe(0);
    await context.close();
  });
});

describe.each(['en', 'ja'] as Language[])('the owner area (%s)', (language) => {
  let page: Page;
  const prefix = language === 'ja' ? '/ja' : '';
  const open = async (path: string) => {
    await page.goto(`${server.baseUrl}${prefix}${path}`, { waitUntil: 'networkidle' });
  };

  beforeAll(async () => {
    const context = await newContext(browser, language, 1280);
    page = await context.newPage();
    await signIn(page, server.baseUrl, DEMO_OWNER, { language });
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it('is linked from My page and the header', async () => {
    await page.getByTestId('mypage-owner').click();
    await page.waitForURL(`${server.baseUrl}${prefix}/owner`);
    await page.getByTestId('account-nav-owner').waitFor();
  });

  it('opens the owner home in dark colours, with both shares and their slots', async () => {
    await open('/owner');
    expect(await page.locator('html').getAttribute('data-color-mode')).toBe('dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(luminance(background)).toBeLessThan(0.05);
    const text = await page.evaluate(() => getComputedStyle(document.body).color);
    expect(luminance(text)).toBeGreaterThan(0.7);
    await expect.poll(() => page.locator('h1').innerText()).toBe(HEADINGS[language].home);
    expect(await page.getByTestId('owner-share').count()).toBe(2);
    // 1/12: 18 standard and 12 high slots a year, some of them maybe used by the demo stays.
    const standard = Number(await page.getByTestId('owner-remaining-standard').first().getAttribute('data-remaining'));
    const high = Number(await page.getByTestId('owner-remaining-high').first().getAttribute('data-remaining'));
    expect(standard).toBeLessThanOrEqual(18);
    expect(high).toBeLessThanOrEqual(12);
    expect(await page.getByTestId('owner-use-chart').count()).toBe(2);
    await page.getByTestId('owner-fees-total').waitFor();
    await expectNoSeriousA11yViolations(page, `/owner ${language}`);
    await expectFitsPhone(page);
    await screenshotAtWidths(page, `owner-home-${language}`);
  });

  it('shows each house group’s month with its nights, and moves between months', async () => {
    await page.getByTestId('owner-nav-houses').click();
    await page.waitForURL(`${server.baseUrl}${prefix}/owner/houses`);
    await expect.poll(() => page.locator('h1').innerText()).toBe(HEADINGS[language].houses);
    expect(await page.getByTestId('owner-house-group').count()).toBe(2);
    const month = await page.getByTestId('owner-month').innerText();
    await page.getByTestId('owner-month-next').click();
    await expect.poll(() => page.getByTestId('owner-month').innerText()).not.toBe(month);
    expect(new URL(page.url()).searchParams.get('month')).toMatch(/^\d{4}-\d{2}$/);
    expect(await page.getByTestId('owner-day').count()).toBeGreaterThanOrEqual(2 * 28);
    await expectNoSeriousA11yViolations(page, `/owner/houses ${language}`);
    await expectFitsPhone(page);
    await screenshotAtWidths(page, `owner-houses-${language}`);
  });

  it('shows the revenue per month of a year, and switches the year', async () => {
    await page.getByTestId('owner-nav-revenue').click();
    await page.waitForURL(`${server.baseUrl}${prefix}/owner/revenue`);
    await expect.poll(() => page.locator('h1').innerText()).toBe(HEADINGS[language].revenue);
    expect(await page.getByTestId('owner-revenue-share').count()).toBe(2);
    expect(await page.getByTestId('owner-revenue-month').count()).toBe(24);
    const thisYear = new Date().getUTCFullYear();
    await page.getByTestId(`owner-year-${thisYear - 1}`).click();
    await page.waitForURL(`${server.baseUrl}${prefix}/owner/revenue?year=${thisYear - 1}`);
    await expect.poll(() => page.getByTestId(`owner-year-${thisYear - 1}`).getAttribute('aria-current')).toBe('page');
    await expectNoSeriousA11yViolations(page, `/owner/revenue ${language}`);
    await open('/owner/revenue');
    await expectFitsPhone(page);
    await screenshotAtWidths(page, `owner-revenue-${language}`);
  });

  it('invites a family member by email and withdraws the invitation after confirming', async () => {
    await page.getByTestId('owner-nav-family').click();
    await page.waitForURL(`${server.baseUrl}${prefix}/owner/family`);
    await expect.poll(() => page.locator('h1').innerText()).toBe(HEADINGS[language].family);
    const email = `family-${language}-${Date.now()}@example.com`;
    const form = page.getByTestId('owner-family-invite-form');
    await form.getByLabel(language === 'ja' ? 'メールアドレス' : 'Email address').fill(email);
    await form.getByTestId('owner-family-send').click();
    const row = page.getByTestId('owner-family-member').filter({ hasText: email });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    expect(await row.getAttribute('data-status')).toBe('PENDING');
    await expectNoSeriousA11yViolations(page, `/owner/family ${language}`);
    await expectFitsPhone(page);
    await screenshotAtWidths(page, `owner-family-${language}`);
    await row.getByTestId('owner-family-remove').click();
    const dialog = page.getByTestId('owner-family-confirm');
    await dialog.waitFor();
    await dialog.getByTestId('owner-family-confirm-remove').click();
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(0);
  });
});

// ---------------------------------------------------------------- an own-use stay, end to end

// A house group without an ownership offer, so staff may grant any fraction of it.
const HOUSE_GROUP = 'hg-yukimi-chalet';
const OWN_USE_FEE = 5_000;

/** Two HIGH nights in one slot year, more than a month and a week ahead, that the owner can hold. */
async function twoHighNights(token: string): Promise<string> {
  const from = addDays(todayInTokyo(), 40);
  const { days } = await callApi(server.baseUrl, getSeasonPriceType, {
    houseGroupId: HOUSE_GROUP,
    startDate: civilFromIso(from),
    endDate: civilFromIso(addDays(from, 300)),
  });
  const high = new Set(days.filter((d) => d.priceType === 'HIGH' && !d.closed).map((d) => isoFromCivil(d.date)));
  for (const night of [...high].sort()) {
    const next = addDays(night, 1);
    if (!high.has(next) || night.slice(0, 4) !== next.slice(0, 4)) continue;
    const quote = await fetch(`${server.baseUrl}/app/v1/${getBookingQuote.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        houseGroupId: HOUSE_GROUP,
        checkinDate: civilFromIso(night),
        checkoutDate: civilFromIso(addDays(night, 2)),
        headcount: { males: 1, females: 1 },
        bookingType: 'OWN_USE',
      }),
    });
    if (quote.ok) return night;
  }
  throw new Error('no two free HIGH nights in the season calendar');
}

describe('an owner’s own-use stay', () => {
  const account = { email: `owner-${Date.now()}@example.com`, password: 'correct horse battery staple' };
  let token = '';
  let checkin = '';
  let page: Page;

  const remaining = async (tier: 'standard' | 'high') =>
    Number(
      await page
        .getByTestId(`owner-balance-${checkin.slice(0, 4)}-${tier}`)
        .first()
        .getAttribute('data-remaining'),
    );

  beforeAll(async () => {
    const staff = (await signInByApi(server.baseUrl, DEMO_STAFF)).idToken;
    await callApi(
      server.baseUrl,
      staffUpdateOwnerSettings,
      {
        houseGroupId: HOUSE_GROUP,
        ownUseFee: OWN_USE_FEE,
        mutualUseExtraChargePerDay: 2_000,
        allowHighSubstitute: true,
        inOwnerNetwork: true,
      },
      { authorization: `Bearer ${staff}`, 'idempotency-key': `e2e-owner-settings-${Date.now()}` },
    );
    const { idToken, accountId } = await post<{ idToken: string; accountId: string }>(
      `${server.baseUrl}/identity/v1/sign_up`,
      account,
    );
    token = idToken;
    await callApi(
      server.baseUrl,
      createUser,
      {
        firstName: '一郎',
        lastName: '鈴木',
        romanizedFirstName: 'Ichiro',
        romanizedLastName: 'Suzuki',
        nationalityCountryCode: 'JP',
      },
      token,
    );
    // 1/121 of a year: 3 nights, 1 high and 2 standard.
    await callApi(
      server.baseUrl,
      staffGrantShare,
      { accountId, houseGroupId: HOUSE_GROUP, numerator: 1, denominator: 121 },
      { authorization: `Bearer ${staff}`, 'idempotency-key': `e2e-grant-${accountId}` },
    );
    checkin = await twoHighNights(token);
    const context = await newContext(browser, 'en', 1280);
    page = await context.newPage();
    await signIn(page, server.baseUrl, account);
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it('books two HIGH nights as own use from the house group’s page: one high slot and one high-substitute', async () => {
    await page.goto(`${server.baseUrl}/owner`, { waitUntil: 'networkidle' });
    expect(await remaining('standard')).toBe(2);
    expect(await remaining('high')).toBe(1);

    const checkout = addDays(checkin, 2);
    await page.goto(`${server.baseUrl}/house-groups/${HOUSE_GROUP}?checkin=${checkin}&checkout=${checkout}&adults=2`, {
      waitUntil: 'networkidle',
    });
    await page.getByTestId('owner-stay-choice').waitFor();
    await screenshotAtWidths(page, 'owner-house-group-choice-en');
    await page.getByTestId('owner-choice-OWN_USE').click();
    await page.waitForURL((url) => url.pathname === `/owner/bookings/new/${HOUSE_GROUP}`);
    await expect.poll(() => page.locator('html').getAttribute('data-color-mode')).toBe('dark');
    const quote = page.getByTestId('owner-quote');
    await expect.poll(() => quote.getByTestId('owner-quote-high-substitute').textContent()).toBe('1');
    expect(await quote.getByTestId('owner-quote-high').textContent()).toBe('1');
    expect(await quote.getByTestId('owner-quote-standard').textContent()).toBe('0');
    expect(await quote.getByTestId('owner-quote-fee').textContent()).toBe('¥5,000');
    await expectNoSeriousA11yViolations(page, '/owner/bookings/new');
    await expectFitsPhone(page);
    await screenshotAtWidths(page, 'owner-booking-new-en');

    await page.getByTestId('owner-book-submit').click();
    await page.waitForURL((url) => /^\/mypage\/bookings\/[^/]+$/.test(url.pathname));
    const stay = page.getByTestId('owner-stay');
    await stay.waitFor();
    expect(await stay.getByTestId('owner-stay-high-substitute').textContent()).toBe('1');
    await page.getByTestId('booking-status').filter({ hasText: 'Booked' }).waitFor();

    await page.goto(`${server.baseUrl}/owner`, { waitUntil: 'networkidle' });
    expect(await remaining('standard')).toBe(1);
    expect(await remaining('high')).toBe(0);
    expect(await page.getByTestId('owner-upcoming-stay').count()).toBe(1);
  });

  it('switches the fee to NO_DEBT and pays it with Pay now', async () => {
    await page.getByTestId('owner-upcoming-stay').click();
    await page.waitForURL((url) => url.pathname.startsWith('/mypage/bookings/'));
    const bookingPath = new URL(page.url()).pathname;
    await page.getByTestId('owner-debt-NO_DEBT').check();
    const fee = page.getByTestId('billing').filter({ hasText: '5,500' });
    await fee.waitFor();
    await fee.getByTestId('pay-now').click();
    await fee.getByRole('button', { name: 'Add a card' }).click();
    await saveCardOnProviderPage(page, '4242 4242 4242 4242');
    await page.waitForURL((url) => url.pathname === bookingPath);
    const again = page.getByTestId('billing').filter({ hasText: '5,500' });
    await again.getByRole('radio', { name: /4242/ }).check();
    await again.getByTestId('pay-billing').click();
    await again.getByTestId('billing-status').filter({ hasText: 'Paid' }).waitFor();
    // Paid at once: the debt option can no longer change.
    await expect.poll(() => page.getByTestId('owner-debt-DEFAULT').isDisabled()).toBe(true);
    await expectNoSeriousA11yViolations(page, '/mypage/bookings/:id (owner stay)');
    await screenshotAtWidths(page, 'owner-booking-paid-en');
  });

  it('cancels within the free month and gets the slots back', async () => {
    await page.getByTestId('cancel-booking').click();
    const dialog = page.getByTestId('cancel-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('cancel-fee').textContent()).toBe('¥0');
    await dialog.getByTestId('confirm-cancel').click();
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    await page.getByTestId('booking-status').filter({ hasText: 'Cancelled' }).waitFor();
    await page.goto(`${server.baseUrl}/owner`, { waitUntil: 'networkidle' });
    expect(await remaining('standard')).toBe(2);
    expect(await remaining('high')).toBe(1);
    expect(await page.getByTestId('owner-upcoming-stay').count()).toBe(0);
  });
});

// ---------------------------------------------------------------- mutual use, in Japanese

describe('the demo owner’s mutual use of another house group (ja)', () => {
  const AWAY = 'hg-komorebi-cabin';

  /** A night of the other house group within the mutual-use window that the demo owner can hold. */
  async function freeNight(token: string): Promise<string> {
    for (let offset = 20; offset < 110; offset += 3) {
      const night = addDays(todayInTokyo(), offset);
      const res = await fetch(`${server.baseUrl}/app/v1/${getBookingQuote.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          houseGroupId: AWAY,
          checkinDate: civilFromIso(night),
          checkoutDate: civilFromIso(addDays(night, 1)),
          headcount: { males: 1, females: 1 },
          bookingType: 'MUTUAL_USE',
        }),
      });
      if (res.ok) return night;
    }
    throw new Error('no free night for mutual use');
  }

  it('quotes the slots and the extra charge per night in Japanese, and books it', async () => {
    const { idToken } = await signInByApi(server.baseUrl, DEMO_OWNER);
    const night = await freeNight(idToken);
    const context = await newContext(browser, 'ja', 375);
    const page = await context.newPage();
    await signIn(page, server.baseUrl, DEMO_OWNER, { language: 'ja' });
    await page.goto(
      `${server.baseUrl}/ja/house-groups/${AWAY}?checkin=${night}&checkout=${addDays(night, 1)}&adults=2`,
      { waitUntil: 'networkidle' },
    );
    await page.getByTestId('owner-choice-MUTUAL_USE').click();
    await page.waitForURL((url) => url.pathname === `/ja/owner/bookings/new/${AWAY}`);
    await expect.poll(() => page.locator('h1').innerText()).toContain('宿泊枠で予約');
    const quote = page.getByTestId('owner-quote');
    await expect.poll(async () => yenOf(await quote.getByTestId('owner-quote-extra').textContent())).toBeGreaterThan(0);
    expect(await page.getByTestId('owner-type-OWN_USE').locator('input').isDisabled()).toBe(true);
    await expectNoSeriousA11yViolations(page, '/ja/owner/bookings/new (mutual use)');
    await expectFitsPhone(page);
    await screenshotAtWidths(page, 'owner-booking-mutual-ja');
    await page.getByTestId('owner-book-submit').click();
    await page.waitForURL((url) => /^\/ja\/mypage\/bookings\/[^/]+$/.test(url.pathname));
    await page.getByTestId('owner-stay').filter({ hasText: '相互利用' }).waitFor();
    await screenshotAtWidths(page, 'owner-booking-mutual-booked-ja');
    await context.close();
  });
});

const yenOf = (text: string | null): number => Number((text ?? '').replace(/[^0-9]/g, ''));
