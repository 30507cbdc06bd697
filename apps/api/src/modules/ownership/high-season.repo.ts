import type { IsoDate } from '@yado/contract/civil-date';
import type { Language } from '@yado/contract/headers';
import type { Db } from '../../platform/db/pool.js';

export type RoundRecord = {
  id: string;
  houseGroupId: string;
  houseGroupName: string;
  timezone: string;
  slotYear: number;
  opensAt: Date;
  closesAt: Date;
  maxRequests: number;
  minAdults: number;
  maxAdults: number;
  createdBy: string;
  createdAt: Date;
  drawnAt: Date | null;
  drawnBy: string | null;
  seed: string | null;
  algorithmVersion: string | null;
  inputSnapshot: Record<string, unknown> | null;
  drawOrder: unknown[] | null;
  drawSteps: unknown[] | null;
  requestCount: number;
};

export type PeriodRecord = {
  id: string;
  roundId: string;
  checkinDate: IsoDate;
  checkoutDate: IsoDate;
  allocatedCount: number;
};

export type RequestRecord = {
  roundId: string;
  shareId: string;
  periodIds: string[];
  wantedPeriods: number;
  adults: number;
  submittedAt: Date;
};

export type StaffRequestRecord = RequestRecord & {
  numerator: number;
  denominator: number;
  userNumber: string;
  holderName: string;
  romanizedHolderName: string;
};

export type AllocationRecord = {
  id: string;
  roundId: string;
  periodId: string;
  shareId: string;
  checkinDate: IsoDate;
  checkoutDate: IsoDate;
  nights: number;
  pass: number;
  turn: number;
  outcome: 'PENDING' | 'BOOKED' | 'FAILED';
  bookingId: string | null;
  bookingNumber: string | null;
  failureReason: string | null;
};

type RoundRow = {
  id: string;
  house_group_id: string;
  house_group_name: string;
  timezone: string;
  slot_year: number;
  opens_at: Date;
  closes_at: Date;
  max_requests: number;
  min_adult_capacity: number;
  max_capacity: number;
  created_by: string;
  created_at: Date;
  drawn_at: Date | null;
  drawn_by: string | null;
  seed: string | null;
  algorithm_version: string | null;
  input_snapshot: Record<string, unknown> | null;
  draw_order: unknown[] | null;
  draw_steps: unknown[] | null;
  request_count: number;
};

const toRound = (r: RoundRow): RoundRecord => ({
  id: r.id,
  houseGroupId: r.house_group_id,
  houseGroupName: r.house_group_name,
  timezone: r.timezone,
  slotYear: r.slot_year,
  opensAt: r.opens_at,
  closesAt: r.closes_at,
  maxRequests: r.max_requests,
  minAdults: r.min_adult_capacity,
  maxAdults: r.max_capacity,
  createdBy: r.created_by,
  createdAt: r.created_at,
  drawnAt: r.drawn_at,
  drawnBy: r.drawn_by,
  seed: r.seed,
  algorithmVersion: r.algorithm_version,
  inputSnapshot: r.input_snapshot,
  drawOrder: r.draw_order,
  drawSteps: r.draw_steps,
  requestCount: Number(r.request_count),
});

const ROUND_SELECT = `
  SELECT r.*, CASE WHEN $1 = 'ja' THEN hg.name_ja ELSE hg.name_en END AS house_group_name, hg.timezone,
         hg.min_adult_capacity, hg.max_capacity,
         (SELECT count(*) FROM allocation_requests q WHERE q.round_id = r.id)::int AS request_count
    FROM allocation_rounds r
    JOIN house_groups hg ON hg.id = r.house_group_id`;

/** The house group a round is for, with what the checks need (zone, capacity), or null. */
export async function houseGroupForRound(
  db: Db,
  houseGroupId: string,
): Promise<{ timezone: string; minAdults: number; maxCapacity: number } | null> {
  const r = await db.query<{ timezone: string; min_adult_capacity: number; max_capacity: number }>(
    'SELECT timezone, min_adult_capacity, max_capacity FROM house_groups WHERE id = $1',
    [houseGroupId],
  );
  const row = r.rows[0];
  return row ? { timezone: row.timezone, minAdults: row.min_adult_capacity, maxCapacity: row.max_capacity } : null;
}

