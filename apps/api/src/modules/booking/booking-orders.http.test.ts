import { randomBytes } from 'node:crypto';
import { dateTimeFromDate } from '@yado/contract/date-time';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { addDays } from '@yado/contract/civil-date';
import { createExtraOption, createMeal } from '../meal/meal.service.js';
import { signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';
import { chargeDefaultBillings, expireTentativeBookings } from './booking-jobs.service.js';
import { civilFromIso as civil } from '@yado/contract/civil-date';
import {
  bookableHouseGroup,
  freshToken,
  guestWithCard,
  stayRequest,
  type StayRequest,
} from './booking.test-factory.js';
import { staffCreateCoupon } from '@yado/contract/coupon.contract';
import {
  createGuestUseTentativeBooking,
  confirmBooking,
  orderMeals,
  cancelMealOrder,
  orderExtraOptions,
  staffCheckinBooking,
  staffCreateCustomMealOrder,
  getBookingQuote,
  getBooking,
  cancelBooking,
  completeBookingPayment,
} from '@yado/contract/booking.contract';

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
});

afterEach(() => {
  t.clock.set(new Date());
});

type Guest = Awaited<ReturnType<typeof guestWithCard>>;
const DAY = 86_400_000;

async function createTentative(g: Guest, req: StayRequest) {
  const res = await t.call(createGuestUseTentativeBooking, req, { token: g.token });
  if (res.status !== 200) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
  return res.body;
}

async function booked(g: Guest, req: StayRequest) {
  const { bookingId } = await createTentative(g, req);
  const res = await t.call(
    confirmBooking,
    { bookingId, paymentMethodId: g.paymentMethodId, pointPaymentAmount: 0, returnPath: '/en/bookings' },
    { token: g.token },
  );
  expect(res.body).toMatchObject({ status: 'PAID', bookingStatus: 'BOOKED' });
  return bookingId;
}

const billingsOf = async (bookingId: string) =>
  (
    await t.pool.query<{ id: string; billing_type: string; status: string; total_amount: number; deductions: number }>(
      `SELECT id, billing_type, status, total_amount::int AS total_amount, deductions::int AS deductions
       FROM billings WHERE booking_id = $1 ORDER BY created_at, billing_number`,
      [bookingId],
    )
  ).rows;

const linesOf = async (billingId: string) =>
  (
    await t.pool.query<{ subject: string; amount: number }>(
      'SELECT subject, amount::int AS amount FROM billing_lines WHERE billing_id = $1 ORDER BY line_no',
      [billingId],
    )
  ).rows;

const actionsOf = async (bookingId: string) =>
  (
    await t.pool.query<{ action: string }>('SELECT action FROM booking_events WHERE booking_id = $1 ORDER BY id', [
      bookingId,
    ])
  ).rows.map((r) => r.action);

const quoteOf = async (bookingId: string) =>
  (await t.pool.query<{ quote: any }>('SELECT quote FROM bookings WHERE id = $1', [bookingId])).rows[0]!.quote.quote;

function setTokyo(date: string, time = '12:00') {
  t.clock.set(new Date(`${date}T${time}:00+09:00`));
}

/** A bookable group (2 nights cost 40,000 before service and tax) with a dinner, a breakfast and an extra bed. */
async function groupWithMenu() {
  const group = await bookableHouseGroup(t);
  await t.pool.query('UPDATE house_groups SET meal_providable = true WHERE id = $1', [group.houseGroupId]);
  const meal = {
    houseGroupId: group.houseGroupId,
    nameForChildrenEn: "Children's plate",
    nameForChildrenJa: 'お子さまプレート',
    descriptionEn: '',
    descriptionJa: '',
    imageUrls: [],
    thumbnailImageUrls: [],
    taxRateType: 'STANDARD' as const,
    orderDeadlineTime: '17:00',
    infantPrice: 0,
  };
  const dinnerId = await createMeal(t.pool, {
    ...meal,
    type: 'DINNER',
    nameEn: 'Seasonal kaiseki',
    nameJa: '季節の会席',
    adultPrice: 9_800,
    childPrice: 5_000,
    providingTime: '18:30',
    orderDeadlineDaysBefore: 3,
  });
  const breakfastId = await createMeal(t.pool, {
    ...meal,
    type: 'BREAKFAST',
    nameEn: 'Japanese breakfast',
    nameJa: '和朝食',
    adultPrice: 2_800,
    childPrice: 1_600,
    providingTime: '08:00',
    orderDeadlineDaysBefore: 1,
  });
  const bedId = await createExtraOption(t.pool, {
    houseGroupId: group.houseGroupId,
    imageUrl: '',
    freeQuantity: 0,
    isQuantityChangeable: true,
    alternativeDetailUrl: '',
    taxRateType: 'STANDARD',
    type: 'EXTRA_BED',
    captionEn: 'Extra bed',
    captionJa: 'エキストラベッド',
    unitAmount: 5_000,
    chargeBasis: 'PER_NIGHT',
    maxQuantity: 2,
  });
  return { ...group, dinnerId, breakfastId, bedId };
}

