import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';
import { addDays } from '@yado/contract/civil-date';
import { civilFromIso as civil } from '@yado/contract/civil-date';
import {
  chargeDefaultBillings,
  expireTentativeBookings,
  markNoShows,
  readyToCheckin,
  reconcilePayments,
} from './booking-jobs.service.js';
import { holdTentativeBooking } from './booking.repo.js';
import {
  addCard,
  bookableHouseGroup,
  freshToken,
  guestWithCard,
  stayRequest,
  type StayRequest,
} from './booking.test-factory.js';
import {
  createGuestUseTentativeBooking,
  confirmBooking,
  getBooking,
  getBookingQuote,
  createAccommodationTentativeBooking,
  listBookings,
  completeBookingPayment,
  getCancellationFee,
  cancelBooking,
  submitGuestRegister,
  checkoutBooking,
  checkinBooking,
  staffCheckinBooking,
  staffCheckoutBooking,
  updateBookingHeadcount,
} from '@yado/contract/booking.contract';

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
});

type Guest = Awaited<ReturnType<typeof guestWithCard>>;

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

async function createTentative(g: Guest, req: StayRequest) {
  const res = await t.call(createGuestUseTentativeBooking, req, { token: g.token });
  if (res.status !== 200) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
  return res.body;
}

async function confirm(g: Guest, bookingId: string, paymentMethodId = g.paymentMethodId, points = 0) {
  return t.call(
    confirmBooking,
    { bookingId, paymentMethodId, pointPaymentAmount: points, returnPath: '/en/bookings/confirm' },
    { token: g.token },
  );
}

async function booked(g: Guest, req: StayRequest) {
  const { bookingId } = await createTentative(g, req);
  const res = await confirm(g, bookingId);
  expect(res.body).toMatchObject({ status: 'PAID', bookingStatus: 'BOOKED' });
  return bookingId;
}

const currentSnapshot = async (db: TestApi['pool']) =>
  (await db.query<{ s: string }>('SELECT pg_current_snapshot()::text AS s')).rows[0]!.s;

const detail = async (g: Guest, bookingId: string) =>
  (await t.call(getBooking, { bookingId }, { token: g.token })).body.booking;

const events = async (bookingId: string) =>
  (
    await t.pool.query<{ action: string; from_status: string | null; to_status: string; actor: string }>(
      'SELECT action, from_status, to_status, actor FROM booking_events WHERE booking_id = $1 ORDER BY id',
      [bookingId],
    )
  ).rows;

const stayOf = async (bookingId: string) =>
  (await t.pool.query<{ status: string }>('SELECT status FROM stays WHERE booking_id = $1', [bookingId])).rows[0]
    ?.status;

const billingsOf = async (bookingId: string) =>
  (
    await t.pool.query<{ billing_type: string; status: string; total_amount: number; deductions: number }>(
      'SELECT billing_type, status, total_amount, deductions FROM billings WHERE booking_id = $1 ORDER BY created_at, billing_number',
      [bookingId],
    )
  ).rows;

/** Moves the test clock to a local time (Asia/Tokyo) of a date. */
function setTokyo(date: string, time = '12:00') {
  t.clock.set(new Date(`${date}T${time}:00+09:00`));
}

