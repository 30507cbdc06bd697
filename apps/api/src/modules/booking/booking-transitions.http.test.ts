import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { addDays } from '@yado/contract/civil-date';
import { signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';
import { markNoShows } from './booking-jobs.service.js';
import { civilFromIso as civil } from '@yado/contract/civil-date';
import { bookableHouseGroup, guestWithCard, stayRequest } from './booking.test-factory.js';
import {
  createGuestUseTentativeBooking,
  confirmBooking,
  cancelBooking,
  staffCheckinBooking,
  staffCheckoutBooking,
} from '@yado/contract/booking.contract';
import {
  checkinBooking,
  checkoutBooking,
  updateBookingHeadcount,
  submitGuestRegister,
  orderMeals,
  cancelMealOrder,
  orderExtraOptions,
  staffCreateCustomMealOrder,
} from '@yado/contract/booking.contract';
import type { MethodDef } from '@yado/contract/method';

// Every move a booking may not make is refused with 409 CodeBookingStatusInvalid, and the refusal
// leaves the booking, its billings, its stay, its events and its orders exactly as they were.

let t: TestApi;
let guest: Awaited<ReturnType<typeof guestWithCard>>;
let staffToken: string;
let today: string;
const ids: Record<Status, string> = {} as Record<Status, string>;

type Status = 'TENTATIVE' | 'BOOKED' | 'CANCELLED' | 'STAYING' | 'CHECKED_OUT' | 'NO_SHOW';

const ok = async (res: Promise<{ status: number; body: any }>) => {
  const r = await res;
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return r.body;
};

beforeAll(async () => {
  t = await createTestApi();
  guest = await guestWithCard(t);
  const group = await bookableHouseGroup(t, { houses: 3 });
  today = group.today;
  const hold = async (fromToday: number) =>
    (
      await ok(
        t.call(createGuestUseTentativeBooking, stayRequest(group.houseGroupId, today, fromToday), {
          token: guest.token,
        }),
      )
    ).bookingId as string;
  const book = async (fromToday: number) => {
    const bookingId = await hold(fromToday);
    await ok(
      t.call(
        confirmBooking,
        { bookingId, paymentMethodId: guest.paymentMethodId, pointPaymentAmount: 0, returnPath: '/en/bookings' },
        { token: guest.token },
      ),
    );
    return bookingId;
  };
  ids.TENTATIVE = await hold(40);
  ids.BOOKED = await book(30);
  ids.CANCELLED = await book(50);
  await ok(t.call(cancelBooking, { bookingId: ids.CANCELLED }, { token: guest.token }));
  ids.STAYING = await book(10);
  ids.CHECKED_OUT = await book(10);
  ids.NO_SHOW = await book(10);

  // The check-in day: staff check two of them in and one out; the third never comes.
  const checkin = addDays(today, 10);
  t.clock.set(new Date(`${checkin}T16:00:00+09:00`));
  const staffThen = await signInStaff(t);
  await ok(t.call(staffCheckinBooking, { bookingId: ids.STAYING }, { token: staffThen.idToken }));
  await ok(t.call(staffCheckinBooking, { bookingId: ids.CHECKED_OUT }, { token: staffThen.idToken }));
  await ok(t.call(staffCheckoutBooking, { bookingId: ids.CHECKED_OUT }, { token: staffThen.idToken }));
  t.clock.set(new Date(`${addDays(checkin, 1)}T00:30:00+09:00`));
  expect(await markNoShows(t.api.deps)).toBe(1);
  t.clock.set(new Date());
  staffToken = (await signInStaff(t)).idToken;

  const statuses = await t.pool.query<{ id: string; status: string }>(
    'SELECT id, status FROM bookings WHERE id = ANY($1::text[])',
    [Object.values(ids)],
  );
  expect(Object.fromEntries(statuses.rows.map((r) => [r.status, r.id]))).toEqual(ids);
});

/** Everything a refused call must leave alone. */
async function snapshot(bookingId: string) {
  const q = (sql: string) => t.pool.query(sql, [bookingId]).then((r) => r.rows);
  return {
    booking: await q('SELECT to_jsonb(b) AS row FROM bookings b WHERE id = $1'),
    billings: await q(
      'SELECT to_jsonb(b) AS row FROM billings b WHERE booking_id = $1 ORDER BY created_at, billing_number',
    ),
    stays: await q('SELECT to_jsonb(s) AS row FROM stays s WHERE booking_id = $1'),
    events: await q('SELECT count(*)::int AS n FROM booking_events WHERE booking_id = $1'),
    mealOrders: await q('SELECT count(*)::int AS n FROM meal_orders WHERE booking_id = $1'),
    customOrders: await q('SELECT count(*)::int AS n FROM custom_meal_orders WHERE booking_id = $1'),
    optionOrders: await q('SELECT count(*)::int AS n FROM extra_option_orders WHERE booking_id = $1'),
    register: await q('SELECT count(*)::int AS n FROM guest_registers WHERE booking_id = $1'),
    coupon: await q('SELECT to_jsonb(c) AS row FROM coupon_redemptions c WHERE booking_id = $1'),
  };
}

type Call = { method: MethodDef; body: (bookingId: string) => Record<string, unknown>; staff?: boolean };

const headcount = { males: 2, females: 1, children: 0, largeDogs: 0, mediumDogs: 0, smallDogs: 0 };
const register = [
  {
    fullName: 'Taro Yamada',
    address: { countryCode: 'JP', city: 'Tokyo' },
    emailAddress: 'taro@example.com',
    nationalityCountryCode: 'JP',
  },
  {
    fullName: 'Hanako Yamada',
    address: { countryCode: 'JP', city: 'Tokyo' },
    nationalityCountryCode: 'JP',
  },
];

const CALLS: Record<string, Call> = {
  confirm_booking: {
    method: confirmBooking,
    body: (bookingId) => ({
      bookingId,
      paymentMethodId: guest.paymentMethodId,
      pointPaymentAmount: 0,
      returnPath: '/en/bookings',
    }),
  },
  cancel_booking: { method: cancelBooking, body: (bookingId) => ({ bookingId }) },
  checkin_booking: { method: checkinBooking, body: (bookingId) => ({ bookingId }) },
  staff_checkin_booking: { method: staffCheckinBooking, body: (bookingId) => ({ bookingId }), staff: true },
  checkout_booking: { method: checkoutBooking, body: (bookingId) => ({ bookingId }) },
  staff_checkout_booking: { method: staffCheckoutBooking, body: (bookingId) => ({ bookingId }), staff: true },
  update_booking_headcount: {
    method: updateBookingHeadcount,
    body: (bookingId) => ({ bookingId, headcount, childrenAge: [] }),
  },
  submit_guest_register: { method: submitGuestRegister, body: (bookingId) => ({ bookingId, guests: register }) },
  order_meals: {
    method: orderMeals,
    body: (bookingId) => ({
      bookingId,
      meals: [{ date: civil(addDays(today, 10)), mealId: 'any-meal', quantities: [{ age: 30, number: 1 }] }],
    }),
  },
  cancel_meal_order: { method: cancelMealOrder, body: (bookingId) => ({ bookingId, orderId: 'any-order' }) },
  order_extra_options: {
    method: orderExtraOptions,
    body: (bookingId) => ({ bookingId, extraOptions: [{ extraOptionId: 'any-option', quantity: 1 }] }),
  },
  staff_create_custom_meal_order: {
    method: staffCreateCustomMealOrder,
    body: (bookingId) => ({
      bookingId,
      name: 'Cake',
      quantity: 1,
      unitAmount: 1_000,
      providingDate: civil(addDays(today, 10)),
      providingTime: '19:00',
    }),
    staff: true,
  },
};

/** The statuses each method refuses (docs/domain.md, Bookings; booking-state.rules TRANSITIONS). */
const REFUSED: [keyof typeof CALLS, Status[]][] = [
  ['confirm_booking', ['CANCELLED', 'STAYING', 'CHECKED_OUT', 'NO_SHOW']],
  ['cancel_booking', ['CANCELLED', 'STAYING', 'CHECKED_OUT', 'NO_SHOW']],
  ['checkin_booking', ['TENTATIVE', 'CANCELLED', 'STAYING', 'CHECKED_OUT', 'NO_SHOW']],
  ['staff_checkin_booking', ['TENTATIVE', 'CANCELLED', 'STAYING', 'CHECKED_OUT', 'NO_SHOW']],
  ['checkout_booking', ['TENTATIVE', 'BOOKED', 'CANCELLED', 'CHECKED_OUT', 'NO_SHOW']],
  ['staff_checkout_booking', ['TENTATIVE', 'BOOKED', 'CANCELLED', 'CHECKED_OUT', 'NO_SHOW']],
  ['update_booking_headcount', ['CANCELLED', 'STAYING', 'CHECKED_OUT', 'NO_SHOW']],
  ['submit_guest_register', ['TENTATIVE', 'CANCELLED', 'CHECKED_OUT', 'NO_SHOW']],
  ['order_meals', ['CANCELLED', 'CHECKED_OUT', 'NO_SHOW']],
  ['cancel_meal_order', ['CANCELLED', 'CHECKED_OUT', 'NO_SHOW']],
  ['order_extra_options', ['CANCELLED', 'CHECKED_OUT', 'NO_SHOW']],
  ['staff_create_custom_meal_order', ['CANCELLED', 'CHECKED_OUT', 'NO_SHOW']],
];

const CASES = REFUSED.flatMap(([call, statuses]) => statuses.map((status) => [call, status] as const));

describe('refused status transitions', () => {
  it.each(CASES)('%s on a %s booking is 409 CodeBookingStatusInvalid and changes nothing', async (call, status) => {
    const c = CALLS[call]!;
    const bookingId = ids[status];
    const before = await snapshot(bookingId);
    const res = await t.callRaw(c.method, c.body(bookingId), { token: c.staff ? staffToken : guest.token });
    expect([res.status, res.error.errorInfo.reason]).toEqual([409, 'CodeBookingStatusInvalid']);
    expect(await snapshot(bookingId)).toEqual(before);
  });

  it('confirming a BOOKED booking again answers PAID and charges nothing more', async () => {
    const before = await snapshot(ids.BOOKED);
    const res = await t.callRaw(confirmBooking, CALLS.confirm_booking!.body(ids.BOOKED), { token: guest.token });
    expect(res.body).toEqual({ bookingId: ids.BOOKED, bookingStatus: 'BOOKED', status: 'PAID' });
    expect(await snapshot(ids.BOOKED)).toEqual(before);
  });
});