const adults = (n: number) => [{ age: 30, number: n }];

const mealOrders = async (bookingId: string) =>
  (
    await t.pool.query<{ id: string; meal_id: string; status: string; subtotal: number }>(
      'SELECT id, meal_id, status, subtotal::int AS subtotal FROM meal_orders WHERE booking_id = $1 ORDER BY subtotal DESC, id',
      [bookingId],
    )
  ).rows;

describe('order_meals and cancel_meal_order', () => {
  it('before the stay: the meal joins the quote (deposit unchanged), leaves it when cancelled, and is in the DEFAULT billing', async () => {
    const g = await guestWithCard(t);
    const { houseGroupId, today, dinnerId, breakfastId } = await groupWithMenu();
    const checkin = addDays(today, 10);
    const bookingId = await booked(g, stayRequest(houseGroupId, today, 10));
    expect(await quoteOf(bookingId)).toMatchObject({ totalAmount: 48_400, depositAmount: 14_520, mealAmount: 0 });

    const res = await t.call(
      orderMeals,
      {
        bookingId,
        meals: [
          { date: civil(checkin), mealId: dinnerId, quantities: adults(2) },
          { date: civil(addDays(checkin, 1)), mealId: breakfastId, quantities: adults(2) },
        ],
      },
      { token: g.token },
    );
    expect(res.status).toBe(200);
    // 40,000 + 19,600 + 5,600 = 65,200; +10% service 6,520; +10% tax 7,172.
    expect(res.body.booking.quote).toMatchObject({ mealAmount: 25_200, totalAmount: 78_892, depositAmount: 14_520 });
    const orders = await mealOrders(bookingId);
    expect(orders.map((o) => [o.meal_id, o.status, o.subtotal])).toEqual([
      [dinnerId, 'ORDERED', 19_600],
      [breakfastId, 'ORDERED', 5_600],
    ]);
    // Not billed on its own: only the deposit exists so far.
    expect((await billingsOf(bookingId)).map((b) => b.billing_type)).toEqual(['DEPOSIT']);

    const breakfast = orders.find((o) => o.meal_id === breakfastId)!;
    const cancelled = await t.call(cancelMealOrder, { bookingId, orderId: breakfast.id }, { token: g.token });
    expect(cancelled.status).toBe(200);
    // 59,600 + 5,960 service + 6,556 tax.
    expect(cancelled.body.booking.quote).toMatchObject({
      mealAmount: 19_600,
      totalAmount: 72_116,
      depositAmount: 14_520,
    });
    expect((await mealOrders(bookingId)).map((o) => o.status)).toEqual(['ORDERED', 'CANCELLED']);
    expect(await actionsOf(bookingId)).toEqual(expect.arrayContaining(['ORDER_MEALS', 'CANCEL_MEAL_ORDER']));

    setTokyo(addDays(checkin, -3), '09:00');
    expect(await chargeDefaultBillings(t.api.deps)).toBeGreaterThanOrEqual(1);
    const rows = await billingsOf(bookingId);
    expect(rows.map((b) => [b.billing_type, b.status, b.total_amount, b.deductions])).toEqual([
      ['DEPOSIT', 'PAID', 14_520, 0],
      ['DEFAULT', 'PAID', 72_116, 14_520],
    ]);
    expect(await linesOf(rows[1]!.id)).toEqual([
      { subject: 'ACCOMMODATION', amount: 20_000 },
      { subject: 'ACCOMMODATION', amount: 20_000 },
      { subject: 'MEAL', amount: 19_600 },
    ]);
  });

  it('refuses an order or a cancellation after the order deadline with CodeMealOrderDeadlinePassed, changing nothing', async () => {
    const g = await guestWithCard(t);
    const { houseGroupId, today, dinnerId } = await groupWithMenu();
    // Dinner closes 3 days before at 17:00: a check-in in 2 days is too late already.
    const soon = await booked(g, stayRequest(houseGroupId, today, 2));
    const late = await t.call(
      orderMeals,
      { bookingId: soon, meals: [{ date: civil(addDays(today, 2)), mealId: dinnerId, quantities: adults(2) }] },
      { token: g.token },
    );
    expect(late.error.errorInfo?.reason).toBe('CodeMealOrderDeadlinePassed');
    expect(await mealOrders(soon)).toEqual([]);
    expect(await quoteOf(soon)).toMatchObject({ mealAmount: 0, totalAmount: 48_400 });

    const checkin = addDays(today, 10);
    const bookingId = await booked(g, stayRequest(houseGroupId, today, 10));
    await t.call(
      orderMeals,
      { bookingId, meals: [{ date: civil(checkin), mealId: dinnerId, quantities: adults(2) }] },
      { token: g.token },
    );
    const [order] = await mealOrders(bookingId);
    const before = await quoteOf(bookingId);
    setTokyo(addDays(checkin, -3), '17:01');
    await freshToken(t, g);
    const refused = await t.call(cancelMealOrder, { bookingId, orderId: order!.id }, { token: g.token });
    expect(refused.error.errorInfo?.reason).toBe('CodeMealOrderDeadlinePassed');
    expect((await mealOrders(bookingId))[0]!.status).toBe('ORDERED');
    expect(await quoteOf(bookingId)).toEqual(before);
  });

  it("answers 404 CodeBookingNotFound for another account's booking, changing nothing", async () => {
    const g = await guestWithCard(t);
    const other = await guestWithCard(t);
    const { houseGroupId, today, dinnerId, bedId } = await groupWithMenu();
    const checkin = addDays(today, 10);
    const bookingId = await booked(g, stayRequest(houseGroupId, today, 10));
    await t.call(
      orderMeals,
      { bookingId, meals: [{ date: civil(checkin), mealId: dinnerId, quantities: adults(1) }] },
      { token: g.token },
    );
    const [order] = await mealOrders(bookingId);
    const before = await quoteOf(bookingId);
    const calls = [
      t.call(
        orderMeals,
        { bookingId, meals: [{ date: civil(checkin), mealId: dinnerId, quantities: adults(2) }] },
        { token: other.token },
      ),
      t.call(cancelMealOrder, { bookingId, orderId: order!.id }, { token: other.token }),
      t.call(
        orderExtraOptions,
        { bookingId, extraOptions: [{ extraOptionId: bedId, quantity: 1 }] },
        { token: other.token },
      ),
    ];
    for (const res of await Promise.all(calls)) {
      expect([res.status, res.error.errorInfo?.reason]).toEqual([404, 'CodeBookingNotFound']);
    }
    expect((await mealOrders(bookingId)).map((o) => o.status)).toEqual(['ORDERED']);
    expect(await quoteOf(bookingId)).toEqual(before);
  });
});

