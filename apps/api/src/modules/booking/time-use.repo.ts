import type { Db } from '../../platform/db/pool.js';

/** An instant range a stay occupies its house. */
export type Occupation = { houseId: string; start: Date; end: Date };

/**
 * What occupies the houses between two instants: night stays and time stays alike (stays.occupied,
 * migration 0022), found through the exclusion constraints' GiST index on (house, occupied).
 */
export async function occupations(db: Db, houseIds: readonly string[], from: Date, to: Date): Promise<Occupation[]> {
  const r = await db.query<{ house_id: string; start: Date; end: Date }>(
    `SELECT house_id, lower(occupied) AS start, upper(occupied) AS end FROM stays
     WHERE house_id = ANY ($1::text[]) AND status = 'ACTIVE' AND occupied && tstzrange($2, $3, '[)')`,
    [houseIds, from, to],
  );
  return r.rows.map((x) => ({ houseId: x.house_id, start: x.start, end: x.end }));
}

export type TimeStayInsert = {
  id: string;
  houseId: string;
  houseGroupId: string;
  date: string;
  start: Date;
  end: Date;
  bookingId: string;
};

/**
 * Inserts the ACTIVE time stay; false when the exclusion constraints refuse it (another stay
 * occupies the house in those hours). Inside a savepoint unless it is the last house to try, so the
 * transaction stays usable for the next house.
 */
export async function tryInsertTimeStay(tx: Db, s: TimeStayInsert, retryable: boolean): Promise<boolean> {
  if (retryable) await tx.query('SAVEPOINT time_stay_attempt');
  try {
    await tx.query(
      `INSERT INTO stays (id, house_id, house_group_id, checkin_date, checkout_date, hours, status, booking_id)
       VALUES ($1, $2, $3, $4::date, $4::date, tstzrange($5, $6, '[)'), 'ACTIVE', $7)`,
      [s.id, s.houseId, s.houseGroupId, s.date, s.start, s.end, s.bookingId],
    );
    if (retryable) await tx.query('RELEASE SAVEPOINT time_stay_attempt');
    return true;
  } catch (err) {
    if ((err as { code?: string }).code !== '23P01') throw err;
    if (retryable) await tx.query('ROLLBACK TO SAVEPOINT time_stay_attempt');
    return false;
  }
}

/** A time use lodges nobody: the register the Hotel Business Act asks of a stay is complete with no one in it. */
export async function markRegisterNotNeeded(tx: Db, bookingId: string): Promise<void> {
  await tx.query('UPDATE bookings SET guest_register_complete = true WHERE id = $1', [bookingId]);
}