/**
 * Serialises the creation of rounds of one house group, so two rounds never offer the same nights.
 * FOR NO KEY UPDATE leaves rows that only refer to the group (stays, bookings) free meanwhile.
 */
export async function lockHouseGroup(db: Db, houseGroupId: string): Promise<void> {
  await db.query('SELECT 1 FROM house_groups WHERE id = $1 FOR NO KEY UPDATE', [houseGroupId]);
}

/** The HIGH dates on sale (not closed) of a house group between two dates, [from, to). */
export async function highDatesOnSale(db: Db, houseGroupId: string, from: IsoDate, to: IsoDate): Promise<Set<IsoDate>> {
  const r = await db.query<{ d: string }>(
    `SELECT date::text AS d FROM house_group_days
      WHERE house_group_id = $1 AND date >= $2 AND date < $3 AND price_type = 'HIGH' AND NOT closed`,
    [houseGroupId, from, to],
  );
  return new Set(r.rows.map((x) => x.d));
}

/** The first round not drawn yet of a house group with a period sharing a night with [checkin, checkout). */
export async function undrawnRoundOverlapping(
  db: Db,
  houseGroupId: string,
  checkin: IsoDate,
  checkout: IsoDate,
): Promise<string | null> {
  const r = await db.query<{ round_id: string }>(
    `SELECT p.round_id FROM allocation_periods p JOIN allocation_rounds r ON r.id = p.round_id
      WHERE p.house_group_id = $1 AND r.drawn_at IS NULL AND p.checkin_date < $3 AND p.checkout_date > $2
      ORDER BY r.created_at, r.id LIMIT 1`,
    [houseGroupId, checkin, checkout],
  );
  return r.rows[0]?.round_id ?? null;
}

