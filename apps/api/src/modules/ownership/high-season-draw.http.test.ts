import { addDays } from '@yado/contract/civil-date';
import { createOwnUseTentativeBooking } from '@yado/contract/booking.contract';
import { staffRunAllocationDraw, submitAllocationRequests } from '@yado/contract/high-season.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/app-error.js';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { bookableHouseGroup, stayRequest } from '../booking/booking.test-factory.js';
import { signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';
import { runAllocationDraw, type CreateAllocatedBooking } from './high-season.service.js';
import type { DrawInput } from './high-season.rules.js';
import { createdRound, ownerOf, roundInput } from './high-season.test-factory.js';

/*
 * The draw books what it allocates: through the booking module's allocated own-use booking (wired
 * in the registry), each winner gets a BOOKED OWN_USE stay on their share's high slots at once;
 * retries book nothing twice; what a share won counts against it in the next round; dates no one
 * won open first-come.
 */

let t: TestApi;
let staffToken: string;

beforeAll(async () => {
  t = await createTestApi({ ID_TOKEN_TTL_SECONDS: '3600' });
  staffToken = (await signInStaff(t)).idToken;
});

/**
 * A house group owners may book, with 14 HIGH nights from about 40 days ahead, all in one slot
 * year, so both weeks lie inside the own-use booking window whatever today is.
 */
async function highGroup(houses = 1) {
  const g = await bookableHouseGroup(t, { bookingTypes: ['GUEST_USE', 'OWN_USE'], houses, days: 400 });
  let start = addDays(g.today, 40);
  if (start.slice(0, 4) !== addDays(start, 14).slice(0, 4)) start = `${Number(start.slice(0, 4)) + 1}-01-06`;
  await t.pool.query(
    `UPDATE house_group_days SET price_type = 'HIGH' WHERE house_group_id = $1 AND date >= $2 AND date < $3`,
    [g.houseGroupId, start, addDays(start, 14)],
  );
  const weeks: [string, string][] = [
    [start, addDays(start, 7)],
    [addDays(start, 7), addDays(start, 14)],
  ];
  return { ...g, start, slotYear: Number(start.slice(0, 4)), weeks };
}

async function drawnRound(
  g: Awaited<ReturnType<typeof highGroup>>,
  owners: { token: string; shareId: string }[],
  seed: string,
) {
  const round = await createdRound(
    t,
    staffToken,
    roundInput(t, { houseGroupId: g.houseGroupId, slotYear: g.slotYear, periods: g.weeks }),
  );
  const periodIds = round.periods.map((p) => p.periodId);
  for (const o of owners) {
    const res = await t.call(
      submitAllocationRequests,
      { roundId: round.roundId, shareId: o.shareId, periodIds, adults: 2 },
      { token: o.token },
    );
    expect(res.status).toBe(200);
  }
  t.clock.advance(180_000);
  const res = await t.call(staffRunAllocationDraw, { roundId: round.roundId, seed }, { token: staffToken });
  expect(res.status).toBe(200);
  return { round, res: res.body };
}

const highLeft = async (shareId: string, year: number) =>
  Number(
    (
      await t.pool.query(
        "SELECT COALESCE(sum(nights), 0) AS n FROM slot_ledger WHERE share_id = $1 AND slot_year = $2 AND tier = 'HIGH'",
        [shareId, year],
      )
    ).rows[0].n,
  );

describe('the draw books the winners’ own-use stays', () => {
  it('creates one BOOKED OWN_USE booking per allocation on the share’s high slots, and never twice', async () => {
    const g = await highGroup();
    const owners = [await ownerOf(t, staffToken, g.houseGroupId), await ownerOf(t, staffToken, g.houseGroupId)];
    const { round, res } = await drawnRound(g, owners, 'bookings-1');
    expect(res.allocations).toHaveLength(2);
    expect(res.allocations.every((a) => a.outcome === 'BOOKED' && a.bookingNumber)).toBe(true);
    const first = res.draw.order[0]!.shareId;
    expect(res.allocations.find((a) => a.shareId === first)!.checkinDate).toEqual(res.round.periods[0]!.checkinDate);

    const bookings = await t.pool.query(
      `SELECT b.id, b.booking_type, b.status, b.share_id, b.checkin_date::text AS checkin, b.debt_option
         FROM bookings b WHERE b.house_group_id = $1 ORDER BY b.checkin_date`,
      [g.houseGroupId],
    );
    expect(bookings.rows).toHaveLength(2);
    for (const b of bookings.rows) {
      expect(b).toMatchObject({ booking_type: 'OWN_USE', status: 'BOOKED', debt_option: 'DEFAULT' });
      expect(res.allocations.find((a) => a.bookingId === b.id)!.shareId).toBe(b.share_id);
    }
    for (const o of owners) expect(await highLeft(o.shareId, g.slotYear)).toBe(12 - 7);

    // A retry answers the same bookings and books nothing more.
    const again = await t.call(staffRunAllocationDraw, { roundId: round.roundId }, { token: staffToken });
    expect(again.body.allocations.map((a) => a.bookingId)).toEqual(res.allocations.map((a) => a.bookingId));
    expect(
      (await t.pool.query('SELECT count(*)::int AS n FROM bookings WHERE house_group_id = $1', [g.houseGroupId]))
        .rows[0].n,
    ).toBe(2);
  });

  it('draws once when staff run it twice at the same moment', async () => {
    const g = await highGroup(2);
    const owners = [await ownerOf(t, staffToken, g.houseGroupId), await ownerOf(t, staffToken, g.houseGroupId)];
    const round = await createdRound(
      t,
      staffToken,
      roundInput(t, { houseGroupId: g.houseGroupId, slotYear: g.slotYear, periods: g.weeks }),
    );
    for (const o of owners) {
      await t.call(
        submitAllocationRequests,
        { roundId: round.roundId, shareId: o.shareId, periodIds: round.periods.map((p) => p.periodId), adults: 2 },
        { token: o.token },
      );
    }
    t.clock.advance(180_000);
    const [a, b] = await Promise.all(
      ['one', 'two'].map((seed) =>
        t.call(staffRunAllocationDraw, { roundId: round.roundId, seed }, { token: staffToken }),
      ),
    );
    expect([a!.status, b!.status]).toEqual([200, 200]);
    expect(a!.body.draw.seed).toBe(b!.body.draw.seed);
    const settled = await t.call(staffRunAllocationDraw, { roundId: round.roundId }, { token: staffToken });
    expect(settled.body.allocations.map((x) => [x.outcome, x.failureReason])).toEqual(
      settled.body.allocations.map(() => ['BOOKED', null]),
    );
    const n = await t.pool.query('SELECT count(*)::int AS n FROM bookings WHERE house_group_id = $1', [g.houseGroupId]);
    expect(n.rows[0].n).toBe(settled.body.allocations.length);
    const draws = await t.pool.query(
      "SELECT count(*)::int AS n FROM audit_log WHERE entity_id = $1 AND action = 'allocation-round.draw'",
      [round.roundId],
    );
    expect(draws.rows[0].n).toBe(1);
  });

  it('counts what a share won in the house group’s earlier rounds against it in the next', async () => {
    const g = await highGroup(2);
    // A quarter share: 36 high slots, enough for a week in each round.
    const winner = await ownerOf(t, staffToken, g.houseGroupId, 1, 4);
    const first = await drawnRound(g, [winner], 'earlier');
    expect(first.res.allocations).toHaveLength(1);
    // The stays of the first round are cancelled outside the draw's concern; the next round offers the weeks again.
    const newcomer = await ownerOf(t, staffToken, g.houseGroupId);
    const second = await drawnRound(g, [winner, newcomer], 'later');
    const snapshot = second.res.draw.inputSnapshot as unknown as DrawInput;
    const prior = new Map(snapshot.participants.map((p) => [p.shareId, p.priorHighNights]));
    expect(prior.get(winner.shareId)).toBe(7);
    expect(prior.get(newcomer.shareId)).toBe(0);
    expect(snapshot.participants.find((p) => p.shareId === winner.shareId)!.highSlots).toBe(36 - 7);
  });

  it('reserves the dates from first-come own use until the draw, and opens what no one won afterwards', async () => {
    const g = await highGroup();
    const owner = await ownerOf(t, staffToken, g.houseGroupId);
    const round = await createdRound(
      t,
      staffToken,
      roundInput(t, { houseGroupId: g.houseGroupId, slotYear: g.slotYear, periods: g.weeks }),
    );
    const offset = (d: string) => Math.round((Date.parse(d) - Date.parse(g.today)) / 86_400_000);
    const secondWeek = { ...stayRequest(g.houseGroupId, g.today, offset(g.weeks[1]![0]), 3), shareId: owner.shareId };
    const refused = await t.call(createOwnUseTentativeBooking, secondWeek, {
      token: owner.token,
      headers: { 'idempotency-key': `reserved-${round.roundId}` },
    });
    expect(refused.status).toBe(409);
    expect(refused.error.errorInfo.reason).toBe('CodeDatesReservedForAllocation');

    await t.call(
      submitAllocationRequests,
      { roundId: round.roundId, shareId: owner.shareId, periodIds: [round.periods[0]!.periodId], adults: 2 },
      { token: owner.token },
    );
    t.clock.advance(180_000);
    const drawn = await t.call(staffRunAllocationDraw, { roundId: round.roundId }, { token: staffToken });
    expect(drawn.body.allocations).toHaveLength(1);
    const open = await t.call(createOwnUseTentativeBooking, secondWeek, {
      token: owner.token,
      headers: { 'idempotency-key': `open-${round.roundId}` },
    });
    expect(open.status).toBe(200);
  });
});

describe('an allocation the booking refuses', () => {
  it('is recorded FAILED with the reason; an unexpected error leaves it PENDING for the next call', async () => {
    const g = await highGroup(2);
    const owners = [await ownerOf(t, staffToken, g.houseGroupId), await ownerOf(t, staffToken, g.houseGroupId)];
    const round = await createdRound(
      t,
      staffToken,
      roundInput(t, { houseGroupId: g.houseGroupId, slotYear: g.slotYear, periods: g.weeks }),
    );
    for (const o of owners) {
      await t.call(
        submitAllocationRequests,
        { roundId: round.roundId, shareId: o.shareId, periodIds: [round.periods[0]!.periodId], adults: 2 },
        { token: o.token },
      );
    }
    t.clock.advance(180_000);
    const deps = t.api.deps;
    let calls = 0;
    const flaky: CreateAllocatedBooking = async () => {
      calls += 1;
      if (calls === 1) throw new AppError('CodeHouseNotAvailable');
      throw new Error('connection lost');
    };
    const first = await runAllocationDraw(deps, flaky, 'test', { roundId: round.roundId, seed: 'flaky' }, 'en');
    expect(first.allocations.map((a) => a.outcome).sort()).toEqual(['FAILED', 'PENDING']);
    expect(first.allocations.find((a) => a.outcome === 'FAILED')!.failureReason).toBe('CodeHouseNotAvailable');

    const booked: CreateAllocatedBooking = async () => ({ bookingId: 'booking-x', bookingNumber: 'B-X' });
    const second = await runAllocationDraw(deps, booked, 'test', { roundId: round.roundId }, 'en');
    expect(second.allocations.map((a) => a.outcome).sort()).toEqual(['BOOKED', 'FAILED']);
    expect(second.draw.seed).toBe('flaky');
    // A FAILED allocation does not count as taken.
    expect(second.round.periods[0]!.allocatedCount).toBe(1);
  });
});
