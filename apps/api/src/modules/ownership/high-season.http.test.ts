import { todayIn } from '@yado/contract/civil-date';
import { dateTimeFromDate } from '@yado/contract/date-time';
import {
  getAllocationRound,
  listOpenAllocationRounds,
  staffCreateAllocationRound,
  staffListAllocationRounds,
  staffRunAllocationDraw,
  submitAllocationRequests,
  withdrawAllocationRequests,
} from '@yado/contract/high-season.contract';
import type { MethodInput } from '@yado/contract/method';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { registeredUser } from '../../test-support/user-factory.js';
import { signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';
import { reservedByAllocationRound } from './high-season.service.js';
import { runDraw, type DrawInput } from './high-season.rules.js';
import { createdRound, highSeasonHouseGroup, ownerOf, roundInput } from './high-season.test-factory.js';

let t: TestApi;
let staffToken: string;
let year: number;

beforeAll(async () => {
  // Tests move the clock minutes past windows; tokens live the hour.
  t = await createTestApi({ ID_TOKEN_TTL_SECONDS: '3600' });
  staffToken = (await signInStaff(t)).idToken;
  year = Number(todayIn('Asia/Tokyo', t.clock.now()).slice(0, 4)) + 1;
});

const d = (md: string) => `${year}-${md}`;
const summer = (): [string, string][] => [
  [d('08-01'), d('08-08')],
  [d('08-08'), d('08-15')],
  [d('08-22'), d('08-29')],
];

/** A house group with three 1/12 owners and an open round offering three August weeks. */
async function openRound(o: { houses?: number; closesInMs?: number } = {}) {
  const g = await highSeasonHouseGroup(t, { year, houses: o.houses ?? 1 });
  const owners = [];
  for (let i = 0; i < 3; i++) owners.push(await ownerOf(t, staffToken, g.houseGroupId));
  const round = await createdRound(
    t,
    staffToken,
    roundInput(t, { houseGroupId: g.houseGroupId, slotYear: year, periods: summer(), closesInMs: o.closesInMs }),
  );
  return { g, owners, round, periodIds: round.periods.map((p) => p.periodId) };
}

describe('staff_create_allocation_round', () => {
  it('creates a round of HIGH periods, open during its window, in date order', async () => {
    const g = await highSeasonHouseGroup(t, { year });
    const input = roundInput(t, {
      houseGroupId: g.houseGroupId,
      slotYear: year,
      periods: [
        [d('08-15'), d('08-19')],
        [d('08-01'), d('08-08')],
      ],
      maxRequests: 3,
    });
    const res = await t.call(staffCreateAllocationRound, input, { token: staffToken });
    expect(res.status).toBe(200);
    expect(res.body.round).toMatchObject({
      houseGroupId: g.houseGroupId,
      slotYear: year,
      status: 'OPEN',
      maxRequests: 3,
      minAdults: 1,
      maxAdults: 4,
      requestCount: 0,
      drawnAt: null,
      periods: [
        {
          checkinDate: { year, month: 8, day: 1 },
          checkoutDate: { year, month: 8, day: 8 },
          nights: 7,
          allocatedCount: 0,
        },
        { checkinDate: { year, month: 8, day: 15 }, checkoutDate: { year, month: 8, day: 19 }, nights: 4 },
      ],
    });
    const audit = await t.pool.query(
      "SELECT action FROM audit_log WHERE entity = 'allocation_round' AND entity_id = $1",
      [res.body.round.roundId],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['allocation-round.create']);

    const list = await t.call(staffListAllocationRounds, { houseGroupId: g.houseGroupId }, { token: staffToken });
    expect(list.body.rounds.map((r) => r.roundId)).toEqual([res.body.round.roundId]);
  });

  it('refuses periods that are not all HIGH dates on sale, overlap, start too early or leave the slot year', async () => {
    const g = await highSeasonHouseGroup(t, { year });
    const refuse = async (periods: [string, string][], field: string) => {
      const res = await t.call(
        staffCreateAllocationRound,
        roundInput(t, { houseGroupId: g.houseGroupId, slotYear: year, periods }),
        { token: staffToken },
      );
      expect(res.status).toBe(400);
      expect(res.error.errorInfo.reason).toBe('CodeInvalidArgument');
      expect(res.error.errorInfo.fields?.map((f) => f.field)).toContain(field);
      return res.error.errorInfo.fields!;
    };
    // 31 August is HIGH but 1 September is STANDARD.
    const fields = await refuse([[d('08-28'), d('09-02')]], 'periods.0');
    expect(fields[0]!.description).toContain(`${year}-09-01`);
    // The 20th is closed.
    await refuse([[d('08-18'), d('08-22')]], 'periods.0');
    await refuse(
      [
        [d('08-01'), d('08-08')],
        [d('08-07'), d('08-10')],
      ],
      'periods.1',
    );
    await refuse([[d('08-05'), d('08-05')]], 'periods.0');
    // 31 September is no day at all.
    await refuse([[d('09-30'), d('09-31')]], 'periods.0.checkoutDate');
    await refuse([[`${year + 1}-08-01`, `${year + 1}-08-03`]], 'periods.0');
    const late = await t.call(
      staffCreateAllocationRound,
      {
        ...roundInput(t, { houseGroupId: g.houseGroupId, slotYear: year, periods: [[d('08-01'), d('08-08')]] }),
        closesAt: dateTimeFromDate(new Date(`${year}-08-05T00:00:00Z`)),
      },
      { token: staffToken },
    );
    expect(late.error.errorInfo.fields?.[0]?.field).toBe('periods.0');
    const backwards = await t.call(
      staffCreateAllocationRound,
      {
        ...roundInput(t, { houseGroupId: g.houseGroupId, slotYear: year, periods: [[d('08-01'), d('08-08')]] }),
        closesAt: dateTimeFromDate(new Date(t.clock.now().getTime() - 3_600_000)),
      },
      { token: staffToken },
    );
    expect(backwards.error.errorInfo).toMatchObject({ reason: 'CodeInvalidArgument', fields: [{ field: 'closesAt' }] });
    const unknown = await t.call(
      staffCreateAllocationRound,
      roundInput(t, { houseGroupId: 'hg-none', slotYear: year, periods: [[d('08-01'), d('08-08')]] }),
      { token: staffToken },
    );
    expect(unknown.status).toBe(404);
  });

  it('refuses dates another round not drawn yet offers, and reserves them from own-use holds until its draw', async () => {
    const g = await highSeasonHouseGroup(t, { year });
    const round = await createdRound(
      t,
      staffToken,
      roundInput(t, { houseGroupId: g.houseGroupId, slotYear: year, periods: [[d('08-01'), d('08-08')]] }),
    );
    const again = await t.call(
      staffCreateAllocationRound,
      roundInput(t, { houseGroupId: g.houseGroupId, slotYear: year, periods: [[d('08-07'), d('08-10')]] }),
      { token: staffToken },
    );
    expect(again.status).toBe(409);
    expect(again.error.errorInfo.reason).toBe('CodeAllocationPeriodOverlaps');

    expect(await reservedByAllocationRound(t.pool, g.houseGroupId, d('08-07'), d('08-09'))).toEqual({
      roundId: round.roundId,
    });
    expect(await reservedByAllocationRound(t.pool, g.houseGroupId, d('08-08'), d('08-10'))).toBeNull();
    expect(await reservedByAllocationRound(t.pool, g.houseGroupId, d('07-25'), d('08-01'))).toBeNull();
    // Another house group's dates are its own.
    const other = await highSeasonHouseGroup(t, { year });
    expect(await reservedByAllocationRound(t.pool, other.houseGroupId, d('08-01'), d('08-08'))).toBeNull();
  });

  it('is staff work: guests and owners get 403', async () => {
    const g = await highSeasonHouseGroup(t, { year });
    const owner = await ownerOf(t, staffToken, g.houseGroupId);
    const guest = await registeredUser(t);
    const input = roundInput(t, { houseGroupId: g.houseGroupId, slotYear: year, periods: [[d('08-01'), d('08-08')]] });
    for (const token of [owner.token, guest.token]) {
      const res = await t.call(staffCreateAllocationRound, input, { token });
      expect(res.status).toBe(403);
      expect((await t.call(staffListAllocationRounds, {}, { token })).status).toBe(403);
      expect((await t.call(staffRunAllocationDraw, { roundId: 'x' }, { token })).status).toBe(403);
    }
  });
});

describe("owners' requests", () => {
  it('lists the rounds of the house groups an owner holds, with their shares and high slots; others see none', async () => {
    const { g, owners, round } = await openRound();
    const res = await t.call(listOpenAllocationRounds, {}, { token: owners[0]!.token });
    expect(res.status).toBe(200);
    const mine = res.body.rounds.filter((r) => r.houseGroupId === g.houseGroupId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      roundId: round.roundId,
      status: 'OPEN',
      shares: [{ shareId: owners[0]!.shareId, highSlotsRemaining: 12, request: null, allocations: [] }],
    });
    const stranger = await ownerOf(t, staffToken, (await highSeasonHouseGroup(t, { year })).houseGroupId);
    const theirs = await t.call(listOpenAllocationRounds, {}, { token: stranger.token });
    expect(theirs.body.rounds.some((r) => r.roundId === round.roundId)).toBe(false);
    const guest = await registeredUser(t);
    const refused = await t.call(listOpenAllocationRounds, {}, { token: guest.token });
    expect(refused.status).toBe(403);
    expect(refused.error.errorInfo.reason).toBe('CodeOwnerOnly');
  });

  it('takes a ranked list, replaces it with the next, and lets it be withdrawn while the window is open', async () => {
    const { owners, round, periodIds } = await openRound();
    const owner = owners[0]!;
    const first = await t.call(
      submitAllocationRequests,
      { roundId: round.roundId, shareId: owner.shareId, periodIds: [periodIds[1]!, periodIds[0]!], adults: 2 },
      { token: owner.token },
    );
    expect(first.status).toBe(200);
    expect(first.body.request).toMatchObject({ periodIds: [periodIds[1], periodIds[0]], wantedPeriods: 1, adults: 2 });
    const second = await t.call(
      submitAllocationRequests,
      { roundId: round.roundId, shareId: owner.shareId, periodIds: [periodIds[2]!], adults: 3 },
      { token: owner.token },
    );
    expect(second.status).toBe(200);
    const seen = await t.call(getAllocationRound, { roundId: round.roundId }, { token: owner.token });
    expect(seen.body.round.requestCount).toBe(1);
    expect(seen.body.shares[0]!.request).toMatchObject({ periodIds: [periodIds[2]], adults: 3, drawPosition: null });
    expect(seen.body.requests).toEqual([]);
    expect(seen.body.draw).toBeNull();

    const withdrawn = await t.call(
      withdrawAllocationRequests,
      { roundId: round.roundId, shareId: owner.shareId },
      { token: owner.token },
    );
    expect(withdrawn.body).toEqual({ withdrawn: true });
    const twice = await t.call(
      withdrawAllocationRequests,
      { roundId: round.roundId, shareId: owner.shareId },
      { token: owner.token },
    );
    expect(twice.body).toEqual({ withdrawn: false });
    expect(
      (await t.call(getAllocationRound, { roundId: round.roundId }, { token: owner.token })).body.shares[0]!.request,
    ).toBeNull();
  });

  it('refuses lists that break the rules, each with its reason', async () => {
    const { g, owners, round, periodIds } = await openRound();
    const owner = owners[0]!;
    const submit = (over: Partial<MethodInput<typeof submitAllocationRequests>>, token = owner.token) =>
      t.call(
        submitAllocationRequests,
        { roundId: round.roundId, shareId: owner.shareId, periodIds: [periodIds[0]!], adults: 2, ...over },
        { token },
      );
    const expectRefused = async (res: Awaited<ReturnType<typeof submit>>, status: number, reason: string) => {
      expect(res.status).toBe(status);
      expect(res.error.errorInfo.reason).toBe(reason);
    };
    await expectRefused(await submit({ periodIds: [periodIds[0]!, periodIds[0]!] }), 400, 'CodeInvalidArgument');
    await expectRefused(await submit({ periodIds: ['period-none'] }), 400, 'CodeInvalidArgument');
    await expectRefused(await submit({ wantedPeriods: 2 }), 400, 'CodeInvalidArgument');
    await expectRefused(await submit({ adults: 40 }), 400, 'CodeInvalidArgument');
    // Another owner's share of the same house group.
    await expectRefused(await submit({ shareId: owners[1]!.shareId }), 404, 'CodeShareNotFound');
    // An owner of another house group does not see the round at all.
    const stranger = await ownerOf(t, staffToken, (await highSeasonHouseGroup(t, { year })).houseGroupId);
    await expectRefused(
      await submit({ shareId: stranger.shareId }, stranger.token),
      404,
      'CodeAllocationRoundNotFound',
    );
    await expectRefused(await submit({ roundId: 'round-none' }), 404, 'CodeAllocationRoundNotFound');
    const guest = await registeredUser(t);
    await expectRefused(await submit({}, guest.token), 403, 'CodeOwnerOnly');

    // More than the round allows.
    const small = await createdRound(
      t,
      staffToken,
      roundInput(t, {
        houseGroupId: g.houseGroupId,
        slotYear: year,
        periods: [
          [d('08-15'), d('08-17')],
          [d('08-17'), d('08-19')],
        ],
        maxRequests: 1,
      }),
    );
    await expectRefused(
      await submit({ roundId: small.roundId, periodIds: small.periods.map((p) => p.periodId) }),
      400,
      'CodeInvalidArgument',
    );
  });

  it('refuses a period longer than the high slots left, and lists outside the window', async () => {
    const g = await highSeasonHouseGroup(t, { year });
    const owner = await ownerOf(t, staffToken, g.houseGroupId);
    const round = await createdRound(
      t,
      staffToken,
      roundInput(t, {
        houseGroupId: g.houseGroupId,
        slotYear: year,
        periods: [
          [d('08-01'), d('08-14')],
          [d('08-21'), d('08-28')],
        ],
      }),
    );
    const [long, week] = round.periods.map((p) => p.periodId);
    const res = await t.call(
      submitAllocationRequests,
      { roundId: round.roundId, shareId: owner.shareId, periodIds: [week!, long!], adults: 2 },
      { token: owner.token },
    );
    expect(res.status).toBe(409);
    expect(res.error.errorInfo).toMatchObject({
      reason: 'CodeInsufficientSlots',
      fields: [{ field: 'slotHigh', description: `${year} balance 12, needed 13` }],
    });

    const later = await createdRound(t, staffToken, {
      ...roundInput(t, { houseGroupId: g.houseGroupId, slotYear: year, periods: [[d('08-29'), d('08-31')]] }),
      opensAt: dateTimeFromDate(new Date(t.clock.now().getTime() + 3_600_000)),
      closesAt: dateTimeFromDate(new Date(t.clock.now().getTime() + 7_200_000)),
    });
    expect(later.status).toBe('SCHEDULED');
    const early = await t.call(
      submitAllocationRequests,
      { roundId: later.roundId, shareId: owner.shareId, periodIds: [later.periods[0]!.periodId], adults: 2 },
      { token: owner.token },
    );
    expect(early.status).toBe(409);
    expect(early.error.errorInfo.reason).toBe('CodeAllocationWindowClosed');
    const early2 = await t.call(
      withdrawAllocationRequests,
      { roundId: later.roundId, shareId: owner.shareId },
      { token: owner.token },
    );
    expect(early2.error.errorInfo.reason).toBe('CodeAllocationWindowClosed');
  });
});

