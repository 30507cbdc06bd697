import type { Language } from '@yado/contract/headers';
import type { Db } from '../../platform/db/pool.js';
import type { Occupation, SeasonDay } from './calendar.rules.js';
import type { IsoDate } from '@yado/contract/civil-date';

// Every query takes the caller's language as $1 and picks the matching column,
// so names and descriptions arrive already translated.
const L = (column: string) => `CASE WHEN $1 = 'ja' THEN ${column}_ja ELSE ${column}_en END`;

export type PlaceRow = {
  id: string;
  name: string;
  prefecture_name: string;
  city_name: string;
  phone_country_code: number;
  phone_national_number: string;
  description: string;
  vertical_image_url: string;
  horizontal_image_url: string;
};

const PLACE_SELECT = `
  SELECT p.id, ${L('p.name')} AS name, ${L('p.prefecture')} AS prefecture_name, ${L('p.city')} AS city_name,
         p.phone_country_code, p.phone_national_number, ${L('p.description')} AS description,
         p.vertical_image_url, p.horizontal_image_url
  FROM places p`;

export type PlaceCursor = { prefectureName: string; name: string; id: string };

/** Places of an audience in (prefecture, name, id) order, after the cursor. */
export async function listPlaces(
  db: Db,
  language: Language,
  audience: string,
  after: PlaceCursor | null,
  limit: number,
): Promise<PlaceRow[]> {
  const r = await db.query<PlaceRow>(
    `SELECT * FROM (${PLACE_SELECT} WHERE $2 = ANY (p.audiences)) x
     WHERE $3::text IS NULL OR (x.prefecture_name, x.name, x.id) > ($3, $4, $5)
     ORDER BY x.prefecture_name, x.name, x.id
     LIMIT $6`,
    [language, audience, after?.prefectureName ?? null, after?.name ?? null, after?.id ?? null, limit],
  );
  return r.rows;
}

export async function findPlace(db: Db, language: Language, id: string): Promise<PlaceRow | null> {
  const r = await db.query<PlaceRow>(`${PLACE_SELECT} WHERE p.id = $2`, [language, id]);
  return r.rows[0] ?? null;
}

export type HouseGroupRow = {
  id: string;
  place_id: string;
  place_name: string;
  prefecture_name: string;
  name: string;
  version: number;
  area: string;
  beds: number;
  bathrooms: number;
  possible_bed_sharing_capacity: number;
  vertical_image_url: string;
  horizontal_image_url: string;
  square_image_url: string;
  carousel_image_urls: string[];
  type: 'YADO' | 'EXCLUSIVE' | 'TEMAIRAZU_PARTNER' | 'EARTHBOAT' | 'MOBILITY';
  usage_label: 'ACCOMMODATION' | 'TIME';
  standard_season_price: number;
  base_capacity: number;
  max_capacity: number;
  min_adult_capacity: number;
  capacity_description: string;
  consent_form_url: string;
  is_pet_allowed: boolean;
  base_pet_capacity: number;
  max_pet_capacity: number;
  owner_time_use_price_per_hour: number;
  membership_time_use_price_per_hour: number;
  timezone: string;
  utc_offset: string;
  unlock_operation_type: 'SMARTHOME' | 'MANUAL' | 'TEMAIRAZU_PARTNER';
  meal_providable: boolean;
  available_booking_types: string[];
  concept_title: string;
  concept_description: string;
  country_code: string;
  postal_code: string;
  address: { state?: string; city?: string; street1?: string; street2?: string };
  latitude: string | null;
  longitude: string | null;
  external_url: string;
  checkin_time: string;
  checkout_time: string;
  service_charge_percentage: string;
  extra_charge_per_guest_per_night: number;
  cancellation_policy: { tiers: { fromDaysBefore: number; percent: number }[]; noShowPercent: number };
  accommodation_tax_bands: { minYen: number; maxYen: number | null; taxPerPersonNight: number }[];
  sort_order: number;
};

/** What a search result or a list entry shows of a house group (HouseGroupShort). */
export type HouseGroupShortRow = Pick<
  HouseGroupRow,
  | 'id'
  | 'place_id'
  | 'place_name'
  | 'prefecture_name'
  | 'name'
  | 'version'
  | 'area'
  | 'vertical_image_url'
  | 'horizontal_image_url'
  | 'square_image_url'
  | 'type'
  | 'usage_label'
  | 'meal_providable'
  | 'is_pet_allowed'
  | 'timezone'
  | 'base_capacity'
  | 'max_capacity'
  | 'standard_season_price'
>;