describe('order_extra_options', () => {
  it('adds the option to the quote before the stay; choosing it again replaces the earlier order', async () => {
    const g = await guestWithCard(t);
    const { houseGroupId, today, bedId } = await groupWithMenu();
    const { bookingId } = await createTentative(g, stayRequest(houseGroupId, today, 10));
    const one = await t.call(
      orderExtraOptions,
      { bookingId, extraOptions: [{ extraOptionId: bedId, quantity: 1 }] },
      { token: g.token },
    );
    expect(one.status).toBe(200);
    // 5,000 per night × 2 nights; 50,000 + 5,000 service + 5,500 tax.
    expect(one.body.booking.quote).toMatchObject({ extraOptionAmount: 10_000, totalAmount: 60_500 });
    // Still TENTATIVE: the deposit follows the total (30%, rounded down).
    expect(one.body.booking.quote.depositAmount).toBe(18_150);
    const two = await t.call(
      orderExtraOptions,
      { bookingId, extraOptions: [{ extraOptionId: bedId, quantity: 2 }] },
      { token: g.token },
    );
    expect(two.body.booking.quote).toMatchObject({ extraOptionAmount: 20_000, totalAmount: 72_600 });
    const live = await t.pool.query(
      `SELECT count(*)::int AS n FROM extra_option_orders WHERE booking_id = $1 AND status = 'ORDERED'`,
      [bookingId],
    );
    expect(live.rows[0].n).toBe(1);
    expect(await billingsOf(bookingId)).toEqual([]);
  });
});