describe('get_booking_quote', () => {
  it('prices nights, the extra charge above baseCapacity, service charge, tax once per rate and the deposit', async () => {
    const g = await guestWithCard(t);
    const { houseGroupId, today } = await bookableHouseGroup(t);
    const req = stayRequest(houseGroupId, today, 20, 2, {
      headcount: { males: 2, females: 1, children: 0, largeDogs: 0, mediumDogs: 0, smallDogs: 0 },
    });
    const res = await t.call(getBookingQuote, req, { token: g.token });
    expect(res.status).toBe(200);
    const q = res.body.quote;
    // 2 × 20,000 + 1 extra guest × 3,000 × 2 = 46,000; +10% service 4,600; +10% tax 5,060.
    expect(q).toMatchObject({
      accommodationAmount: 46_000,
      extraChargePerDay: 3_000,
      totalExtraCharge: 6_000,
      serviceChargeAmount: 4_600,
      consumptionTaxAmount: 5_060,
      totalAmount: 55_660,
      depositAmount: 16_698,
      remainingAmount: 55_660 - 16_698,
      consumptionSlotStandard: 0,
      temairazuAmount: 0,
      temairazuMeals: [],
      datesFixed: true,
      freeCancellationLimitDate: civil(addDays(today, 20 - 8)),
    });
    expect(q.booking).toMatchObject({ id: '', bookingStatus: 'TENTATIVE', bookingType: 'GUEST_USE', houseId: '' });
  });

  it('refuses closed, unpriced and past nights, too many guests, dogs where none are allowed and a type not offered', async () => {
    const g = await guestWithCard(t);
    const { houseGroupId, today } = await bookableHouseGroup(t, { days: 30, closed: [] });
    const closedGroup = await bookableHouseGroup(t, { closed: [addDays(today, 11)] });
    const q = (body: Record<string, unknown>) => t.callRaw(getBookingQuote, body, { token: g.token });

    expect(
      (await q(stayRequest(closedGroup.houseGroupId, today, 10, 3))).error.errorInfo?.reason ??
        (await q(stayRequest(closedGroup.houseGroupId, today, 10, 3))).body,
    ).toBeDefined();
    const closed = await q(stayRequest(closedGroup.houseGroupId, today, 10, 3));
    expect([closed.status, closed.error.errorInfo.reason]).toEqual([400, 'CodeDatesNotBookable']);
    const unpriced = await q(stayRequest(houseGroupId, today, 29, 4));
    expect(unpriced.error.errorInfo.reason).toBe('CodeDatesNotBookable');
    const past = await q(stayRequest(houseGroupId, today, -1, 2));
    expect(past.error.errorInfo.reason).toBe('CodeDatesNotBookable');

    const crowd = await q(
      stayRequest(houseGroupId, today, 5, 2, {
        headcount: { males: 3, females: 2, children: 0, largeDogs: 1, mediumDogs: 0, smallDogs: 0 },
      }),
    );
    expect(crowd.status).toBe(400);
    expect(crowd.error.errorInfo.reason).toBe('CodeHeadcountNotAllowed');
    const fields = crowd.error.errorInfo.fields!.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['headcount.children', 'headcount.largeDogs']));

    const ages = await q(
      stayRequest(houseGroupId, today, 5, 2, {
        headcount: { males: 1, females: 0, children: 1, largeDogs: 0, mediumDogs: 0, smallDogs: 0 },
      }),
    );
    expect(ages.error.errorInfo.reason).toBe('CodeInvalidArgument');

    const exclusive = await q({
      ...stayRequest(houseGroupId, today, 5, 2),
      bookingType: 'EXCLUSIVE_ACCOMMODATION_USE',
    });
    expect([exclusive.status, exclusive.error.errorInfo.reason]).toEqual([400, 'CodeBookingTypeNotAvailable']);
    const create = await t.call(createAccommodationTentativeBooking, stayRequest(houseGroupId, today, 5, 2), {
      token: g.token,
    });
    expect(create.error.errorInfo.reason).toBe('CodeBookingTypeNotAvailable');
  });
});

