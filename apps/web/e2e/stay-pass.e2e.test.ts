import { addDays } from '@yado/contract/civil-date';
import { cancelBooking, getBooking, submitGuestRegister } from '@yado/contract/booking.contract';
import { getStayPass, staffGetStayPassSettings } from '@yado/contract/stay-pass.contract';
import { listKeys, revokeSharedKey, shareKey } from '@yado/contract/stay.contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { callApi } from './support/call-api';
import {
  bookStayByApi,
  DEMO_GUEST,
  DEMO_STAFF,
  newContext,
  screenshotAtWidths,
  signIn,
  signInByApi,
  todayInTokyo,
  type Language,
} from './support/guest-steps';
import { startNetworkSwitch } from './support/network-switch';
import { launchBrowser, startTestServer } from './support/test-server';

/**
 * The offline stay pass, against the real server and demo data: the demo guest has a stay from
 * tomorrow, opens the app (My page), and the app keeps the stay's pass on the device. Then the
 * connection drops (the browser context goes offline and the relay in front of the server cuts
 * every connection, for the page and the service worker alike) and the stay-pass page still shows
 * the essentials and when they were last updated, in both languages. A cancelled stay's pass is gone
 * from the device the next time the app is open online. With YADO_SCREENSHOTS=<folder> the offline
 * page is saved at 375 px and 1280 px.
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
let network: Awaited<ReturnType<typeof startNetworkSwitch>>;
let browser: Browser;
let base: string;
let guestHeaders: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  network = await startNetworkSwitch(Number(new URL(server.baseUrl).port));
  base = network.baseUrl;
  browser = await launchBrowser();
  guestHeaders = { authorization: `Bearer ${(await signInByApi(server.baseUrl, DEMO_GUEST)).idToken}` };
});

afterAll(async () => {
  await browser?.close();
  await network?.close();
  await server?.stop();
});

/** Waits until this device holds the booking's pass and the service worker has kept the stay-pass page. */
async function passStoredOnDevice(page: Page, bookingId: string, pagePath: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          async ({ bookingId, pagePath }) => {
            if (!(await caches.has('yado-pages-stay-passes'))) return 'no cache';
            const cache = await caches.open('yado-pages-stay-passes');
            const urls = (await cache.keys()).map((r) => new URL(r.url).pathname);
            if (!urls.includes(`/__stay-pass/${bookingId}`)) return `no pass in ${urls.join(', ')}`;
            return urls.includes(pagePath) ? 'stored' : `no page in ${urls.join(', ')}`;
          },
          { bookingId, pagePath },
        ),
      { timeout: 30_000, interval: 250 },
    )
    .toBe('stored');
}

async function goOffline(context: BrowserContext): Promise<void> {
  network.setOnline(false);
  await context.setOffline(true);
}

async function goOnline(context: BrowserContext): Promise<void> {
  await context.setOffline(false);
  network.setOnline(true);
}

const DEMO_OWNER = { email: 'owner@yado.example', password: 'yado-owner-share-2026' };

const REGISTER = [1, 2].map((n) => ({
  fullName: `Yamada ${n}`,
  address: { countryCode: 'JP', city: 'Tokyo' },
  emailAddress: `yamada${n}@example.com`,
  nationalityCountryCode: 'JP',
}));

const TEXTS = {
  en: { title: 'Stay pass', offline: 'You are offline', updated: 'Last updated', wifi: 'Wi-Fi', rules: 'No smoking' },
  ja: { title: '滞在パス', offline: 'オフラインです', updated: '最終更新', wifi: 'Wi-Fi', rules: '全面禁煙' },
} as const;