describe('orders during the stay and staff_create_custom_meal_order', () => {
  it('bills what is ordered while STAYING on ADDITIONAL billings, the quote untouched', async () => {
    const g = await guestWithCard(t);
    const { houseGroupId, today, breakfastId, bedId } = await groupWithMenu();
    const checkin = addDays(today, 10);
    const bookingId = await booked(g, stayRequest(houseGroupId, today, 10));
    setTokyo(checkin, '16:00');
    await freshToken(t, g);
    const staff = await signInStaff(t);
    const checkedIn = await t.call(staffCheckinBooking, { bookingId }, { token: staff.idToken });
    expect(checkedIn.body.booking.bookingStatus).toBe('STAYING');
    const before = await quoteOf(bookingId);

    const meal = await t.call(
      orderMeals,
      { bookingId, meals: [{ date: civil(addDays(checkin, 1)), mealId: breakfastId, quantities: adults(2) }] },
      { token: g.token },
    );
    expect(meal.status).toBe(200);
    const option = await t.call(
      orderExtraOptions,
      { bookingId, extraOptions: [{ extraOptionId: bedId, quantity: 1 }] },
      { token: g.token },
    );
    expect(option.status).toBe(200);
    const custom = await t.call(
      staffCreateCustomMealOrder,
      {
        bookingId,
        name: 'Birthday cake',
        quantity: 1,
        unitAmount: 3_000,
        providingDate: civil(checkin),
        providingTime: '19:00',
        taxRateType: 'REDUCED',
      },
      { token: staff.idToken },
    );
    expect(custom.status).toBe(200);
    expect(custom.body.booking.bookingStatus).toBe('STAYING');

    const rows = await billingsOf(bookingId);
    expect(rows.map((b) => [b.billing_type, b.status, b.total_amount])).toEqual([
      ['DEPOSIT', 'PAID', 14_520],
      // 5,600 + 560 service + 616 tax.
      ['ADDITIONAL', 'REQUESTED', 6_776],
      // 10,000 + 1,000 service + 1,100 tax.
      ['ADDITIONAL', 'REQUESTED', 12_100],
      // 3,000 + 300 service + 8% reduced tax 264.
      ['ADDITIONAL', 'REQUESTED', 3_564],
    ]);
    expect(await linesOf(rows[3]!.id)).toEqual([{ subject: 'MEAL', amount: 3_000 }]);
    // Due by the end of the check-out day in Japan (23:59 JST), not 23:59 UTC (08:59 the next day there).
    const due = await t.pool.query<{ payment_deadline: Date }>(
      `SELECT payment_deadline FROM billings WHERE booking_id = $1 AND billing_type = 'ADDITIONAL'`,
      [bookingId],
    );
    const checkout = addDays(checkin, 2);
    expect(due.rows.map((r) => r.payment_deadline.toISOString())).toEqual(Array(3).fill(`${checkout}T14:59:00.000Z`));
    expect(await quoteOf(bookingId)).toEqual(before);
    expect(await actionsOf(bookingId)).toEqual(
      expect.arrayContaining(['CHECKIN', 'ORDER_MEALS', 'ORDER_EXTRA_OPTIONS', 'CUSTOM_MEAL_ORDER']),
    );
  });

  it('before the stay adds the custom meal to the quote; staff only, within the stay, 404 for an unknown booking', async () => {
    const g = await guestWithCard(t);
    const staff = await signInStaff(t);
    const { houseGroupId, today } = await groupWithMenu();
    const checkin = addDays(today, 10);
    const bookingId = await booked(g, stayRequest(houseGroupId, today, 10));
    const input = {
      bookingId,
      name: 'Sashimi platter',
      quantity: 2,
      unitAmount: 3_000,
      providingDate: civil(checkin),
      providingTime: '18:30',
    };
    const res = await t.call(staffCreateCustomMealOrder, input, { token: staff.idToken });
    expect(res.status).toBe(200);
    // 46,000 + 4,600 service + 5,060 tax.
    expect(res.body.booking.quote).toMatchObject({ totalAmount: 55_660, depositAmount: 14_520 });
    expect((await billingsOf(bookingId)).map((b) => b.billing_type)).toEqual(['DEPOSIT']);
    const custom = await t.pool.query(
      'SELECT name, quantity, subtotal::int AS subtotal FROM custom_meal_orders WHERE booking_id = $1',
      [bookingId],
    );
    expect(custom.rows).toEqual([{ name: 'Sashimi platter', quantity: 2, subtotal: 6_000 }]);

    setTokyo(addDays(checkin, -3), '09:00');
    await chargeDefaultBillings(t.api.deps);
    const rows = await billingsOf(bookingId);
    expect(rows[1]).toMatchObject({ billing_type: 'DEFAULT', total_amount: 55_660, deductions: 14_520 });
    t.clock.set(new Date());

    const guest = await t.call(staffCreateCustomMealOrder, input, { token: g.token });
    expect(guest.status).toBe(403);
    const unknown = await t.call(
      staffCreateCustomMealOrder,
      { ...input, bookingId: 'no-such-booking' },
      { token: staff.idToken },
    );
    expect([unknown.status, unknown.error.errorInfo.reason]).toEqual([404, 'CodeBookingNotFound']);
    const outside = await t.call(
      staffCreateCustomMealOrder,
      { ...input, providingDate: civil(addDays(checkin, 5)) },
      { token: staff.idToken },
    );
    expect([outside.status, outside.error.errorInfo.reason]).toEqual([400, 'CodeInvalidArgument']);
    expect(custom.rows).toHaveLength(1);
  });
});

