import type { Db } from '../../platform/db/pool.js';
import type { HouseGroupShortRow } from './catalogue.repo.js';
import type { IsoDate } from '@yado/contract/civil-date';

/**
 * Whether the database orders text by code point (the C or POSIX collation, which the embedded
 * server is created with): the read model sorts names and ids that way and is only used then.
 */
export async function sortsByCodePoint(db: Db): Promise<boolean> {
  const r = await db.query<{ collate: string }>(
    'SELECT datcollate AS collate FROM pg_database WHERE datname = current_database()',
  );
  const c = r.rows[0]?.collate ?? '';
  return c === 'C' || c === 'POSIX' || c === 'C.UTF-8' || c === 'C.utf8';
}

export async function allHouseGroupIds(db: Db): Promise<string[]> {
  const r = await db.query<{ id: string }>('SELECT id FROM house_groups ORDER BY id');
  return r.rows.map((row) => row.id);
}

export type SearchSliceRow = {
  id: string;
  place_id: string;
  name_en: string;
  name_ja: string;
  place_name_en: string;
  place_name_ja: string;
  prefecture_en: string;
  prefecture_ja: string;
  prefecture_en_lower: string;
  area_en: string;
  area_ja: string;
  area_en_lower: string;
  city_en_lower: string;
  city_ja: string;
  version: number;
  vertical_image_url: string;
  horizontal_image_url: string;
  square_image_url: string;
  type: HouseGroupShortRow['type'];
  usage_label: HouseGroupShortRow['usage_label'];
  meal_providable: boolean;
  is_pet_allowed: boolean;
  timezone: string;
  base_capacity: number;
  min_adult_capacity: number;
  max_capacity: number;
  max_pet_capacity: number;
  standard_season_price: number;
  extra_charge_per_guest_per_night: number;
  /**
   * Season days from `from` on, flattened as "offset,flags,standard,high,..." (offset in days
   * from `from`; flags: 1 on sale, 2 closed, 4 HIGH): one string parses far faster than rows.
   */
  days: string | null;
  /** Per house [id, "checkinOffset,checkoutOffset,..."] of its active stays ending after `from`. */
  houses: [string, string | null][] | null;
};

/**
 * The read model's slice of each of the house groups `ids`, from the civil date `from` on. A
 * house group that no longer exists has no row. Houses are taken as the search statement takes
 * them (those not retired: a retired house is never free, whatever its stays say), and so are
 * stays (the active ones).
 */
export async function searchSlices(db: Db, ids: readonly string[], from: IsoDate): Promise<SearchSliceRow[]> {
  const r = await db.query<SearchSliceRow>(
    `SELECT hg.id, hg.place_id, hg.name_en, hg.name_ja, p.name_en AS place_name_en, p.name_ja AS place_name_ja,
            p.prefecture_en, p.prefecture_ja, lower(p.prefecture_en) AS prefecture_en_lower,
            hg.area_en, hg.area_ja, lower(hg.area_en) AS area_en_lower, lower(p.city_en) AS city_en_lower, p.city_ja,
            hg.version, hg.vertical_image_url, hg.horizontal_image_url, hg.square_image_url, hg.type, hg.usage_label,
            hg.meal_providable, hg.is_pet_allowed, hg.timezone, hg.base_capacity, hg.min_adult_capacity,
            hg.max_capacity, hg.max_pet_capacity, hg.standard_season_price, hg.extra_charge_per_guest_per_night,
            (SELECT string_agg(concat_ws(',', d.date - $2::date,
                                         1 + 2 * d.closed::int + 4 * (d.price_type = 'HIGH')::int,
                                         d.standard_price, d.high_price), ',' ORDER BY d.date)
               FROM house_group_days d
              WHERE d.house_group_id = hg.id AND d.date >= $2::date) AS days,
            (SELECT json_agg(json_build_array(h.id,
                      (SELECT string_agg(concat_ws(',', s.checkin_date - $2::date, s.checkout_date - $2::date), ','
                                         ORDER BY s.checkin_date)
                         FROM stays s
                        WHERE s.house_id = h.id AND s.status = 'ACTIVE' AND s.checkout_date > $2::date))
                    ORDER BY h.id)
               FROM houses h
              WHERE h.house_group_id = hg.id AND h.retired_at IS NULL) AS houses
     FROM house_groups hg JOIN places p ON p.id = hg.place_id
     WHERE hg.id = ANY ($1::text[])`,
    [ids, from],
  );
  return r.rows;
}