describe('the offline stay pass', () => {
  for (const [language, group, width] of [
    ['en', 'hg-kazahana-villa', 375],
    ['ja', 'hg-kazahana-onsen', 1280],
  ] as const satisfies readonly (readonly [Language, string, number])[]) {
    it(`${language}: kept on the device when the app opens, shown offline with its last update`, async () => {
      const texts = TEXTS[language];
      const prefix = language === 'ja' ? '/ja' : '';
      const bookingId = await bookStayByApi(server.baseUrl, guestHeaders, group, addDays(todayInTokyo(), 1), 2);
      // The guest register complete, the stay is due its key: the pass shows the stay's own key.
      await callApi(server.baseUrl, submitGuestRegister, { bookingId, guests: REGISTER }, guestHeaders);
      const { booking } = await callApi(server.baseUrl, getBooking, { bookingId }, guestHeaders);
      const { stayPass } = await callApi(
        server.baseUrl,
        getStayPass,
        { bookingId },
        {
          ...guestHeaders,
          'accept-language': language,
        },
      );
      expect(stayPass.wifi?.password).toMatch(/^stay-/);
      const { keys } = await callApi(server.baseUrl, listKeys, { bookingId }, guestHeaders);
      expect(stayPass.key).toMatchObject({ unlockOperationType: 'SMARTHOME', keyBoxCode: null });
      expect(stayPass.key?.validFrom).toEqual(keys[0]!.validFrom);

      const context = await newContext(browser, language, width);
      const page = await context.newPage();
      try {
        // The guest opens the app: My page, where the app stores the pass and links to it.
        await signIn(page, base, DEMO_GUEST, { language });
        await page.getByTestId('stay-pass-link').waitFor({ timeout: 30_000 });
        await passStoredOnDevice(page, bookingId, `${prefix}/mypage/stay-pass`);
        // The stay's own page links to it too.
        await page.goto(`${base}${prefix}/mypage/bookings/${bookingId}`, { waitUntil: 'networkidle' });
        await page.getByTestId('stay-pass-link').waitFor();
        await screenshotAtWidths(page, `stay-pass-booking-link-${language}`);

        await goOffline(context);
        await page.goto(`${base}${prefix}/mypage/stay-pass`);
        const card = page.locator(`[data-testid="stay-pass"][data-booking-id="${bookingId}"]`);
        await card.waitFor({ timeout: 30_000 });
        await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(texts.title);
        await expect(page.getByTestId('stay-pass-offline').textContent()).resolves.toContain(texts.offline);
        expect(await page.evaluate(() => navigator.onLine)).toBe(false);

        // The essentials, from the device's copy.
        await expect(card.getByTestId('stay-pass-booking-number').textContent()).resolves.toBe(booking.bookingNumber);
        const text = (await card.textContent()) ?? '';
        expect(text).toContain(stayPass.houseGroupName);
        expect(text).toContain(stayPass.wifi!.networkName);
        expect(text).toContain(stayPass.wifi!.password);
        expect(text).toContain(texts.rules);
        expect(text).toContain(stayPass.checkinTime);
        expect(text).toContain(stayPass.checkoutTime);
        expect(await card.getByTestId('stay-pass-address').textContent()).toContain(stayPass.address.city);
        expect(await card.getByTestId('stay-pass-phone').getAttribute('href')).toMatch(/^tel:\+81\d+$/);
        expect(await card.getByTestId('stay-pass-key').getAttribute('data-operation')).toBe(
          stayPass.key?.unlockOperationType,
        );
        const updated = (await card.getByTestId('stay-pass-updated').textContent()) ?? '';
        expect(updated).toContain(texts.updated);
        expect(updated).toMatch(/\d{1,2}:\d{2}/);

        await expectNoSeriousA11yViolations(page);
        await screenshotAtWidths(page, `stay-pass-offline-${language}`);
      } finally {
        await goOnline(context);
        await context.close();
      }
    });
  }

  it('a cancelled stay’s pass leaves the device the next time the app is open online', async () => {
    const bookingId = await bookStayByApi(
      server.baseUrl,
      guestHeaders,
      'hg-komorebi-cabin',
      addDays(todayInTokyo(), 1),
      1,
    );
    const context = await newContext(browser, 'en', 1280);
    const page = await context.newPage();
    try {
      await signIn(page, base, DEMO_GUEST);
      await passStoredOnDevice(page, bookingId, '/mypage/stay-pass');
      await callApi(
        server.baseUrl,
        cancelBooking,
        { bookingId },
        {
          ...guestHeaders,
          'idempotency-key': `e2e-cancel-${bookingId}`,
        },
      );
      // Online, the page asks the server first: the cancelled stay is no longer listed.
      await page.goto(`${base}/mypage/stay-pass`, { waitUntil: 'networkidle' });
      await expect
        .poll(() => page.locator(`[data-testid="stay-pass"][data-booking-id="${bookingId}"]`).count(), {
          timeout: 15_000,
        })
        .toBe(0);
      const stored = await page.evaluate(
        async (id) =>
          (await caches.has('yado-pages-stay-passes')) &&
          (await (await caches.open('yado-pages-stay-passes')).match(`/__stay-pass/${id}`)) !== undefined,
        bookingId,
      );
      expect(stored).toBe(false);
    } finally {
      await context.close();
    }
  });
});