describe('get_allocation_round', () => {
  it('shows staff every request with its holder; refuses owners of other house groups and guests', async () => {
    const { owners, round, periodIds } = await openRound();
    for (const o of owners.slice(0, 2)) {
      await t.call(
        submitAllocationRequests,
        { roundId: round.roundId, shareId: o.shareId, periodIds: [periodIds[0]!], adults: 2 },
        { token: o.token },
      );
    }
    const staff = await t.call(getAllocationRound, { roundId: round.roundId }, { token: staffToken });
    expect(staff.status).toBe(200);
    expect(staff.body.requests.map((r) => r.shareId).sort()).toEqual(
      owners
        .slice(0, 2)
        .map((o) => o.shareId)
        .sort(),
    );
    expect(staff.body.requests[0]).toMatchObject({ fraction: { numerator: 1, denominator: 12 }, adults: 2 });
    expect(staff.body.requests[0]!.userNumber).not.toBe('');
    expect(staff.body.requests[0]!.romanizedHolderName).not.toBe('');
    expect(staff.body.shares).toEqual([]);

    const stranger = await ownerOf(t, staffToken, (await highSeasonHouseGroup(t, { year })).houseGroupId);
    const hidden = await t.call(getAllocationRound, { roundId: round.roundId }, { token: stranger.token });
    expect(hidden.status).toBe(404);
    expect(hidden.error.errorInfo.reason).toBe('CodeAllocationRoundNotFound');
    const guest = await registeredUser(t);
    const refused = await t.call(getAllocationRound, { roundId: round.roundId }, { token: guest.token });
    expect(refused.status).toBe(404);
    expect(refused.error.errorInfo.reason).toBe('CodeAllocationRoundNotFound');
    expect((await t.call(getAllocationRound, { roundId: 'round-none' }, { token: staffToken })).status).toBe(404);
  });
});

