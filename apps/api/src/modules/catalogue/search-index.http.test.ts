import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { catalogueChangeFeed } from './catalogue-changes.service.js';
import { addDays, civilFromIso, daysBetween, todayIn } from '@yado/contract/civil-date';
import { searchIndexFor, type SearchIndex } from './search-index.service.js';
import type { IndexedSearchRow } from './search-index.rules.js';
import { searchHouseGroups, type SearchQuery } from './search.repo.js';
import { searchHouseGroups as searchHouseGroupsMethod } from '@yado/contract/catalogue.contract';

// The read model must answer every search exactly as the search statement (search.repo.ts) does:
// random catalogues, random queries, and again after stays, prices, houses and places change.

let t: TestApi;
let index: SearchIndex;
let today: string;

const PREFECTURES: [string, string][] = [
  ['Nagano', '長野県'],
  ['Kyoto', '京都府'],
  ['Tokyo', '東京都'],
  ['Hokkaido', '北海道'],
];
// Names that sort differently under UTF-16 and code point order, with accents and ties.
const NAMES = ['Alpha', 'alpha', 'Élan', 'Zen', 'Ｚｅｎ', '\u{1F3E0} House', '\uFF5E Tilde', 'ユキ', '雪', 'Alpha'];
const ZONES = ['Asia/Tokyo', 'Pacific/Kiritimati', 'Etc/GMT+12', 'Europe/Lisbon'];
const TYPES = ['YADO', 'EXCLUSIVE', 'EARTHBOAT'];
const CALENDAR_DAYS = 60;

let seed = 20_240_601;
const rnd = (n: number) => {
  seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
  // The low bits of this generator repeat quickly; the high ones do not.
  return (seed >>> 12) % n;
};
const pickOne = <T>(xs: readonly T[]): T => xs[rnd(xs.length)]!;

const groups: { id: string; placeId: string; houses: string[] }[] = [];
const places: string[] = [];
let n = 0;

async function addPlace() {
  const id = `sip-${n++}`;
  const [en, ja] = pickOne(PREFECTURES);
  await t.pool.query(
    `INSERT INTO places (id, name_en, name_ja, prefecture_en, prefecture_ja, city_en, city_ja)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [id, `Place ${id}`, `拠点 ${id}`, en, ja, pickOne(['Hakuba', 'Karuizawa']), pickOne(['白馬村', '軽井沢町'])],
  );
  places.push(id);
  return id;
}

async function addGroup() {
  const placeId = pickOne(places);
  const id = `sig-${String(n++).padStart(3, '0')}${pickOne(['', '-b', '_c'])}`;
  const base = 1 + rnd(3);
  const max = base + rnd(4);
  const price = pickOne([10_000, 12_000, 12_000, 15_500]);
  await t.pool.query(
    `INSERT INTO house_groups (id, place_id, name_en, name_ja, type, usage_label, area_en, area_ja, base_capacity,
                               max_capacity, min_adult_capacity, extra_charge_per_guest_per_night, is_pet_allowed,
                               max_pet_capacity, standard_season_price, timezone)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
    [
      id,
      placeId,
      pickOne(NAMES),
      pickOne(NAMES),
      pickOne(TYPES),
      rnd(5) === 0 ? 'TIME' : 'ACCOMMODATION',
      pickOne(['Hakuba', 'Lake', 'lake']),
      pickOne(['白馬', '湖']),
      base,
      max,
      Math.min(max, 1 + rnd(2)),
      pickOne([0, 3_000]),
      rnd(2) === 0,
      rnd(3),
      price,
      pickOne(ZONES),
    ],
  );
  const houses: string[] = [];
  for (let i = 0, count = rnd(4); i < count; i++) {
    houses.push(`${id}-h${i}`);
    await t.pool.query('INSERT INTO houses (id, house_group_id, name_en, name_ja) VALUES ($1, $2, $3, $3)', [
      `${id}-h${i}`,
      id,
      `House ${i}`,
    ]);
  }
  // Some days missing (not on sale), some closed, some HIGH; from yesterday on.
  await t.pool.query(
    `INSERT INTO house_group_days (house_group_id, date, price_type, closed, standard_price, high_price)
     SELECT $1, $2::date + k, CASE WHEN random() < 0.2 THEN 'HIGH' ELSE 'STANDARD' END, random() < 0.05,
            $3 + (k % 3) * 1000, $3 * 2
     FROM generate_series(-1, $4::int) AS k
     WHERE random() > 0.04`,
    [id, today, price, CALENDAR_DAYS],
  );
  groups.push({ id, placeId, houses });
  for (const h of houses) for (let k = 0; k < 4; k++) await addStay(h);
  // Now and then a house retired (without the hold staff retirement writes): never free for either.
  if (houses.length > 0 && rnd(4) === 0) {
    await t.pool.query('UPDATE houses SET retired_at = now() WHERE id = $1', [pickOne(houses)]);
  }
}

