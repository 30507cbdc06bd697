import { addDays } from '@yado/contract/civil-date';
import {
  cancelVehicleRental,
  createVehicleRental,
  dropoffVehicle,
  getVehicleRental,
  getVehicleRentalQuote,
  listVehicleRentals,
  lockVehicle,
  pickupVehicle,
  unlockVehicle,
} from '@yado/contract/vehicle-rental.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { addCard, freshToken } from '../booking/booking.test-factory.js';
import { findPaymentsByReference } from '../payment/payment.service.js';
import { runVehicleRentalJobs } from './vehicle-rental.service.js';
import {
  jstAt,
  licenseOf,
  rentalGuest,
  rentalPlace,
  rentalRequest,
  type RentalGuest,
} from './vehicle-rental.test-factory.js';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ LOG_LEVEL: 'error' });
});

type Place = Awaited<ReturnType<typeof rentalPlace>>;

const rent = async (place: Place, g: RentalGuest, from: number, to: number, extra = {}) => {
  const res = await t.call(
    createVehicleRental,
    { ...rentalRequest(place, g, from, to, extra), paymentMethodId: g.paymentMethodId, userRequestNotes: 'Child seat' },
    { token: g.token },
  );
  return res;
};

const rentalsOfCar = async (vehicleId: string) =>
  (
    await t.pool.query<{ id: string; status: string }>(
      'SELECT id, status FROM vehicle_rentals WHERE vehicle_id = $1 ORDER BY created_at',
      [vehicleId],
    )
  ).rows;

const billingsOf = async (bookingId: string) =>
  (
    await t.pool.query<{ id: string; billing_type: string; status: string; total_amount: number; refunded: number }>(
      `SELECT id, billing_type, status, total_amount::int AS total_amount, refunded_amount::int AS refunded
         FROM billings WHERE booking_id = $1 ORDER BY created_at, billing_number`,
      [bookingId],
    )
  ).rows;

const cancellationFeeOf = async (billingId: string) =>
  (
    await t.pool.query<{ cancellation_fee: unknown }>('SELECT cancellation_fee FROM billings WHERE id = $1', [
      billingId,
    ])
  ).rows[0]!.cancellation_fee;

describe('get_vehicle_rental_quote', () => {
  it('prices base + half hours + the pick-up location, with the place’s 10% service charge and 10% tax', async () => {
    const place = await rentalPlace(t);
    const g = await rentalGuest(t, place);
    // 10:00 to 13:00 tomorrow: 6 half hours; picked up at the station (500 yen), left at the lobby (free).
    const res = await t.call(getVehicleRentalQuote, rentalRequest(place, g, 10, 13), {
      token: g.token,
      language: 'ja',
    });
    expect(res.status).toBe(200);
    expect(res.body.quote).toEqual({
      halfHours: 6,
      basePrice: 3_000,
      halfHourPrice: 800,
      timeAmount: 4_800,
      pickupPrice: 500,
      dropoffPrice: 0,
      subtotalAmount: 8_300,
      serviceChargePercentage: '10.00',
      serviceChargeAmount: 830,
      serviceChargeInclusiveAmount: 9_130,
      taxAmount: 913,
      taxInclusiveAmount: 10_043,
    });
    expect(res.body.vehicle.displayName).toBe('リーフ');
  });

  it('refuses each broken rule with its own reason, and nothing is stored', async () => {
    const place = await rentalPlace(t, { capacity: 2 });
    const g = await rentalGuest(t, place);
    const reason = async (body: ReturnType<typeof rentalRequest>, token = g.token) =>
      (await t.call(getVehicleRentalQuote, body, { token })).error.errorInfo.reason;
    expect(await reason(rentalRequest(place, g, 10.25, 13))).toBe('CodeVehicleRentalTimeInvalid');
    expect(await reason(rentalRequest(place, g, 13, 13))).toBe('CodeVehicleRentalTimeInvalid');
    expect(await reason(rentalRequest(place, g, 10, 13, { headcount: 3 }))).toBe('CodeVehicleCapacityExceeded');
    // Beyond the stay (2 nights from tomorrow) and beyond the car's availability.
    expect(await reason(rentalRequest(place, g, 80, 82))).toBe('CodeVehicleRentalBookingRequired');
    expect(await reason({ ...rentalRequest(place, g, 10, 13), vehicleId: 'veh-unknown' })).toBe('CodeVehicleNotFound');
    expect(await reason({ ...rentalRequest(place, g, 10, 13), pickupLocationId: 'loc-unknown' })).toBe(
      'CodeVehicleLocationNotFound',
    );
    // Another guest's stay is no stay of the caller.
    const other = await rentalGuest(t, place);
    expect(await reason(rentalRequest(place, other, 10, 13))).toBe('CodeVehicleRentalBookingRequired');
    // A guest without an approved licence (none, or one still waiting for review).
    const unlicensed = await rentalGuest(t, place, { license: false });
    expect(await reason(rentalRequest(place, unlicensed, 10, 13), unlicensed.token)).toBe(
      'CodeDriverLicenseNotApproved',
    );
    await licenseOf(t, unlicensed.userId, 'PENDING_REVIEW');
    expect(await reason(rentalRequest(place, unlicensed, 10, 13), unlicensed.token)).toBe(
      'CodeDriverLicenseNotApproved',
    );
    // A licence that ends before the rental does.
    const expiring = await rentalGuest(t, place, { license: false });
    await licenseOf(t, expiring.userId, 'APPROVED', place.today);
    expect(await reason(rentalRequest(place, expiring, 10, 13), expiring.token)).toBe(
      'CodeDriverLicenseExpiresBeforeRental',
    );
    // Outside availability: the car is closed from the day after tomorrow, 09:00.
    await t.pool.query('UPDATE vehicle_availabilities SET end_time = $2 WHERE vehicle_id = $1', [
      place.vehicleId,
      jstAt(addDays(place.today, 2), 9),
    ]);
    expect(await reason(rentalRequest(place, g, 32, 35))).toBe('CodeVehicleOutsideAvailability');
    expect(await rentalsOfCar(place.vehicleId)).toEqual([]);
  });
});

