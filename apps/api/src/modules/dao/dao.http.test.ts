import { randomUUID } from 'node:crypto';
import { cancelBooking, getBooking } from '@yado/contract/booking.contract';
import { addDays, civilFromIso } from '@yado/contract/civil-date';
import {
  createDaoTentativeBooking,
  listDaoAccommodationSlots,
  staffGrantDaoAccommodationSlot,
} from '@yado/contract/dao.contract';
import { dateTimeFromDate } from '@yado/contract/date-time';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { bookableHouseGroup, guestWithCard, stayRequest } from '../booking/booking.test-factory.js';
import { signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';
import { returnDaysOfCancelledStays } from './dao.service.js';

let t: TestApi;
let staffToken: string;

beforeAll(async () => {
  t = await createTestApi();
  staffToken = (await signInStaff(t)).idToken;
});

type Guest = Awaited<ReturnType<typeof guestWithCard>>;

async function member(
  o: { standard?: number; high?: number; deadlineDays?: number; windowDays?: number; expiresInMs?: number } = {},
) {
  const hg = await bookableHouseGroup(t, { bookingTypes: ['GUEST_USE', 'DAO_USE'], houses: 2 });
  const g = await guestWithCard(t);
  const res = await t.call(
    staffGrantDaoAccommodationSlot,
    {
      accountId: g.accountId,
      daysStandard: o.standard ?? 3,
      daysHigh: o.high ?? 1,
      checkinDeadline: civilFromIso(addDays(hg.today, o.deadlineDays ?? 60)),
      expiresAt: dateTimeFromDate(new Date(t.clock.now().getTime() + (o.expiresInMs ?? 90 * 86_400_000))),
      bookingWindowDays: o.windowDays ?? 30,
    },
    { token: staffToken, headers: { 'idempotency-key': randomUUID() } },
  );
  expect(res.status).toBe(200);
  return { hg, g, slotId: res.body.slot.daoAccommodationSlotId };
}

const book = (g: Guest, input: Record<string, unknown>) =>
  t.call(createDaoTentativeBooking, input as never, { token: g.token, headers: { 'idempotency-key': randomUUID() } });

const slotsOf = async (g: Guest) => (await t.call(listDaoAccommodationSlots, {}, { token: g.token })).body.slots;

describe('DAO accommodation slots', () => {
  it('lists a granted slot and books a DAO_USE stay on its days, given back when cancelled', async () => {
    const { hg, g, slotId } = await member();
    const listed = await t.call(listDaoAccommodationSlots, {}, { token: g.token });
    expect(listed.body.houseGroups).toContainEqual({ houseGroupId: hg.houseGroupId, name: expect.any(String) });
    expect(await slotsOf(g)).toEqual([
      expect.objectContaining({
        daoAccommodationSlotId: slotId,
        daysStandard: 3,
        daysHigh: 1,
        remainingDaysStandard: 3,
        remainingDaysHigh: 1,
        isExpired: false,
        bookingWindowDays: 30,
        checkinDeadline: civilFromIso(addDays(hg.today, 60)),
      }),
    ]);
    const res = await book(g, { ...stayRequest(hg.houseGroupId, hg.today, 5, 2), daoAccommodationSlotId: slotId });
    expect(res.status).toBe(200);
    expect(res.body.quote.accommodationAmount).toBe(0);
    expect((await slotsOf(g))[0]).toMatchObject({ remainingDaysStandard: 1, remainingDaysHigh: 1 });
    const detail = await t.call(getBooking, { bookingId: res.body.bookingId }, { token: g.token });
    expect(detail.body.booking.bookingType).toBe('DAO_USE');
    expect(detail.body.booking.daoUse).toEqual({ daoAccommodationSlotId: slotId, accommodationVoucherId: null });

    const over = await book(g, { ...stayRequest(hg.houseGroupId, hg.today, 10, 2), daoAccommodationSlotId: slotId });
    expect(over.error?.errorInfo.reason).toBe('CodeDaoSlotDaysExhausted');

    expect((await t.call(cancelBooking, { bookingId: res.body.bookingId }, { token: g.token })).status).toBe(200);
    expect(await returnDaysOfCancelledStays(t.api.deps)).toBeGreaterThanOrEqual(1);
    expect((await slotsOf(g))[0]).toMatchObject({ remainingDaysStandard: 3, remainingDaysHigh: 1 });
  });

  it('refuses a check-in past the deadline, outside the booking window, an expired slot and another member’s slot', async () => {
    const { hg, g, slotId } = await member({ deadlineDays: 20, windowDays: 10 });
    const at = (d: number) => ({ ...stayRequest(hg.houseGroupId, hg.today, d, 1), daoAccommodationSlotId: slotId });
    expect((await book(g, at(21))).error?.errorInfo.reason).toBe('CodeDaoCheckinDeadlinePassed');
    expect((await book(g, at(15))).error?.errorInfo.reason).toBe('CodeDaoOutsideBookingWindow');
    const other = await guestWithCard(t);
    expect((await book(other, at(5))).error?.errorInfo.reason).toBe('CodeDaoSlotNotFound');

    const soon = await member({ expiresInMs: 60_000 });
    t.clock.advance(60_000);
    const expired = await book(soon.g, {
      ...stayRequest(soon.hg.houseGroupId, soon.hg.today, 5, 1),
      daoAccommodationSlotId: soon.slotId,
    });
    expect(expired.error?.errorInfo.reason).toBe('CodeDaoSlotExpired');
    expect((await slotsOf(soon.g))[0]!.isExpired).toBe(true);
  });

  it('never lets concurrent holds take more days than the slot has', async () => {
    const { hg, g, slotId } = await member({ standard: 2, high: 0 });
    const results = await Promise.all(
      [3, 8].map((d) => book(g, { ...stayRequest(hg.houseGroupId, hg.today, d, 2), daoAccommodationSlotId: slotId })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await slotsOf(g))[0]).toMatchObject({ remainingDaysStandard: 0 });
  });

  it('lets only staff grant slots', async () => {
    const g = await guestWithCard(t);
    const res = await t.call(
      staffGrantDaoAccommodationSlot,
      {
        accountId: g.accountId,
        daysStandard: 1,
        daysHigh: 0,
        checkinDeadline: { year: 2099, month: 1, day: 1 },
        expiresAt: dateTimeFromDate(new Date('2099-01-01T00:00:00Z')),
        bookingWindowDays: 30,
      },
      { token: g.token, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(res.status).toBe(403);
  });
});