let stayN = 0;
/** An active stay at a random free spot, or none when it would overlap one (the constraint refuses). */
async function addStay(houseId: string) {
  const from = rnd(CALENDAR_DAYS) - 2;
  await t.pool.query(
    `INSERT INTO stays (id, house_id, house_group_id, checkin_date, checkout_date)
     SELECT $1, h.id, h.house_group_id, $3::date, $4::date FROM houses h WHERE h.id = $2
     ON CONFLICT DO NOTHING`,
    [`sis-${stayN++}`, houseId, addDays(today, from), addDays(today, from + 1 + rnd(5))],
  );
}

const queryArb = fc.record({
  language: fc.constantFrom('en' as const, 'ja' as const),
  dated: fc.boolean(),
  start: fc.integer({ min: -1, max: CALENDAR_DAYS + 2 }),
  nights: fc.integer({ min: 1, max: 6 }),
  adults: fc.integer({ min: 1, max: 4 }),
  children: fc.integer({ min: 0, max: 2 }),
  pets: fc.constantFrom(0, 0, 0, 1, 2),
  // Mostly without a filter, so that pages are full and cursors get followed.
  type: fc.constantFrom(null, null, null, null, ...TYPES),
  usageLabel: fc.constantFrom(null, null, null, null, 'ACCOMMODATION', 'TIME'),
  prefecture: fc.constantFrom(null, null, 'Nagano', 'nagano', '長野', '京都', '東京都', 'Hokkaido', 'Osaka'),
  area: fc.constantFrom(null, null, null, null, 'lake', 'Lake', '白馬', 'hakuba', '軽井沢町', 'Nowhere'),
  sort: fc.constantFrom('PRICE_ASC' as const, 'PRICE_DESC' as const, 'NAME' as const),
  limit: fc.integer({ min: 1, max: 8 }),
});

type QueryArgs = typeof queryArb extends fc.Arbitrary<infer T> ? T : never;

function toQuery(a: Omit<QueryArgs, 'prefecture'> & { prefecture: string | null }): SearchQuery {
  const checkin = addDays(today, a.start);
  const checkout = addDays(checkin, a.nights);
  return {
    language: a.language,
    stay: a.dated ? { checkin, checkout, nights: daysBetween(checkin, checkout) } : null,
    guests: a.adults + a.children,
    adults: a.adults,
    pets: a.pets,
    type: a.type,
    usageLabel: a.usageLabel,
    prefecture: a.prefecture,
    area: a.area,
    now: t.clock.now(),
    sort: a.sort,
    after: null,
    limit: a.limit,
  };
}

const FIELDS: (keyof IndexedSearchRow)[] = [
  'id',
  'place_id',
  'place_name',
  'prefecture_name',
  'name',
  'version',
  'area',
  'vertical_image_url',
  'horizontal_image_url',
  'square_image_url',
  'type',
  'usage_label',
  'meal_providable',
  'is_pet_allowed',
  'timezone',
  'base_capacity',
  'max_capacity',
  'standard_season_price',
  'total',
  'sort_key',
];
const project = (rows: readonly Record<string, unknown>[]) =>
  rows.map((r) => Object.fromEntries(FIELDS.map((f) => [f, r[f]])));

let rowsCompared = 0;

/** Every page of the query, from both, following each one's own cursors; they must agree page by page. */
async function expectSameAnswers(q: SearchQuery) {
  let after: SearchQuery['after'] = null;
  for (let page = 0; page < 6; page++) {
    const sql = await searchHouseGroups(t.pool, { ...q, after });
    const fromIndex = await index.search({ ...q, after });
    expect(fromIndex, 'the read model answers').not.toBeNull();
    expect(project(fromIndex!), JSON.stringify({ ...q, after })).toEqual(project(sql));
    rowsCompared += sql.length;
    const last = sql.at(-1);
    if (sql.length < q.limit || !last) return;
    after = { key: last.sort_key, id: last.id };
  }
}

