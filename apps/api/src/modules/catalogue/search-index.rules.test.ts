import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayNumber } from '@yado/contract/civil-date';
import {
  applyStayChanges,
  compareText,
  emptyIndex,
  groupFromSlice,
  hasFreeHouse,
  putGroup,
  removeGroup,
  roomTotal,
  searchIndex,
  type IndexedSearchRow,
  type SearchIndexData,
} from './search-index.rules.js';
import type { SearchSliceRow } from './search-index.repo.js';
import type { SearchQuery } from './search.repo.js';

const FROM = '2030-01-01';
const fromDay = dayNumber(FROM);
const NOW = new Date('2029-12-31T12:00:00Z');

function slice(o: Partial<SearchSliceRow> = {}): SearchSliceRow {
  return {
    id: 'hg-a',
    place_id: 'p-1',
    name_en: 'Alpha',
    name_ja: 'アルファ',
    place_name_en: 'Valley',
    place_name_ja: '谷',
    prefecture_en: 'Kyoto',
    prefecture_ja: '京都府',
    prefecture_en_lower: 'kyoto',
    area_en: 'Arashiyama',
    area_ja: '嵐山',
    area_en_lower: 'arashiyama',
    city_en_lower: 'kyoto city',
    city_ja: '京都市',
    version: 1,
    vertical_image_url: '',
    horizontal_image_url: '',
    square_image_url: '',
    type: 'YADO',
    usage_label: 'ACCOMMODATION',
    meal_providable: false,
    is_pet_allowed: false,
    timezone: 'Asia/Tokyo',
    base_capacity: 2,
    min_adult_capacity: 1,
    max_capacity: 4,
    max_pet_capacity: 0,
    standard_season_price: 20_000,
    extra_charge_per_guest_per_night: 5_000,
    // 1 Jan on sale; 2 Jan HIGH; 3 Jan closed; 4 Jan missing; 5 Jan on sale.
    days: '0,1,20000,30000,1,5,20000,30000,2,3,20000,30000,4,1,21000,30000',
    houses: [['hg-a-1', '0,2']],
    ...o,
  };
}

function query(o: Partial<SearchQuery> = {}): SearchQuery {
  return {
    language: 'en',
    stay: null,
    guests: 2,
    adults: 2,
    pets: 0,
    type: null,
    usageLabel: null,
    prefecture: null,
    area: null,
    now: NOW,
    sort: 'PRICE_ASC',
    after: null,
    limit: 10,
    ...o,
  };
}

const stay = (checkin: string, checkout: string) => ({
  checkin,
  checkout,
  nights: dayNumber(checkout) - dayNumber(checkin),
});

function indexOf(...rows: SearchSliceRow[]): SearchIndexData {
  const data = emptyIndex(fromDay);
  for (const r of rows) putGroup(data, groupFromSlice(r, fromDay));
  return data;
}

describe('compareText', () => {
  it('orders as PostgreSQL C collation does: by UTF-8 bytes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (a, b) => {
        const bytes = Math.sign(Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')));
        expect(Math.sign(compareText(a, b))).toBe(bytes);
      }),
    );
    // UTF-16 alone would put the emoji (a surrogate pair) before U+FF5E.
    expect(compareText('\uFF5E', '\u{1F3E0}')).toBeLessThan(0);
  });
});

describe('nights and houses', () => {
  const g = groupFromSlice(slice(), fromDay);

  it('sums each night at its own price type, and refuses closed or missing nights', () => {
    expect(roomTotal(g, fromDay, fromDay + 2)).toBe(20_000 + 30_000);
    expect(roomTotal(g, fromDay + 2, fromDay + 3)).toBeNull(); // closed
    expect(roomTotal(g, fromDay + 3, fromDay + 4)).toBeNull(); // not on sale
    expect(roomTotal(g, fromDay + 4, fromDay + 5)).toBe(21_000);
    expect(roomTotal(g, fromDay + 4, fromDay + 6)).toBeNull(); // past the calendar
  });

  it('finds a house free on every night, touching stays allowed', () => {
    // The house is taken on the nights of 1 and 2 January.
    expect(hasFreeHouse(g, fromDay, fromDay + 1)).toBe(false);
    expect(hasFreeHouse(g, fromDay + 1, fromDay + 3)).toBe(false);
    expect(hasFreeHouse(g, fromDay + 2, fromDay + 3)).toBe(true);
    const two = groupFromSlice(
      slice({
        houses: [
          ['h1', '0,2,3,5'],
          ['h2', '1,4'],
        ],
      }),
      fromDay,
    );
    expect(hasFreeHouse(two, fromDay, fromDay + 1)).toBe(true); // h2
    expect(hasFreeHouse(two, fromDay + 2, fromDay + 3)).toBe(true); // h1 between its stays
    expect(hasFreeHouse(two, fromDay + 1, fromDay + 3)).toBe(false);
    expect(hasFreeHouse(groupFromSlice(slice({ houses: null }), fromDay), fromDay, fromDay + 1)).toBe(false);
  });
});