describe('create_vehicle_rental', () => {
  it('bills the rental on the stay, charges the saved card and books it, with its order number and conversation', async () => {
    const place = await rentalPlace(t);
    const g = await rentalGuest(t, place);
    const res = await rent(place, g, 10, 13);
    expect(res.status).toBe(200);
    const r = res.body.vehicleRental;
    expect(res.body.payment).toEqual({ status: 'PAID' });
    expect(r).toMatchObject({
      status: 'BOOKED',
      useStatus: 'BEFORE_READY',
      bookingId: g.bookingId,
      userRequestNotes: 'Child seat',
      serviceChargeInclusiveAmount: 9_130,
      taxInclusiveAmount: 10_043,
      headcount: 2,
      clock: { day: addDays(place.today, 1), from: '10:00', to: '13:00' },
      pickupLocation: { id: place.station, displayName: 'Hakuba Station', price: 500 },
      controllable: false,
    });
    expect(r.orderNumber).toMatch(/^V\d{7}$/);
    const billing = (await billingsOf(g.bookingId)).find((b) => b.id === r.billingId)!;
    expect(billing).toMatchObject({ billing_type: 'ADDITIONAL', status: 'PAID', total_amount: 10_043 });
    const conv = await t.pool.query('SELECT booking_id FROM conversations WHERE id = $1 AND vehicle_rental_id = $2', [
      r.conversationId,
      r.id,
    ]);
    expect(conv.rows).toEqual([{ booking_id: null }]);
    // The licence's data is now kept 2 years after this rental.
    const lic = await t.pool.query<{ last_rental_at: Date }>(
      'SELECT last_rental_at FROM driver_licenses WHERE user_id = $1',
      [g.userId],
    );
    expect(lic.rows[0]!.last_rental_at).toEqual(jstAt(addDays(place.today, 1), 13));

    const listed = await t.call(listVehicleRentals, { bookingId: g.bookingId }, { token: g.token });
    expect(listed.body.vehicleRentals.map((x) => x.id)).toEqual([r.id]);
    const got = await t.call(getVehicleRental, { vehicleRentalId: r.id }, { token: g.token });
    expect(got.body).toMatchObject({ vehicleRental: { id: r.id }, vehicleInformation: null, vehicleAnswered: null });
    // Another user cannot see it.
    const other = await rentalGuest(t, place);
    expect(
      (await t.call(getVehicleRental, { vehicleRentalId: r.id }, { token: other.token })).error.errorInfo.reason,
    ).toBe('CodeVehicleRentalNotFound');
    expect((await t.call(listVehicleRentals, {}, { token: other.token })).body.vehicleRentals).toEqual([]);
  });

  it('refuses an overlapping rental of the car (even by half an hour) and lets the next free time through', async () => {
    const place = await rentalPlace(t);
    const a = await rentalGuest(t, place);
    const b = await rentalGuest(t, place);
    expect((await rent(place, a, 10, 13)).status).toBe(200);
    const refused = await rent(place, b, 12.5, 14);
    expect(refused.status).toBe(409);
    expect(refused.error.errorInfo.reason).toBe('CodeVehicleRentalOverlap');
    expect(refused.error.localizedMessage).toContain('already rented');
    expect((await billingsOf(b.bookingId)).filter((x) => x.billing_type === 'ADDITIONAL')).toEqual([]);
    // Back to back is no overlap.
    expect((await rent(place, b, 13, 14)).body.vehicleRental.status).toBe('BOOKED');
  });

  it('a declined card cancels the rental and its billing, answers the card’s reason and frees the car', async () => {
    const place = await rentalPlace(t);
    const g = await rentalGuest(t, place);
    const declined = await addCard(t, g.accountId, '4000000000000002');
    const res = await t.call(
      createVehicleRental,
      { ...rentalRequest(place, g, 10, 13), paymentMethodId: declined, userRequestNotes: '' },
      { token: g.token },
    );
    expect(res.status).toBe(402);
    expect(res.error.errorInfo.reason).toBe('CodePaymentDeclined');
    expect(await rentalsOfCar(place.vehicleId)).toEqual([expect.objectContaining({ status: 'CANCELED' })]);
    expect((await billingsOf(g.bookingId)).filter((x) => x.billing_type === 'ADDITIONAL')).toEqual([
      expect.objectContaining({ status: 'CANCELLED' }),
    ]);
    expect((await rent(place, g, 10, 13)).body.vehicleRental.status).toBe('BOOKED');
  });

  it('many guests renting the same times at once: exactly one is booked, the rest refused as overlapping', async () => {
    const place = await rentalPlace(t);
    const guests = await Promise.all(Array.from({ length: 8 }, () => rentalGuest(t, place)));
    const results = await Promise.all(guests.map((g, i) => rent(place, g, 10 + (i % 2) * 0.5, 12)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.error.errorInfo.reason).toBe('CodeVehicleRentalOverlap');
    }
    expect((await rentalsOfCar(place.vehicleId)).filter((r) => r.status !== 'CANCELED')).toHaveLength(1);
  });
});

