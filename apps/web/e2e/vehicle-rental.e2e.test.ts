import { addDays } from '@yado/contract/civil-date';
import { getBooking } from '@yado/contract/booking.contract';
import { dateTimeFromDate } from '@yado/contract/date-time';
import {
  listDriverLicenses,
  registerDriverLicense,
  staffAddVehicleAvailability,
  staffCreateVehicle,
  staffCreateVehicleLocation,
  staffListDriverLicenses,
  staffReviewDriverLicense,
  uploadDriverLicenseImage,
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
  screenshotAtWidths,
  signedInGuest,
  signInByApi,
  todayInTokyo,
} from './support/guest-steps';
import { launchBrowser, startTestServer } from './support/test-server';

/**
 * Renting a car for a stay, against the real server and demo data: the demo
 * guest registers a driver licence, staff approve it, the guest rents a car
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

/** A licence card photograph as a phone sends it. */
const photo = async (colour: string) =>
  (
    await sharp({ create: { width: 856, height: 540, channels: 3, background: colour } })
      .png()
      .toBuffer()
  ).toString('base64');

describe('renting a car', () => {
  it('licence approved, car rented for tomorrow, picked up, unlocked and locked on the dark controller, returned and billed', async () => {
    const today = todayInTokyo();
    const tomorrow = addDays(today, 1);

    // The guest's licence, registered and approved by staff.
    const front = await callApi(
      base,
      uploadDriverLicenseImage,
      { side: 'FRONT', contentBase64: await photo('#3a7bd5') },
      guestHeaders,
    );
    const back = await callApi(
      base,
      uploadDriverLicenseImage,
      { side: 'BACK', contentBase64: await photo('#d5a03a') },
      guestHeaders,
    );
    await callApi(
      base,
      registerDriverLicense,
      {
        driverLicenseNumber: `E2E${Date.now() % 1e9}`,
        expireDate: { year: Number(today.slice(0, 4)) + 3, month: 12, day: 31 },
        licenseType: 'ORDINARY',
        holderName: 'Yamada Taro',
        holderAddress: {
          countryCode: 'JP',
          postalCode: '100-0005',
          state: 'Tokyo',
          city: 'Chiyoda',
          street1: '1-1 Marunouchi',
          street2: '',
        },
        frontImageId: front.imageId,
        backImageId: back.imageId,
      },
      { ...guestHeaders, 'idempotency-key': `e2e-licence-${Date.now()}` },
    );
    const waiting = await callApi(base, staffListDriverLicenses, { status: 'PENDING_REVIEW' }, staffHeaders);
    const mine = waiting.driverLicenses.find((l) => l.emailAddress === DEMO_GUEST.email)!;
    await callApi(base, staffReviewDriverLicense, { driverLicenseId: mine.id, decision: 'APPROVED' }, staffHeaders);
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
    const { context, page } = await signedInGuest(browser, base, 'en', 1280);
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
    await context.close();

    // The same rental in Japanese: hours past midnight never arise here, but the words and yen do.
    const ja = await signedInGuest(browser, base, 'ja', 375);
    await ja.page.goto(`${base}/ja/mypage/vehicle-rentals/${rentalId}`, { waitUntil: 'networkidle' });
    expect(await ja.page.getByTestId('rental-status').textContent()).toBe('予約済み');
    await screenshotAtWidths(ja.page, 'vehicle-rental-ja');
    await ja.page.goto(`${base}/ja/vehicle-controller/${rentalId}`, { waitUntil: 'networkidle' });
    expect(await ja.page.getByTestId('controller-use-status').textContent()).toBe(
      '返却済み（未施錠なら施錠してください）',
    );
    await screenshotAtWidths(ja.page, 'vehicle-controller-ja');
    await ja.context.close();
  });
});
