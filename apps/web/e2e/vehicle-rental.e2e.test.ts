import { addDays } from '@yado/contract/civil-date';
import { getBooking } from '@yado/contract/booking.contract';
import { dateTimeFromDate } from '@yado/contract/date-time';
import {
  listDriverLicenses,
  staffAddVehicleAvailability,
  staffCreateVehicle,
  staffCreateVehicleLocation,
} from '@yado/contract/vehicle.contract';
import { listVehicleRentals } from '@yado/contract/vehicle-rental.contract';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { callApi } from './support/call-api';
import {
  bookStayByApi,
  DEMO_GUEST,
  DEMO_STAFF,
  newContext,
  screenshotAtWidths,
  signedInGuest,
  signIn,
  signInByApi,
  todayInTokyo,
} from './support/guest-steps';
import { launchBrowser, startTestServer } from './support/test-server';
import { hydrated } from './support/hydration';

/**
 * Renting a car for a stay, against the real server and demo data: the demo
 * guest registers a driver licence on its page, staff approve it on theirs, the guest rents a car
 * for tomorrow from the stay's page (price from the API, paid with the saved
 * card), the rental's pick-up time comes, and on the dark controller page
 * (no chat container) the guest picks the car up, unlocks and locks it
 * through the simulated connected car, returns it and sees the rental's
 * billing on the stay's page. With YADO_SCREENSHOTS=<folder> the pages are
 * saved at 375 px and 1280 px.
 *
 * The server runs on the real clock; "the pick-up time comes" moves the
 * rental's own times in the database to now instead, which the API then
 * meets exactly as it would meet the real time arriving.
 */
const GROUP = 'hg-kazahana-villa';
const JST = '+09:00';

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let base: string;
let guestHeaders: Record<string, string>;
let staffHeaders: Record<string, string>;