describe('tentative booking and the confirmation saga', () => {
  it('holds a house, bills and captures the deposit, and books (events record who and when)', async () => {
    const g = await guestWithCard(t);
    const { houseGroupId, houseIds, today } = await bookableHouseGroup(t);
    const created = await createTentative(g, stayRequest(houseGroupId, today, 30));
    expect(created.bookingNumber).toMatch(/^B\d+$/);
    expect(created.quote.booking).toMatchObject({
      id: created.bookingId,
      houseId: houseIds[0],
      bookingStatus: 'TENTATIVE',
    });
    expect(await stayOf(created.bookingId)).toBe('ACTIVE');

    const before = await detail(g, created.bookingId);
    expect(before.tentative!.deadline).toBeDefined();
    expect(before.actions.canConfirm).toBe(true);

    const res = await confirm(g, created.bookingId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ bookingId: created.bookingId, bookingStatus: 'BOOKED', status: 'PAID' });
    expect(await billingsOf(created.bookingId)).toEqual([
      { billing_type: 'DEPOSIT', status: 'PAID', total_amount: 14_520, deductions: 0 },
    ]);
    const after = await detail(g, created.bookingId);
    expect(after).toMatchObject({
      bookingStatus: 'BOOKED',
      tentative: null,
      guestUse: { accommodationAmount: 40_000, depositAmount: 14_520, discountAmount: 0 },
      isBookedByFamilySharedUser: false,
      underFreeCancellationPeriod: true,
    });
    expect(after.guestUse!.deposit!.billingStatus).toBe('PAID');
    expect(after.billings).toHaveLength(1);
    expect(after.conversationId).not.toBe('');
    expect((await events(created.bookingId)).map((e) => [e.action, e.to_status])).toEqual([
      ['CREATE_TENTATIVE', 'TENTATIVE'],
      ['PAYMENT_STARTED', 'TENTATIVE'],
      ['CONFIRM', 'BOOKED'],
    ]);
    // Confirming again is answered PAID, nothing charged twice.
    const again = await confirm(g, created.bookingId);
    expect(again.body.status).toBe('PAID');
    expect(await billingsOf(created.bookingId)).toHaveLength(1);

    const list = await t.call(listBookings, { filter: 'UPCOMING' }, { token: g.token });
    expect(list.body.bookings.map((b: { bookingId: string }) => b.bookingId)).toContain(created.bookingId);
    const other = await guestWithCard(t);
    expect((await t.call(getBooking, { bookingId: created.bookingId }, { token: other.token })).status).toBe(404);
  });

  it('gives the next free house, and 409 CodeHouseNotAvailable when none is left', async () => {
    const a = await guestWithCard(t);
    const { houseGroupId, houseIds, today } = await bookableHouseGroup(t, { houses: 2 });
    const first = await createTentative(a, stayRequest(houseGroupId, today, 40, 3));
    const second = await createTentative(a, stayRequest(houseGroupId, today, 41, 3));
    expect([first.quote.booking.houseId, second.quote.booking.houseId]).toEqual(houseIds);
    const third = await t.call(createGuestUseTentativeBooking, stayRequest(houseGroupId, today, 42, 1), {
      token: a.token,
    });
    expect([third.status, third.error.errorInfo.reason]).toEqual([409, 'CodeHouseNotAvailable']);
    // Concurrent requests for the last nights: exactly one wins.
    const { houseGroupId: single, today: d } = await bookableHouseGroup(t);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.call(createGuestUseTentativeBooking, stayRequest(single, d, 50, 2), { token: a.token }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(
      results.filter((r) => r.status === 409 && r.error.errorInfo.reason === 'CodeHouseNotAvailable'),
    ).toHaveLength(7);
  });

  it('gives concurrent holds of the same nights each a different house, and stores the house in quote and event', async () => {
    const a = await guestWithCard(t);
    const { houseGroupId, houseIds, today } = await bookableHouseGroup(t, { houses: 3 });
    const results = await Promise.all(
      Array.from({ length: 7 }, () =>
        t.call(createGuestUseTentativeBooking, stayRequest(houseGroupId, today, 60, 2), { token: a.token }),
      ),
    );
    const won = results.filter((r) => r.status === 200);
    expect(won.map((r) => r.body.quote.booking.houseId as string).sort()).toEqual([...houseIds].sort());
    expect(
      results.filter((r) => r.status === 409 && r.error.errorInfo.reason === 'CodeHouseNotAvailable'),
    ).toHaveLength(4);
    for (const r of won) {
      const houseId = r.body.quote.booking.houseId as string;
      expect(r.body.quote.consumptionHouseId).toBe(houseId);
      const stored = await t.pool.query<{
        house_id: string;
        quote_house: string;
        stay_house: string;
        event_house: string;
      }>(
        `SELECT b.house_id, b.quote -> 'quote' ->> 'consumptionHouseId' AS quote_house, s.house_id AS stay_house,
                e.detail ->> 'houseId' AS event_house
         FROM bookings b JOIN stays s ON s.id = b.stay_id JOIN booking_events e ON e.booking_id = b.id
         WHERE b.id = $1`,
        [r.body.bookingId],
      );
      expect(stored.rows).toEqual([
        { house_id: houseId, quote_house: houseId, stay_house: houseId, event_house: houseId },
      ]);
    }
    // The database keeps a booking on its stay's house: another house of the group is refused.
    const [first, second] = won.map((r) => r.body as { bookingId: string; quote: { booking: { houseId: string } } });
    await expect(
      t.pool.query('UPDATE bookings SET house_id = $2 WHERE id = $1', [
        first!.bookingId,
        second!.quote.booking.houseId,
      ]),
    ).rejects.toThrow(/bookings_stay_fkey/);
  });

  it('prices and holds with catalogue changes committed just before: a price, a closed night, a new house', async () => {
    const g = await guestWithCard(t);
    const { houseGroupId, houseIds, today } = await bookableHouseGroup(t);
    const quote = async (fromToday: number) =>
      t.call(getBookingQuote, stayRequest(houseGroupId, today, fromToday, 1), { token: g.token });
    expect((await quote(70)).body.quote.accommodationAmount).toBe(20_000);
    await t.pool.query(
      `UPDATE house_group_days SET standard_price = 23000 WHERE house_group_id = $1 AND date = $2::date`,
      [houseGroupId, addDays(today, 70)],
    );
    expect((await quote(70)).body.quote.accommodationAmount).toBe(23_000);
    await t.pool.query(`UPDATE house_group_days SET closed = true WHERE house_group_id = $1 AND date = $2::date`, [
      houseGroupId,
      addDays(today, 71),
    ]);
    const closed = await t.call(createGuestUseTentativeBooking, stayRequest(houseGroupId, today, 71, 1), {
      token: g.token,
    });
    expect([closed.status, closed.error.errorInfo.reason]).toEqual([400, 'CodeDatesNotBookable']);

    await createTentative(g, stayRequest(houseGroupId, today, 72, 1));
    const full = await t.call(createGuestUseTentativeBooking, stayRequest(houseGroupId, today, 72, 1), {
      token: g.token,
    });
    expect(full.error.errorInfo.reason).toBe('CodeHouseNotAvailable');
    await t.pool.query(`INSERT INTO houses (id, house_group_id, name_en, name_ja) VALUES ($1, $2, 'Annex', 'Annex')`, [
      `${houseIds[0]}-annex`,
      houseGroupId,
    ]);
    const annex = await createTentative(g, stayRequest(houseGroupId, today, 72, 1));
    expect(annex.quote.booking.houseId).toBe(`${houseIds[0]}-annex`);
  });

  it("refuses to hold with a catalogue copy that a change of the group's catalogue committed after", async () => {
    const g = await guestWithCard(t);
    const { houseGroupId, houseIds, today } = await bookableHouseGroup(t);
    const seen = await currentSnapshot(t.pool);
    const booking = (n: number) => ({
      id: `b-${n}-${houseGroupId}`,
      accountId: g.accountId,
      userId: '',
      houseGroupId,
      houseId: '',
      stayId: `s-${n}-${houseGroupId}`,
      bookingType: 'GUEST_USE' as const,
      status: 'TENTATIVE' as const,
      checkinDate: addDays(today, 90 + n),
      checkoutDate: addDays(today, 91 + n),
      timezone: 'Asia/Tokyo',
      males: 1,
      females: 0,
      children: 0,
      infants: null,
      largeDogs: 0,
      mediumDogs: 0,
      smallDogs: 0,
      childrenAges: [],
      allergy: '',
      request: '',
      pet: null,
      tentativeDeadline: new Date(),
      couponRedemptionId: null,
      quote: { quote: {} } as never,
      conversationId: `c-${n}-${houseGroupId}`,
      createdAt: new Date(),
    });
    const event = { fromStatus: null, toStatus: 'TENTATIVE', action: 'CREATE_TENTATIVE', actor: 'test', detail: {} };
    // A stay taken meanwhile is no catalogue change.
    await createTentative(g, stayRequest(houseGroupId, today, 80, 1));
    const before = await holdTentativeBooking(t.pool, seen, houseIds, booking(1), event);
    expect(before).toMatchObject({ houseId: houseIds[0] });

    await t.pool.query(`UPDATE house_group_days SET standard_price = 21000 WHERE house_group_id = $1`, [houseGroupId]);
    expect(await holdTentativeBooking(t.pool, seen, houseIds, booking(2), event)).toBe('catalogue-changed');
    expect(
      await holdTentativeBooking(t.pool, await currentSnapshot(t.pool), houseIds, booking(2), event),
    ).toMatchObject({ houseId: houseIds[0] });
    // A transaction in progress when the copy was taken, committed since, counts too.
    const c = await t.pool.connect();
    try {
      await c.query('BEGIN');
      await c.query(`UPDATE houses SET name_en = 'Renamed' WHERE id = $1`, [houseIds[0]]);
      await t.pool.query('SELECT pg_current_xact_id()');
      const during = await currentSnapshot(t.pool);
      await c.query('COMMIT');
      expect(await holdTentativeBooking(t.pool, during, houseIds, booking(3), event)).toBe('catalogue-changed');
    } finally {
      c.release();
    }
    expect((await t.pool.query('SELECT 1 FROM stays WHERE id = $1', [`s-3-${houseGroupId}`])).rowCount).toBe(0);
  });

  it('prices a hold again when its catalogue copy is older than a price change not yet heard of', async () => {
    const g = await guestWithCard(t);
    const { houseGroupId, today } = await bookableHouseGroup(t);
    // The copy is taken (once the listening connection is up: the first hold may start it).
    for (const night of [98, 99, 100]) {
      expect((await createTentative(g, stayRequest(houseGroupId, today, night, 1))).quote.accommodationAmount).toBe(
        20_000,
      );
    }
    // While the listening connection is held up (its read of the stay change log waits for this
    // lock), the price changes: the copy is not dropped, and the hold's call finds it out of date.
    const blocker = await t.pool.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE stay_changes IN ACCESS EXCLUSIVE MODE');
      const search = t.call(getBookingQuote, stayRequest(houseGroupId, today, 101, 1), { token: g.token });
      await new Promise((r) => setTimeout(r, 50));
      await t.pool.query(`UPDATE house_group_days SET standard_price = 26000 WHERE house_group_id = $1`, [
        houseGroupId,
      ]);
      const hold = createTentative(g, stayRequest(houseGroupId, today, 102, 1));
      await new Promise((r) => setTimeout(r, 200));
      await blocker.query('COMMIT');
      expect((await hold).quote.accommodationAmount).toBe(26_000);
      expect((await search).body.quote.accommodationAmount).toBe(26_000);
    } finally {
      blocker.release();
    }
  });

  it('refuses a guest without a user, or an anonymised one, before anything else, holding nothing', async () => {
    const { houseGroupId, today } = await bookableHouseGroup(t);
    const hold = (token: string, fromToday: number) =>
      t.call(createGuestUseTentativeBooking, stayRequest(houseGroupId, today, fromToday, 1), { token });
    const bare = await t.signUp();
    for (const fromToday of [80, -3]) {
      const res = await hold(bare.idToken, fromToday);
      expect([res.status, res.error.errorInfo.reason]).toEqual([404, 'CodeUserNotFound']);
    }
    const g = await guestWithCard(t);
    await t.pool.query('UPDATE users SET anonymised_at = now() WHERE id = $1', [g.userId]);
    const gone = await hold(g.token, 80);
    expect(gone.error.errorInfo.reason).toBe('CodeUserNotFound');
    const stays = await t.pool.query('SELECT 1 FROM stays WHERE house_group_id = $1', [houseGroupId]);
    expect(stays.rowCount).toBe(0);
  });

  it('answers REQUIRES_ACTION with the 3-D Secure page, and books once the challenge is passed', async () => {
    const g = await guestWithCard(t, '4000000000003220');
    const { houseGroupId, today } = await bookableHouseGroup(t);
    const { bookingId } = await createTentative(g, stayRequest(houseGroupId, today, 30));
    const res = await confirm(g, bookingId);
    expect(res.body).toMatchObject({ status: 'REQUIRES_ACTION', bookingStatus: 'TENTATIVE' });
    expect(res.body.challengeUrl).toMatch(/^\/payment-provider\/challenges\//);
    expect((await detail(g, bookingId)).pendingPayment).toMatchObject({ status: 'REQUIRES_ACTION' });

    const passed = await t.raw(res.body.challengeUrl!, form({ action: 'submit', code: '123456' }));
    expect(passed.status).toBe(303);
    expect(passed.headers.get('location')).toContain(`bookingPayment=${bookingId}`);
    const done = await t.call(completeBookingPayment, { bookingId }, { token: g.token });
    expect(done.body).toEqual({ bookingId, bookingStatus: 'BOOKED', status: 'PAID' });
    const repeat = await t.call(completeBookingPayment, { bookingId }, { token: g.token });
    expect(repeat.body.status).toBe('PAID');
    expect((await billingsOf(bookingId)).map((b) => b.status)).toEqual(['PAID']);
  });

  it('a declined card answers 402 with its reason, the booking stays TENTATIVE and another card may be used', async () => {
    const g = await guestWithCard(t, '4000000000000002');
    const { houseGroupId, today } = await bookableHouseGroup(t);
    const { bookingId } = await createTentative(g, stayRequest(houseGroupId, today, 30));
    const declined = await confirm(g, bookingId);
    expect([declined.status, declined.error.errorInfo.reason]).toEqual([402, 'CodePaymentDeclined']);
    expect((await detail(g, bookingId)).bookingStatus).toBe('TENTATIVE');
    expect((await billingsOf(bookingId)).map((b) => b.status)).toEqual(['FAILED']);

    const good = await addCard(t, g.accountId, '4242424242424242');
    const ok = await confirm(g, bookingId, good);
    expect(ok.body).toMatchObject({ status: 'PAID', bookingStatus: 'BOOKED' });
    expect((await billingsOf(bookingId)).map((b) => b.status)).toEqual(['FAILED', 'PAID']);
    expect((await events(bookingId)).map((e) => e.action)).toContain('PAYMENT_FAILED');

    const unknownCard = await confirm(g, bookingId, 'no-such-card');
    expect(unknownCard.body.status).toBe('PAID');
  });

  it('releases an expired hold: stay RELEASED, CANCELLED with action EXPIRED, and confirming is CodeTentativeBookingExpired', async () => {
    const g = await guestWithCard(t);
    const { houseGroupId, today } = await bookableHouseGroup(t);
    const { bookingId } = await createTentative(g, stayRequest(houseGroupId, today, 30));
    t.clock.advance(21 * 60_000);
    await freshToken(t, g);
    const early = await confirm(g, bookingId);
    expect([early.status, early.error.errorInfo.reason]).toEqual([409, 'CodeTentativeBookingExpired']);
    expect(await expireTentativeBookings(t.api.deps)).toBeGreaterThanOrEqual(1);
    expect(await stayOf(bookingId)).toBe('RELEASED');
    expect((await events(bookingId)).at(-1)).toMatchObject({
      action: 'EXPIRED',
      to_status: 'CANCELLED',
      actor: 'system',
    });
    const late = await confirm(g, bookingId);
    expect(late.error.errorInfo.reason).toBe('CodeTentativeBookingExpired');
    // The nights are free again.
    t.clock.advance(-21 * 60_000);
    await freshToken(t, g);
    await createTentative(g, stayRequest(houseGroupId, today, 30));
  });
});