/** The full row of a house group, translated; shared with search so every form reads the same columns. */
export const HOUSE_GROUP_COLUMNS = `
  hg.id, hg.place_id, ${L('p.name')} AS place_name, ${L('p.prefecture')} AS prefecture_name,
  ${L('hg.name')} AS name, hg.version, ${L('hg.area')} AS area, hg.beds, hg.bathrooms,
  hg.possible_bed_sharing_capacity, hg.vertical_image_url, hg.horizontal_image_url, hg.square_image_url,
  hg.carousel_image_urls, hg.type, hg.usage_label, hg.standard_season_price, hg.base_capacity, hg.max_capacity,
  hg.min_adult_capacity, ${L('hg.capacity_description')} AS capacity_description, hg.consent_form_url,
  hg.is_pet_allowed, hg.base_pet_capacity, hg.max_pet_capacity, hg.owner_time_use_price_per_hour,
  hg.membership_time_use_price_per_hour, hg.timezone, hg.utc_offset, hg.unlock_operation_type,
  hg.meal_providable, hg.available_booking_types, ${L('hg.concept_title')} AS concept_title,
  ${L('hg.concept_description')} AS concept_description, hg.country_code, hg.postal_code,
  ${L('hg.address')} AS address, hg.latitude, hg.longitude, hg.external_url,
  to_char(hg.checkin_time, 'HH24:MI') AS checkin_time, to_char(hg.checkout_time, 'HH24:MI') AS checkout_time,
  hg.service_charge_percentage, hg.extra_charge_per_guest_per_night, hg.cancellation_policy,
  hg.accommodation_tax_bands, hg.sort_order`;

export async function findHouseGroup(db: Db, language: Language, id: string): Promise<HouseGroupRow | null> {
  const r = await db.query<HouseGroupRow>(
    `SELECT ${HOUSE_GROUP_COLUMNS} FROM house_groups hg JOIN places p ON p.id = hg.place_id WHERE hg.id = $2`,
    [language, id],
  );
  return r.rows[0] ?? null;
}

export type HouseGroupCursor = { sortOrder: number; id: string };

export async function listHouseGroupsOfPlace(
  db: Db,
  language: Language,
  placeId: string,
  after: HouseGroupCursor | null,
  limit: number,
): Promise<HouseGroupRow[]> {
  const r = await db.query<HouseGroupRow>(
    `SELECT ${HOUSE_GROUP_COLUMNS} FROM house_groups hg JOIN places p ON p.id = hg.place_id
     WHERE hg.place_id = $2 AND ($3::int IS NULL OR (hg.sort_order, hg.id) > ($3, $4))
     ORDER BY hg.sort_order, hg.id
     LIMIT $5`,
    [language, placeId, after?.sortOrder ?? null, after?.id ?? null, limit],
  );
  return r.rows;
}

export type HouseRow = { id: string; name: string; floor: number };

export async function listHouses(db: Db, language: Language, houseGroupId: string): Promise<HouseRow[]> {
  const r = await db.query<HouseRow>(
    `SELECT h.id, ${L('h.name')} AS name, h.floor FROM houses h WHERE h.house_group_id = $2 AND h.retired_at IS NULL ORDER BY h.floor, h.id`,
    [language, houseGroupId],
  );
  return r.rows;
}

export type CalendarData = {
  timezone: string;
  houseIds: string[];
  days: SeasonDay[];
  stays: Occupation[];
};

/**
 * Everything the availability calendar of [from, to) derives from, in one
 * round trip: the group's time zone, its houses, its season days and the
 * active stays touching the range (found through the per-house gist index).
 * Null for an unknown house group.
 */
export async function calendarData(
  db: Db,
  houseGroupId: string,
  from: IsoDate,
  to: IsoDate,
): Promise<CalendarData | null> {
  const r = await db.query<{
    timezone: string;
    house_ids: string[];
    days: [string, 'STANDARD' | 'HIGH', boolean][] | null;
    stays: [string, string, string][] | null;
  }>(
    `WITH hs AS (SELECT array_agg(id ORDER BY id) AS ids FROM houses WHERE house_group_id = $1 AND retired_at IS NULL)
     SELECT hg.timezone,
            coalesce(hs.ids, '{}') AS house_ids,
            (SELECT json_agg(json_build_array(d.date, d.price_type, d.closed) ORDER BY d.date)
               FROM house_group_days d
              WHERE d.house_group_id = $1 AND d.date >= $2::date AND d.date < $3::date) AS days,
            (SELECT json_agg(json_build_array(s.house_id, s.checkin_date, s.checkout_date))
               FROM stays s
              WHERE s.house_id = ANY (hs.ids) AND s.status = 'ACTIVE'
                AND s.nights && daterange($2::date, $3::date)) AS stays
     FROM house_groups hg CROSS JOIN hs
     WHERE hg.id = $1`,
    [houseGroupId, from, to],
  );
  const row = r.rows[0];
  if (!row) return null;
  return {
    timezone: row.timezone,
    houseIds: row.house_ids,
    days: (row.days ?? []).map(([date, priceType, closed]) => ({ date, priceType, closed })),
    stays: (row.stays ?? []).map(([houseId, checkin, checkout]) => ({ houseId, checkin, checkout })),
  };
}