export async function insertRound(
  db: Db,
  r: {
    id: string;
    houseGroupId: string;
    slotYear: number;
    opensAt: Date;
    closesAt: Date;
    maxRequests: number;
    createdBy: string;
    createdAt: Date;
  },
  periods: readonly { id: string; checkinDate: IsoDate; checkoutDate: IsoDate }[],
): Promise<void> {
  await db.query(
    `INSERT INTO allocation_rounds (id, house_group_id, slot_year, opens_at, closes_at, max_requests, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [r.id, r.houseGroupId, r.slotYear, r.opensAt, r.closesAt, r.maxRequests, r.createdBy, r.createdAt],
  );
  await db.query(
    `INSERT INTO allocation_periods (id, round_id, house_group_id, checkin_date, checkout_date)
     SELECT unnest($1::text[]), $2, $3, unnest($4::date[]), unnest($5::date[])`,
    [
      periods.map((p) => p.id),
      r.id,
      r.houseGroupId,
      periods.map((p) => p.checkinDate),
      periods.map((p) => p.checkoutDate),
    ],
  );
}

export async function findRound(db: Db, roundId: string, language: Language): Promise<RoundRecord | null> {
  const r = await db.query<RoundRow>(`${ROUND_SELECT} WHERE r.id = $2`, [language, roundId]);
  return r.rows[0] ? toRound(r.rows[0]) : null;
}

/** Locks a round's row: submissions, withdrawals and the draw of one round take turns here. */
export async function lockRound(db: Db, roundId: string): Promise<{ drawnAt: Date | null } | null> {
  const r = await db.query<{ drawn_at: Date | null }>(
    'SELECT drawn_at FROM allocation_rounds WHERE id = $1 FOR UPDATE',
    [roundId],
  );
  return r.rows[0] ? { drawnAt: r.rows[0].drawn_at } : null;
}

/** Rounds, newest first, optionally of one house group. */
export async function listRounds(
  db: Db,
  filter: { houseGroupId?: string | undefined; limit: number },
  language: Language,
): Promise<RoundRecord[]> {
  const r = await db.query<RoundRow>(
    `${ROUND_SELECT} WHERE ($2::text IS NULL OR r.house_group_id = $2) ORDER BY r.created_at DESC, r.id DESC LIMIT $3`,
    [language, filter.houseGroupId ?? null, filter.limit],
  );
  return r.rows.map(toRound);
}

/** Rounds of some house groups for a slot year or later, soonest window first. */
export async function roundsOfHouseGroups(
  db: Db,
  houseGroupIds: readonly string[],
  fromSlotYear: number,
  language: Language,
): Promise<RoundRecord[]> {
  const r = await db.query<RoundRow>(
    `${ROUND_SELECT} WHERE r.house_group_id = ANY($2::text[]) AND r.slot_year >= $3
      ORDER BY r.closes_at, r.id LIMIT 200`,
    [language, houseGroupIds, fromSlotYear],
  );
  return r.rows.map(toRound);
}

/** The periods of some rounds, in date order, with how many allocations each has. */
export async function periodsOfRounds(db: Db, roundIds: readonly string[]): Promise<PeriodRecord[]> {
  const r = await db.query<{
    id: string;
    round_id: string;
    checkin_date: string;
    checkout_date: string;
    allocated_count: number;
  }>(
    `SELECT p.id, p.round_id, p.checkin_date::text AS checkin_date, p.checkout_date::text AS checkout_date,
            (SELECT count(*) FROM allocations a WHERE a.period_id = p.id AND a.outcome <> 'FAILED')::int AS allocated_count
       FROM allocation_periods p WHERE p.round_id = ANY($1::text[]) ORDER BY p.round_id, p.checkin_date`,
    [roundIds],
  );
  return r.rows.map((x) => ({
    id: x.id,
    roundId: x.round_id,
    checkinDate: x.checkin_date,
    checkoutDate: x.checkout_date,
    allocatedCount: Number(x.allocated_count),
  }));
}

type RequestRow = {
  round_id: string;
  share_id: string;
  period_ids: string[];
  wanted_periods: number;
  adults: number;
  submitted_at: Date;
};

const toRequest = (r: RequestRow): RequestRecord => ({
  roundId: r.round_id,
  shareId: r.share_id,
  periodIds: r.period_ids,
  wantedPeriods: r.wanted_periods,
  adults: r.adults,
  submittedAt: r.submitted_at,
});

/** Sets a share's ranked list in a round, replacing the one before. */
export async function upsertRequest(db: Db, q: RequestRecord): Promise<void> {
  await db.query(
    `INSERT INTO allocation_requests (round_id, share_id, period_ids, wanted_periods, adults, submitted_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (round_id, share_id) DO UPDATE
       SET period_ids = EXCLUDED.period_ids, wanted_periods = EXCLUDED.wanted_periods,
           adults = EXCLUDED.adults, submitted_at = EXCLUDED.submitted_at`,
    [q.roundId, q.shareId, q.periodIds, q.wantedPeriods, q.adults, q.submittedAt],
  );
}

export async function deleteRequest(db: Db, roundId: string, shareId: string): Promise<boolean> {
  const r = await db.query('DELETE FROM allocation_requests WHERE round_id = $1 AND share_id = $2', [roundId, shareId]);
  return (r.rowCount ?? 0) > 0;
}

/** The requests of some shares in some rounds. */
export async function requestsOfShares(
  db: Db,
  roundIds: readonly string[],
  shareIds: readonly string[],
): Promise<RequestRecord[]> {
  const r = await db.query<RequestRow>(
    'SELECT * FROM allocation_requests WHERE round_id = ANY($1::text[]) AND share_id = ANY($2::text[])',
    [roundIds, shareIds],
  );
  return r.rows.map(toRequest);
}

/** Every request of a round with its share's fraction, high slots per year and holder, in share order. */
export async function requestsOfRound(
  db: Db,
  roundId: string,
): Promise<(StaffRequestRecord & { highNightsPerYear: number })[]> {
  const r = await db.query<
    RequestRow & {
      numerator: number;
      denominator: number;
      high_nights: number;
      user_number: string;
      last_name: string;
      first_name: string;
      romanized_first_name: string;
      romanized_last_name: string;
    }
  >(
    `SELECT q.*, s.numerator, s.denominator, s.high_nights, u.user_number, u.last_name, u.first_name,
            u.romanized_first_name, u.romanized_last_name
       FROM allocation_requests q
       JOIN owner_shares s ON s.id = q.share_id
       JOIN users u ON u.id = s.user_id
      WHERE q.round_id = $1 ORDER BY q.share_id`,
    [roundId],
  );
  return r.rows.map((x) => ({
    ...toRequest(x),
    numerator: x.numerator,
    denominator: x.denominator,
    highNightsPerYear: x.high_nights,
    userNumber: x.user_number,
    holderName: `${x.last_name} ${x.first_name}`.trim(),
    romanizedHolderName: `${x.romanized_first_name} ${x.romanized_last_name}`.trim(),
  }));
}

/**
 * High-season nights each of some shares won (allocations booked) in the house group's rounds
 * drawn before a given round.
 */
export async function priorHighNights(
  db: Db,
  houseGroupId: string,
  roundId: string,
  shareIds: readonly string[],
): Promise<Map<string, number>> {
  const r = await db.query<{ share_id: string; nights: number }>(
    `SELECT a.share_id, sum(a.nights)::int AS nights
       FROM allocations a JOIN allocation_rounds r ON r.id = a.round_id
      WHERE r.house_group_id = $1 AND r.id <> $2 AND r.drawn_at IS NOT NULL
        AND a.outcome = 'BOOKED' AND a.share_id = ANY($3::text[])
      GROUP BY a.share_id`,
    [houseGroupId, roundId, shareIds],
  );
  return new Map(r.rows.map((x) => [x.share_id, Number(x.nights)]));
}

/** How many houses of the group have no active stay on any night of [checkin, checkout). */
export async function freeHouseCount(
  db: Db,
  houseGroupId: string,
  checkin: IsoDate,
  checkout: IsoDate,
): Promise<number> {
  const r = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM houses h
      WHERE h.house_group_id = $1
        AND NOT EXISTS (SELECT 1 FROM stays s WHERE s.house_id = h.id AND s.status = 'ACTIVE'
                          AND s.checkin_date < $3 AND s.checkout_date > $2)`,
    [houseGroupId, checkin, checkout],
  );
  return Number(r.rows[0]?.n ?? 0);
}

/** Writes the draw's record on the round and its allocations, PENDING until booked. */
export async function recordDraw(
  db: Db,
  d: {
    roundId: string;
    drawnAt: Date;
    drawnBy: string;
    seed: string;
    algorithmVersion: string;
    inputSnapshot: unknown;
    order: unknown;
    steps: unknown;
  },
  allocations: readonly { id: string; periodId: string; shareId: string; nights: number; pass: number; turn: number }[],
): Promise<void> {
  await db.query(
    `UPDATE allocation_rounds SET drawn_at = $2, drawn_by = $3, seed = $4, algorithm_version = $5,
            input_snapshot = $6, draw_order = $7, draw_steps = $8
      WHERE id = $1 AND drawn_at IS NULL`,
    [
      d.roundId,
      d.drawnAt,
      d.drawnBy,
      d.seed,
      d.algorithmVersion,
      JSON.stringify(d.inputSnapshot),
      JSON.stringify(d.order),
      JSON.stringify(d.steps),
    ],
  );
  if (allocations.length === 0) return;
  await db.query(
    `INSERT INTO allocations (id, round_id, period_id, share_id, nights, pass, turn)
     SELECT unnest($1::text[]), $2, unnest($3::text[]), unnest($4::text[]), unnest($5::int[]), unnest($6::int[]), unnest($7::int[])`,
    [
      allocations.map((a) => a.id),
      d.roundId,
      allocations.map((a) => a.periodId),
      allocations.map((a) => a.shareId),
      allocations.map((a) => a.nights),
      allocations.map((a) => a.pass),
      allocations.map((a) => a.turn),
    ],
  );
}

/** A round's allocations in turn order, optionally only of some shares. */
export async function allocationsOfRounds(
  db: Db,
  roundIds: readonly string[],
  shareIds?: readonly string[],
): Promise<AllocationRecord[]> {
  const r = await db.query<{
    id: string;
    round_id: string;
    period_id: string;
    share_id: string;
    checkin_date: string;
    checkout_date: string;
    nights: number;
    pass: number;
    turn: number;
    outcome: AllocationRecord['outcome'];
    booking_id: string | null;
    booking_number: string | null;
    failure_reason: string | null;
  }>(
    `SELECT a.*, p.checkin_date::text AS checkin_date, p.checkout_date::text AS checkout_date
       FROM allocations a JOIN allocation_periods p ON p.id = a.period_id
      WHERE a.round_id = ANY($1::text[]) AND ($2::text[] IS NULL OR a.share_id = ANY($2::text[]))
      ORDER BY a.round_id, a.turn`,
    [roundIds, shareIds ?? null],
  );
  return r.rows.map((x) => ({
    id: x.id,
    roundId: x.round_id,
    periodId: x.period_id,
    shareId: x.share_id,
    checkinDate: x.checkin_date,
    checkoutDate: x.checkout_date,
    nights: x.nights,
    pass: x.pass,
    turn: x.turn,
    outcome: x.outcome,
    bookingId: x.booking_id,
    bookingNumber: x.booking_number,
    failureReason: x.failure_reason,
  }));
}

/**
 * Claims a PENDING allocation for one booking attempt: while PENDING, `settled_at` holds when an
 * attempt last claimed it. Another attempt may claim it only once that claim is older than
 * `staleBefore` (a process that died mid-booking), so two draw calls never book one allocation at
 * once. Returns whether this caller holds the claim.
 */
export async function claimAllocation(db: Db, allocationId: string, now: Date, staleBefore: Date): Promise<boolean> {
  const r = await db.query(
    `UPDATE allocations SET settled_at = $2
      WHERE id = $1 AND outcome = 'PENDING' AND (settled_at IS NULL OR settled_at < $3)`,
    [allocationId, now, staleBefore],
  );
  return (r.rowCount ?? 0) > 0;
}

/** Gives up a claim at once (the attempt failed for a reason a retry may not meet). */
export async function releaseAllocation(db: Db, allocationId: string): Promise<void> {
  await db.query(`UPDATE allocations SET settled_at = NULL WHERE id = $1 AND outcome = 'PENDING'`, [allocationId]);
}

/** Records what became of an allocation's booking; only a PENDING allocation changes. */
export async function settleAllocation(
  db: Db,
  allocationId: string,
  s:
    | { outcome: 'BOOKED'; bookingId: string; bookingNumber: string; at: Date }
    | { outcome: 'FAILED'; failureReason: string; at: Date },
): Promise<void> {
  await db.query(
    `UPDATE allocations SET outcome = $2, booking_id = $3, booking_number = $4, failure_reason = $5, settled_at = $6
      WHERE id = $1 AND outcome = 'PENDING'`,
    [
      allocationId,
      s.outcome,
      s.outcome === 'BOOKED' ? s.bookingId : null,
      s.outcome === 'BOOKED' ? s.bookingNumber : null,
      s.outcome === 'FAILED' ? s.failureReason : null,
      s.at,
    ],
  );
}

/** The holder's user id of each of some shares, with its house group and high slots per year. */
export async function sharesByIds(
  db: Db,
  shareIds: readonly string[],
): Promise<{ id: string; userId: string; accountId: string; houseGroupId: string }[]> {
  const r = await db.query<{ id: string; user_id: string; account_id: string; house_group_id: string }>(
    `SELECT s.id, s.user_id, u.identity_id::text AS account_id, s.house_group_id
       FROM owner_shares s JOIN users u ON u.id = s.user_id WHERE s.id = ANY($1::text[])`,
    [shareIds],
  );
  return r.rows.map((x) => ({ id: x.id, userId: x.user_id, accountId: x.account_id, houseGroupId: x.house_group_id }));
}