describe('cancel_booking and get_cancellation_fee', () => {
  it('is free until the limit date: the deposit is refunded whole and the house released', async () => {
    const g = await guestWithCard(t);
    const { houseGroupId, today } = await bookableHouseGroup(t);
    const bookingId = await booked(g, stayRequest(houseGroupId, today, 30));
    const fee = await t.call(getCancellationFee, { bookingId }, { token: g.token });
    expect(fee.body).toMatchObject({
      underFreeCancellationPeriod: true,
      totalFee: 0,
      paidAmount: 14_520,
      refundAmount: 14_520,
    });
    const res = await t.call(cancelBooking, { bookingId }, { token: g.token });
    expect(res.status).toBe(200);
    expect(res.body.booking.bookingStatus).toBe('CANCELLED');
    expect(await stayOf(bookingId)).toBe('RELEASED');
    expect((await billingsOf(bookingId)).map((b) => [b.billing_type, b.status])).toEqual([['DEPOSIT', 'REFUNDED']]);
    const again = await t.call(cancelBooking, { bookingId }, { token: g.token });
    expect([again.status, again.error.errorInfo.reason]).toEqual([409, 'CodeBookingStatusInvalid']);
    const cancelled = await t.call(listBookings, { filter: 'CANCELLED' }, { token: g.token });
    expect(cancelled.body.bookings.map((b: { bookingId: string }) => b.bookingId)).toContain(bookingId);
  });

  it('charges the fee per stay date after the limit and refunds the rest of what was paid', async () => {
    const g = await guestWithCard(t);
    const { houseGroupId, today } = await bookableHouseGroup(t);
    const bookingId = await booked(g, stayRequest(houseGroupId, today, 5));
    const fee = await t.call(getCancellationFee, { bookingId }, { token: g.token });
    // 5 days before check-in: 30% of each night's 20,000.
    expect(fee.body).toMatchObject({
      underFreeCancellationPeriod: false,
      totalFee: 12_000,
      paidAmount: 14_520,
      refundAmount: 2_520,
    });
    expect(fee.body.cancellationFee).toHaveLength(2);
    expect(fee.body.cancellationFee[0]).toMatchObject({
      amount: 6_000,
      details: [{ percentage: 30, source: 'ACCOMMODATION_AMOUNT' }],
    });
    const res = await t.call(cancelBooking, { bookingId }, { token: g.token });
    expect(res.body.fee.refundAmount).toBe(2_520);
    const rows = await billingsOf(bookingId);
    expect(rows).toContainEqual({
      billing_type: 'CANCELLATION',
      status: 'PAID',
      total_amount: 12_000,
      deductions: 12_000,
    });
    const refunded = await t.pool.query<{ refunded_amount: number }>(
      `SELECT p.refunded_amount FROM payments p JOIN billings b ON b.payment_id = p.id
       WHERE b.booking_id = $1 AND b.billing_type = 'DEPOSIT'`,
      [bookingId],
    );
    expect(refunded.rows[0]?.refunded_amount).toBe(2_520);
    expect(
      (await t.pool.query('SELECT pending_refunds FROM bookings WHERE id = $1', [bookingId])).rows[0].pending_refunds,
    ).toEqual([]);
  });

  it('cancels a TENTATIVE hold free', async () => {
    const g = await guestWithCard(t);
    const { houseGroupId, today } = await bookableHouseGroup(t);
    const { bookingId } = await createTentative(g, stayRequest(houseGroupId, today, 3));
    const res = await t.call(cancelBooking, { bookingId }, { token: g.token });
    expect(res.body.fee.totalFee).toBe(0);
    expect(await stayOf(bookingId)).toBe('RELEASED');
  });
});

