import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { addDays } from '@yado/contract/civil-date';
import { signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';
import { civilFromIso as civil } from '@yado/contract/civil-date';
import { bookableHouseGroup, guestWithCard, stayRequest } from './booking.test-factory.js';
import {
  staffListBookings,
  createGuestUseTentativeBooking,
  confirmBooking,
  getBooking,
} from '@yado/contract/booking.contract';

// The front desk's list of bookings: every guest's, filtered by house group, by a date
// (arrivals, departures, in-house) and by status; refused to guests.

let t: TestApi;
let guest: Awaited<ReturnType<typeof guestWithCard>>;
let staffToken: string;
let today: string;
let groupA: string;
let groupB: string;
/** Booked in group A: 10–12 days ahead; in group A: 11–13 (tentative); in group B: 10–11. */
const ids = { bookedA: '', tentativeA: '', bookedB: '' };

type Res = { status: number; body: any };
const ok = async (res: Promise<Res>) => {
  const r = await res;
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return r.body;
};

const list = (input: Record<string, unknown>, token = staffToken) =>
  t.call(staffListBookings, input, { token }) as Promise<Res>;
const idsOf = (body: { bookings: { bookingId: string }[] }) => body.bookings.map((b) => b.bookingId);

beforeAll(async () => {
  t = await createTestApi();
  guest = await guestWithCard(t);
  const a = await bookableHouseGroup(t, { houses: 2 });
  const b = await bookableHouseGroup(t, { houses: 1 });
  groupA = a.houseGroupId;
  groupB = b.houseGroupId;
  today = a.today;
  const hold = async (houseGroupId: string, fromToday: number, nights: number) =>
    (
      await ok(
        t.call(createGuestUseTentativeBooking, stayRequest(houseGroupId, today, fromToday, nights), {
          token: guest.token,
        }),
      )
    ).bookingId as string;
  const book = async (houseGroupId: string, fromToday: number, nights: number) => {
    const bookingId = await hold(houseGroupId, fromToday, nights);
    await ok(
      t.call(
        confirmBooking,
        { bookingId, paymentMethodId: guest.paymentMethodId, pointPaymentAmount: 0, returnPath: '/en/bookings' },
        { token: guest.token },
      ),
    );
    return bookingId;
  };
  ids.bookedA = await book(groupA, 10, 2);
  ids.tentativeA = await hold(groupA, 11, 2);
  ids.bookedB = await book(groupB, 10, 1);
  staffToken = (await signInStaff(t)).idToken;
});

describe('staff_list_bookings', () => {
  it('shows staff every booking of a house group with the guest, houses, dates, headcount and total', async () => {
    const body = await ok(list({ houseGroupId: groupA }));
    expect(idsOf(body)).toEqual([ids.bookedA, ids.tentativeA]);
    const row = body.bookings[0];
    const detail = await ok(t.call(getBooking, { bookingId: ids.bookedA }, { token: guest.token }));
    expect(row).toMatchObject({
      bookingNumber: detail.booking.bookingNumber,
      bookingStatus: 'BOOKED',
      bookingType: 'GUEST_USE',
      guest: { email: guest.email, firstName: detail.booking.user.firstName, lastName: detail.booking.user.lastName },
      houseGroup: { id: groupA, name: detail.booking.houseGroup.name },
      house: { id: detail.booking.house.id, name: detail.booking.house.name },
      checkinDate: civil(addDays(today, 10)),
      checkoutDate: civil(addDays(today, 12)),
      bookingHeadcount: { males: 1, females: 1, children: 0 },
      totalAmount: detail.booking.quote.totalAmount,
    });
    expect(row.totalAmount).toBeGreaterThan(0);
    expect(body.bookings[1].bookingStatus).toBe('TENTATIVE');
  });

  it('is refused to guests (403)', async () => {
    const res = await list({}, guest.token);
    expect(res.status).toBe(403);
    expect(res.body.errorInfo.reason).toBe('CodePermissionDenied');
  });

  it('finds arrivals, departures and in-house guests of a date', async () => {
    const day = (n: number) => civil(addDays(today, n));
    const at = async (dayFilter: string, n: number) =>
      idsOf(await ok(list({ date: day(n), dayFilter, houseGroupId: groupA })));
    expect(await at('ARRIVALS', 10)).toEqual([ids.bookedA]);
    expect(await at('ARRIVALS', 11)).toEqual([ids.tentativeA]);
    expect(await at('DEPARTURES', 12)).toEqual([ids.bookedA]);
    expect(await at('DEPARTURES', 13)).toEqual([ids.tentativeA]);
    // A night starting on the date: the check-in day counts, the check-out day does not.
    expect(await at('IN_HOUSE', 10)).toEqual([ids.bookedA]);
    expect(await at('IN_HOUSE', 11)).toEqual([ids.bookedA, ids.tentativeA]);
    expect(await at('IN_HOUSE', 12)).toEqual([ids.tentativeA]);
    expect(await at('IN_HOUSE', 13)).toEqual([]);
    // Without the house group, both groups' arrivals of the day.
    const all = idsOf(await ok(list({ date: day(10), dayFilter: 'ARRIVALS' })));
    expect(all).toEqual(expect.arrayContaining([ids.bookedA, ids.bookedB]));
    expect(all).not.toContain(ids.tentativeA);
  });

  it('filters by status', async () => {
    const booked = idsOf(await ok(list({ houseGroupId: groupA, statuses: ['BOOKED'] })));
    expect(booked).toEqual([ids.bookedA]);
    const both = idsOf(await ok(list({ houseGroupId: groupA, statuses: ['BOOKED', 'TENTATIVE'] })));
    expect(both).toEqual([ids.bookedA, ids.tentativeA]);
    expect(idsOf(await ok(list({ houseGroupId: groupB, statuses: ['STAYING'] })))).toEqual([]);
  });

  it('pages by check-in date', async () => {
    const first = await ok(list({ houseGroupId: groupA, pageSize: 1 }));
    expect(idsOf(first)).toEqual([ids.bookedA]);
    expect(first.nextPageToken).not.toBe('');
    const second = await ok(list({ houseGroupId: groupA, pageSize: 1, pageToken: first.nextPageToken }));
    expect(idsOf(second)).toEqual([ids.tentativeA]);
    expect(second.nextPageToken).toBe('');
  });

  it('refuses a date that does not exist and a token that is not a page token', async () => {
    expect((await list({ date: { year: 2027, month: 2, day: 31 } })).status).toBe(400);
    expect((await list({ pageToken: 'nonsense' })).status).toBe(400);
  });
});
