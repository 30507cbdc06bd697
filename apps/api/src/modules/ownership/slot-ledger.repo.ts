import type { Db } from '../../platform/db/pool.js';
import type { SlotEntryKind, SlotTier } from './slot-ledger.rules.js';

export type SlotEntry = {
  shareId: string;
  slotYear: number;
  kind: SlotEntryKind;
  tier: SlotTier;
  nights: number;
  highSubstitute: boolean;
  bookingId: string | null;
  reference: string;
  actor: string;
  createdAt: Date;
};

type EntryRow = {
  share_id: string;
  slot_year: number;
  kind: SlotEntryKind;
  tier: SlotTier;
  nights: number;
  high_substitute: boolean;
  booking_id: string | null;
  reference: string;
  actor: string;
  created_at: Date;
};

const toEntry = (r: EntryRow): SlotEntry => ({
  shareId: r.share_id,
  slotYear: r.slot_year,
  kind: r.kind,
  tier: r.tier,
  nights: r.nights,
  highSubstitute: r.high_substitute,
  bookingId: r.booking_id,
  reference: r.reference,
  actor: r.actor,
  createdAt: r.created_at,
});

/**
 * Appends entries; an entry whose reference is already there is skipped (a retry adds nothing).
 * Returns how many were added. The table's trigger refuses one that would overdraw a balance.
 */
export async function appendEntries(db: Db, entries: readonly SlotEntry[]): Promise<number> {
  if (entries.length === 0) return 0;
  const r = await db.query(
    `INSERT INTO slot_ledger (share_id, slot_year, kind, tier, nights, high_substitute, booking_id, reference, actor, created_at)
     SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::int[], $6::boolean[], $7::text[], $8::text[], $9::text[], $10::timestamptz[])
     ON CONFLICT (reference) DO NOTHING`,
    [
      entries.map((e) => e.shareId),
      entries.map((e) => e.slotYear),
      entries.map((e) => e.kind),
      entries.map((e) => e.tier),
      entries.map((e) => e.nights),
      entries.map((e) => e.highSubstitute),
      entries.map((e) => e.bookingId),
      entries.map((e) => e.reference),
      entries.map((e) => e.actor),
      entries.map((e) => e.createdAt),
    ],
  );
  return r.rowCount ?? 0;
}

export type YearTotals = {
  shareId: string;
  slotYear: number;
  tier: SlotTier;
  granted: number;
  consumed: number;
  returned: number;
  expired: number;
  highSubstitute: number;
  balance: number;
};

type TotalsRow = {
  share_id: string;
  slot_year: number;
  tier: SlotTier;
  granted: string;
  consumed: string;
  returned: string;
  expired: string;
  high_substitute: string;
  balance: string;
};

/** Per share, slot year and tier: the sums of each kind of entry and the balance (their sum). */
export async function yearTotals(db: Db, shareIds: readonly string[], slotYear?: number): Promise<YearTotals[]> {
  const r = await db.query<TotalsRow>({
    // Named: every balance view asks it (the owner home on each visit), so each connection plans it once.
    name: 'slot_ledger_year_totals',
    text: `SELECT share_id, slot_year, tier,
            COALESCE(sum(nights) FILTER (WHERE kind = 'GRANT'), 0) AS granted,
            COALESCE(-sum(nights) FILTER (WHERE kind = 'CONSUME'), 0) AS consumed,
            COALESCE(sum(nights) FILTER (WHERE kind = 'RETURN'), 0) AS returned,
            COALESCE(-sum(nights) FILTER (WHERE kind = 'EXPIRE'), 0) AS expired,
            COALESCE(sum(-nights) FILTER (WHERE kind = 'CONSUME' AND high_substitute), 0)
              - COALESCE(sum(nights) FILTER (WHERE kind = 'RETURN' AND high_substitute), 0) AS high_substitute,
            sum(nights) AS balance
       FROM slot_ledger
      WHERE share_id = ANY($1::text[]) AND ($2::int IS NULL OR slot_year = $2)
      GROUP BY share_id, slot_year, tier
      ORDER BY share_id, slot_year, tier`,
    values: [shareIds, slotYear ?? null],
  });
  return r.rows.map((row) => ({
    shareId: row.share_id,
    slotYear: row.slot_year,
    tier: row.tier,
    granted: Number(row.granted),
    consumed: Number(row.consumed),
    returned: Number(row.returned),
    expired: Number(row.expired),
    highSubstitute: Number(row.high_substitute),
    balance: Number(row.balance),
  }));
}

