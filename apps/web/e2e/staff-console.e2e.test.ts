import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { getBooking as getBookingMethod } from '@yado/contract/booking.contract';
import { getHouseGroup, getSeasonPriceType } from '@yado/contract/catalogue.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './support/call-api';
import { expectNoSeriousA11yViolations } from './support/axe';
import {
  bookStayByApi,
  DEMO_GUEST,
  DEMO_STAFF,
  newContext,
  screenshotAtWidths,
  signIn,
  signInByApi,
  todayInTokyo,
  yen,
} from './support/guest-steps';
import { launchBrowser, startTestServer } from './support/test-server';

/**
 * The staff console and the coupon pages in Debian's Chromium against the real
 * server: who may open the console, editing a house group (seen on the public
 * API and in the audit history), uploading and attaching a photo, setting a
 * high season on the calendar, creating coupons, and a guest reading them;
 * the front desk granting the demo guest points, which the guest then sees.
 *
 * With YADO_SCREENSHOTS=<folder> it also saves the coupon page and two
 * console screens at 375 px and 1280 px, in English and Japanese.
 */
const HOUSE_GROUP = 'hg-kazahana-villa';
const RUN = Date.now().toString(36).toUpperCase();
const COUPON_CODE = `E2E-${RUN}`;
const EXPIRED_CODE = `OLD-${RUN}`;

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

/** `2026-08-01T00:00` in Japan time, days from now. */
function japanLocal(daysFromNow: number): string {
  const d = new Date(Date.now() + daysFromNow * 86_400_000 + 9 * 3_600_000);
  return d.toISOString().slice(0, 16);
}

describe('who may open the staff console', () => {
  it('sends a signed-out visitor to sign in, and shows a guest the 404 page', async () => {
    const direct = await fetch(`${base}/staff`, { redirect: 'manual' });
    expect(direct.status).toBe(302);
    expect(direct.headers.get('location')).toBe('/login?redirectUrl=%2Fstaff');

    const context = await newContext(browser, 'en', 1280);
    const page = await context.newPage();
    await signIn(page, base, DEMO_GUEST, { redirectUrl: '/mypage' });
    const response = await page.goto(`${base}/staff`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'We could not find that page' }).waitFor();
    expect((await page.goto(`${base}/staff/house-groups/${HOUSE_GROUP}`))?.status()).toBe(404);
    await context.close();
  });
});

