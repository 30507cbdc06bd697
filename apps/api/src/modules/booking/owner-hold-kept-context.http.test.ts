import { addDays } from '@yado/contract/civil-date';
import { cancelBooking, confirmBooking, createOwnUseTentativeBooking } from '@yado/contract/booking.contract';
import { getSlotBalance, staffGrantShare, staffUpdateOwnerSettings } from '@yado/contract/ownership.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';
import { createdRound, ownerOf, roundInput } from '../ownership/high-season.test-factory.js';
import { bookableHouseGroup, stayRequest } from './booking.test-factory.js';

/*
 * An owner's hold prices from the owner context (shares, settings) kept since the caller's last
 * hold, and its one database call checks that copy (decision 0037). These holds come after an
 * earlier one, so they are priced from the kept copy: what changed since must still be seen.
 */

let t: TestApi;
let staffToken: string;

beforeAll(async () => {
  t = await createTestApi();
  staffToken = (await signInStaff(t)).idToken;
});

async function ownerGroup(ownUseFee: number) {
  const g = await bookableHouseGroup(t, { bookingTypes: ['GUEST_USE', 'OWN_USE'], houses: 3, days: 400 });
  await settings(g.houseGroupId, ownUseFee);
  return g;
}

async function settings(houseGroupId: string, ownUseFee: number) {
  const res = await t.call(
    staffUpdateOwnerSettings,
    { houseGroupId, ownUseFee, mutualUseExtraChargePerDay: 0, allowHighSubstitute: true, inOwnerNetwork: true },
    { token: staffToken },
  );
  expect(res.status).toBe(200);
}

const ownUse = (houseGroupId: string, today: string, fromToday: number) => ({
  ...stayRequest(houseGroupId, today, fromToday, 1),
  meals: [],
  extraOptions: [],
  debtOption: 'DEFAULT' as const,
});

