import { addDays } from '@yado/contract/civil-date';
import { createOwnUseTentativeBooking } from '@yado/contract/booking.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { openToOwners, ownerOf } from '../ownership/high-season.test-factory.js';
import { signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';
import { bookableHouseGroup, ownerHoldLike, stayRequest } from './booking.test-factory.js';
import * as repo from './booking.repo.js';

/*
 * An owner hold in one call may carry high-substitutes planned from a read before it (decision
 * 0033): hold_owner_stay keeps them only while no high slot of their year is left once the stay's
 * slots are taken, under the share's lock. A plan that would spend a standard slot while a high
 * one remains is undone ('conflict': the hold then goes the careful way), writing nothing.
 */

let t: TestApi;
let staffToken: string;

beforeAll(async () => {
  t = await createTestApi();
  staffToken = (await signInStaff(t)).idToken;
});

describe('a planned high-substitute in the one-call owner hold', () => {
  it('is undone while a high slot of its year is left, and kept once none is', async () => {
    const g = await bookableHouseGroup(t, { bookingTypes: ['GUEST_USE', 'OWN_USE'], houses: 3, days: 400 });
    const highDays = [50, 51, 52, 53, 54, 55];
    for (const d of highDays) {
      await t.pool.query(`UPDATE house_group_days SET price_type = 'HIGH' WHERE house_group_id = $1 AND date = $2`, [
        g.houseGroupId,
        addDays(g.today, d),
      ]);
    }
    await openToOwners(t, staffToken, g.houseGroupId);
    // 1/36 of a year: 4 high and 6 standard slots.
    const o = await ownerOf(t, staffToken, g.houseGroupId, 1, 36);
    const first = await t.call(
      createOwnUseTentativeBooking,
      { ...stayRequest(g.houseGroupId, g.today, 50, 1) },
      {
        token: o.token,
      },
    );
    expect(first.status).toBe(200);
    const template = (await repo.findBooking(t.pool, first.body.bookingId))!;
    const slotYear = Number(addDays(g.today, 51).slice(0, 4));
    const ledgerRows = async () =>
      (await t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM slot_ledger WHERE share_id = $1', [o.shareId]))
        .rows[0]!.n;

    const attempt = async (fromToday: number, plan: { slotHigh: number; slotHighSubstitute: number }) =>
      repo.holdOwnerStay(
        t.pool,
        ownerHoldLike(template, {
          ...o,
          today: g.today,
          fromToday,
          houseIds: g.houseIds,
          slotYear,
          plan,
          now: t.clock.now(),
        }),
      );

    // Three high slots are left: a substitute is not needed.
    const before = await ledgerRows();
    expect(await attempt(51, { slotHigh: 0, slotHighSubstitute: 1 })).toBe('conflict');
    expect(await ledgerRows()).toBe(before);
    const stays = await t.pool.query('SELECT 1 FROM stays WHERE house_group_id = $1', [g.houseGroupId]);
    expect(stays.rowCount).toBe(1);

    // Spend the high slots; then a substitute stands.
    for (const d of [51, 52, 53])
      expect(await attempt(d, { slotHigh: 1, slotHighSubstitute: 0 })).toHaveProperty('bookingNumber');
    const held = await attempt(54, { slotHigh: 0, slotHighSubstitute: 1 });
    expect(held).toHaveProperty('bookingNumber');
    const balance = await t.pool.query<{ tier: string; sub: boolean; n: number }>(
      `SELECT tier, high_substitute AS sub, sum(nights)::int AS n FROM slot_ledger
        WHERE share_id = $1 AND slot_year = $2 AND kind = 'CONSUME' GROUP BY 1, 2 ORDER BY 1, 2`,
      [o.shareId, slotYear],
    );
    expect(balance.rows).toEqual([
      { tier: 'HIGH', sub: false, n: -4 },
      { tier: 'STANDARD', sub: true, n: -1 },
    ]);
  });
});
