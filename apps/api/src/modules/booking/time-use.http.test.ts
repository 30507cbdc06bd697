import { randomBytes } from 'node:crypto';
import { addDays, civilFromIso as civil } from '@yado/contract/civil-date';
import {
  cancelBooking,
  confirmBooking,
  createGuestUseTentativeBooking,
  getBooking,
} from '@yado/contract/booking.contract';
import {
  createExclusiveTimeTentativeBooking,
  getTimeUseAvailability,
  getTimeUseQuote,
} from '@yado/contract/time-use.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { chargeDefaultBillings, expireTentativeBookings } from './booking-jobs.service.js';
import { bookableHouseGroup, freshToken, guestWithCard, stayRequest } from './booking.test-factory.js';

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
  // 10:30 in Tokyo: today's hours from 11:00 on may still be booked.
  t.clock.set(new Date('2027-03-10T10:30:00+09:00'));
});

type Guest = Awaited<ReturnType<typeof guestWithCard>>;

/** A TIME house group open 09:00–22:00 with its hourly prices (owners 2,000 yen, members 3,500). */
async function timeGroup(o: { houses?: number; owner?: number; membership?: number } = {}) {
  const g = await bookableHouseGroup(t, { houses: o.houses ?? 1, bookingTypes: ['EXCLUSIVE_TIME_USE'] });
  await t.pool.query(
    `UPDATE house_groups SET usage_label = 'TIME', checkin_time = '09:00', checkout_time = '22:00',
       owner_time_use_price_per_hour = $2, membership_time_use_price_per_hour = $3 WHERE id = $1`,
    [g.houseGroupId, o.owner ?? 2_000, o.membership ?? 3_500],
  );
  return g;
}

/** Makes the guest hold a share of the house group (written straight to the table). */
async function grantShare(guest: Guest, houseGroupId: string) {
  await t.pool.query(
    `INSERT INTO owner_shares (id, user_id, house_group_id, numerator, denominator, standard_nights, high_nights,
       first_slot_year, granted_by, granted_at)
     VALUES ($1, $2, $3, 1, 12, 18, 12, 2027, 'test', now())`,
    [`share-${randomBytes(4).toString('hex')}`, guest.userId, houseGroupId],
  );
}

const request = (houseGroupId: string, date: string, startHour: number, hours: number) => ({
  houseGroupId,
  date: civil(date),
  startHour,
  hours,
});

const hold = (guest: Guest, body: ReturnType<typeof request>) =>
  t.callRaw(createExclusiveTimeTentativeBooking, body, { token: guest.token });

const reasonOf = (res: { status: number; error?: { errorInfo?: { reason?: string } } }) => [
  res.status,
  res.error?.errorInfo?.reason,
];

async function confirm(guest: Guest, bookingId: string) {
  return t.call(
    confirmBooking,
    { bookingId, paymentMethodId: guest.paymentMethodId, pointPaymentAmount: 0, returnPath: '/en/bookings/confirm' },
    { token: guest.token },
  );
}

const freeHours = async (guest: Guest, houseGroupId: string, date: string) =>
  (
    await t.call(getTimeUseAvailability, { houseGroupId, date: civil(date) }, { token: guest.token })
  ).body.availability.hours
    .filter((h) => h.free)
    .map((h) => h.hour);

describe('get_time_use_availability', () => {
  it('lists the opening hours with free houses, the caller’s price kind and the window', async () => {
    const guest = await guestWithCard(t);
    const { houseGroupId, today } = await timeGroup({ houses: 2 });
    const res = await t.call(getTimeUseAvailability, { houseGroupId, date: civil(today) }, { token: guest.token });
    expect(res.status).toBe(200);
    const a = res.body.availability;
    expect(a).toMatchObject({
      opensAt: 9,
      closesAt: 22,
      minHours: 1,
      maxHours: 12,
      utcOffset: '+09:00',
      priceKind: 'MEMBERSHIP',
      pricePerHour: 3_500,
      taxRatePercentage: 10,
      bookableFrom: civil(today),
      bookableUntil: civil(addDays(today, 60)),
    });
    expect(a.hours).toHaveLength(13);
    // 10:00 has begun (it is 10:30); 11:00 on are free, each with both houses.
    expect(a.hours.slice(0, 3)).toEqual([
      { hour: 9, freeHouses: 2, free: false },
      { hour: 10, freeHouses: 2, free: false },
      { hour: 11, freeHouses: 2, free: true },
    ]);

    await grantShare(guest, houseGroupId);
    const owner = await t.call(getTimeUseAvailability, { houseGroupId, date: civil(today) }, { token: guest.token });
    expect(owner.body.availability).toMatchObject({ priceKind: 'OWNER', pricePerHour: 2_000 });
  });

  it('refuses a house group that is not booked by the hour', async () => {
    const guest = await guestWithCard(t);
    const { houseGroupId, today } = await bookableHouseGroup(t);
    const res = await t.callRaw(getTimeUseAvailability, { houseGroupId, date: civil(today) }, { token: guest.token });
    expect(reasonOf(res)).toEqual([400, 'CodeBookingTypeNotAvailable']);
  });
});