describe('staff_run_allocation_draw', () => {
  it('waits for the window to close, then draws once, records everything and lifts the reservation', async () => {
    const { g, owners, round, periodIds } = await openRound({ houses: 1 });
    // Everyone wants the first week most; owner 2 also ranks the third.
    const lists = [[periodIds[0]!], [periodIds[0]!, periodIds[1]!], [periodIds[0]!, periodIds[2]!]];
    for (const [i, o] of owners.entries()) {
      const res = await t.call(
        submitAllocationRequests,
        { roundId: round.roundId, shareId: o.shareId, periodIds: lists[i]!, adults: 2 },
        { token: o.token },
      );
      expect(res.status).toBe(200);
    }
    const early = await t.call(staffRunAllocationDraw, { roundId: round.roundId }, { token: staffToken });
    expect(early.status).toBe(409);
    expect(early.error.errorInfo.reason).toBe('CodeAllocationWindowNotClosed');

    t.clock.advance(180_000);
    const late = await t.call(
      submitAllocationRequests,
      { roundId: round.roundId, shareId: owners[0]!.shareId, periodIds: [periodIds[1]!], adults: 2 },
      { token: owners[0]!.token },
    );
    expect(late.error.errorInfo.reason).toBe('CodeAllocationWindowClosed');
    expect(
      (await t.call(getAllocationRound, { roundId: round.roundId }, { token: staffToken })).body.round.status,
    ).toBe('CLOSED');
    expect(await reservedByAllocationRound(t.pool, g.houseGroupId, d('08-01'), d('08-02'))).not.toBeNull();

    const res = await t.call(
      staffRunAllocationDraw,
      { roundId: round.roundId, seed: 'summer-test-1' },
      { token: staffToken },
    );
    expect(res.status).toBe(200);
    expect(res.body.round.status).toBe('DRAWN');
    expect(res.body.draw).toMatchObject({ seed: 'summer-test-1', algorithmVersion: 'weighted-snake-v1' });
    expect(res.body.draw.order).toHaveLength(3);
    // One house: the first week goes to whoever comes first; the other two take their second choice.
    const first = res.body.draw.order[0]!.shareId;
    const byShare = new Map(res.body.allocations.map((a) => [a.shareId, a.periodId]));
    expect(byShare.get(first)).toBe(periodIds[0]);
    expect(res.body.allocations.filter((a) => a.periodId === periodIds[0])).toHaveLength(1);
    if (first !== owners[1]!.shareId) expect(byShare.get(owners[1]!.shareId)).toBe(periodIds[1]);
    if (first !== owners[2]!.shareId) expect(byShare.get(owners[2]!.shareId)).toBe(periodIds[2]);
    if (first !== owners[0]!.shareId) {
      expect(byShare.has(owners[0]!.shareId)).toBe(false);
      expect(res.body.draw.steps.find((s) => s.shareId === owners[0]!.shareId)).toMatchObject({
        outcome: 'NOTHING_LEFT',
        passedOver: [{ periodId: periodIds[0], reason: 'FULL' }],
      });
    }

    // The record runs again: the recorded input and seed give the recorded steps.
    const snapshot = res.body.draw.inputSnapshot as unknown as DrawInput;
    const replay = runDraw(res.body.draw.seed, { periods: snapshot.periods, participants: snapshot.participants });
    expect(replay.steps).toEqual(res.body.draw.steps);
    expect(replay.order.map((o) => o.shareId)).toEqual(res.body.draw.order.map((o) => o.shareId));
    expect(snapshot.periods.map((p) => p.capacity)).toEqual([1, 1, 1]);
    expect(snapshot.participants.every((p) => p.highSlots === 12 && p.priorHighNights === 0)).toBe(true);

    // A second call returns the recorded draw; a new seed changes nothing.
    const again = await t.call(
      staffRunAllocationDraw,
      { roundId: round.roundId, seed: 'other' },
      { token: staffToken },
    );
    expect(again.status).toBe(200);
    expect(again.body.draw).toEqual(res.body.draw);
    expect(again.body.allocations.map((a) => a.allocationId)).toEqual(res.body.allocations.map((a) => a.allocationId));

    expect(await reservedByAllocationRound(t.pool, g.houseGroupId, d('08-01'), d('08-02'))).toBeNull();
    const owner = await t.call(getAllocationRound, { roundId: round.roundId }, { token: owners[1]!.token });
    expect(owner.body.shares[0]!.request!.drawPosition).toBe(
      res.body.draw.order.find((o) => o.shareId === owners[1]!.shareId)!.position,
    );
    expect(owner.body.allocations.every((a) => a.shareId === owners[1]!.shareId)).toBe(true);
    // Not none: the owner sees their own allocations, as the draw recorded them.
    expect(owner.body.allocations).toEqual(res.body.allocations.filter((a) => a.shareId === owners[1]!.shareId));
    expect(owner.body.allocations.length).toBeGreaterThan(0);
    expect(owner.body.draw).toBeNull();
    const audit = await t.pool.query(
      "SELECT action FROM audit_log WHERE entity = 'allocation_round' AND entity_id = $1 ORDER BY at",
      [round.roundId],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['allocation-round.create', 'allocation-round.draw']);
    // Once drawn, the dates may be offered again.
    expect(
      (
        await t.call(
          staffCreateAllocationRound,
          roundInput(t, { houseGroupId: g.houseGroupId, slotYear: year, periods: [[d('08-01'), d('08-08')]] }),
          { token: staffToken },
        )
      ).status,
    ).toBe(200);
  });

  it('gives a period only to as many owners as it has houses free, and records a draw with no requests', async () => {
    const { g, owners, round, periodIds } = await openRound({ houses: 2 });
    // A guest stay already holds one house for part of the second week.
    await t.pool.query(
      `INSERT INTO stays (id, house_id, house_group_id, checkin_date, checkout_date) VALUES ('stay-blocks', $1, $2, $3, $4)`,
      [g.houseIds[0], g.houseGroupId, d('08-10'), d('08-12')],
    );
    for (const o of owners) {
      await t.call(
        submitAllocationRequests,
        { roundId: round.roundId, shareId: o.shareId, periodIds: [periodIds[1]!], adults: 2 },
        { token: o.token },
      );
    }
    t.clock.advance(180_000);
    const res = await t.call(staffRunAllocationDraw, { roundId: round.roundId }, { token: staffToken });
    expect(res.status).toBe(200);
    expect(res.body.draw.seed).toMatch(/^[0-9a-f]{32}$/);
    expect((res.body.draw.inputSnapshot as unknown as DrawInput).periods.map((p) => p.capacity)).toEqual([2, 1, 2]);
    expect(res.body.allocations).toHaveLength(1);
    expect(res.body.allocations[0]!.shareId).toBe(res.body.draw.order[0]!.shareId);

    const empty = await createdRound(
      t,
      staffToken,
      roundInput(t, { houseGroupId: g.houseGroupId, slotYear: year, periods: [[d('08-29'), d('08-31')]] }),
    );
    t.clock.advance(180_000);
    const none = await t.call(staffRunAllocationDraw, { roundId: empty.roundId }, { token: staffToken });
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ allocations: [], draw: { order: [], steps: [] } });
    expect((await t.call(staffRunAllocationDraw, { roundId: 'round-none' }, { token: staffToken })).status).toBe(404);
  });
});