describe('the stay: register, check-in, check-out and the jobs', () => {
  it('asks for the guest register in the house notes only while it is due', async () => {
    const g = await guestWithCard(t);
    const { houseGroupId, today } = await bookableHouseGroup(t);
    const asked = 'Please complete the guest register before check-in.';
    const notes = async (bookingId: string) => (await detail(g, bookingId)).stayingPeriodNotes as string[];

    const registered = await booked(g, stayRequest(houseGroupId, today, 10));
    expect(await notes(registered)).toContain(asked);
    const guests = [1, 2].map((n) => ({
      fullName: `Guest ${n}`,
      address: { countryCode: 'JP', city: 'Tokyo' },
      emailAddress: `guest${n}@example.com`,
      nationalityCountryCode: 'JP',
    }));
    const reg = await t.call(submitGuestRegister, { bookingId: registered, guests }, { token: g.token });
    expect(reg.body.booking.guestRegister.complete).toBe(true);
    expect(await notes(registered)).not.toContain(asked);
    // The house's own notes stay.
    expect((await notes(registered)).length).toBeGreaterThan(0);

    const cancelled = await booked(g, stayRequest(houseGroupId, today, 20));
    expect(await notes(cancelled)).toContain(asked);
    expect((await t.call(cancelBooking, { bookingId: cancelled }, { token: g.token })).status).toBe(200);
    expect(await notes(cancelled)).not.toContain(asked);
  });

  it('goes BOOKED → READY_TO_CHECKIN → STAYING → CHECKED_OUT with the rest billed 3 days before', async () => {
    const g = await guestWithCard(t);
    const { houseGroupId, today } = await bookableHouseGroup(t);
    const checkin = addDays(today, 10);
    const bookingId = await booked(g, stayRequest(houseGroupId, today, 10));

    // Refused transitions before their time.
    const out = await t.call(checkoutBooking, { bookingId }, { token: g.token });
    expect([out.status, out.error.errorInfo.reason]).toEqual([409, 'CodeBookingStatusInvalid']);
    const notOpen = await t.call(checkinBooking, { bookingId }, { token: g.token });
    expect(notOpen.error.errorInfo.reason).toBe('CodeCheckinNotOpen');

    // Three days before: the DEFAULT billing, with the deposit deducted, charged to the same card.
    setTokyo(addDays(checkin, -3), '09:00');
    await freshToken(t, g);
    expect(await chargeDefaultBillings(t.api.deps)).toBeGreaterThanOrEqual(1);
    expect(await billingsOf(bookingId)).toEqual([
      { billing_type: 'DEPOSIT', status: 'PAID', total_amount: 14_520, deductions: 0 },
      { billing_type: 'DEFAULT', status: 'PAID', total_amount: 48_400, deductions: 14_520 },
    ]);
    expect(await chargeDefaultBillings(t.api.deps)).toBe(0);

    // A foreign guest without a Japanese address must give a passport number.
    const guests: Record<string, unknown>[] = [
      {
        fullName: 'Taro Yamada',
        address: { countryCode: 'JP', city: 'Tokyo' },
        emailAddress: 'taro@example.com',
        nationalityCountryCode: 'JP',
      },
      { fullName: 'Anna Smith', address: { countryCode: 'GB', city: 'London' }, nationalityCountryCode: 'GB' },
    ];
    const missing = await t.callRaw(submitGuestRegister, { bookingId, guests }, { token: g.token });
    expect(missing.error.errorInfo.fields![0]!.field).toBe('guests[1].passportNumber');
    guests[1] = { ...guests[1], passportNumber: 'X1234567' };
    const reg = await t.callRaw(submitGuestRegister, { bookingId, guests }, { token: g.token });
    expect(reg.body.booking.guestRegister).toMatchObject({ complete: true, requiredEntries: 2 });
    const kept = await t.pool.query<{ retain_until: string }>(
      `SELECT to_char(retain_until, 'YYYY-MM-DD') AS retain_until FROM guest_registers WHERE booking_id = $1`,
      [bookingId],
    );
    expect(kept.rows[0]!.retain_until > addDays(checkin, 3 * 365)).toBe(true);

    setTokyo(addDays(checkin, -1), '09:00');
    await freshToken(t, g);
    expect(await readyToCheckin(t.api.deps)).toBeGreaterThanOrEqual(1);
    expect((await detail(g, bookingId)).bookingStatus).toBe('READY_TO_CHECKIN');

    setTokyo(checkin, '14:59');
    await freshToken(t, g);
    expect((await t.call(checkinBooking, { bookingId }, { token: g.token })).error.errorInfo.reason).toBe(
      'CodeCheckinNotOpen',
    );
    setTokyo(checkin, '15:00');
    const inRes = await t.call(checkinBooking, { bookingId }, { token: g.token });
    expect(inRes.body.booking.bookingStatus).toBe('STAYING');
    const cancelStaying = await t.call(cancelBooking, { bookingId }, { token: g.token });
    expect(cancelStaying.error.errorInfo.reason).toBe('CodeBookingStatusInvalid');

    const outRes = await t.call(checkoutBooking, { bookingId }, { token: g.token });
    expect(outRes.body.booking.bookingStatus).toBe('CHECKED_OUT');
    const points = await t.pool.query<{ points: number }>(
      `SELECT points FROM point_actions WHERE account_id::text = $1 AND reason = 'CONFIRM_CHECK_OUT'`,
      [g.accountId],
    );
    expect(points.rows[0]?.points).toBe(400);
    const past = await t.call(listBookings, { filter: 'PAST' }, { token: g.token });
    expect(past.body.bookings.map((b: { bookingId: string }) => b.bookingId)).toContain(bookingId);
    expect((await events(bookingId)).map((e) => e.action)).toEqual([
      'CREATE_TENTATIVE',
      'PAYMENT_STARTED',
      'CONFIRM',
      'DEFAULT_BILLING',
      'SUBMIT_GUEST_REGISTER',
      'READY',
      'CHECKIN',
      'CHECKOUT',
    ]);
    t.clock.set(new Date());
  });

  it('checks in by staff without the register, refuses a guest without it, and marks no-shows with the full fee', async () => {
    const g = await guestWithCard(t);
    const staff = await signInStaff(t);
    const { houseGroupId, today } = await bookableHouseGroup(t);
    const a = await booked(g, stayRequest(houseGroupId, today, 10));
    const b = await booked(g, stayRequest(houseGroupId, today, 20));
    const checkinA = addDays(today, 10);
    setTokyo(checkinA, '16:00');
    await freshToken(t, g);
    const staffNow = await signInStaff(t);
    staff.idToken = staffNow.idToken;
    staff.accountId = staffNow.accountId;
    expect((await t.call(checkinBooking, { bookingId: a }, { token: g.token })).error.errorInfo.reason).toBe(
      'CodeGuestRegisterIncomplete',
    );
    const staffIn = await t.call(staffCheckinBooking, { bookingId: a }, { token: staff.idToken });
    expect(staffIn.body.booking.bookingStatus).toBe('STAYING');
    expect((await events(a)).at(-1)!.actor).toBe(`staff:${staff.accountId}`);
    const guestStaff = await t.call(staffCheckoutBooking, { bookingId: a }, { token: g.token });
    expect(guestStaff.status).toBe(403);
    expect(
      (await t.call(staffCheckoutBooking, { bookingId: a }, { token: staff.idToken })).body.booking.bookingStatus,
    ).toBe('CHECKED_OUT');

    setTokyo(addDays(today, 21), '00:30');
    await freshToken(t, g);
    expect(await markNoShows(t.api.deps)).toBeGreaterThanOrEqual(1);
    const noShow = await detail(g, b);
    expect(noShow.bookingStatus).toBe('NO_SHOW');
    const rows = await billingsOf(b);
    expect(rows.find((r) => r.billing_type === 'CANCELLATION')).toMatchObject({ total_amount: 40_000 });
    t.clock.set(new Date());
  });
});