describe('create_exclusive_time_tentative_booking', () => {
  it('holds the hours, confirms with the card, shows them in the booking and takes them from availability', async () => {
    const guest = await guestWithCard(t);
    const { houseGroupId, houseIds, today } = await timeGroup();
    const date = addDays(today, 3);
    const quote = await t.call(getTimeUseQuote, request(houseGroupId, date, 13, 3), { token: guest.token });
    // 3 h × 3,500 = 10,500 + 10% tax 1,050.
    expect(quote.body.quote).toMatchObject({ accommodationAmount: 10_500, totalAmount: 11_550, depositAmount: 11_550 });

    const held = await hold(guest, request(houseGroupId, date, 13, 3));
    expect(held.status).toBe(200);
    expect(held.body.quote).toMatchObject({ totalAmount: 11_550, consumptionHouseId: houseIds[0] });
    expect(held.body.quote.booking).toMatchObject({ bookingType: 'EXCLUSIVE_TIME_USE', bookingStatus: 'TENTATIVE' });
    expect(await freeHours(guest, houseGroupId, date)).toEqual([9, 10, 11, 12, 16, 17, 18, 19, 20, 21]);

    const paid = await confirm(guest, held.body.bookingId);
    expect(paid.body).toMatchObject({ status: 'PAID', bookingStatus: 'BOOKED' });
    const detail = (await t.call(getBooking, { bookingId: held.body.bookingId }, { token: guest.token })).body.booking;
    expect(detail).toMatchObject({
      bookingType: 'EXCLUSIVE_TIME_USE',
      bookingStatus: 'BOOKED',
      guestUse: null,
      exclusiveTimeUse: {
        start: { ...civil(date), hours: 13, minutes: 0, utcOffset: '+09:00' },
        end: { ...civil(date), hours: 16 },
        hours: 3,
        pricePerHour: 3_500,
        priceKind: 'MEMBERSHIP',
        usageAmount: 10_500,
        payment: { billingType: 'DEPOSIT', totalAmount: 11_550 },
      },
      // The booking shows its hours, and a time use has no guests to change and orders nothing.
      checkinTime: { ...civil(date), hours: 13 },
      checkoutTime: { ...civil(date), hours: 16 },
      actions: { canChangeHeadcount: false, canOrder: false, canSubmitGuestRegister: false, canCancel: true },
    });

    // The rest billed before the day is the taxed hours, the payment deducted: nothing more to pay.
    await chargeDefaultBillings(t.api.deps);
    const billings = await t.pool.query<{ billing_type: string; status: string; total_amount: number }>(
      'SELECT billing_type, status, total_amount FROM billings WHERE booking_id = $1 ORDER BY billing_type',
      [held.body.bookingId],
    );
    expect(billings.rows).toEqual([
      { billing_type: 'DEFAULT', status: 'PAID', total_amount: 11_550 },
      { billing_type: 'DEPOSIT', status: 'PAID', total_amount: 11_550 },
    ]);

    // Cancelled, the hours are free again.
    const cancelled = await t.call(cancelBooking, { bookingId: held.body.bookingId }, { token: guest.token });
    expect(cancelled.body.booking.bookingStatus).toBe('CANCELLED');
    expect(await freeHours(guest, houseGroupId, date)).toContain(14);
  });

  it('charges a holder of a share the owner price', async () => {
    const guest = await guestWithCard(t);
    const { houseGroupId, today } = await timeGroup();
    await grantShare(guest, houseGroupId);
    const held = await hold(guest, request(houseGroupId, addDays(today, 1), 9, 2));
    expect(held.body.quote).toMatchObject({ accommodationAmount: 4_000, totalAmount: 4_400 });
  });

  it('refuses every kind of bad hours with its own reason', async () => {
    const guest = await guestWithCard(t);
    const { houseGroupId, today } = await timeGroup();
    const tomorrow = addDays(today, 1);
    expect(reasonOf(await hold(guest, request(houseGroupId, tomorrow, 8, 2)))).toEqual([
      400,
      'CodeTimeUseHoursInvalid',
    ]);
    expect(reasonOf(await hold(guest, request(houseGroupId, tomorrow, 20, 3)))).toEqual([
      400,
      'CodeTimeUseHoursInvalid',
    ]);
    expect(reasonOf(await hold(guest, request(houseGroupId, today, 10, 1)))).toEqual([400, 'CodeTimeUseHoursInvalid']);
    expect(reasonOf(await hold(guest, request(houseGroupId, addDays(today, -1), 12, 1)))).toEqual([
      409,
      'CodeOutsideBookingWindow',
    ]);
    expect(reasonOf(await hold(guest, request(houseGroupId, addDays(today, 61), 12, 1)))).toEqual([
      409,
      'CodeOutsideBookingWindow',
    ]);
    expect(reasonOf(await hold(guest, request(houseGroupId, tomorrow, 9, 13)))).toEqual([400, 'CodeInvalidArgument']);
    expect(reasonOf(await hold(guest, request(houseGroupId, tomorrow, 9, 0)))).toEqual([400, 'CodeInvalidArgument']);
    expect(
      reasonOf(
        await hold(guest, { ...request(houseGroupId, tomorrow, 9, 1), date: { year: 2027, month: 2, day: 30 } }),
      ),
    ).toEqual([400, 'CodeInvalidArgument']);

    const nightGroup = await bookableHouseGroup(t);
    expect(reasonOf(await hold(guest, request(nightGroup.houseGroupId, tomorrow, 12, 1)))).toEqual([
      400,
      'CodeBookingTypeNotAvailable',
    ]);
    expect(reasonOf(await hold(guest, request('no-such-group', tomorrow, 12, 1)))).toEqual([404, 'CodeNotFound']);

    const ownersOnly = await timeGroup({ membership: 0 });
    expect(reasonOf(await hold(guest, request(ownersOnly.houseGroupId, tomorrow, 12, 1)))).toEqual([
      409,
      'CodeTimeUsePriceNotSet',
    ]);

    expect(
      reasonOf(await t.callRaw(createExclusiveTimeTentativeBooking, request(houseGroupId, tomorrow, 12, 1))),
    ).toEqual([401, 'CodeUnauthenticated']);
  });

  it('gives an hour to exactly one of 20 concurrent holds; the next house goes to the next', async () => {
    const guests = await Promise.all(Array.from({ length: 20 }, () => guestWithCard(t)));
    const { houseGroupId, today } = await timeGroup();
    const date = addDays(today, 5);
    const results = await Promise.all(guests.map((g) => hold(g, request(houseGroupId, date, 14, 2))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 200).map(reasonOf)).toEqual(
      Array.from({ length: 19 }, () => [409, 'CodeHouseNotAvailable']),
    );
    // Hours that only touch (13:00–14:00, 16:00–17:00) are still free.
    expect((await hold(guests[0]!, request(houseGroupId, date, 13, 1))).status).toBe(200);
    expect((await hold(guests[1]!, request(houseGroupId, date, 16, 1))).status).toBe(200);
    expect(reasonOf(await hold(guests[2]!, request(houseGroupId, date, 15, 2)))).toEqual([
      409,
      'CodeHouseNotAvailable',
    ]);

    const two = await timeGroup({ houses: 2 });
    const both = await Promise.all(guests.map((g) => hold(g, request(two.houseGroupId, date, 14, 2))));
    const houses = both.filter((r) => r.status === 200).map((r) => r.body.quote.consumptionHouseId);
    expect(houses.sort()).toEqual([...two.houseIds].sort());
  });
});