describe('applyStayChanges', () => {
  // Stays of hg-a-1: [1 Jan, 3 Jan) and [10 Jan, 12 Jan); hg-a-2 has none.
  const fresh = () =>
    groupFromSlice(
      slice({
        houses: [
          ['hg-a-1', '0,2,9,11'],
          ['hg-a-2', null],
        ],
      }),
      fromDay,
    );
  const nights = (g: ReturnType<typeof fresh>) =>
    g.houses.map((h) => [h.id, [...h.checkin].map((d) => d - fromDay), [...h.checkout].map((d) => d - fromDay)]);
  const s = (houseId: string, checkin: string, checkout: string) => ({ houseId, checkin, checkout });

  it('takes stays out and puts them in check-in order, removals first', () => {
    const g = fresh();
    const before = g.houses[0]!;
    expect(
      applyStayChanges(
        g,
        fromDay,
        [s('hg-a-1', '2030-01-10', '2030-01-12')],
        [
          s('hg-a-1', '2030-01-05', '2030-01-07'),
          s('hg-a-1', '2030-01-11', '2030-01-13'),
          s('hg-a-2', '2030-01-01', '2030-01-02'),
        ],
      ),
    ).toBe(true);
    expect(nights(g)).toEqual([
      ['hg-a-1', [0, 4, 10], [2, 6, 12]],
      ['hg-a-2', [0], [1]],
    ]);
    // The arrays a search may still hold are left as they were.
    expect([...before.checkin].map((d) => d - fromDay)).toEqual([0, 9]);
    expect(hasFreeHouse(g, fromDay + 4, fromDay + 5)).toBe(true);
    expect(applyStayChanges(g, fromDay, [], [s('hg-a-2', '2030-01-05', '2030-01-06')])).toBe(true);
    expect(hasFreeHouse(g, fromDay + 4, fromDay + 5)).toBe(false);
  });

  it('leaves out stays that end before the loaded nights, as a load does', () => {
    const g = fresh();
    expect(applyStayChanges(g, fromDay, [], [s('hg-a-2', '2029-12-20', '2030-01-01')])).toBe(true);
    expect(applyStayChanges(g, fromDay, [s('hg-a-2', '2029-12-20', '2030-01-01')], [])).toBe(true);
    expect(nights(g)[1]).toEqual(['hg-a-2', [], []]);
  });

  it('refuses, changing nothing, what does not fit what is loaded: the group is then loaded again', () => {
    const refused = [
      [[s('hg-a-9', '2030-01-01', '2030-01-03')], []], // unknown house
      [[s('hg-a-1', '2030-01-01', '2030-01-04')], []], // no such stay
      [[s('hg-a-2', '2030-01-01', '2030-01-03')], []],
      [[], [s('hg-a-1', '2030-01-02', '2030-01-04')]], // overlaps the stay before
      [[], [s('hg-a-1', '2030-01-08', '2030-01-11')]], // overlaps the stay after
      [[], [s('hg-a-1', '2030-01-05', '2030-01-06'), s('hg-a-1', '2030-01-05', '2030-01-07')]],
    ] as const;
    for (const [removed, added] of refused) {
      const g = fresh();
      expect(applyStayChanges(g, fromDay, removed, added)).toBe(false);
      expect(nights(g)).toEqual(nights(fresh()));
    }
  });
});

