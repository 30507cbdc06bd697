import { addDays } from '@yado/contract/civil-date';
import { createOwnUseTentativeBooking } from '@yado/contract/booking.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { deadlocksAreFound } from '../../test-support/faked-clock.js';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { openToOwners, ownerOf } from '../ownership/high-season.test-factory.js';
import { signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';
import { bookableHouseGroup, ownerHoldLike, stayRequest } from './booking.test-factory.js';
import * as repo from './booking.repo.js';
import { holdOwnerStayInTurn } from './owner-hold-batch.service.js';

/*
 * Owner holds of one share sent together (decision 0057): hold_owner_stays writes each hold's stay
 * in a subtransaction of its own and all their slots last; a refusal of the ledger's guard undoes
 * the whole call. The batching service sends a share's holds as they come while fewer than two
 * calls are under way and the rest together, and each hold of a call that was undone alone.
 */

let t: TestApi;
let staffToken: string;

beforeAll(async () => {
  t = await createTestApi();
  staffToken = (await signInStaff(t)).idToken;
});

/** Offsets from today of `count` nights from `from` on, all in one calendar (slot) year. */
function nightsOfOneYear(today: string, from: number, count: number): number[] {
  let start = from;
  while (addDays(today, start).slice(0, 4) !== addDays(today, start + count).slice(0, 4)) start += count + 1;
  return Array.from({ length: count }, (_, i) => start + i);
}

/**
 * A house group of `houses` houses and an owner of 1/36 of it (6 standard and 4 high slots a
 * year) who has held one standard night through the API; holds built like that one's.
 */
async function ownerWithHolds(houses: number) {
  const g = await bookableHouseGroup(t, { bookingTypes: ['GUEST_USE', 'OWN_USE'], houses, days: 400 });
  await openToOwners(t, staffToken, g.houseGroupId);
  const o = await ownerOf(t, staffToken, g.houseGroupId, 1, 36);
  const days = nightsOfOneYear(g.today, 40, 14);
  const first = await t.call(createOwnUseTentativeBooking, stayRequest(g.houseGroupId, g.today, days[0]!, 1), {
    token: o.token,
  });
  expect(first.status).toBe(200);
  const template = (await repo.findBooking(t.pool, first.body.bookingId))!;
  const slotYear = Number(addDays(g.today, days[0]!).slice(0, 4));
  const fingerprint = (
    await t.pool.query<{ f: string }>('SELECT owner_hold_context_fingerprint($1, $2) AS f', [
      o.accountId,
      g.houseGroupId,
    ])
  ).rows[0]!.f;

  const hold = (
    fromToday: number,
    plan: { slotStandard?: number; slotHigh?: number; slotHighSubstitute?: number } = { slotStandard: 1 },
    o2: { bookingId?: string; contextFingerprint?: string | null } = {},
  ): repo.OwnerHoldArgs =>
    ownerHoldLike(template, {
      ...o,
      today: g.today,
      fromToday,
      houseIds: g.houseIds,
      slotYear,
      plan,
      now: t.clock.now(),
      ...(o2.bookingId ? { bookingId: o2.bookingId } : {}),
      contextFingerprint: o2.contextFingerprint === undefined ? fingerprint : o2.contextFingerprint,
      checkReservation: true,
    });
  const balance = async () => {
    const r = await t.pool.query<{ tier: string; n: number }>(
      `SELECT tier, sum(nights)::int AS n FROM slot_ledger WHERE share_id = $1 AND slot_year = $2 GROUP BY tier`,
      [o.shareId, slotYear],
    );
    return Object.fromEntries(r.rows.map((x) => [x.tier, x.n]));
  };
  const written = async (holds: readonly repo.OwnerHoldArgs[]) => {
    const ids = holds.map((h) => h.booking.id);
    const r = await t.pool.query<{ bookings: number; stays: number; entries: number }>(
      `SELECT (SELECT count(*) FROM bookings WHERE id = ANY($1))::int AS bookings,
              (SELECT count(*) FROM stays WHERE booking_id = ANY($1))::int AS stays,
              (SELECT count(*) FROM slot_ledger WHERE booking_id = ANY($1))::int AS entries`,
      [ids],
    );
    return r.rows[0]!;
  };
  return { g, o, days, hold, balance, written };
}

describe('hold_owner_stays together', () => {
  it('answers each hold in order: held, house taken, context changed, the slots of those held written', async () => {
    const s = await ownerWithHolds(1);
    const [, d1, d2, d3] = s.days;
    const holds = [
      s.hold(d1!),
      s.hold(d1!),
      s.hold(d2!, { slotStandard: 1 }, { contextFingerprint: 'an older context' }),
      s.hold(d3!),
    ];
    const outcomes = await repo.holdOwnerStays(t.pool, holds);
    expect(outcomes).not.toBe('send-each-alone');
    const [a, b, c, d] = outcomes as repo.OwnerHoldOutcome[];
    expect(a).toMatchObject({ houseId: s.g.houseIds[0], bookingNumber: expect.any(String) });
    expect(b).toBe('none-free');
    expect(c).toBe('context-changed');
    expect(d).toMatchObject({ houseId: s.g.houseIds[0], bookingNumber: expect.any(String) });
    expect(await s.written([holds[0]!, holds[3]!])).toEqual({ bookings: 2, stays: 2, entries: 2 });
    expect(await s.written([holds[1]!, holds[2]!])).toEqual({ bookings: 0, stays: 0, entries: 0 });
    // 6 standard slots: one taken by the first hold through the API, two now.
    expect(await s.balance()).toEqual({ STANDARD: 3, HIGH: 4 });
  });

  it('is undone whole when the guard refuses a slot', async () => {
    const s = await ownerWithHolds(3);
    const holds = s.days.slice(1, 8).map((d) => s.hold(d));
    expect(await repo.holdOwnerStays(t.pool, holds)).toBe('send-each-alone');
    expect(await s.written(holds)).toEqual({ bookings: 0, stays: 0, entries: 0 });
    expect(await s.balance()).toEqual({ STANDARD: 5, HIGH: 4 });
  });

  it('is undone whole when a planned high-substitute is not needed', async () => {
    const s = await ownerWithHolds(3);
    const [, d1, d2, d3] = s.days;
    const holds = [s.hold(d1!, { slotHigh: 1 }), s.hold(d2!, { slotHighSubstitute: 1 }), s.hold(d3!)];
    expect(await repo.holdOwnerStays(t.pool, holds)).toBe('send-each-alone');
    expect(await s.written(holds)).toEqual({ bookings: 0, stays: 0, entries: 0 });
    expect(await s.balance()).toEqual({ STANDARD: 5, HIGH: 4 });
  });
});

describe('holds of one share in turn', () => {
  it('sends the first two at once and the rest together in one transaction', async () => {
    const s = await ownerWithHolds(3);
    // Five standard nights and one high one.
    const withSlots = s.days.slice(1, 7).map((d, i) => s.hold(d, i < 5 ? { slotStandard: 1 } : { slotHigh: 1 }));
    const outcomes = await Promise.all(withSlots.map((h) => holdOwnerStayInTurn(t.pool, h)));
    expect(outcomes.every((x) => typeof x === 'object')).toBe(true);
    expect(await s.written(withSlots)).toEqual({ bookings: 6, stays: 6, entries: 6 });
    expect(await s.balance()).toEqual({ STANDARD: 0, HIGH: 3 });
    // Rows written by one transaction carry its id: two holds alone, the other four together.
    const xids = await t.pool.query<{ n: number }>(
      'SELECT count(DISTINCT xmin::text)::int AS n FROM slot_ledger WHERE booking_id = ANY($1)',
      [withSlots.map((h) => h.booking.id)],
    );
    expect(xids.rows[0]!.n).toBe(3);
  });

  it('sends each hold of a call the guard refused alone: the ones that fit are held, the others refused', async () => {
    const s = await ownerWithHolds(3);
    // 5 standard slots left; 2 holds go at once, the 5 after them together, which the guard refuses.
    const holds = s.days.slice(1, 8).map((d) => s.hold(d));
    const outcomes = await Promise.all(holds.map((h) => holdOwnerStayInTurn(t.pool, h)));
    expect(outcomes.filter((x) => typeof x === 'object')).toHaveLength(5);
    expect(outcomes.filter((x) => x === 'insufficient-slots')).toHaveLength(2);
    const heldOnes = holds.filter((_, i) => typeof outcomes[i] === 'object');
    expect(await s.written(heldOnes)).toEqual({ bookings: 5, stays: 5, entries: 5 });
    expect(await s.written(holds.filter((h) => !heldOnes.includes(h)))).toEqual({ bookings: 0, stays: 0, entries: 0 });
    expect(await s.balance()).toEqual({ STANDARD: 0, HIGH: 4 });
  });

  it('gives an error only to the hold that caused it, the others of its call held', async () => {
    const s = await ownerWithHolds(3);
    const taken = s.hold(s.days[1]!);
    expect(typeof (await repo.holdOwnerStay(t.pool, taken))).toBe('object');
    // The fifth reuses a booking id that exists: the call it goes in together fails as a whole.
    const holds = s.days
      .slice(2, 7)
      .map((d, i) => s.hold(d, { slotStandard: 1 }, i === 3 ? { bookingId: taken.booking.id } : {}));
    const settled = await Promise.allSettled(holds.map((h) => holdOwnerStayInTurn(t.pool, h)));
    expect(settled.map((x) => x.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((settled[3] as PromiseRejectedResult).reason).toMatchObject({ code: '23505' });
    const others = holds.filter((_, i) => i !== 3);
    expect(await s.written(others)).toEqual({ bookings: 4, stays: 4, entries: 4 });
    expect(await s.balance()).toEqual({ STANDARD: 0, HIGH: 4 });
  });

  // PostgreSQL must find the deadlock: on a clock libfaketime moved it does so only with the shim
  // scripts/test-api-at.sh preloads (scripts/faketime-epoll-shim.c says why).
  it.runIf(deadlocksAreFound)(
    'runs a hold alone again when a deadlock with another transaction aborted it',
    async () => {
      const s = await ownerWithHolds(1);
      const night = s.days[1]!;
      const hold = s.hold(night);
      const slotYear = Number(hold.booking.checkinDate.slice(0, 4));
      const other = await t.pool.connect();
      try {
        // Another transaction holds the share's standard balance of the year, as a writer of its slots would.
        await other.query('BEGIN');
        await other.query("SELECT pg_advisory_xact_lock(hashtext('slot_share:' || $1), hashtext($2 || ':STANDARD'))", [
          hold.owner.shareId,
          String(slotYear),
        ]);
        const held = holdOwnerStayInTurn(t.pool, hold);
        // The hold has taken its night's lock and waits for the balance.
        for (;;) {
          const waiting = await t.pool.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
          );
          if (waiting.rows[0]!.n > 0) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        // Now the other transaction wants that night: each waits for the other, and PostgreSQL aborts one.
        await other
          .query("SELECT pg_advisory_xact_lock(hashtext($1), ($2::date - DATE '2000-01-01'))", [
            s.g.houseIds[0],
            hold.booking.checkinDate,
          ])
          .catch((err: { code?: string }) => expect(err.code).toBe('40P01'));
        await other.query('ROLLBACK');
        expect(await held).toMatchObject({ houseId: s.g.houseIds[0], bookingNumber: expect.any(String) });
      } finally {
        other.release();
      }
      expect(await s.written([hold])).toEqual({ bookings: 1, stays: 1, entries: 1 });
    },
  );
});