/** A share's balance of one slot year per tier (the sum of its entries). */
export async function balanceOf(
  db: Db,
  shareId: string,
  slotYear: number,
): Promise<{ STANDARD: number; HIGH: number }> {
  const r = await db.query<{ tier: SlotTier; balance: string }>(
    `SELECT tier, sum(nights) AS balance FROM slot_ledger WHERE share_id = $1 AND slot_year = $2 GROUP BY tier`,
    [shareId, slotYear],
  );
  const out = { STANDARD: 0, HIGH: 0 };
  for (const row of r.rows) out[row.tier] = Number(row.balance);
  return out;
}

/**
 * An owner stay's read before its hold, in one query: the share's balance per tier of each of these
 * slot years and, when `reservation` is given, the first undrawn allocation round of the house group
 * with a period sharing a night with [checkin, checkout) (high-season.repo.ts
 * undrawnRoundOverlapping's rule; both tables are this module's).
 */
export async function balancesAndReservation(
  db: Db,
  shareId: string,
  slotYears: readonly number[],
  reservation: { houseGroupId: string; checkin: string; checkout: string } | null,
): Promise<{ balances: { slotYear: number; tier: SlotTier; balance: number }[]; roundId: string | null }> {
  const r = await db.query<{
    round_id: string | null;
    slot_year: number | null;
    tier: SlotTier | null;
    balance: string;
  }>({
    // Named: every owner hold and quote asks it, so each connection plans it once.
    name: 'slot_ledger_balances_and_reservation',
    text: `SELECT r.round_id, b.slot_year, b.tier, b.balance
           FROM (SELECT (SELECT p.round_id FROM allocation_periods p JOIN allocation_rounds ar ON ar.id = p.round_id
                          WHERE $3::text IS NOT NULL AND p.house_group_id = $3 AND ar.drawn_at IS NULL
                            AND p.checkin_date < $5::date AND p.checkout_date > $4::date
                          ORDER BY ar.created_at, ar.id LIMIT 1) AS round_id) r
           LEFT JOIN (SELECT slot_year, tier, sum(nights) AS balance FROM slot_ledger
                       WHERE share_id = $1 AND slot_year = ANY($2::int[]) GROUP BY slot_year, tier) b ON true`,
    values: [
      shareId,
      slotYears,
      reservation?.houseGroupId ?? null,
      reservation?.checkin ?? null,
      reservation?.checkout ?? null,
    ],
  });
  return {
    roundId: r.rows[0]?.round_id ?? null,
    balances: r.rows
      .filter((row) => row.slot_year !== null && row.tier !== null)
      .map((row) => ({ slotYear: row.slot_year!, tier: row.tier!, balance: Number(row.balance) })),
  };
}

/** Every entry of a booking, oldest first. */
export async function entriesOfBooking(db: Db, bookingId: string): Promise<SlotEntry[]> {
  const r = await db.query<EntryRow>('SELECT * FROM slot_ledger WHERE booking_id = $1 ORDER BY id', [bookingId]);
  return r.rows.map(toEntry);
}

/** Every entry of a share, oldest first (tests and the staff view read the history). */
export async function entriesOfShare(db: Db, shareId: string): Promise<SlotEntry[]> {
  const r = await db.query<EntryRow>('SELECT * FROM slot_ledger WHERE share_id = $1 ORDER BY id', [shareId]);
  return r.rows.map(toEntry);
}

/** How many EXPIRE entries a share's slot year and tier already has (the next one's reference counts on). */
export async function expiryCount(db: Db, shareId: string, slotYear: number, tier: SlotTier): Promise<number> {
  const r = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM slot_ledger WHERE share_id = $1 AND slot_year = $2 AND tier = $3 AND kind = 'EXPIRE'`,
    [shareId, slotYear, tier],
  );
  return Number(r.rows[0]?.n ?? 0);
}

/** Slot years before `beforeYear` with nights left, per share and tier (the expiry sweep's work). */
export async function positiveBalancesBefore(
  db: Db,
  shareId: string,
  beforeYear: number,
): Promise<{ slotYear: number; tier: SlotTier; balance: number }[]> {
  const r = await db.query<{ slot_year: number; tier: SlotTier; balance: string }>(
    `SELECT slot_year, tier, sum(nights) AS balance FROM slot_ledger
      WHERE share_id = $1 AND slot_year < $2 GROUP BY slot_year, tier HAVING sum(nights) > 0 ORDER BY slot_year, tier`,
    [shareId, beforeYear],
  );
  return r.rows.map((row) => ({ slotYear: row.slot_year, tier: row.tier, balance: Number(row.balance) }));
}
