import type { Db } from '../platform/db/pool.js';

export async function accountIdOfEmail(db: Db, email: string): Promise<string | null> {
  const r = await db.query<{ id: string }>('SELECT id::text FROM identity_accounts WHERE lower(email) = lower($1)', [
    email,
  ]);
  return r.rows[0]?.id ?? null;
}

export async function bookingCount(db: Db, accountId: string): Promise<number> {
  const r = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings WHERE account_id::text = $1', [
    accountId,
  ]);
  return r.rows[0]?.n ?? 0;
}

/** Past nights of a demo house group's calendar (the catalogue seed starts today), so a past stay can be booked as it was. */
export async function pricePastNights(db: Db, houseGroupId: string, from: string, to: string): Promise<void> {
  await db.query(
    `INSERT INTO house_group_days (house_group_id, date, price_type, closed, standard_price, high_price)
     SELECT hg.id, d::date, 'STANDARD', false, hg.standard_season_price, hg.standard_season_price * 2
     FROM house_groups hg, generate_series($2::date, $3::date, interval '1 day') AS d
     WHERE hg.id = $1
     ON CONFLICT DO NOTHING`,
    [houseGroupId, from, to],
  );
}

export async function checkinDateOf(db: Db, bookingId: string): Promise<string> {
  const r = await db.query<{ d: string }>(
    `SELECT to_char(checkin_date, 'YYYY-MM-DD') AS d FROM bookings WHERE id = $1`,
    [bookingId],
  );
  return r.rows[0]!.d;
}