describe('the staff console', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newContext(browser, 'en', 1280);
    page = await context.newPage();
    await signIn(page, base, DEMO_STAFF, { redirectUrl: '/staff' });
  });

  afterAll(async () => {
    await context?.close();
  });

  it('opens on the dashboard with its three areas', async () => {
    await page.getByRole('heading', { level: 1, name: 'Staff console' }).waitFor();
    for (const area of ['Places', 'House groups', 'Coupons']) {
      await expect(page.getByRole('link', { name: new RegExp(`^${area}`) }).count()).resolves.toBeGreaterThan(0);
    }
    await expectNoSeriousA11yViolations(page, '/staff');
    await screenshotAtWidths(page, 'staff-dashboard-en');
    await page.goto(`${base}/ja/staff`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'スタッフコンソール' }).waitFor();
    await screenshotAtWidths(page, 'staff-dashboard-ja');
  });

  it('edits a house group’s name, which the public API and the history then show', async () => {
    await page.goto(`${base}/staff/house-groups/${HOUSE_GROUP}`, { waitUntil: 'networkidle' });
    const name = `Kazahana Villa ${RUN}`;
    await page.locator('#hg-nameEn').fill(name);
    await page.getByRole('form', { name: 'House group' }).getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved.').first().waitFor();
    await page.getByRole('heading', { level: 1, name }).waitFor();

    const { houseGroup } = await callApi(base, getHouseGroup, { houseGroupId: HOUSE_GROUP });
    expect(houseGroup.name).toBe(name);

    const history = page.getByTestId('audit-history');
    await history.getByText(`"${name}"`).waitFor();
    await expect(history.getByText('staff@yado.example').count()).resolves.toBeGreaterThan(0);
    await screenshotAtWidths(page, 'staff-house-group-en');
  });

  it('uploads a photo, shows its sizes, and attaches it as the landscape image', async () => {
    const jpeg = await sharp({
      create: { width: 640, height: 427, channels: 3, background: { r: 40, g: 120, b: 110 } },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    const editor = page.getByTestId('images-editor');
    await editor.getByLabel('Photo file').setInputFiles({ name: 'villa.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await editor.getByRole('button', { name: 'Upload' }).click();
    const uploaded = page.getByTestId('uploaded-image');
    await uploaded.waitFor();
    // Three widths in two formats; the 480 one is a real reduction of the 640 px photo.
    await uploaded.getByRole('link', { name: '480×320 JPG' }).waitFor();
    await expect(uploaded.getByRole('listitem').count()).resolves.toBe(6);
    const src = await uploaded.getByRole('img').getAttribute('src');
    expect(src).toMatch(/^\/media\/catalogue\/[a-f0-9]{24}-960\.jpg$/);

    await uploaded.getByLabel('Where').selectOption('HORIZONTAL');
    await uploaded.getByRole('button', { name: 'Show it' }).click();
    await page.getByText('Photo shown as Landscape.').waitFor();
    await expect(page.getByTestId('image-slot-HORIZONTAL').getByRole('img').getAttribute('src')).resolves.toBe(src);
    const { houseGroup } = await callApi(base, getHouseGroup, { houseGroupId: HOUSE_GROUP });
    expect(houseGroup.horizontalImageUrl).toBe(src);
    expect((await fetch(`${base}${src}`)).headers.get('content-type')).toBe('image/jpeg');
  });

  it('sets a date range to high season on the calendar', async () => {
    // Three standard days next month, so the change is visible in the public answer.
    const now = new Date();
    const next = {
      year: now.getUTCFullYear() + (now.getUTCMonth() === 11 ? 1 : 0),
      month: ((now.getUTCMonth() + 1) % 12) + 1,
    };
    const last = new Date(Date.UTC(next.year, next.month, 0)).getUTCDate();
    const before = await callApi(base, getSeasonPriceType, {
      houseGroupId: HOUSE_GROUP,
      startDate: { ...next, day: 1 },
      endDate: { ...next, day: last },
    });
    const standard = new Set(before.days.filter((d) => d.priceType === 'STANDARD').map((d) => d.date.day));
    const first = [...Array(last - 3).keys()]
      .map((i) => i + 2)
      .find((d) => standard.has(d) && standard.has(d + 1) && standard.has(d + 2));
    expect(first, 'three standard days next month').toBeDefined();
    const iso = (day: number) => `${next.year}-${String(next.month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

    await page.goto(`${base}/staff/house-groups/${HOUSE_GROUP}/calendar`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: /Next/ }).click();
    await page.locator(`[data-date="${iso(first!)}"]`).click();
    await page.locator(`[data-date="${iso(first! + 2)}"]`).click();
    await expect(page.locator('[data-date][aria-pressed="true"]').count()).resolves.toBe(3);
    await page.getByLabel('Season', { exact: true }).selectOption('HIGH');
    await page.getByRole('button', { name: 'Add to changes' }).click();
    await expect(page.locator(`[data-date="${iso(first! + 1)}"]`).getAttribute('class')).resolves.toContain(
      'staff-day--high',
    );
    await page.getByRole('button', { name: 'Save 1 change' }).click();
    await page.getByText('3 days changed.').waitFor();

    const after = await callApi(base, getSeasonPriceType, {
      houseGroupId: HOUSE_GROUP,
      startDate: { ...next, day: first! },
      endDate: { ...next, day: first! + 2 },
    });
    expect(after.days.map((d) => d.priceType)).toEqual(['HIGH', 'HIGH', 'HIGH']);
    await page.getByTestId('audit-history').getByText('staff@yado.example').first().waitFor();
    await expectNoSeriousA11yViolations(page, 'the season calendar');
    await screenshotAtWidths(page, 'staff-calendar-en');
    await page.goto(`${base}/ja/staff/house-groups/${HOUSE_GROUP}/calendar`, { waitUntil: 'networkidle' });
    await screenshotAtWidths(page, 'staff-calendar-ja');
  });

  it('shows the server’s refusal on the field it names', async () => {
    // The client checks only that numbers are numbers; the rule between the capacities is the server's.
    await page.goto(`${base}/staff/house-groups/${HOUSE_GROUP}`, { waitUntil: 'networkidle' });
    await page.locator('#hg-maxCapacity').fill('1');
    await page.locator('#hg-baseCapacity').fill('2');
    await page.getByRole('form', { name: 'House group' }).getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('#hg-maxCapacity-error').getByText('below baseCapacity').waitFor();
  });

  it('checks in a guest arriving today and adds a meal arranged by hand', async () => {
    // The demo guest books one night from today with the saved card, as a guest would.
    const guestHeaders = { authorization: `Bearer ${(await signInByApi(base, DEMO_GUEST)).idToken}` };
    const bookingId = await bookStayByApi(base, guestHeaders, HOUSE_GROUP, todayInTokyo(), 1);

    await page.goto(`${base}/staff`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: /^Bookings/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Bookings' }).waitFor();
    const row = page.locator(`[data-booking-id="${bookingId}"]`);
    await expect(row.getByTestId('booking-status').textContent()).resolves.toBe('Booked');
    await expectNoSeriousA11yViolations(page, '/staff/bookings');
    await screenshotAtWidths(page, 'staff-bookings-en');
    await row.getByRole('button', { name: 'Check in' }).click();
    await page.getByText('Checked in.').first().waitFor();
    await row.getByTestId('booking-status').getByText('Staying').waitFor();
    await row.getByRole('button', { name: 'Check out' }).waitFor();
    const getBooking = () => callApi(base, getBookingMethod, { bookingId }, guestHeaders);
    expect((await getBooking()).booking.bookingStatus).toBe('STAYING');

    await row.getByText('Add a meal').click();
    await row.getByLabel('Meal', { exact: true }).fill(`Birthday cake ${RUN}`);
    await row.getByLabel('Unit price (yen, before tax)').fill('4500');
    await row.getByLabel('Consumption tax').selectOption('REDUCED');
    await row.getByRole('button', { name: 'Add meal', exact: true }).click();
    await page.getByText('Meal added.').first().waitFor();
    expect(JSON.stringify((await getBooking()).booking.meals)).toContain(`Birthday cake ${RUN}`);

    await page.goto(`${base}/ja/staff/bookings?view=IN_HOUSE`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: '予約' }).waitFor();
    await expect(row.getByTestId('booking-status').textContent()).resolves.toBe('滞在中');
    await screenshotAtWidths(page, 'staff-bookings-ja');
  });

  it('creates a coupon and an expired one', async () => {
    for (const [code, from, to, percent] of [
      [COUPON_CODE, japanLocal(-1), japanLocal(30), '15'],
      [EXPIRED_CODE, japanLocal(-60), japanLocal(-30), '10'],
    ] as const) {
      await page.goto(`${base}/staff/coupons/new`, { waitUntil: 'networkidle' });
      await page.getByLabel('Code', { exact: true }).fill(code);
      await page.getByLabel('Title (English)').fill(`Summer ${code}`);
      await page.getByLabel('Title (Japanese)').fill(`夏 ${code}`);
      await page.getByLabel('Percent off').fill(percent);
      await page.getByLabel('Valid from').fill(from);
      await page.getByLabel('Valid until').fill(to);
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await page.waitForURL(/\/staff\/coupons\/[^/]+$/);
      await page.getByRole('heading', { level: 1, name: `Summer ${code}` }).waitFor();
      await expect(page.getByTestId('redemption-count').textContent()).resolves.toBe('0');
    }
    await page.goto(`${base}/staff/coupons?q=${RUN}`, { waitUntil: 'networkidle' });
    await expect(page.getByTestId('coupon-row').count()).resolves.toBe(2);
  });

  it('finds the demo guest, refuses to revoke more than the balance, and grants points with a note', async () => {
    const points = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));
    await page.goto(`${base}/staff`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: /^Points/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Points' }).waitFor();
    await page.getByRole('searchbox', { name: 'Guest' }).fill('Hanako Sato');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    // One guest matches, so the page opens that guest at once.
    const account = page.getByTestId('point-account');
    await account.getByRole('heading', { level: 2, name: /佐藤 花子/ }).waitFor();
    await account.getByText(DEMO_GUEST.email).waitFor();
    const before = points(await page.getByTestId('staff-point-balance').textContent());
    expect(before).toBeGreaterThanOrEqual(3_000);

    const form = page.getByRole('form', { name: 'Change points by hand' });
    await form.getByLabel('Action').selectOption('REVOKE_MANUAL');
    await form.getByRole('textbox', { name: 'Points' }).fill(String(before + 1));
    await form.getByRole('textbox', { name: 'Note' }).fill('Given twice');
    await form.getByRole('button', { name: 'Review' }).click();
    await form.getByText('you cannot take more than that').waitFor();
    await expect(page.getByTestId('point-action-confirm').count()).resolves.toBe(0);

    const note = `Apology for the late check-in ${RUN}`;
    await form.getByLabel('Action').selectOption('CONFIRM_MANUAL');
    await form.getByRole('textbox', { name: 'Points' }).fill('750');
    await form.getByRole('textbox', { name: 'Note' }).fill(note);
    await form.getByRole('button', { name: 'Review' }).click();
    const dialog = page.getByTestId('point-action-confirm');
    await dialog.getByRole('heading', { name: 'Grant 750 pt to Hanako Sato?' }).waitFor();
    const after = before + 750;
    const pt = (n: number) => `${n.toLocaleString('en-US')} pt`;
    await expect(dialog.getByTestId('confirm-balance').textContent()).resolves.toBe(`${pt(before)} → ${pt(after)}`);
    await expectNoSeriousA11yViolations(page, 'the point action confirmation');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page
      .getByText(`750 pt granted. Balance: ${pt(after)}.`)
      .first()
      .waitFor();
    await page.getByTestId('staff-point-balance').getByText(pt(after)).waitFor();
    const newest = page.getByTestId('ledger-row').first();
    await newest.getByText(note).waitFor();
    await expect(newest.textContent()).resolves.toContain('Granted by yado');
    await expect(newest.textContent()).resolves.toContain('+750 pt');
    await expect(newest.textContent()).resolves.toContain('staff@yado.example');
    await expectNoSeriousA11yViolations(page, '/staff/points');
    await screenshotAtWidths(page, 'staff-points-en');
    await page.goto(`${base}/ja${new URL(page.url()).pathname}${new URL(page.url()).search}`, {
      waitUntil: 'networkidle',
    });
    await page.getByRole('heading', { level: 1, name: 'ポイント' }).waitFor();
    await expect(page.getByTestId('ledger-row').first().textContent()).resolves.toContain('yadoからの付与');
    await screenshotAtWidths(page, 'staff-points-ja');

    // The guest sees the grant in their own history, without the staff's note.
    const guestContext = await newContext(browser, 'en', 375);
    const guestPage = await guestContext.newPage();
    await signIn(guestPage, base, DEMO_GUEST, { redirectUrl: '/mypage/points' });
    await expect(guestPage.getByTestId('point-balance').textContent()).resolves.toBe(pt(after));
    const guestRow = guestPage.getByTestId('point-ledger').getByRole('listitem').first();
    await expect(guestRow.textContent()).resolves.toContain('Granted by yado');
    await expect(guestRow.textContent()).resolves.toContain('+750 pt');
    await expect(guestPage.getByText(note).count()).resolves.toBe(0);
    await guestContext.close();
  });
});

describe('the coupon pages', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newContext(browser, 'en', 1280);
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
  });

  it('takes a signed-out guest through sign-in to the coupon, with prices from check_coupon', async () => {
    const couponPath = `/coupons/CAMPAIGN/${COUPON_CODE}`;
    await signIn(page, base, DEMO_GUEST, { redirectUrl: couponPath });
    await expect(page.getByTestId('coupon-discount').textContent()).resolves.toBe('15% off');
    await page.getByRole('heading', { level: 1, name: `Summer ${COUPON_CODE}` }).waitFor();
    const offers = page.getByTestId('coupon-offer');
    expect(await offers.count()).toBeGreaterThan(3);
    // The first offer: standard price less 15%, rounded down in the guest's favour only by the API's rule.
    const first = offers.first();
    const standard = yen(await first.locator('dd').first().textContent());
    const final = yen(await first.getByTestId('coupon-final-amount').textContent());
    expect(final).toBe(standard - Math.floor((standard * 15) / 100));
    await expectNoSeriousA11yViolations(page, couponPath);
    await screenshotAtWidths(page, 'coupon-en');

    await page.goto(`${base}/ja${couponPath}`, { waitUntil: 'networkidle' });
    await expect(page.getByTestId('coupon-discount').textContent()).resolves.toBe('15%オフ');
    await screenshotAtWidths(page, 'coupon-ja');

    await page.goto(`${base}${couponPath}/places/place-kazahana`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Houses at Kazahana Hills' }).waitFor();
    await page.goto(`${base}${couponPath}/house-groups/hg-komorebi-cabin`, { waitUntil: 'networkidle' });
    await expect(page.getByTestId('coupon-offer').count()).resolves.toBe(1);
    await screenshotAtWidths(page, 'coupon-house-group-en');
  });

  it('says so when a coupon has expired or is unknown', async () => {
    await page.goto(`${base}/coupons/CAMPAIGN/${EXPIRED_CODE}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'This coupon has expired' }).waitFor();
    await expect(page.getByTestId('coupon-message').getAttribute('data-status')).resolves.toBe('EXPIRED');
    await expectNoSeriousA11yViolations(page, 'the expired coupon');
    await screenshotAtWidths(page, 'coupon-expired-en');
    await page.goto(`${base}/ja/coupons/CAMPAIGN/${EXPIRED_CODE}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'このクーポンは有効期限が切れています' }).waitFor();

    const unknown = await page.goto(`${base}/coupons/CAMPAIGN/NO-SUCH-${RUN}`, { waitUntil: 'networkidle' });
    expect(unknown?.status()).toBe(404);
    await page.getByRole('heading', { name: 'We do not know this coupon' }).waitFor();
    await expect(page.getByTestId('coupon-message').getAttribute('data-status')).resolves.toBe('UNKNOWN');
  });
});