describe('a coupon on create_guest_use_tentative_booking', () => {
  async function coupon(limitPerUser: number | null = 1) {
    const staff = await signInStaff(t);
    const code = `STAY${randomBytes(3).toString('hex').toUpperCase()}`;
    const res = await t.call(
      staffCreateCoupon,
      {
        couponType: 'CAMPAIGN',
        code,
        titleEn: 'Ten off',
        titleJa: '10%オフ',
        descriptionEn: '10% off.',
        descriptionJa: '10%オフ。',
        discount: { type: 'PERCENTAGE', percent: 10 },
        validFrom: dateTimeFromDate(new Date(t.clock.now().getTime() - DAY)),
        validTo: dateTimeFromDate(new Date(t.clock.now().getTime() + 60 * DAY)),
        allHouseGroups: true,
        houseGroupIds: [],
        limitPerUser,
        limitTotal: null,
      },
      { token: staff.idToken },
    );
    if (res.status !== 200) throw new Error(`staff_create_coupon: ${JSON.stringify(res.body)}`);
    return { couponType: 'CAMPAIGN' as const, code };
  }

  const redemptionOf = async (bookingId: string) =>
    (
      await t.pool.query<{ discount_amount: number; released: boolean }>(
        `SELECT discount_amount::int AS discount_amount, released_at IS NOT NULL AS released
         FROM coupon_redemptions WHERE booking_id = $1`,
        [bookingId],
      )
    ).rows;

  it('discounts the quote, the deposit and the DEFAULT billing', async () => {
    const g = await guestWithCard(t);
    const { houseGroupId, today } = await bookableHouseGroup(t);
    const c = await coupon();
    const quote = await t.call(getBookingQuote, stayRequest(houseGroupId, today, 10, 2, { coupon: c }), {
      token: g.token,
    });
    // 40,000 − 4,000 = 36,000; +3,600 service; +3,960 tax.
    expect(quote.body.quote).toMatchObject({ discountAmount: 4_000, totalAmount: 43_560, depositAmount: 13_068 });
    const created = await createTentative(g, stayRequest(houseGroupId, today, 10, 2, { coupon: c }));
    expect(created.quote).toMatchObject({ discountAmount: 4_000, totalAmount: 43_560, depositAmount: 13_068 });
    expect(await redemptionOf(created.bookingId)).toEqual([{ discount_amount: 4_000, released: false }]);

    const confirmed = await t.call(
      confirmBooking,
      {
        bookingId: created.bookingId,
        paymentMethodId: g.paymentMethodId,
        pointPaymentAmount: 0,
        returnPath: '/en/bookings',
      },
      { token: g.token },
    );
    expect(confirmed.body.status).toBe('PAID');
    const detail = (await t.call(getBooking, { bookingId: created.bookingId }, { token: g.token })).body.booking;
    expect(detail.guestUse).toMatchObject({ discountAmount: 4_000, depositAmount: 13_068 });

    setTokyo(addDays(today, 7), '09:00');
    await chargeDefaultBillings(t.api.deps);
    const rows = await billingsOf(created.bookingId);
    expect(rows.map((b) => [b.billing_type, b.status, b.total_amount, b.deductions])).toEqual([
      ['DEPOSIT', 'PAID', 13_068, 0],
      ['DEFAULT', 'PAID', 43_560, 13_068],
    ]);
    expect(await linesOf(rows[1]!.id)).toContainEqual({ subject: 'DISCOUNT', amount: -4_000 });
  });

  it('gives the redemption back when the hold expires and when the booking is cancelled', async () => {
    const g = await guestWithCard(t);
    const { houseGroupId, today } = await bookableHouseGroup(t, { houses: 2 });
    const c = await coupon(1);
    const first = await createTentative(g, stayRequest(houseGroupId, today, 10, 2, { coupon: c }));
    // One use per guest: a second hold with the code is refused while the first holds it.
    const second = await t.call(
      createGuestUseTentativeBooking,
      stayRequest(houseGroupId, today, 20, 2, { coupon: c }),
      { token: g.token },
    );
    expect(second.status).toBeGreaterThanOrEqual(400);

    t.clock.advance(21 * 60_000);
    expect(await expireTentativeBookings(t.api.deps)).toBeGreaterThanOrEqual(1);
    expect(await redemptionOf(first.bookingId)).toEqual([{ discount_amount: 4_000, released: true }]);
    t.clock.set(new Date());

    const again = await createTentative(g, stayRequest(houseGroupId, today, 20, 2, { coupon: c }));
    expect(again.quote.discountAmount).toBe(4_000);
    const cancelled = await t.call(cancelBooking, { bookingId: again.bookingId }, { token: g.token });
    expect(cancelled.body.booking.bookingStatus).toBe('CANCELLED');
    expect(await redemptionOf(again.bookingId)).toEqual([{ discount_amount: 4_000, released: true }]);
    // Usable once more.
    await createTentative(g, stayRequest(houseGroupId, today, 30, 2, { coupon: c }));
  });
});