describe('cancel_vehicle_rental', () => {
  it('is free more than 24 hours ahead: the whole payment goes back and the billing is REFUNDED', async () => {
    const place = await rentalPlace(t);
    const g = await rentalGuest(t, place);
    // The day after tomorrow, 10:00: well over 24 hours away.
    const r = (await rent(place, g, 34, 36)).body.vehicleRental;
    const res = await t.call(cancelVehicleRental, { vehicleRentalId: r.id }, { token: g.token });
    expect(res.status).toBe(200);
    expect(res.body.refundAmount).toBe(r.taxInclusiveAmount);
    expect(res.body.vehicleRental).toMatchObject({
      status: 'CANCELED',
      cancellationFee: { percentage: 0, amount: 0, source: 'RENT_PRICE' },
      cancellationBillingId: null,
    });
    const billing = (await billingsOf(g.bookingId)).find((b) => b.id === r.billingId)!;
    expect(billing).toMatchObject({ status: 'REFUNDED', refunded: r.taxInclusiveAmount });
    // Cancelling again answers the same; the times are free for another rental.
    expect((await t.call(cancelVehicleRental, { vehicleRentalId: r.id }, { token: g.token })).status).toBe(200);
    expect((await rent(place, g, 34, 36)).body.vehicleRental.status).toBe('BOOKED');
  });

  it('in the last 24 hours keeps half the price as a CANCELLATION billing with source RENT_PRICE and refunds the rest', async () => {
    const place = await rentalPlace(t);
    const g = await rentalGuest(t, place);
    const r = (await rent(place, g, 10, 13)).body.vehicleRental;
    t.clock.set(jstAt(place.today, 12));
    await freshToken(t, g);
    const res = await t.call(cancelVehicleRental, { vehicleRentalId: r.id }, { token: g.token });
    t.clock.set(new Date());
    expect(res.body.vehicleRental.cancellationFee).toEqual({ percentage: 50, amount: 5_021, source: 'RENT_PRICE' });
    expect(res.body.refundAmount).toBe(10_043 - 5_021);
    const fee = (await billingsOf(g.bookingId)).find((b) => b.id === res.body.vehicleRental.cancellationBillingId)!;
    expect(fee).toMatchObject({ billing_type: 'CANCELLATION', status: 'PAID', total_amount: 5_021 });
    expect(await cancellationFeeOf(fee.id)).toEqual([
      {
        date: addDays(place.today, 1),
        amount: 5_021,
        details: [{ percentage: 50, amount: 5_021, source: 'RENT_PRICE', consumedSlot: null }],
      },
    ]);
    const [payment] = await findPaymentsByReference(t.api.deps, r.billingId!);
    expect(payment!.refundedAmount).toBe(5_022);
  });

  it('refuses a rental already in use', async () => {
    const place = await rentalPlace(t);
    const g = await rentalGuest(t, place);
    const r = (await rent(place, g, 10, 13)).body.vehicleRental;
    t.clock.set(jstAt(addDays(place.today, 1), 10));
    await freshToken(t, g);
    expect((await t.call(pickupVehicle, { vehicleRentalId: r.id }, { token: g.token })).status).toBe(200);
    const res = await t.call(cancelVehicleRental, { vehicleRentalId: r.id }, { token: g.token });
    t.clock.set(new Date());
    expect(res.error.errorInfo.reason).toBe('CodeVehicleRentalStatusInvalid');
  });
});