describe('the stay pass of a companion holding a shared key', () => {
  it('is kept on the companion’s device while the share lasts and leaves it once the share is revoked', async () => {
    const bookingId = await bookStayByApi(
      server.baseUrl,
      guestHeaders,
      'hg-kazahana-onsen',
      addDays(todayInTokyo(), 1),
      1,
    );
    await callApi(server.baseUrl, submitGuestRegister, { bookingId, guests: REGISTER }, guestHeaders);
    const { keys } = await callApi(server.baseUrl, listKeys, { bookingId }, guestHeaders);
    const { sharedKey } = await callApi(
      server.baseUrl,
      shareKey,
      { keyId: keys[0]!.keyId, emailAddress: DEMO_OWNER.email },
      { ...guestHeaders, 'idempotency-key': `e2e-share-${bookingId}` },
    );
    const context = await newContext(browser, 'en', 375);
    const page = await context.newPage();
    try {
      // The companion opens the app: the shared stay's pass is stored, with the stay's key.
      await signIn(page, base, DEMO_OWNER, { redirectUrl: '/mypage' });
      await passStoredOnDevice(page, bookingId, '/mypage/stay-pass');
      await page.goto(`${base}/mypage/stay-pass`, { waitUntil: 'networkidle' });
      const card = page.locator(`[data-testid="stay-pass"][data-booking-id="${bookingId}"]`);
      await card.waitFor();
      expect(await card.getByTestId('stay-pass-key').getAttribute('data-operation')).toBe('SMARTHOME');
      await screenshotAtWidths(page, 'stay-pass-companion');

      // The booker takes the key back: the next time the companion's app is online, the pass is gone.
      await callApi(
        server.baseUrl,
        revokeSharedKey,
        { sharedKeyId: sharedKey.sharedKeyId },
        { ...guestHeaders, 'idempotency-key': `e2e-revoke-${sharedKey.sharedKeyId}` },
      );
      await page.goto(`${base}/mypage/stay-pass`, { waitUntil: 'networkidle' });
      await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(0);
      const stored = await page.evaluate(
        async (id) =>
          (await caches.has('yado-pages-stay-passes')) &&
          (await (await caches.open('yado-pages-stay-passes')).match(`/__stay-pass/${id}`)) !== undefined,
        bookingId,
      );
      expect(stored).toBe(false);
    } finally {
      await context.close();
    }
  });
});

describe('the stay-pass section of the staff house-group editor', () => {
  it('staff change the Wi-Fi and the phone, a wrong phone is refused beside its field, and guests read the change', async () => {
    const group = 'hg-komorebi-lodge';
    const staffHeaders = { authorization: `Bearer ${(await signInByApi(server.baseUrl, DEMO_STAFF)).idToken}` };
    const before = (await callApi(server.baseUrl, staffGetStayPassSettings, { houseGroupId: group }, staffHeaders))
      .settings;
    const context = await newContext(browser, 'en', 1280);
    const page = await context.newPage();
    try {
      await signIn(page, server.baseUrl, DEMO_STAFF, { redirectUrl: '/staff' });
      await page.goto(`${server.baseUrl}/staff/house-groups/${group}`, { waitUntil: 'networkidle' });
      const section = page.getByTestId('stay-pass-settings');
      await section.waitFor();
      // The form shows what is saved (the demo data's details).
      expect(await section.getByLabel('Wi-Fi network name').inputValue()).toBe(before.wifiNetworkName);
      // How to get in is the doors page's: no key-box field here, a link to this group's door settings.
      expect(await section.getByLabel('Key box code').count()).toBe(0);
      expect(await section.getByTestId('stay-pass-settings-doors').getByRole('link').getAttribute('href')).toBe(
        `/staff/doors?houseGroup=${group}`,
      );
      await page.waitForFunction(() => {
        const el = document.querySelector('[data-testid="stay-pass-settings-save"]');
        return !!el && Object.keys(el).some((key) => key.startsWith('__reactFiber'));
      });

      await section.getByLabel('Wi-Fi password').fill('lodge-pine-2026');
      await section.getByLabel('Phone number (digits only)').fill('02-67-ab');
      await section.getByTestId('stay-pass-settings-save').click();
      await section.locator('#stay-pass-settings-phoneNationalNumber-error').waitFor();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('stay-pass-settings-phoneNationalNumber');
      expect(
        (await callApi(server.baseUrl, staffGetStayPassSettings, { houseGroupId: group }, staffHeaders)).settings,
      ).toEqual(before);

      await section.getByLabel('Phone number (digits only)').fill('0267-00-0220');
      await section.getByTestId('stay-pass-settings-save').click();
      await page.locator('.Toastify__toast', { hasText: 'The stay pass details were saved.' }).waitFor();
      expect(await section.getByLabel('Phone number (digits only)').inputValue()).toBe('0267000220');
      const after = (await callApi(server.baseUrl, staffGetStayPassSettings, { houseGroupId: group }, staffHeaders))
        .settings;
      expect(after).toMatchObject({
        wifiPassword: 'lodge-pine-2026',
        contactPhone: { countryCode: 81, nationalNumber: '0267000220' },
      });

      // A guest with a stay there from tomorrow reads the new details on the pass.
      const bookingId = await bookStayByApi(server.baseUrl, guestHeaders, group, addDays(todayInTokyo(), 1), 1);
      const { stayPass } = await callApi(server.baseUrl, getStayPass, { bookingId }, guestHeaders);
      expect(stayPass.wifi?.password).toBe('lodge-pine-2026');
      expect(stayPass.contactPhone).toEqual({ countryCode: 81, nationalNumber: '0267000220' });
      await section.scrollIntoViewIfNeeded();
      await screenshotAtWidths(page, 'stay-pass-staff-settings');
    } finally {
      await context.close();
    }
  });
});