describe('Idempotency-Key on create_guest_use_tentative_booking', () => {
  it('answers a retry with the first booking and holds one stay; another body with the key is 422', async () => {
    const g = await guestWithCard(t);
    const { houseGroupId, today } = await bookableHouseGroup(t, { houses: 3 });
    const key = `hold-${randomBytes(8).toString('hex')}`;
    const req = stayRequest(houseGroupId, today, 10);
    const first = await t.call(createGuestUseTentativeBooking, req, {
      token: g.token,
      headers: { 'Idempotency-Key': key },
    });
    const retry = await t.call(createGuestUseTentativeBooking, req, {
      token: g.token,
      headers: { 'Idempotency-Key': key },
    });
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body.bookingId).toBe(first.body.bookingId);
    expect(retry.body.bookingNumber).toBe(first.body.bookingNumber);
    const held = await t.pool.query(
      `SELECT count(*)::int AS n FROM stays WHERE house_group_id = $1 AND status = 'ACTIVE'`,
      [houseGroupId],
    );
    expect(held.rows[0].n).toBe(1);
    const bookings = await t.pool.query('SELECT count(*)::int AS n FROM bookings WHERE house_group_id = $1', [
      houseGroupId,
    ]);
    expect(bookings.rows[0].n).toBe(1);

    const other = await t.call(createGuestUseTentativeBooking, stayRequest(houseGroupId, today, 11), {
      token: g.token,
      headers: { 'Idempotency-Key': key },
    });
    expect([other.status, other.error.errorInfo.reason]).toEqual([422, 'CodeIdempotencyKeyReused']);
    expect(
      (await t.pool.query('SELECT count(*)::int AS n FROM bookings WHERE house_group_id = $1', [houseGroupId])).rows[0]
        .n,
    ).toBe(1);
  });
});