describe('searchIndex', () => {
  it('prices a stay with the extra-guest charge and keeps only groups with a free house', () => {
    const data = indexOf(slice(), slice({ id: 'hg-b', houses: [['hg-b-1', null]] }));
    const rows = searchIndex(data, query({ stay: stay('2030-01-02', '2030-01-03'), guests: 3, adults: 3 }))!;
    expect(rows.map((r) => [r.id, r.total])).toEqual([['hg-b', 30_000 + 5_000]]);
  });

  it('matches the prefecture in English case-insensitively and in Japanese with or without its suffix', () => {
    const data = indexOf(
      slice(),
      slice({ id: 'hg-b', prefecture_en: 'Nara', prefecture_en_lower: 'nara', prefecture_ja: '奈良県' }),
    );
    for (const prefecture of ['KYOTO', '京都', '京都府']) {
      expect(searchIndex(data, query({ prefecture }))!.map((r) => r.id)).toEqual(['hg-a']);
    }
    expect(searchIndex(data, query({ prefecture: '奈良' }))!.map((r) => r.id)).toEqual(['hg-b']);
    expect(searchIndex(data, query({ area: 'KYOTO CITY' }))!.map((r) => r.id)).toEqual(['hg-a', 'hg-b']);
  });

  it('applies capacity, adults, pets, type and usage label', () => {
    const data = indexOf(
      slice(),
      slice({ id: 'hg-pets', is_pet_allowed: true, max_pet_capacity: 1, max_capacity: 6, type: 'EXCLUSIVE' }),
    );
    expect(searchIndex(data, query({ guests: 5 }))!.map((r) => r.id)).toEqual(['hg-pets']);
    expect(searchIndex(data, query({ pets: 1 }))!.map((r) => r.id)).toEqual(['hg-pets']);
    expect(searchIndex(data, query({ pets: 2 }))).toEqual([]);
    expect(searchIndex(data, query({ type: 'YADO' }))!.map((r) => r.id)).toEqual(['hg-a']);
    expect(searchIndex(data, query({ usageLabel: 'TIME' }))).toEqual([]);
    expect(searchIndex(indexOf(slice({ min_adult_capacity: 2 })), query({ adults: 1 }))).toEqual([]);
  });

  it('sorts by price either way with the id breaking ties, by name in the language, and continues after a cursor', () => {
    const data = indexOf(
      slice({ id: 'b', name_en: 'Zen', standard_season_price: 10 }),
      slice({ id: 'a', name_en: 'Moss', standard_season_price: 10 }),
      slice({ id: 'c', name_en: 'Ash', standard_season_price: 30 }),
    );
    expect(searchIndex(data, query())!.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(searchIndex(data, query({ sort: 'PRICE_DESC' }))!.map((r) => r.id)).toEqual(['c', 'a', 'b']);
    expect(searchIndex(data, query({ sort: 'NAME' }))!.map((r) => r.sort_key)).toEqual(['Ash', 'Moss', 'Zen']);
    expect(searchIndex(data, query({ after: { key: 10, id: 'a' } }))!.map((r) => r.id)).toEqual(['b', 'c']);
    expect(searchIndex(data, query({ sort: 'PRICE_DESC', after: { key: 10, id: 'a' } }))!.map((r) => r.id)).toEqual([
      'b',
    ]);
    expect(searchIndex(data, query({ limit: 2 }))!.map((r) => r.id)).toEqual(['a', 'b']);
    // Without dates there is no total; the sort key is the standard season price.
    expect(searchIndex(data, query({ limit: 1 }))![0]).toMatchObject({ total: null, sort_key: 10 });
  });

  it("keeps the check-in date from being before the house group's own today", () => {
    // At 2029-12-31 12:00 UTC it is already 1 January in Tokyo, still 31 December in Honolulu.
    const data = indexOf(slice({ id: 'tokyo' }), slice({ id: 'honolulu', timezone: 'Pacific/Honolulu' }));
    const rows = searchIndex(
      data,
      query({ stay: stay('2030-01-01', '2030-01-02'), now: new Date('2030-01-01T09:30:00Z') }),
    );
    expect(rows).toEqual([]); // both taken on 1 January
    const free = indexOf(
      slice({ id: 'tokyo', houses: [['t', null]] }),
      slice({ id: 'honolulu', houses: [['h', null]], timezone: 'Pacific/Honolulu' }),
    );
    // 2030-01-01 15:30 UTC: 2 January in Tokyo, 1 January in Honolulu.
    const q = query({ stay: stay('2030-01-01', '2030-01-02'), now: new Date('2030-01-01T15:30:00Z') });
    expect(searchIndex(free, q)!.map((r) => r.id)).toEqual(['honolulu']);
  });

  it('gives up (the statement answers) for dates before the loaded nights or a cursor that is no whole number', () => {
    const data = indexOf(slice());
    expect(searchIndex(data, query({ stay: stay('2029-12-31', '2030-01-01') }))).toBeNull();
    expect(searchIndex(data, query({ after: { key: 1.5, id: 'x' } }))).toBeNull();
  });

  it('forgets a removed group and moves a changed one between prefectures', () => {
    const data = indexOf(slice(), slice({ id: 'hg-b' }));
    removeGroup(data, 'hg-a');
    putGroup(
      data,
      groupFromSlice(slice({ id: 'hg-b', prefecture_en_lower: 'nara', prefecture_ja: '奈良県' }), fromDay),
    );
    expect(searchIndex(data, query({ prefecture: 'Kyoto' }))).toEqual([]);
    expect(searchIndex(data, query({ prefecture: 'nara' }))!.map((r) => r.id)).toEqual(['hg-b']);
    expect(data.buckets.has('pen:kyoto')).toBe(false);
  });
});

describe('nationwide and prefecture pages', () => {
  const PREFS: [string, string][] = [
    ['Kyoto', '京都府'],
    ['Nara', '奈良県'],
    ['Tokyo', '東京都'],
  ];
  const NAMES = ['Alpha', 'alpha', 'Zen', '\u{1F3E0} House', '\uFF5E Tilde', '雪', 'Alpha'];

  /** A random slice: prices, HIGH, closed and missing nights over 70 days, houses with stays. */
  const sliceArb = (id: string) =>
    fc
      .record({
        pref: fc.constantFrom(...PREFS),
        nameEn: fc.constantFrom(...NAMES),
        nameJa: fc.constantFrom(...NAMES),
        base: fc.integer({ min: 1, max: 3 }),
        more: fc.integer({ min: 0, max: 3 }),
        extra: fc.constantFrom(0, 2_000, 5_000),
        standard: fc.constantFrom(10_000, 12_000, 15_000),
        // Close prices, so that totals tie and bounds are met exactly, with now and then a dear night.
        price: fc.constantFrom(10_000, 11_000, 12_000),
        nights: fc.array(
          fc.record({
            flags: fc.constantFrom(0, 1, 1, 1, 1, 1, 1, 1, 3, 5),
            plus: fc.constantFrom(0, 0, 0, 1_000, 2_000, 30_000),
          }),
          { minLength: 70, maxLength: 70 },
        ),
        houses: fc.array(fc.array(fc.integer({ min: 0, max: 69 }), { maxLength: 4 }), { minLength: 1, maxLength: 3 }),
      })
      .map((r) =>
        slice({
          id,
          name_en: r.nameEn,
          name_ja: r.nameJa,
          prefecture_en: r.pref[0],
          prefecture_en_lower: r.pref[0].toLowerCase(),
          prefecture_ja: r.pref[1],
          base_capacity: r.base,
          max_capacity: r.base + r.more,
          extra_charge_per_guest_per_night: r.extra,
          standard_season_price: r.standard,
          days: r.nights
            .flatMap((n, k) => (n.flags === 0 ? [] : [k, n.flags, r.price + n.plus, r.price + 7_000]))
            .join(','),
          // One-night stays on distinct days never overlap.
          houses: r.houses.map((days, h): [string, string | null] => [
            `${id}-h${h}`,
            [...new Set(days)]
              .sort((a, b) => a - b)
              .flatMap((d) => [d, d + 1])
              .join(',') || null,
          ]),
        }),
      );

  const queryArb = fc.record({
    prefecture: fc.constantFrom(null, null, 'kyoto', '奈良', 'Tokyo'),
    dated: fc.boolean(),
    start: fc.integer({ min: 0, max: 60 }),
    nights: fc.integer({ min: 1, max: 9 }),
    guests: fc.integer({ min: 1, max: 6 }),
    sort: fc.constantFrom('PRICE_ASC' as const, 'PRICE_DESC' as const, 'NAME' as const),
    language: fc.constantFrom('en' as const, 'ja' as const),
    limit: fc.integer({ min: 1, max: 7 }),
  });

  /** Every answer of the query, by brute force: each group judged alone, all sorted, then cut after the cursor. */
  function reference(data: SearchIndexData, q: SearchQuery) {
    const hits: { id: string; key: number | string; total: number | null }[] = [];
    for (const g of data.groups.values()) {
      if (g.maxCapacity < q.guests || g.minAdultCapacity > q.adults) continue;
      if (q.prefecture) {
        const p = q.prefecture;
        if (g.prefectureEnLower !== p.toLowerCase() && ![p, `${p}県`, `${p}府`, `${p}都`].includes(g.prefectureJa)) {
          continue;
        }
      }
      let total: number | null = null;
      if (q.stay) {
        const [ci, co] = [dayNumber(q.stay.checkin), dayNumber(q.stay.checkout)];
        const room = roomTotal(g, ci, co);
        if (room === null || !hasFreeHouse(g, ci, co)) continue;
        total = room + Math.max(0, q.guests - g.baseCapacity) * g.extraChargePerGuestPerNight * q.stay.nights;
      }
      hits.push({ id: g.id, key: q.sort === 'NAME' ? g.name[q.language] : (total ?? g.standardSeasonPrice), total });
    }
    const sign = q.sort === 'PRICE_DESC' ? -1 : 1;
    const cmp = (a: { id: string; key: number | string }, b: { id: string; key: number | string }) =>
      (q.sort === 'NAME'
        ? compareText(a.key as string, b.key as string)
        : sign * ((a.key as number) - (b.key as number))) || compareText(a.id, b.id);
    hits.sort(cmp);
    return q.after ? hits.filter((h) => cmp(h, { id: q.after!.id, key: q.after!.key }) > 0) : hits;
  }

  /** Page after page following the cursors: each page is the reference's next `limit`. */
  function expectPagesAgree(data: SearchIndexData, q: SearchQuery) {
    let after: SearchQuery['after'] = null;
    for (let n = 0; n < 5; n++) {
      const page: IndexedSearchRow[] = searchIndex(data, { ...q, after })!;
      const expected = reference(data, { ...q, after }).slice(0, q.limit);
      expect(page.map((r) => [r.id, r.total, r.sort_key])).toEqual(expected.map((h) => [h.id, h.total, h.key]));
      const last = page.at(-1);
      if (page.length < q.limit || !last) return;
      after = { key: last.sort_key, id: last.id };
    }
  }

  const toQuery = (a: typeof queryArb extends fc.Arbitrary<infer T> ? T : never): SearchQuery => {
    const checkin = new Date((fromDay + a.start) * 86_400_000).toISOString().slice(0, 10);
    const checkout = new Date((fromDay + a.start + a.nights) * 86_400_000).toISOString().slice(0, 10);
    return query({
      prefecture: a.prefecture,
      stay: a.dated ? stay(checkin, checkout) : null,
      guests: a.guests,
      adults: 1,
      sort: a.sort,
      language: a.language,
      limit: a.limit,
    });
  };

  it('agree with a brute-force reference, page by page, as groups change, come and go', () => {
    const catalogueArb = fc.tuple(...Array.from({ length: 40 }, (_, i) => sliceArb(`g-${String(i).padStart(2, '0')}`)));
    fc.assert(
      fc.property(
        catalogueArb,
        fc.array(queryArb, { minLength: 12, maxLength: 12 }),
        fc.array(sliceArb('g-new'), { minLength: 3, maxLength: 3 }),
        (slices, queries, changes) => {
          const data = indexOf(...slices);
          for (const [i, a] of queries.entries()) {
            expectPagesAgree(data, toQuery(a));
            // Between queries, groups come and go, and one changes (prices, names) and is then
            // reloaded unchanged; the nationwide orders must follow.
            const k = (i >> 2) % changes.length;
            if (i % 4 === 1) {
              removeGroup(data, slices[k + 10]!.id);
              putGroup(data, groupFromSlice({ ...changes[k]!, id: `g-new-${i}` }, fromDay));
            } else if (i % 4 === 3) {
              const changed = { ...changes[k]!, id: slices[k]!.id };
              putGroup(data, groupFromSlice(changed, fromDay));
              putGroup(data, groupFromSlice(changed, fromDay));
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('walks only as many groups as the page needs for a nationwide search by price', () => {
    // 200 groups priced 10,000 to 209,000 a night, all free: the cheapest page is read from the
    // front of the order and the walk stops there.
    const data = indexOf(
      ...Array.from({ length: 200 }, (_, i) =>
        slice({ id: `w-${String(i).padStart(3, '0')}`, days: `0,1,${10_000 + i * 1_000},0`, houses: [['h', null]] }),
      ),
    );
    const looked: string[] = [];
    const original = data.groups.get.bind(data.groups);
    data.groups.get = (id: string) => (looked.push(id), original(id));
    const rows = searchIndex(data, query({ stay: stay('2030-01-01', '2030-01-02'), limit: 5 }))!;
    expect(rows.map((r) => r.total)).toEqual([10_000, 11_000, 12_000, 13_000, 14_000]);
    expect(looked.length).toBeLessThanOrEqual(6);
    looked.length = 0;
    const dear = searchIndex(data, query({ stay: stay('2030-01-01', '2030-01-02'), limit: 5, sort: 'PRICE_DESC' }))!;
    expect(dear.map((r) => r.total)).toEqual([209_000, 208_000, 207_000, 206_000, 205_000]);
    // The extra-guest charge may add up to 2 guests × 5,000 a night: groups up to 10,000 below still count.
    expect(looked.length).toBeLessThanOrEqual(16);
  });
});
