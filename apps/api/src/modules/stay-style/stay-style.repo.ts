import type { Db } from '../../platform/db/pool.js';

const L = (column: string) => `CASE WHEN $1 = 'ja' THEN ${column}_ja ELSE ${column}_en END`;

export type SuggestionRow = { stayStyleId: string; stayStyleName: string; mealIds: string[]; extraOptionIds: string[] };

export async function houseGroupExists(db: Db, houseGroupId: string): Promise<boolean> {
  const r = await db.query('SELECT 1 FROM house_groups WHERE id = $1', [houseGroupId]);
  return (r.rowCount ?? 0) > 0;
}

/** The group's stay styles in their order, each with its suggestions (empty without a row). */
export async function suggestionsOf(
  db: Db,
  language: string,
  houseGroupId: string,
  stayStyleId: string | null = null,
): Promise<SuggestionRow[]> {
  const r = await db.query<{ id: string; name: string; meal_ids: string[]; extra_option_ids: string[] }>(
    `SELECT s.id, ${L('s.name')} AS name, COALESCE(x.meal_ids, '{}') AS meal_ids,
       COALESCE(x.extra_option_ids, '{}') AS extra_option_ids
     FROM house_group_stay_styles g
     JOIN stay_styles s ON s.id = g.stay_style_id
     LEFT JOIN stay_style_suggestions x ON x.house_group_id = g.house_group_id AND x.stay_style_id = s.id
     WHERE g.house_group_id = $2 AND ($3::text IS NULL OR s.id = $3)
     ORDER BY s.sort_order, s.id`,
    [language, houseGroupId, stayStyleId],
  );
  return r.rows.map((x) => ({
    stayStyleId: x.id,
    stayStyleName: x.name,
    mealIds: x.meal_ids,
    extraOptionIds: x.extra_option_ids,
  }));
}

export async function offersStyle(db: Db, houseGroupId: string, stayStyleId: string): Promise<boolean> {
  const r = await db.query('SELECT 1 FROM house_group_stay_styles WHERE house_group_id = $1 AND stay_style_id = $2', [
    houseGroupId,
    stayStyleId,
  ]);
  return (r.rowCount ?? 0) > 0;
}

/** Which of `ids` are meals (or extra options) of the group. */
export async function itemsOfGroup(
  db: Db,
  table: 'meals' | 'extra_options',
  houseGroupId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  const r = await db.query<{ id: string }>(
    `SELECT id FROM ${table} WHERE house_group_id = $1 AND id = ANY($2::text[])`,
    [houseGroupId, ids],
  );
  return new Set(r.rows.map((x) => x.id));
}

export async function upsertSuggestion(
  tx: Db,
  s: { houseGroupId: string; stayStyleId: string; mealIds: string[]; extraOptionIds: string[] },
  actor: string,
  now: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO stay_style_suggestions (house_group_id, stay_style_id, meal_ids, extra_option_ids, updated_by, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (house_group_id, stay_style_id)
     DO UPDATE SET meal_ids = $3, extra_option_ids = $4, updated_by = $5, updated_at = $6`,
    [s.houseGroupId, s.stayStyleId, s.mealIds, s.extraOptionIds, actor, now],
  );
}

export async function setBookingStayStyle(tx: Db, bookingId: string, stayStyleId: string): Promise<void> {
  await tx.query('UPDATE bookings SET stay_style_id = $2 WHERE id = $1', [bookingId, stayStyleId]);
}

export async function bookingStayStyle(
  db: Db,
  language: string,
  bookingId: string,
): Promise<{ id: string; name: string } | null> {
  const r = await db.query<{ id: string; name: string }>(
    `SELECT s.id, ${L('s.name')} AS name FROM bookings b JOIN stay_styles s ON s.id = b.stay_style_id WHERE b.id = $2`,
    [language, bookingId],
  );
  return r.rows[0] ?? null;
}