describe('the deposit', () => {
  it('depositDetail shows what the deposit covers: from the quote before confirmation, then the DEPOSIT billing', async () => {
    const g = await guestWithCard(t);
    const { houseGroupId, today } = await bookableHouseGroup(t);
    const { bookingId } = await createTentative(g, stayRequest(houseGroupId, today, 30));
    const before = (await t.call(getBooking, { bookingId }, { token: g.token, language: 'ja' })).body.booking;
    expect(before.guestUse!.deposit).toBeNull();
    expect(before.guestUse!.depositDetail).toMatchObject({
      billingNumber: '',
      taxInclusiveTotalAmount: 14_520,
      subtotalsBySubject: [{ subject: 'ACCOMMODATION_DEPOSIT', amount: 14_520 }],
      serviceChargeAmount: 0,
      accommodationTaxAmount: 0,
      orders: [
        {
          title: '予約金',
          subject: 'ACCOMMODATION_DEPOSIT',
          amount: 14_520,
          consumptionTax: 0,
          consumptionTaxRateType: 'EXEMPT',
          serviceChargeApplicable: false,
        },
      ],
    });

    await t.call(
      confirmBooking,
      { bookingId, paymentMethodId: g.paymentMethodId, pointPaymentAmount: 0, returnPath: '/en/bookings' },
      { token: g.token },
    );
    const after = (await t.call(getBooking, { bookingId }, { token: g.token })).body.booking;
    expect(after.guestUse!.deposit!.billingStatus).toBe('PAID');
    expect(after.guestUse!.depositDetail).toMatchObject({
      billingNumber: after.guestUse!.deposit!.billingNumber,
      taxInclusiveTotalAmount: 14_520,
      orders: [{ title: 'Deposit', subject: 'ACCOMMODATION_DEPOSIT', amount: 14_520 }],
    });
    expect(after.guestUse!.depositDetail!.billingNumber).not.toBe('');
  });

  it('a 3-D Secure deposit passed just after the deadline still books; a capture learnt of later is refunded and the hold ends', async () => {
    const g = await guestWithCard(t, '4000000000003220');
    const slow = await guestWithCard(t, '4000000000000119');
    const { houseGroupId, today } = await bookableHouseGroup(t, { houses: 2 });
    const confirm = (guest: Guest, bookingId: string) =>
      t.call(
        confirmBooking,
        { bookingId, paymentMethodId: guest.paymentMethodId, pointPaymentAmount: 0, returnPath: '/en/bookings' },
        { token: guest.token },
      );
    const start = t.clock.now();
    const inTime = await createTentative(g, stayRequest(houseGroupId, today, 30));
    const late = await createTentative(slow, stayRequest(houseGroupId, today, 30));
    const challenged = await confirm(g, inTime.bookingId);
    expect(challenged.body.status).toBe('REQUIRES_ACTION');
    // The processor did not answer in time; its capture is heard of only 23 minutes later.
    const pending = await confirm(slow, late.bookingId);
    expect(pending.body.status).toBe('PENDING');
    t.clock.set(new Date(start.getTime() + 23 * 60_000));
    await new Promise((r) => setTimeout(r, 1_500));
    await freshToken(t, slow);
    const refused = await t.call(completeBookingPayment, { bookingId: late.bookingId }, { token: slow.token });
    expect([refused.status, refused.error.errorInfo?.reason ?? refused.body]).toEqual([
      409,
      'CodeTentativeBookingExpired',
    ]);
    const rows = await t.pool.query(
      `SELECT b.status, s.status AS stay, bl.status AS billing, p.status AS payment, p.refunded_amount::int AS refunded
       FROM bookings b JOIN stays s ON s.id = b.stay_id JOIN billings bl ON bl.id = b.deposit_billing_id
       JOIN payments p ON p.id = bl.payment_id WHERE b.id = $1`,
      [late.bookingId],
    );
    expect(rows.rows).toEqual([
      { status: 'CANCELLED', stay: 'RELEASED', billing: 'REFUNDED', payment: 'REFUNDED', refunded: 14_520 },
    ]);
    expect(await actionsOf(late.bookingId)).toEqual([
      'CREATE_TENTATIVE',
      'PAYMENT_STARTED',
      'EXPIRED',
      'PAYMENT_REFUNDED',
    ]);

    // The guest who passed 3-D Secure a minute after the deadline keeps the booking.
    t.clock.set(new Date(start.getTime() + 21 * 60_000));
    await freshToken(t, g);
    const passed = await t.raw(challenged.body.challengeUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'submit', code: '123456' }).toString(),
    });
    expect(passed.status).toBe(303);
    const kept = await t.call(completeBookingPayment, { bookingId: inTime.bookingId }, { token: g.token });
    expect(kept.body).toEqual({ bookingId: inTime.bookingId, bookingStatus: 'BOOKED', status: 'PAID' });
  });
});
