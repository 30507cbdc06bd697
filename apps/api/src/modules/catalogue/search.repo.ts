import type { Language } from '@yado/contract/headers';
import type { Db } from '../../platform/db/pool.js';
import { HOUSE_GROUP_COLUMNS, type HouseGroupRow } from './catalogue.repo.js';
import { todayIn, type IsoDate } from '@yado/contract/civil-date';

export type SearchSortValue = 'PRICE_ASC' | 'PRICE_DESC' | 'NAME';

export type SearchQuery = {
  language: Language;
  /** Both or neither. */
  stay: { checkin: IsoDate; checkout: IsoDate; nights: number } | null;
  /** Adults and children: the guests that count against capacity and for the extra charge. */
  guests: number;
  adults: number;
  pets: number;
  type: string | null;
  usageLabel: string | null;
  prefecture: string | null;
  area: string | null;
  now: Date;
  sort: SearchSortValue;
  /** The sort key and id of the last result of the previous page. */
  after: { key: string | number; id: string } | null;
  limit: number;
};

export type SearchRow = HouseGroupRow & { total: number | null; sort_key: string | number };

/**
 * The whole search as ONE statement per page: the candidate groups by filters
 * and capacity; for a stay, their season days of the dates (every night on
 * sale, none closed, summed at each night's price type) and the accommodation
 * total with the extra-guest charge; then, walking the candidates in sort
 * order (OFFSET 0 keeps PostgreSQL from checking them all first), only as many
 * as the page needs are checked for a house, not retired, with no active stay in
 * the dates (the houses the calendar shows and a hold may take).
 * That check is one index descent per house: active stays of a house never
 * overlap, so only its last stay starting before check-out can reach into the
 * dates.
 */
export async function searchHouseGroups(db: Db, q: SearchQuery): Promise<SearchRow[]> {
  const params: unknown[] = [q.language];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };

  const guests = p(q.guests);
  const filters = [`hg.max_capacity >= ${guests}`, `hg.min_adult_capacity <= ${p(q.adults)}`];
  if (q.pets > 0) filters.push(`hg.is_pet_allowed AND hg.max_pet_capacity >= ${p(q.pets)}`);
  if (q.type) filters.push(`hg.type = ${p(q.type)}`);
  if (q.usageLabel) filters.push(`hg.usage_label = ${p(q.usageLabel)}`);
  if (q.prefecture) {
    const en = p(q.prefecture.toLowerCase());
    const ja = p(q.prefecture);
    // "神奈川" finds "神奈川県" as well: the suffix is often left out when typing.
    filters.push(
      `(lower(p.prefecture_en) = ${en} OR p.prefecture_ja IN (${ja}, ${ja} || '県', ${ja} || '府', ${ja} || '都'))`,
    );
  }
  if (q.area) {
    const en = p(q.area.toLowerCase());
    const ja = p(q.area);
    filters.push(`(lower(hg.area_en) = ${en} OR hg.area_ja = ${ja} OR lower(p.city_en) = ${en} OR p.city_ja = ${ja})`);
  }

  const nameExpr = `CASE WHEN $1 = 'ja' THEN hg.name_ja ELSE hg.name_en END`;
  let ctes: string;
  let totalExpr: string;
  let freeHouse = 'TRUE';
  if (q.stay) {
    const checkin = p(q.stay.checkin);
    const checkout = p(q.stay.checkout);
    const nights = p(q.stay.nights);
    const now = p(q.now);
    // Past today everywhere on earth (UTC+14) the check-in date is in every group's future: the
    // planner then folds the per-row time-zone conversion away, which matters across 10,000 groups.
    const latestToday = p(todayIn('Pacific/Kiritimati', q.now));
    ctes = `
      cand AS MATERIALIZED (
        SELECT hg.id, ${nameExpr} AS name, hg.base_capacity, hg.extra_charge_per_guest_per_night
        FROM house_groups hg JOIN places p ON p.id = hg.place_id
        WHERE ${filters.join(' AND ')}
          AND (${checkin}::date > ${latestToday}::date
               OR ${checkin}::date >= (${now}::timestamptz AT TIME ZONE hg.timezone)::date)
      ),
      priced AS (
        SELECT d.house_group_id AS id,
               sum(CASE WHEN d.price_type = 'HIGH' THEN d.high_price ELSE d.standard_price END)::bigint AS room
        FROM house_group_days d
        WHERE d.date >= ${checkin}::date AND d.date < ${checkout}::date
          AND d.house_group_id IN (SELECT id FROM cand)
        GROUP BY d.house_group_id
        HAVING count(*) = ${nights} AND NOT bool_or(d.closed)
      ),
      res AS (
        SELECT c.id, c.name,
               pr.room + greatest(0, ${guests}::int - c.base_capacity) * c.extra_charge_per_guest_per_night * ${nights}
                 AS total
        FROM cand c JOIN priced pr ON pr.id = c.id
      )`;
    totalExpr = 'res.total';
    freeHouse = `EXISTS (
          SELECT 1 FROM houses h
          WHERE h.house_group_id = s.id AND h.retired_at IS NULL
            AND NOT EXISTS (
              SELECT 1
              FROM (SELECT st.checkout_date FROM stays st
                    WHERE st.house_id = h.id AND st.status = 'ACTIVE' AND st.checkin_date < ${checkout}::date
                    ORDER BY st.checkin_date DESC LIMIT 1) last_stay
              WHERE last_stay.checkout_date > ${checkin}::date))`;
  } else {
    ctes = `
      res AS (
        SELECT hg.id, ${nameExpr} AS name, hg.standard_season_price AS total
        FROM house_groups hg JOIN places p ON p.id = hg.place_id
        WHERE ${filters.join(' AND ')}
      )`;
    totalExpr = 'NULL::bigint';
  }

  const keyExpr = q.sort === 'NAME' ? 'res.name' : 'res.total';
  let cursor = 'TRUE';
  if (q.after) {
    const key = p(q.after.key);
    const id = p(q.after.id);
    const cast = q.sort === 'NAME' ? 'text' : 'bigint';
    cursor =
      q.sort === 'PRICE_DESC'
        ? `(${keyExpr} < ${key}::${cast} OR (${keyExpr} = ${key}::${cast} AND res.id > ${id}))`
        : `(${keyExpr}, res.id) > (${key}::${cast}, ${id})`;
  }
  const order = (t: string) => (q.sort === 'PRICE_DESC' ? `${t}.sort_key DESC, ${t}.id` : `${t}.sort_key, ${t}.id`);
  const limit = p(q.limit);

  const text = `WITH ${ctes},
     sorted AS (
       SELECT res.id, ${keyExpr} AS sort_key, ${totalExpr} AS total FROM res WHERE ${cursor}
     ),
     page AS (
       SELECT s.id, s.sort_key, s.total
       FROM (SELECT * FROM sorted ORDER BY ${order('sorted')} OFFSET 0) s
       WHERE ${freeHouse}
       LIMIT ${limit}
     )
     SELECT ${HOUSE_GROUP_COLUMNS}, page.total, page.sort_key
     FROM page JOIN house_groups hg ON hg.id = page.id JOIN places p ON p.id = hg.place_id
     ORDER BY ${order('page')}`;
  // Unnamed on purpose: each search is planned with its own values (a cached generic plan cannot see
  // how many groups a prefecture or area holds, nor fold the time-zone check away).
  const r = await db.query<SearchRow>(text, params);
  return r.rows;
}
