import type { Db } from '../../platform/db/pool.js';

export type DaoSlotRow = {
  id: string;
  accountId: string;
  daysStandard: number;
  daysHigh: number;
  checkinDeadline: string;
  expiresAt: Date;
  bookingWindowDays: number;
  remainingStandard: number;
  remainingHigh: number;
};

const SELECT = `SELECT s.id, s.account_id, s.days_standard, s.days_high, s.checkin_deadline::text AS checkin_deadline,
    s.expires_at, s.booking_window_days,
    COALESCE(sum(l.days_standard), 0)::int AS remaining_standard, COALESCE(sum(l.days_high), 0)::int AS remaining_high
  FROM dao_accommodation_slots s LEFT JOIN dao_slot_ledger l ON l.slot_id = s.id`;

type Raw = {
  id: string;
  account_id: string;
  days_standard: number;
  days_high: number;
  checkin_deadline: string;
  expires_at: Date;
  booking_window_days: number;
  remaining_standard: number;
  remaining_high: number;
};

const rowOf = (r: Raw): DaoSlotRow => ({
  id: r.id,
  accountId: r.account_id,
  daysStandard: r.days_standard,
  daysHigh: r.days_high,
  checkinDeadline: r.checkin_deadline,
  expiresAt: r.expires_at,
  bookingWindowDays: r.booking_window_days,
  remainingStandard: r.remaining_standard,
  remainingHigh: r.remaining_high,
});

export async function listSlots(db: Db, accountId: string): Promise<DaoSlotRow[]> {
  const { rows } = await db.query<Raw>(
    `${SELECT} WHERE s.account_id = $1 GROUP BY s.id ORDER BY s.granted_at DESC, s.id`,
    [accountId],
  );
  return rows.map(rowOf);
}

export async function findSlot(db: Db, id: string): Promise<DaoSlotRow | null> {
  const { rows } = await db.query<Raw>(`${SELECT} WHERE s.id::text = $1 GROUP BY s.id`, [id]);
  return rows[0] ? rowOf(rows[0]) : null;
}

/** The slot and its GRANT entry. */
export async function insertSlot(
  db: Db,
  s: Omit<DaoSlotRow, 'remainingStandard' | 'remainingHigh'> & { grantedAt: Date; grantedBy: string },
): Promise<void> {
  await db.query(
    `INSERT INTO dao_accommodation_slots
       (id, account_id, days_standard, days_high, checkin_deadline, expires_at, booking_window_days, granted_at, granted_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      s.id,
      s.accountId,
      s.daysStandard,
      s.daysHigh,
      s.checkinDeadline,
      s.expiresAt,
      s.bookingWindowDays,
      s.grantedAt,
      s.grantedBy,
    ],
  );
  await appendDays(db, {
    slotId: s.id,
    daysStandard: s.daysStandard,
    daysHigh: s.daysHigh,
    kind: 'GRANT',
    reference: s.id,
    at: s.grantedAt,
  });
}

export type DayEntry = {
  slotId: string;
  daysStandard: number;
  daysHigh: number;
  kind: 'GRANT' | 'USE' | 'RETURN';
  reference: string;
  at: Date;
};

/** Once per (slot, kind, reference); the guard refuses going below zero (dao_slot_balance). */
export async function appendDays(db: Db, e: DayEntry): Promise<boolean> {
  const res = await db.query(
    `INSERT INTO dao_slot_ledger (slot_id, days_standard, days_high, kind, reference, logged_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (slot_id, kind, reference) DO NOTHING`,
    [e.slotId, e.daysStandard, e.daysHigh, e.kind, e.reference, e.at],
  );
  return (res.rowCount ?? 0) > 0;
}

/** The USE entries of cancelled bookings not given back yet, as their RETURN entries. */
export async function returnsOwed(db: Db, limit: number): Promise<Omit<DayEntry, 'at'>[]> {
  const { rows } = await db.query<{ slot_id: string; days_standard: number; days_high: number; reference: string }>(
    `SELECT u.slot_id, u.days_standard, u.days_high, u.reference
     FROM dao_slot_ledger u JOIN bookings b ON b.id = u.reference
     WHERE u.kind = 'USE' AND b.status = 'CANCELLED'
       AND NOT EXISTS (SELECT 1 FROM dao_slot_ledger r WHERE r.slot_id = u.slot_id AND r.kind = 'RETURN' AND r.reference = u.reference)
     ORDER BY u.id LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({
    slotId: r.slot_id,
    daysStandard: -r.days_standard,
    daysHigh: -r.days_high,
    kind: 'RETURN' as const,
    reference: r.reference,
  }));
}

/** The house groups that take DAO stays, by name in the language asked for. */
export async function daoHouseGroups(db: Db, language: 'en' | 'ja'): Promise<{ houseGroupId: string; name: string }[]> {
  const { rows } = await db.query<{ id: string; name: string }>(
    `SELECT id, CASE WHEN $1 = 'ja' THEN name_ja ELSE name_en END AS name FROM house_groups
     WHERE 'DAO_USE' = ANY(available_booking_types) ORDER BY name, id LIMIT 200`,
    [language],
  );
  return rows.map((r) => ({ houseGroupId: r.id, name: r.name }));
}