beforeAll(async () => {
  t = await createTestApi();
  today = todayIn('UTC', t.clock.now());
  for (let i = 0; i < 6; i++) await addPlace();
  for (let i = 0; i < 70; i++) await addGroup();
  index = searchIndexFor(t.api.deps);
  await index.ready();
}, 60_000);

describe('search read model', () => {
  it('answers random searches exactly as the search statement', async () => {
    await fc.assert(
      fc.asyncProperty(queryArb, async (a) => expectSameAnswers(toQuery(a))),
      { numRuns: 150 },
    );
    // The catalogue is rich enough that most searches find something, over several pages.
    expect(rowsCompared).toBeGreaterThan(150);
  });

  it('follows stays added and released, prices changed, days closed and removed, at once', async () => {
    for (let round = 0; round < 8; round++) {
      const g = pickOne(groups.filter((x) => x.houses.length > 0));
      for (let k = 0; k < 3; k++) await addStay(pickOne(g.houses));
      await t.pool.query(
        `UPDATE stays SET status = 'RELEASED', released_at = now()
         WHERE id IN (SELECT id FROM stays WHERE house_group_id = $1 AND status = 'ACTIVE' ORDER BY id LIMIT 2)`,
        [pickOne(groups).id],
      );
      await t.pool.query(
        `UPDATE house_group_days SET standard_price = standard_price + 700, price_type = 'HIGH'
         WHERE house_group_id = $1 AND date BETWEEN $2::date AND $2::date + 9`,
        [pickOne(groups).id, addDays(today, rnd(30))],
      );
      await t.pool.query(
        'UPDATE house_group_days SET closed = NOT closed WHERE house_group_id = $1 AND date = $2::date',
        [pickOne(groups).id, addDays(today, rnd(30))],
      );
      await t.pool.query('DELETE FROM house_group_days WHERE house_group_id = $1 AND date = $2::date', [
        pickOne(groups).id,
        addDays(today, rnd(30)),
      ]);
      // No wait: a search reflects every change committed before it.
      await fc.assert(
        fc.asyncProperty(queryArb, async (a) => expectSameAnswers(toQuery(a))),
        { numRuns: 15 },
      );
    }
  });

  it('follows stays moved, deleted, taken in bulk, and released and taken again in one transaction', async () => {
    // Groups of one house, so that each change decides whether the group is found for its nights.
    const single = groups.filter((x) => x.houses.length === 1);
    expect(single.length).toBeGreaterThan(3);
    /** Every group free for these nights, from both, in one page. */
    const expectSameFor = (checkin: string, checkout: string) =>
      expectSameAnswers({
        ...toQuery({ ...fc.sample(queryArb, 1)[0]!, prefecture: null, area: null, type: null, usageLabel: null }),
        stay: { checkin, checkout, nights: daysBetween(checkin, checkout) },
        guests: 1,
        adults: 1,
        pets: 0,
        sort: 'PRICE_ASC',
        limit: 100,
      });
    const activeStay = async (houseGroupId: string) =>
      (
        await t.pool.query<{ id: string; checkin: string; checkout: string }>(
          `SELECT id, to_char(checkin_date, 'YYYY-MM-DD') AS checkin, to_char(checkout_date, 'YYYY-MM-DD') AS checkout
           FROM stays WHERE house_group_id = $1 AND status = 'ACTIVE' AND checkin_date >= $2::date
           ORDER BY checkin_date LIMIT 1`,
          [houseGroupId, today],
        )
      ).rows[0];

    for (let round = 0; round < 4; round++) {
      const moved = await activeStay(pickOne(single).id);
      if (moved) {
        // One night later, unless a stay begins on its check-out day (the only one it could then overlap).
        await t.pool.query(
          `UPDATE stays s SET checkin_date = checkin_date + 1, checkout_date = checkout_date + 1
           WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM stays o WHERE o.house_id = s.house_id AND o.status = 'ACTIVE'
                                           AND o.checkin_date = s.checkout_date)`,
          [moved.id],
        );
        await expectSameFor(moved.checkin, moved.checkout);
        await expectSameFor(addDays(moved.checkin, 1), addDays(moved.checkout, 1));
      }
      const deleted = await activeStay(pickOne(single).id);
      if (deleted) {
        await t.pool.query('DELETE FROM stays WHERE id = $1', [deleted.id]);
        await expectSameFor(deleted.checkin, deleted.checkout);
      }

      // One-night stays on every free night of a house for months, in one statement: too many to
      // write into the change log, so the group is read again.
      const bulk = pickOne(single);
      await t.pool.query(
        `INSERT INTO stays (id, house_id, house_group_id, checkin_date, checkout_date)
         SELECT $1 || k, $2, $3, $4::date + k, $4::date + k + 1 FROM generate_series(0, 249) AS k
         ON CONFLICT DO NOTHING`,
        [`sib-${stayN++}-`, bulk.houses[0], bulk.id, today],
      );
      await expectSameFor(addDays(today, 1 + rnd(20)), addDays(today, 22));

      const g = pickOne(single);
      const free = await t.pool.query<{ d: string }>(
        `SELECT to_char($2::date + k, 'YYYY-MM-DD') AS d FROM generate_series(0, $3::int) AS k
         WHERE NOT EXISTS (SELECT 1 FROM stays WHERE house_id = $1 AND status = 'ACTIVE'
                             AND nights && daterange($2::date + k, $2::date + k + 1))
         ORDER BY k LIMIT 1`,
        [g.houses[0], today, CALENDAR_DAYS],
      );
      const night = free.rows[0]?.d;
      if (night) {
        const id = `sit-${stayN++}`;
        const c = await t.pool.connect();
        try {
          await c.query('BEGIN');
          await c.query(
            `INSERT INTO stays (id, house_id, house_group_id, checkin_date, checkout_date)
             VALUES ($1, $2, $3, $4::date, $4::date + 1)`,
            [id, g.houses[0], g.id, night],
          );
          await c.query(`UPDATE stays SET status = 'RELEASED' WHERE id = $1`, [id]);
          await c.query(`UPDATE stays SET status = 'ACTIVE' WHERE id = $1`, [id]);
          await c.query('COMMIT');
        } finally {
          c.release();
        }
        await expectSameFor(night, addDays(night, 1));
        await t.pool.query(`UPDATE stays SET status = 'RELEASED' WHERE id = $1`, [id]);
        await expectSameFor(night, addDays(night, 1));
      }
      await fc.assert(
        fc.asyncProperty(queryArb, async (a) => expectSameAnswers(toQuery(a))),
        { numRuns: 10 },
      );
    }
  });

  it('reads a stay change whose transaction was still open when an earlier search read the log', async () => {
    // A group of one house, found for a night it has on sale and free; then that night is taken.
    const candidates = await t.pool.query<{ id: string; house: string; adults: number; d: string }>(
      `SELECT hg.id, h.id AS house, hg.min_adult_capacity AS adults, to_char(d.date, 'YYYY-MM-DD') AS d
       FROM house_groups hg JOIN houses h ON h.house_group_id = hg.id
       JOIN house_group_days d ON d.house_group_id = hg.id AND d.date BETWEEN $1::date + 3 AND $1::date + $2::int
       WHERE (SELECT count(*) FROM houses x WHERE x.house_group_id = hg.id) = 1 AND NOT d.closed
         AND NOT EXISTS (SELECT 1 FROM stays s WHERE s.house_id = h.id AND s.status = 'ACTIVE'
                           AND s.nights && daterange(d.date, d.date + 1))
       ORDER BY hg.id, d.date LIMIT 1`,
      [today, CALENDAR_DAYS],
    );
    const { id, house, adults, d: night } = candidates.rows[0]!;
    const query: SearchQuery = {
      ...toQuery({ ...fc.sample(queryArb, 1)[0]!, prefecture: null, area: null, type: null, usageLabel: null }),
      stay: { checkin: night, checkout: addDays(night, 1), nights: 1 },
      guests: adults,
      adults,
      pets: 0,
      sort: 'PRICE_ASC',
      after: null,
      limit: 1000,
    };
    const found = async () => (await index.search(query))!.map((r) => r.id);
    // The transaction takes its xid before the searches below read the log, and commits after them;
    // a later transaction ending first makes the reads' snapshots list it as in progress.
    const c = await t.pool.connect();
    try {
      await c.query('BEGIN');
      await c.query('SELECT pg_current_xact_id()');
      await t.pool.query('SELECT pg_current_xact_id()');
      expect(await found()).toContain(id);
      await c.query(
        `INSERT INTO stays (id, house_id, house_group_id, checkin_date, checkout_date)
         VALUES ($1, $2, $3, $4::date, $4::date + 1)`,
        [`sio-${stayN++}`, house, id, night],
      );
      expect(await found()).toContain(id);
      await c.query('COMMIT');
    } finally {
      c.release();
    }
    expect(await found()).not.toContain(id);
    await expectSameAnswers(query);
  });

  it('tells a subscriber without stay changes of its own that the group changed', async () => {
    const g = pickOne(groups.filter((x) => x.houses.length > 0));
    const seen: string[] = [];
    const feed = catalogueChangeFeed(t.api.deps);
    const unsubscribe = feed.subscribe({ changed: (id) => seen.push(id), up: () => {}, down: () => {} });
    try {
      await t.pool.query(
        `INSERT INTO stays (id, house_id, house_group_id, checkin_date, checkout_date)
         VALUES ($1, $2, $3, $4::date, $4::date + 1)`,
        [`sis-${stayN++}`, g.houses[0], g.id, addDays(today, 5_000)],
      );
      expect(await feed.barrier()).toBe(true);
      expect(seen).toContain(g.id);
    } finally {
      unsubscribe();
    }
  });

  it('follows house groups, houses and places changed, added and removed', async () => {
    const g = pickOne(groups.filter((x) => x.houses.length > 0));
    await t.pool.query('UPDATE house_groups SET max_capacity = 8, base_capacity = 1, name_en = $2 WHERE id = $1', [
      g.id,
      'Aaa renamed',
    ]);
    await t.pool.query("UPDATE places SET prefecture_en = 'Okinawa', prefecture_ja = '沖縄県' WHERE id = $1", [
      pickOne(places),
    ]);
    await t.pool.query('INSERT INTO houses (id, house_group_id, name_en, name_ja) VALUES ($1, $2, $1, $1)', [
      `${g.id}-extra`,
      g.id,
    ]);
    await addGroup();
    const gone = groups.find((x) => x.houses.length === 0) ?? groups[0]!;
    await t.pool.query('DELETE FROM stays WHERE house_group_id = $1', [gone.id]);
    await t.pool.query('DELETE FROM house_groups WHERE id = $1', [gone.id]);
    await fc.assert(
      fc.asyncProperty(queryArb, async (a) => expectSameAnswers(toQuery({ ...a, prefecture: null }))),
      { numRuns: 60 },
    );
    await expectSameAnswers(toQuery({ ...fc.sample(queryArb, 1)[0]!, prefecture: 'Okinawa' }));
  });

  it('serves the search method from the read model with working page tokens', async () => {
    const body = {
      checkinDate: civilFromIso(addDays(today, 3)),
      checkoutDate: civilFromIso(addDays(today, 5)),
      adults: 1,
      children: 0,
      sort: 'PRICE_ASC',
      pageSize: 3,
    };
    const first = await t.callRaw(searchHouseGroupsMethod, body);
    expect(first.status).toBe(200);
    const second = await t.callRaw(searchHouseGroupsMethod, { ...body, pageToken: first.body.nextPageToken });
    expect(second.status).toBe(200);
    const sql = await searchHouseGroups(t.pool, {
      ...toQuery({ ...fc.sample(queryArb, 1)[0]!, dated: true, start: 3, nights: 2 }),
      language: 'en',
      guests: 1,
      adults: 1,
      pets: 0,
      type: null,
      // A search with dates asks for accommodation groups only (TIME groups are booked by the hour).
      usageLabel: 'ACCOMMODATION',
      prefecture: null,
      area: null,
      sort: 'PRICE_ASC',
      limit: 6,
    });
    const ids = [...first.body.results, ...second.body.results].map(
      (r: { houseGroup: { id: string } }) => r.houseGroup.id,
    );
    expect(ids).toEqual(sql.map((r) => r.id));
  });
});