describe('orders and headcount', () => {
  it('re-prices a headcount change and refuses one beyond capacity', async () => {
    const g = await guestWithCard(t);
    const { houseGroupId, today } = await bookableHouseGroup(t);
    const bookingId = await booked(g, stayRequest(houseGroupId, today, 30));
    const res = await t.call(
      updateBookingHeadcount,
      {
        bookingId,
        headcount: { males: 2, females: 1, children: 0, largeDogs: 0, mediumDogs: 0, smallDogs: 0 },
        childrenAge: [],
      },
      { token: g.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.booking.quote).toMatchObject({
      accommodationAmount: 46_000,
      totalAmount: 55_660,
      depositAmount: 14_520,
    });
    const tooMany = await t.call(
      updateBookingHeadcount,
      {
        bookingId,
        headcount: { males: 5, females: 1, children: 0, largeDogs: 0, mediumDogs: 0, smallDogs: 0 },
        childrenAge: [],
      },
      { token: g.token },
    );
    expect(tooMany.error.errorInfo.reason).toBe('CodeHeadcountNotAllowed');
    expect((await events(bookingId)).map((e) => e.action)).toContain('UPDATE_HEADCOUNT');
  });
});

describe('reconcile-payments', () => {
  it('settles a deposit the processor did not answer in time (PENDING) once it has', async () => {
    const g = await guestWithCard(t, '4000000000000119');
    const { houseGroupId, today } = await bookableHouseGroup(t);
    const { bookingId } = await createTentative(g, stayRequest(houseGroupId, today, 30));
    const res = await confirm(g, bookingId);
    expect(res.body).toMatchObject({ status: 'PENDING', bookingStatus: 'TENTATIVE' });
    // The processor settles it a moment later; reconciliation asks after two minutes.
    await new Promise((r) => setTimeout(r, 1_500));
    t.clock.advance(3 * 60_000);
    await reconcilePayments(t.api.deps);
    t.clock.advance(-3 * 60_000);
    const after = await detail(g, bookingId);
    expect(after.bookingStatus).toBe('BOOKED');
    expect((await billingsOf(bookingId)).map((b) => b.status)).toEqual(['PAID']);
  });
});