describe('use: ready, pick-up, lock and unlock, drop-off, finished', () => {
  it('runs the whole use, bills a late drop-off and closes the lock window', async () => {
    const place = await rentalPlace(t);
    const g = await rentalGuest(t, place);
    const stranger = await rentalGuest(t, place);
    const r = (await rent(place, g, 10, 13)).body.vehicleRental;
    const day = addDays(place.today, 1);
    const id = { vehicleRentalId: r.id };
    const move = async (d: Date) => {
      t.clock.set(d);
      await freshToken(t, g);
      await freshToken(t, stranger);
    };
    try {
      // Before the use window nobody controls the car, and it cannot be picked up yet.
      expect((await t.call(lockVehicle, id, { token: g.token })).error.errorInfo.reason).toBe(
        'CodeVehicleControlOutsideUseWindow',
      );
      expect((await t.call(pickupVehicle, id, { token: g.token })).error.errorInfo.reason).toBe(
        'CodeVehiclePickupOutsideWindow',
      );
      // 30 minutes before pick-up the job makes it READY.
      await move(jstAt(day, 9.5));
      await runVehicleRentalJobs(t.api.deps);
      const ready = await t.call(getVehicleRental, id, { token: g.token });
      expect(ready.body.vehicleRental.useStatus).toBe('READY');
      expect(ready.body.vehicleAnswered).toBe(true);
      expect(ready.body.vehicleInformation).toMatchObject({ locked: true, latitude: 36.698, longitude: 137.862 });

      const picked = await t.call(pickupVehicle, id, { token: g.token });
      expect(picked.body.vehicleRental).toMatchObject({ useStatus: 'IN_USE', controllable: true });
      expect((await t.call(pickupVehicle, id, { token: g.token })).status).toBe(200);

      const unlocked = await t.call(unlockVehicle, id, { token: g.token });
      expect(unlocked.body).toMatchObject({ result: 'CONFIRMED', reason: null, vehicleInformation: { locked: false } });
      // Only the renter controls it.
      const foreign = await t.call(lockVehicle, id, { token: stranger.token });
      expect(foreign.status).toBe(403);
      expect(foreign.error.errorInfo.reason).toBe('CodeVehicleControlNotRenter');

      // Driven for an hour: the car has moved and used charge.
      await move(jstAt(day, 11));
      const driving = await t.call(getVehicleRental, id, { token: g.token });
      expect(driving.body.vehicleInformation!.chargeStateBatteryLevel).toBeLessThan(
        ready.body.vehicleInformation!.chargeStateBatteryLevel,
      );

      // Returned 40 minutes late: two started half hours billed on their own.
      await move(jstAt(day, 13 + 40 / 60));
      const dropped = await t.call(dropoffVehicle, id, { token: g.token });
      expect(dropped.body.vehicleRental).toMatchObject({
        useStatus: 'CONTROLLABLE_AFTER_USE',
        lateHalfHours: 2,
        controllable: true,
      });
      const extra = (await billingsOf(g.bookingId)).find(
        (b) => b.id === dropped.body.vehicleRental.additionalBillingId,
      )!;
      // 2 × 800, 10% service charge, 10% tax.
      expect(extra).toMatchObject({ billing_type: 'ADDITIONAL', status: 'PAID', total_amount: 1_936 });
      expect((await t.call(dropoffVehicle, id, { token: g.token })).body.vehicleRental.additionalBillingId).toBe(
        extra.id,
      );

      // Locked from the phone after walking away.
      const locked = await t.call(lockVehicle, id, { token: g.token });
      expect(locked.body).toMatchObject({ result: 'CONFIRMED', vehicleInformation: { locked: true } });

      // The window closes: FINISHED, and no more commands.
      await move(jstAt(day, 14));
      await runVehicleRentalJobs(t.api.deps);
      const done = await t.call(getVehicleRental, id, { token: g.token });
      expect(done.body.vehicleRental).toMatchObject({ useStatus: 'FINISHED', controllable: false });
      expect((await t.call(unlockVehicle, id, { token: g.token })).error.errorInfo.reason).toBe(
        'CodeVehicleControlOutsideUseWindow',
      );
      expect((await t.call(dropoffVehicle, id, { token: g.token })).status).toBe(200);
    } finally {
      t.clock.set(new Date());
    }
  });

  it('a car that does not answer is UNCONFIRMED, never done; one that refuses says so', async () => {
    for (const [prefix, reason] of [
      ['SIM-NO-ANSWER', 'NO_ANSWER'],
      ['SIM-REFUSE', 'REFUSED'],
    ] as const) {
      const place = await rentalPlace(t, { deviceId: `${prefix}-${Math.random().toString(36).slice(2)}` });
      const g = await rentalGuest(t, place);
      const r = (await rent(place, g, 10, 13)).body.vehicleRental;
      t.clock.set(jstAt(addDays(place.today, 1), 10));
      try {
        await freshToken(t, g);
        await t.call(pickupVehicle, { vehicleRentalId: r.id }, { token: g.token });
        const res = await t.call(unlockVehicle, { vehicleRentalId: r.id }, { token: g.token });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ result: 'UNCONFIRMED', reason });
        if (reason === 'NO_ANSWER') {
          expect(res.body.vehicleInformation).toBeNull();
          const got = await t.call(getVehicleRental, { vehicleRentalId: r.id }, { token: g.token });
          expect(got.body).toMatchObject({ vehicleInformation: null, vehicleAnswered: false });
        } else {
          expect(res.body.vehicleInformation).toMatchObject({ locked: true });
        }
      } finally {
        t.clock.set(new Date());
      }
    }
  });

  it('a booked rental never picked up is FINISHED once its drop-off time has passed', async () => {
    const place = await rentalPlace(t);
    const g = await rentalGuest(t, place);
    const r = (await rent(place, g, 10, 13)).body.vehicleRental;
    t.clock.set(jstAt(addDays(place.today, 1), 13));
    try {
      await runVehicleRentalJobs(t.api.deps);
      await freshToken(t, g);
      expect(
        (await t.call(getVehicleRental, { vehicleRentalId: r.id }, { token: g.token })).body.vehicleRental.useStatus,
      ).toBe('FINISHED');
      expect((await t.call(pickupVehicle, { vehicleRentalId: r.id }, { token: g.token })).error.errorInfo.reason).toBe(
        'CodeVehicleRentalStatusInvalid',
      );
    } finally {
      t.clock.set(new Date());
    }
  });
});