export type SeasonDayRow = { date: string; price_type: 'STANDARD' | 'HIGH'; price: number; closed: boolean };

/** The season days of [from, to] inclusive, each with the price of its own price type. */
export async function seasonDays(db: Db, houseGroupId: string, from: IsoDate, to: IsoDate): Promise<SeasonDayRow[]> {
  const r = await db.query<SeasonDayRow>(
    `SELECT to_char(d.date, 'YYYY-MM-DD') AS date, d.price_type, d.closed,
            CASE WHEN d.price_type = 'HIGH' THEN d.high_price ELSE d.standard_price END AS price
     FROM house_group_days d
     WHERE d.house_group_id = $1 AND d.date BETWEEN $2::date AND $3::date
     ORDER BY d.date`,
    [houseGroupId, from, to],
  );
  return r.rows;
}

/** The database's current snapshot, as text (pg_snapshot): what any read after it sees at least. */
export async function currentSnapshot(db: Db): Promise<string> {
  const r = await db.query<{ s: string }>('SELECT pg_current_snapshot()::text AS s');
  return r.rows[0]!.s;
}

/** The houses a hold may take, in the order it tries them: every house not retired, by floor and id. */
export async function bookableHouseIds(db: Db, houseGroupId: string): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    'SELECT id FROM houses WHERE house_group_id = $1 AND retired_at IS NULL ORDER BY floor, id',
    [houseGroupId],
  );
  return r.rows.map((x) => x.id);
}

export type SeasonDayFromRow = { offset_days: number; price_type: 'STANDARD' | 'HIGH'; price: number; closed: boolean };

/** Every season day from `from` on, as days after `from`, each with the price of its own price type. */
export async function seasonDaysFrom(db: Db, houseGroupId: string, from: IsoDate): Promise<SeasonDayFromRow[]> {
  const r = await db.query<SeasonDayFromRow>(
    `SELECT d.date - $2::date AS offset_days, d.price_type, d.closed,
            CASE WHEN d.price_type = 'HIGH' THEN d.high_price ELSE d.standard_price END AS price
     FROM house_group_days d
     WHERE d.house_group_id = $1 AND d.date >= $2::date
     ORDER BY d.date`,
    [houseGroupId, from],
  );
  return r.rows;
}

export async function houseGroupExists(db: Db, id: string): Promise<boolean> {
  const r = await db.query('SELECT 1 FROM house_groups WHERE id = $1', [id]);
  return (r.rowCount ?? 0) > 0;
}

export async function placeExists(db: Db, id: string): Promise<boolean> {
  const r = await db.query('SELECT 1 FROM places WHERE id = $1', [id]);
  return (r.rowCount ?? 0) > 0;
}

export type StayStyleRow = { id: string; name: string; description: string; image_url: string };

export async function listStayStyles(db: Db, language: Language, houseGroupId: string | null): Promise<StayStyleRow[]> {
  const r = await db.query<StayStyleRow>(
    `SELECT s.id, ${L('s.name')} AS name, ${L('s.description')} AS description, s.image_url
     FROM stay_styles s
     WHERE $2::text IS NULL
        OR EXISTS (SELECT 1 FROM house_group_stay_styles x WHERE x.stay_style_id = s.id AND x.house_group_id = $2)
     ORDER BY s.sort_order, s.id`,
    [language, houseGroupId],
  );
  return r.rows;
}

export type CatalogueImage = { content: Buffer; format: 'jpg' | 'webp' };

export async function findImage(db: Db, id: string, width: number, format: string): Promise<CatalogueImage | null> {
  const r = await db.query<CatalogueImage>(
    'SELECT content, format FROM catalogue_images WHERE id = $1 AND width = $2 AND format = $3',
    [id, width, format],
  );
  return r.rows[0] ?? null;
}

export async function insertImage(
  db: Db,
  img: { id: string; width: number; height: number; format: 'jpg' | 'webp'; content: Buffer },
): Promise<void> {
  await db.query(
    `INSERT INTO catalogue_images (id, width, height, format, content) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (id, width, format) DO NOTHING`,
    [img.id, img.width, img.height, img.format, img.content],
  );
}