describe('a time-use hold retried and left unpaid', () => {
  it('holds once for one idempotency key, and frees the hours when the hold expires', async () => {
    const guest = await guestWithCard(t);
    const { houseGroupId, today } = await timeGroup();
    const date = addDays(today, 4);
    const body = request(houseGroupId, date, 10, 2);
    const headers = { 'idempotency-key': `time-${randomBytes(4).toString('hex')}` };
    const first = await t.call(createExclusiveTimeTentativeBooking, body, { token: guest.token, headers });
    const again = await t.call(createExclusiveTimeTentativeBooking, body, { token: guest.token, headers });
    expect(again.body.bookingId).toBe(first.body.bookingId);
    const stays = await t.pool.query('SELECT 1 FROM stays WHERE house_group_id = $1', [houseGroupId]);
    expect(stays.rowCount).toBe(1);
    expect(await freeHours(guest, houseGroupId, date)).not.toContain(10);

    const held = t.clock.now();
    t.clock.set(new Date(held.getTime() + 21 * 60_000));
    try {
      await expireTentativeBookings(t.api.deps);
      await freshToken(t, guest);
      expect(await freeHours(guest, houseGroupId, date)).toContain(10);
    } finally {
      t.clock.set(held);
    }
  });
});

describe('time stays and night stays', () => {
  it('refuses in the database a time stay over a night stay of the house, and hours over a night stay', async () => {
    const guest = await guestWithCard(t);
    const { houseGroupId, houseIds, today } = await timeGroup();
    const date = addDays(today, 7);
    // A night stay of a TIME group's house (a block) occupies its check-in day from 09:00 to the next day's 22:00.
    await t.pool.query(
      `INSERT INTO stays (id, house_id, house_group_id, checkin_date, checkout_date, booking_id)
       VALUES ($1, $2, $3, $4::date, $4::date + 1, 'block')`,
      [`stay-${randomBytes(4).toString('hex')}`, houseIds[0], houseGroupId, date],
    );
    expect(await freeHours(guest, houseGroupId, date)).toEqual([]);
    expect(reasonOf(await hold(guest, request(houseGroupId, date, 12, 1)))).toEqual([409, 'CodeHouseNotAvailable']);
    const direct = t.pool.query(
      `INSERT INTO stays (id, house_id, house_group_id, checkin_date, checkout_date, hours, booking_id)
       VALUES ($1, $2, $3, $4::date, $4::date, tstzrange(($4::date + time '12:00') AT TIME ZONE 'Asia/Tokyo',
         ($4::date + time '13:00') AT TIME ZONE 'Asia/Tokyo'), 'direct')`,
      [`stay-${randomBytes(4).toString('hex')}`, houseIds[0], houseGroupId, date],
    );
    await expect(direct).rejects.toMatchObject({ code: '23P01', constraint: 'stays_hours_clear_of_nights' });
  });

  it('keeps a day open for nights around a time stay, and refuses the nights it really overlaps', async () => {
    const guest = await guestWithCard(t);
    // A night group (check-in 15:00, check-out 11:00) with one house.
    const { houseGroupId, houseIds, today } = await bookableHouseGroup(t);
    const day = addDays(today, 10);
    const timeStay = (from: string, to: string) =>
      t.pool.query(
        `INSERT INTO stays (id, house_id, house_group_id, checkin_date, checkout_date, hours, booking_id)
         VALUES ($1, $2, $3, $4::date, $4::date, tstzrange(($4::date + $5::time) AT TIME ZONE 'Asia/Tokyo',
           ($4::date + $6::time) AT TIME ZONE 'Asia/Tokyo'), 'time')`,
        [`stay-${randomBytes(4).toString('hex')}`, houseIds[0], houseGroupId, day, from, to],
      );
    await timeStay('12:00', '14:00');
    const night = (from: number, nights: number) =>
      t.callRaw(createGuestUseTentativeBooking, stayRequest(houseGroupId, today, from, nights), { token: guest.token });
    // Check-out at 11:00 before it and check-in at 15:00 after it both fit.
    expect((await night(9, 1)).status).toBe(200);
    expect((await night(10, 2)).status).toBe(200);

    const other = await bookableHouseGroup(t);
    const day2 = addDays(today, 20);
    await t.pool.query(
      `INSERT INTO stays (id, house_id, house_group_id, checkin_date, checkout_date, hours, booking_id)
       VALUES ($1, $2, $3, $4::date, $4::date, tstzrange(($4::date + time '10:00') AT TIME ZONE 'Asia/Tokyo',
         ($4::date + time '12:00') AT TIME ZONE 'Asia/Tokyo'), 'time')`,
      [`stay-${randomBytes(4).toString('hex')}`, other.houseIds[0], other.houseGroupId, day2],
    );
    const over = await t.callRaw(createGuestUseTentativeBooking, stayRequest(other.houseGroupId, today, 19, 1), {
      token: guest.token,
    });
    expect(reasonOf(over)).toEqual([409, 'CodeHouseNotAvailable']);
    // A time stay whose hours meet another's is refused by the database.
    await expect(timeStay('13:00', '15:00')).rejects.toMatchObject({ code: '23P01' });
  });
});