describe('an owner hold priced from the kept owner context', () => {
  it('charges the own-use fee staff changed since the last hold', async () => {
    const g = await ownerGroup(5_000);
    const o = await ownerOf(t, staffToken, g.houseGroupId);
    const first = await t.call(createOwnUseTentativeBooking, ownUse(g.houseGroupId, g.today, 20), { token: o.token });
    expect(first.body.quote.totalOwnUseFee).toBeGreaterThan(0);
    const firstFee = first.body.quote.totalOwnUseFee;
    await settings(g.houseGroupId, 8_000);
    const second = await t.call(createOwnUseTentativeBooking, ownUse(g.houseGroupId, g.today, 21), { token: o.token });
    expect(second.status).toBe(200);
    expect(second.body.quote.totalOwnUseFee).toBe((firstFee * 8_000) / 5_000);
    const stored = await t.pool.query<{ fee: number }>(
      `SELECT (quote->'quote'->>'totalOwnUseFee')::int AS fee FROM bookings WHERE id = $1`,
      [second.body.bookingId],
    );
    expect(stored.rows[0]!.fee).toBe(second.body.quote.totalOwnUseFee);
  });

  it('sees a share granted since the last hold: asked for, it pays', async () => {
    const g = await ownerGroup(5_000);
    const o = await ownerOf(t, staffToken, g.houseGroupId);
    expect(
      (await t.call(createOwnUseTentativeBooking, ownUse(g.houseGroupId, g.today, 20), { token: o.token })).status,
    ).toBe(200);
    const granted = await t.call(
      staffGrantShare,
      { accountId: o.accountId, houseGroupId: g.houseGroupId, numerator: 1, denominator: 12 },
      { token: staffToken },
    );
    expect(granted.status).toBe(200);
    const newShareId = granted.body.share.shareId;
    const held = await t.call(
      createOwnUseTentativeBooking,
      { ...ownUse(g.houseGroupId, g.today, 22), shareId: newShareId },
      { token: o.token },
    );
    expect(held.status).toBe(200);
    expect(held.body.quote.consumptionShareId).toBe(newShareId);
  });

  it('refuses nights an allocation round reserved since the last hold, writing nothing', async () => {
    const g = await bookableHouseGroup(t, { bookingTypes: ['GUEST_USE', 'OWN_USE'], houses: 1, days: 400 });
    await settings(g.houseGroupId, 5_000);
    let start = addDays(g.today, 40);
    if (start.slice(0, 4) !== addDays(start, 14).slice(0, 4)) start = `${Number(start.slice(0, 4)) + 1}-01-06`;
    await t.pool.query(
      `UPDATE house_group_days SET price_type = 'HIGH' WHERE house_group_id = $1 AND date >= $2 AND date < $3`,
      [g.houseGroupId, start, addDays(start, 7)],
    );
    const o = await ownerOf(t, staffToken, g.houseGroupId);
    expect(
      (await t.call(createOwnUseTentativeBooking, ownUse(g.houseGroupId, g.today, 20), { token: o.token })).status,
    ).toBe(200);
    await createdRound(
      t,
      staffToken,
      roundInput(t, {
        houseGroupId: g.houseGroupId,
        slotYear: Number(start.slice(0, 4)),
        periods: [[start, addDays(start, 7)]],
      }),
    );
    const offset = Math.round((Date.parse(start) - Date.parse(g.today)) / 86_400_000);
    const refused = await t.call(createOwnUseTentativeBooking, ownUse(g.houseGroupId, g.today, offset + 1), {
      token: o.token,
    });
    expect(refused.status).toBe(409);
    expect(refused.error.errorInfo.reason).toBe('CodeDatesReservedForAllocation');
    const written = await t.pool.query(
      `SELECT count(*)::int AS n FROM bookings WHERE account_id = $1 AND checkin_date >= $2`,
      [o.accountId, start],
    );
    expect(written.rows[0].n).toBe(0);
  });

  it('refuses from the balances once a tier is spent, and holds again once a cancellation gave a slot back', async () => {
    const g = await ownerGroup(0);
    // 1/73 of a year: 5 nights, 3 of them standard slots.
    const o = await ownerOf(t, staffToken, g.houseGroupId, 1, 73);
    let from = 40;
    while (addDays(g.today, from).slice(0, 4) !== addDays(g.today, from + 5).slice(0, 4)) from += 1;
    const slotYear = Number(addDays(g.today, from).slice(0, 4));
    const hold = (offset: number) =>
      t.call(createOwnUseTentativeBooking, ownUse(g.houseGroupId, g.today, offset), { token: o.token });
    const held = [];
    for (const offset of [from, from + 1, from + 2]) {
      const res = await hold(offset);
      expect(res.status).toBe(200);
      held.push(res.body.bookingId);
    }
    // The guard refuses the fourth standard night; the next one is refused from a read of the balances.
    for (const offset of [from + 3, from + 4]) {
      const refused = await hold(offset);
      expect(refused.status).toBe(409);
      expect(refused.error.errorInfo.reason).toBe('CodeInsufficientSlots');
    }
    await t.call(confirmBooking, { bookingId: held[0]! }, { token: o.token });
    expect((await t.call(cancelBooking, { bookingId: held[0]! }, { token: o.token })).status).toBe(200);
    const again = await hold(from + 3);
    expect(again.status).toBe(200);
    expect(again.body.quote.consumptionSlotStandard).toBe(1);
    const refusedAgain = await hold(from + 4);
    expect(refusedAgain.error.errorInfo.reason).toBe('CodeInsufficientSlots');
    const balance = await t.call(getSlotBalance, { shareId: o.shareId, slotYear }, { token: o.token });
    expect(balance.body.shares[0]!.years[0]!.standard.remaining).toBe(0);
    const written = await t.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bookings WHERE account_id = $1 AND status <> 'CANCELLED'`,
      [o.accountId],
    );
    expect(written.rows[0]!.n).toBe(3);
  });

  it('holds all of an owner’s first holds sent at once, while their owner context is still being read', async () => {
    const g = await ownerGroup(0);
    const o = await ownerOf(t, staffToken, g.houseGroupId);
    let from = 40;
    while (addDays(g.today, from).slice(0, 4) !== addDays(g.today, from + 8).slice(0, 4)) from += 1;
    const slotYear = Number(addDays(g.today, from).slice(0, 4));
    const before = await t.call(getSlotBalance, { shareId: o.shareId, slotYear }, { token: o.token });
    const holds = await Promise.all(
      Array.from({ length: 8 }, (_, k) =>
        t.call(createOwnUseTentativeBooking, ownUse(g.houseGroupId, g.today, from + k), { token: o.token }),
      ),
    );
    expect(holds.map((h) => h.status)).toEqual(Array(8).fill(200));
    const after = await t.call(getSlotBalance, { shareId: o.shareId, slotYear }, { token: o.token });
    expect(after.body.shares[0]!.years[0]!.standard.remaining).toBe(
      before.body.shares[0]!.years[0]!.standard.remaining - 8,
    );
  });
});