const at = (iso: string, hours: number) =>
  dateTimeFromDate(new Date(Date.parse(`${iso}T00:00:00${JST}`) + hours * 3_600_000));

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  base = server.baseUrl;
  guestHeaders = { authorization: `Bearer ${(await signInByApi(base, DEMO_GUEST)).idToken}` };
  staffHeaders = { authorization: `Bearer ${(await signInByApi(base, DEMO_STAFF)).idToken}` };
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A licence card photograph as a phone takes it. */
const photo = (colour: string) =>
  sharp({ create: { width: 856, height: 540, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

describe('renting a car', () => {
  it('licence approved, car rented for tomorrow, picked up, unlocked and locked on the dark controller, returned and billed', async () => {
    const today = todayInTokyo();
    const tomorrow = addDays(today, 1);

    // The guest registers a licence on its page; staff approve it on theirs.
    const { context, page } = await signedInGuest(browser, base, 'en', 1280);
    await page.goto(`${base}/mypage/driver-license`, { waitUntil: 'networkidle' });
    await hydrated(page, 'license-submit');
    const licenceNumber = `30${String(Date.now()).slice(-10)}`;
    await page.getByLabel('Licence number').fill(licenceNumber);
    await page.getByLabel('Valid until').fill(`${Number(today.slice(0, 4)) + 3}-12-31`);
    await page.getByLabel('Name on the licence').fill('Yamada Taro');
    await page.getByLabel('Postal code').fill('100-0005');
    await page.getByLabel('Prefecture or state').fill('Tokyo');
    await page.getByLabel('City').fill('Chiyoda');
    await page.getByLabel('Street address').fill('1-1 Marunouchi');
    await page.setInputFiles('#license-front', {
      name: 'front.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo('#3a7bd5'),
    });
    await page.setInputFiles('#license-back', {
      name: 'back.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo('#d5a03a'),
    });
    await page.getByTestId('license-submit').click();
    await expect
      .poll(() => page.getByTestId('license-card').first().getAttribute('data-status'))
      .toBe('PENDING_REVIEW');

    const staffContext = await newContext(browser, 'en', 1280);
    const staff = await staffContext.newPage();
    await signIn(staff, base, DEMO_STAFF, { redirectUrl: '/staff' });
    await staff.goto(`${base}/staff/driver-licenses`, { waitUntil: 'networkidle' });
    const review = staff.getByTestId('license-review').filter({ hasText: licenceNumber });
    await review.waitFor();
    await hydrated(staff, 'license-approve');
    await review.getByTestId('license-approve').click();
    await review.waitFor({ state: 'detached' });
    await staffContext.close();
    expect((await callApi(base, listDriverLicenses, {}, guestHeaders)).rentable).toBe(true);

    // A stay from tomorrow, and a car at its place that staff open for the next days.
    const bookingId = await bookStayByApi(base, guestHeaders, GROUP, tomorrow, 2);
    const { booking } = await callApi(base, getBooking, { bookingId }, guestHeaders);
    const placeId = booking.houseGroup.placeId;
    const suffix = String(Date.now()).slice(-6);
    const { vehicle } = await callApi(
      base,
      staffCreateVehicle,
      {
        placeId,
        registrationNumber: `白馬 500 さ ${suffix}`,
        displayNameEn: 'Toyota bZ4X',
        displayNameJa: 'トヨタ bZ4X',
        displayImageUrl: '',
        capacity: 5,
        basePrice: 3_000,
        halfHourPrice: 800,
        telematicsDeviceId: `SIM-E2E-${suffix}`,
      },
      staffHeaders,
    );
    await callApi(
      base,
      staffCreateVehicleLocation,
      {
        placeId,
        displayNameEn: 'Villa entrance',
        displayNameJa: 'ヴィラ玄関',
        price: 0,
        latitude: 36.6982,
        longitude: 137.8619,
      },
      staffHeaders,
    );
    await callApi(
      base,
      staffAddVehicleAvailability,
      { vehicleId: vehicle.id, startTime: at(today, 0), endTime: at(addDays(today, 5), 0) },
      staffHeaders,
    );

    // From the stay's page to the rental form: tomorrow 10:00 to 13:00, priced by the API, paid with the saved card.
    await page.goto(`${base}/mypage/bookings/${bookingId}`, { waitUntil: 'networkidle' });
    await page.getByTestId('booking-rent-car').click();
    await page.waitForURL(`${base}/mypage/bookings/${bookingId}/vehicles`);
    await page.getByRole('radio', { name: /Toyota bZ4X/ }).check();
    await page.getByLabel('Pick-up time').selectOption({ label: '10:00' });
    await page.getByLabel('Drop-off time').selectOption({ label: '13:00' });
    await page.getByTestId('rent-quote').click();
    // 3,000 + 6 × 800 = 7,800; 10% service charge 780; 10% tax 858.
    await expect.poll(() => page.getByTestId('rental-total').textContent()).toContain('9,438');
    await expectNoSeriousA11yViolations(page, 'rent a car');
    await screenshotAtWidths(page, 'vehicle-rent');
    await page.getByTestId('rent-pay').click();
    await page.waitForURL((url) => url.pathname.startsWith('/mypage/vehicle-rentals/'));
    await expect.poll(() => page.getByTestId('rental-status').textContent()).toBe('Booked');
    expect(await page.getByTestId('rental-when').textContent()).toContain('10:00–13:00');
    await screenshotAtWidths(page, 'vehicle-rental');
    const rentalId = page.url().split('/').pop()!;

    // The pick-up time comes (see above): the rental now starts in ten minutes.
    const db = new pg.Client({ connectionString: server.databaseUrl });
    await db.connect();
    await db.query(
      `UPDATE vehicle_rentals
          SET pickup_at = date_trunc('minute', now()) + interval '10 minutes',
              dropoff_at = date_trunc('minute', now()) + interval '190 minutes'
        WHERE id = $1`,
      [rentalId],
    );
    await db.end();

    // The controller: dark, no chat container; pick up, unlock, lock, as the car reports.
    await page.getByTestId('rental-open-controller').click();
    await page.waitForURL(`${base}/vehicle-controller/${rentalId}`);
    await expect.poll(() => page.locator('html').getAttribute('data-color-mode')).toBe('dark');
    await expect.poll(() => page.locator('#chat-container').count()).toBe(0);
    await page.getByTestId('controller-pickup').click();
    await expect.poll(() => page.getByTestId('controller-use-status').textContent()).toBe('In use');
    await expect.poll(() => page.getByTestId('controller-lock-state').textContent()).toBe('Locked');
    await page.getByTestId('controller-unlock').click();
    await expect
      .poll(() => page.getByTestId('controller-outcome').textContent())
      .toBe('The car reports it is unlocked.');
    expect(await page.getByTestId('controller-lock-state').textContent()).toBe('Unlocked');
    await page.getByTestId('controller-lock').click();
    await expect.poll(() => page.getByTestId('controller-outcome').textContent()).toBe('The car reports it is locked.');
    expect(await page.getByTestId('controller-lock-state').textContent()).toBe('Locked');
    expect(await page.getByTestId('vehicle-coordinates').textContent()).toMatch(/^\d+\.\d{5}, \d+\.\d{5}/);
    await expectNoSeriousA11yViolations(page, 'vehicle controller');
    await screenshotAtWidths(page, 'vehicle-controller');

    // Returned: the short window to lock it still open; then the stay's page shows the rental's billing.
    await page.getByTestId('controller-dropoff').click();
    await page.getByTestId('controller-dropoff-confirm').click();
    await expect
      .poll(() => page.getByTestId('controller-use-status').textContent())
      .toBe('Returned — lock it if you have not');
    await screenshotAtWidths(page, 'vehicle-controller-returned');
    const [rental] = (await callApi(base, listVehicleRentals, { bookingId }, guestHeaders)).vehicleRentals;
    expect(rental).toMatchObject({ status: 'BOOKED', useStatus: 'CONTROLLABLE_AFTER_USE', taxInclusiveAmount: 9_438 });
    await page.goto(`${base}/mypage/bookings/${bookingId}`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByTestId('rental-card').count()).toBe(1);
    const { booking: billed } = await callApi(base, getBooking, { bookingId }, guestHeaders);
    const billing = billed.billings.find((b) => b.billingId === rental!.billingId)!;
    expect(billing).toMatchObject({ billingType: 'ADDITIONAL', billingStatus: 'PAID', totalAmount: 9_438 });
    expect(await page.locator('body').textContent()).toContain(billing.billingNumber);
    await screenshotAtWidths(page, 'vehicle-booking');

    // The same rental in Japanese (the same session, the page's language from its address).
    await page.goto(`${base}/ja/mypage/vehicle-rentals/${rentalId}`, { waitUntil: 'networkidle' });
    expect(await page.getByTestId('rental-status').textContent()).toBe('予約済み');
    await screenshotAtWidths(page, 'vehicle-rental-ja');
    await page.goto(`${base}/ja/vehicle-controller/${rentalId}`, { waitUntil: 'networkidle' });
    expect(await page.getByTestId('controller-use-status').textContent()).toBe(
      '返却済み（未施錠なら施錠してください）',
    );
    await screenshotAtWidths(page, 'vehicle-controller-ja');
    await context.close();
  });
});
