import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { addDays, civilFromIso, todayIn } from '@yado/contract/civil-date';
import { stayPrice } from './price.rules.js';
import { searchHouseGroups } from './search.repo.js';
import {
  listPlaces,
  getPlace,
  listHouseGroups,
  getHouseGroup,
  getHouseGroupLocation,
  listHouses,
  getHouseGroupAvailabilityCalendar,
  getSeasonPriceType,
  listStayStyles,
  searchHouseGroups as searchHouseGroupsMethod,
} from '@yado/contract/catalogue.contract';

let t: TestApi;
let today: string;
beforeAll(async () => {
  t = await createTestApi();
  today = todayIn('Asia/Tokyo', t.clock.now());
});

const uid = () => randomBytes(4).toString('hex');
const civil = (offsetDays: number) => civilFromIso(addDays(today, offsetDays));

async function place(o: { audiences?: string[]; prefecture?: [string, string]; name?: string } = {}) {
  const id = `place-${uid()}`;
  const [prefEn, prefJa] = o.prefecture ?? ['Nagano', '長野県'];
  await t.pool.query(
    `INSERT INTO places (id, name_en, name_ja, prefecture_en, prefecture_ja, city_en, city_ja, phone_national_number,
                         description_en, description_ja, audiences)
     VALUES ($1, $2, $3, $4, $5, 'Hakuba', '白馬村', '261234567', 'Snowy valley', '雪の谷', $6)`,
    [id, o.name ?? `Valley ${id}`, `谷 ${id}`, prefEn, prefJa, o.audiences ?? ['OWNER', 'GUEST']],
  );
  return id;
}

type GroupOptions = {
  placeId?: string;
  houses?: number;
  standardPrice?: number;
  highPrice?: number;
  base?: number;
  max?: number;
  extra?: number;
  pets?: number;
  type?: string;
  usage?: string;
  area?: string;
  name?: string;
  /** Offsets from today of HIGH and closed days; the calendar runs 120 days from today. */
  high?: number[];
  closed?: number[];
  sortOrder?: number;
};

async function group(o: GroupOptions = {}) {
  const placeId = o.placeId ?? (await place());
  const id = `hg-${uid()}`;
  const area = o.area ?? `area-${id}`;
  await t.pool.query(
    `INSERT INTO house_groups (id, place_id, name_en, name_ja, type, usage_label, area_en, area_ja, base_capacity,
                               max_capacity, extra_charge_per_guest_per_night, is_pet_allowed, base_pet_capacity,
                               max_pet_capacity, standard_season_price, latitude, longitude, address_en, address_ja,
                               concept_title_en, concept_title_ja, sort_order)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9, $10, $11, $12, $11::boolean::int * $12, $13,
             35.123456789, 139.987654321, '{"state":"Nagano","city":"Hakuba","street1":"1-2"}',
             '{"state":"長野県","city":"白馬村","street1":"1-2"}', 'Snow and quiet', '雪と静けさ', $14)`,
    [
      id,
      placeId,
      o.name ?? `Chalet ${id}`,
      `シャレー ${id}`,
      o.type ?? 'YADO',
      o.usage ?? 'ACCOMMODATION',
      area,
      o.base ?? 2,
      o.max ?? 4,
      o.extra ?? 5_000,
      (o.pets ?? 0) > 0,
      o.pets ?? 0,
      o.standardPrice ?? 20_000,
      o.sortOrder ?? 0,
    ],
  );
  const houses: string[] = [];
  for (let i = 0; i < (o.houses ?? 1); i++) {
    const houseId = `${id}-h${i}`;
    await t.pool.query(`INSERT INTO houses (id, house_group_id, name_en, name_ja, floor) VALUES ($1, $2, $3, $4, $5)`, [
      houseId,
      id,
      `House ${i}`,
      `${i}号棟`,
      i + 1,
    ]);
    houses.push(houseId);
  }
  await t.pool.query(
    `INSERT INTO house_group_days (house_group_id, date, price_type, closed, standard_price, high_price)
     SELECT $1, $2::date + k, CASE WHEN k = ANY ($5::int[]) THEN 'HIGH' ELSE 'STANDARD' END, k = ANY ($6::int[]), $3, $4
     FROM generate_series(0, 119) AS k`,
    [id, today, o.standardPrice ?? 20_000, o.highPrice ?? 32_000, o.high ?? [], o.closed ?? []],
  );
  return { id, placeId, houses, area };
}

let stayN = 0;
async function stay(houseId: string, fromOffset: number, nights: number, status = 'ACTIVE') {
  const r = await t.pool.query<{ house_group_id: string }>('SELECT house_group_id FROM houses WHERE id = $1', [
    houseId,
  ]);
  await t.pool.query(
    `INSERT INTO stays (id, house_id, house_group_id, checkin_date, checkout_date, status)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      `stay-${uid()}-${stayN++}`,
      houseId,
      r.rows[0]!.house_group_id,
      addDays(today, fromOffset),
      addDays(today, fromOffset + nights),
      status,
    ],
  );
}

const expectInvalid = (res: { status: number; body: any }, field: string) => {
  expect(res.status).toBe(400);
  expect(res.body.errorInfo.reason).toBe('CodeInvalidArgument');
  expect(JSON.stringify(res.body)).toContain(field);
};
const expectNotFound = (res: { status: number; body: any }) => {
  expect(res.status).toBe(404);
  expect(res.body.errorInfo.reason).toBe('CodeNotFound');
};

describe('list_places and get_place', () => {
  it('pages through the places of an audience in both languages, and rejects an edited page token', async () => {
    const owners = await place({ audiences: ['OWNER'], prefecture: ['Aomori', '青森県'] });
    const both = await place({ prefecture: ['Aomori', '青森県'] });
    const guests = await place({ audiences: ['GUEST'], prefecture: ['Aomori', '青森県'] });

    const seen: string[] = [];
    let pageToken = '';
    do {
      const res = await t.call(listPlaces, { audience: 'OWNER', pageSize: 1, pageToken });
      expect(res.status).toBe(200);
      expect(res.body.places.length).toBeLessThanOrEqual(1);
      seen.push(...res.body.places.map((p: { id: string }) => p.id));
      pageToken = res.body.nextPageToken;
    } while (pageToken);
    expect(seen).toContain(owners);
    expect(seen).toContain(both);
    expect(seen).not.toContain(guests);
    expect(new Set(seen).size).toBe(seen.length);

    const first = await t.call(listPlaces, { audience: 'GUEST', pageSize: 1 });
    expect(first.body.nextPageToken).not.toBe('');
    const tampered = first.body.nextPageToken.replace(/^./, (c: string) => (c === 'e' ? 'f' : 'e'));
    expectInvalid(await t.call(listPlaces, { audience: 'GUEST', pageSize: 1, pageToken: tampered }), 'pageToken');
    // A token of another query (other audience) does not continue this one.
    expectInvalid(
      await t.call(listPlaces, { audience: 'OWNER', pageSize: 1, pageToken: first.body.nextPageToken }),
      'pageToken',
    );
    expectInvalid(await t.callRaw(listPlaces, { audience: 'STAFF' }), 'audience');
  });

  it('gets one place in the caller’s language; 404 for an unknown id', async () => {
    const id = await place({ prefecture: ['Nagano', '長野県'] });
    const en = await t.call(getPlace, { placeId: id }, { language: 'en' });
    expect(en.body.place).toEqual({
      id,
      name: `Valley ${id}`,
      prefectureName: 'Nagano',
      cityName: 'Hakuba',
      phoneNumber: { countryCode: 81, nationalNumber: '261234567' },
      description: 'Snowy valley',
      verticalImageUrl: '',
      horizontalImageUrl: '',
    });
    const ja = await t.call(getPlace, { placeId: id }, { language: 'ja' });
    expect(ja.body.place).toMatchObject({ name: `谷 ${id}`, prefectureName: '長野県', cityName: '白馬村' });
    expectNotFound(await t.call(getPlace, { placeId: 'place-nowhere' }));
    expectInvalid(await t.callRaw(getPlace, {}), 'placeId');
  });
});

describe('house groups and houses', () => {
  it('lists the house groups of a place in their short form, paged', async () => {
    const placeId = await place();
    const a = await group({ placeId, sortOrder: 1 });
    const b = await group({ placeId, sortOrder: 2 });
    const c = await group({ placeId, sortOrder: 3 });
    const p1 = await t.call(listHouseGroups, { placeId, pageSize: 2 });
    expect(p1.body.houseGroups.map((h: { id: string }) => h.id)).toEqual([a.id, b.id]);
    expect(p1.body.houseGroups[0]).toMatchObject({
      placeId,
      type: 'YADO',
      usageLabel: 'ACCOMMODATION',
      timezone: 'Asia/Tokyo',
      version: 1,
      images: { verticalImageUrl: '', horizontalImageUrl: '', squareImageUrl: '' },
    });
    const p2 = await t.call(listHouseGroups, { placeId, pageSize: 2, pageToken: p1.body.nextPageToken });
    expect(p2.body.houseGroups.map((h: { id: string }) => h.id)).toEqual([c.id]);
    expect(p2.body.nextPageToken).toBe('');
    expectNotFound(await t.call(listHouseGroups, { placeId: 'place-nowhere' }));
    expectInvalid(await t.call(listHouseGroups, { placeId, pageSize: 0 }), 'pageSize');
  });

  it('gets a house group in its full and location forms, and its houses', async () => {
    const g = await group({ houses: 2, base: 3, max: 6, extra: 4_000, pets: 2, type: 'EARTHBOAT' });
    const full = await t.call(getHouseGroup, { houseGroupId: g.id }, { language: 'ja' });
    expect(full.status).toBe(200);
    expect(full.body.houseGroup).toMatchObject({
      id: g.id,
      name: `シャレー ${g.id}`,
      type: 'EARTHBOAT',
      baseCapacity: 3,
      maxCapacity: 6,
      isPetAllowed: true,
      maxPetCapacity: 2,
      extraChargePerGuestPerNight: 4_000,
      checkinTime: '15:00',
      checkoutTime: '11:00',
      serviceChargePercentage: 10,
      timezone: 'Asia/Tokyo',
      utcOffset: '+09:00',
      unlockOperationType: 'SMARTHOME',
      availableBookingTypes: ['GUEST_USE'],
      cancellationPolicy: { noShowPercent: 100 },
    });
    const location = await t.call(getHouseGroupLocation, { houseGroupId: g.id }, { language: 'ja' });
    expect(location.body.houseGroupLocation).toMatchObject({
      id: g.id,
      country: { code: 'JP', name: '日本' },
      address: { countryCode: 'JP', state: '長野県', city: '白馬村', street1: '1-2' },
      conceptTitle: '雪と静けさ',
      latitude: 35.123457,
      longitude: 139.987654,
    });
    const houses = await t.call(listHouses, { houseGroupId: g.id }, { language: 'en' });
    expect(houses.body.houses).toEqual([
      { id: g.houses[0], name: 'House 0', floor: 1 },
      { id: g.houses[1], name: 'House 1', floor: 2 },
    ]);
    for (const m of [getHouseGroup, getHouseGroupLocation, listHouses]) {
      expectNotFound(await t.call(m, { houseGroupId: 'hg-nowhere' }));
      expectInvalid(await t.callRaw(m, { houseGroupId: '' }), 'houseGroupId');
    }
  });
});

describe('get_house_group_availability_calendar', () => {
  const month = (offset: number) => {
    const d = civil(offset);
    return { year: d.year, month: d.month };
  };
  const dayOf = (res: any, offset: number) => {
    const d = civil(offset);
    return res.body.months
      .find((m: any) => m.year === d.year && m.month === d.month)
      .days.find((x: any) => x.date.day === d.day);
  };

  it('derives check-in and check-out availability from houses, stays and closed days', async () => {
    const g = await group({ houses: 2, high: [20], closed: [30] });
    // House 0 is taken nights 10..12; house 1 nights 11..11: night 11 has no free house.
    await stay(g.houses[0]!, 10, 3);
    await stay(g.houses[1]!, 11, 1);
    // A released stay frees its house again.
    await stay(g.houses[1]!, 12, 1, 'RELEASED');
    // From yesterday's month, so yesterday is in the answer on the first of a month too.
    const res = await t.call(getHouseGroupAvailabilityCalendar, {
      houseGroupId: g.id,
      from: month(-1),
      to: month(60),
    });
    expect(res.status).toBe(200);
    expect(res.body.variant).toBe('CHECKIN_CHECKOUT');
    expect(dayOf(res, 10)).toMatchObject({ availableForCheckin: true, availableForCheckout: true });
    expect(dayOf(res, 11)).toMatchObject({ availableForCheckin: false, availableForCheckout: true });
    expect(dayOf(res, 12)).toMatchObject({ availableForCheckin: true, availableForCheckout: false });
    expect(dayOf(res, 20)).toMatchObject({ priceType: 'HIGH', availableForCheckin: true });
    expect(dayOf(res, 30)).toMatchObject({ availableForCheckin: false, availableForCheckout: true });
    expect(dayOf(res, 31)).toMatchObject({ availableForCheckin: true, availableForCheckout: false });
    expect(dayOf(res, -1)).toMatchObject({ availableForCheckin: false, availableForCheckout: false });
    // Every day of every month is there.
    const first = res.body.months[0];
    expect(first!.days[0]!.date.day).toBe(1);
  });

  it('answers the VACANCY and ENABLED variants', async () => {
    const g = await group({ houses: 1, high: [5] });
    await stay(g.houses[0]!, 3, 2);
    const vacancy = await t.call(getHouseGroupAvailabilityCalendar, {
      houseGroupId: g.id,
      from: month(0),
      to: month(40),
      variant: 'VACANCY',
      targetPeriodDays: 4,
    });
    expect(vacancy.status).toBe(200);
    expect(vacancy.body.targetPeriodDays).toBe(4);
    expect(vacancy.body.targetPeriodTo).toEqual(civil(4));
    expect(dayOf(vacancy, 2)).toEqual({
      date: civil(2),
      priceType: 'STANDARD',
      vacant: true,
      withinTargetPeriod: true,
    });
    expect(dayOf(vacancy, 3)).toMatchObject({ vacant: false, withinTargetPeriod: true });
    expect(dayOf(vacancy, 5)).toEqual({ date: civil(5), priceType: 'HIGH', vacant: true, withinTargetPeriod: false });

    const enabled = await t.call(getHouseGroupAvailabilityCalendar, {
      houseGroupId: g.id,
      from: month(0),
      to: month(0),
      variant: 'ENABLED',
    });
    expect(dayOf(enabled, 0)).toEqual({ date: civil(0), enabled: true, priceType: 'STANDARD' });
    if (month(3).month === month(0).month) expect(dayOf(enabled, 3)).toMatchObject({ enabled: false });
  });

  it('refuses more than 18 months, a range that ends before it starts and an unknown house group', async () => {
    const g = await group();
    const from = { year: 2030, month: 1 };
    const ok = await t.call(getHouseGroupAvailabilityCalendar, {
      houseGroupId: g.id,
      from,
      to: { year: 2031, month: 6 },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.months).toHaveLength(18);
    expectInvalid(
      await t.call(getHouseGroupAvailabilityCalendar, { houseGroupId: g.id, from, to: { year: 2031, month: 7 } }),
      'to',
    );
    expectInvalid(
      await t.call(getHouseGroupAvailabilityCalendar, {
        houseGroupId: g.id,
        from,
        to: { year: 2029, month: 12 },
      }),
      'to',
    );
    expectInvalid(
      await t.callRaw(getHouseGroupAvailabilityCalendar, {
        houseGroupId: g.id,
        from,
        to: from,
        variant: 'SOMETIMES',
      }),
      'variant',
    );
    expectNotFound(await t.call(getHouseGroupAvailabilityCalendar, { houseGroupId: 'hg-nowhere', from, to: from }));
  });
});

describe('get_season_price_type', () => {
  it('gives each date its price type and the price of that type', async () => {
    const g = await group({ standardPrice: 21_000, highPrice: 33_000, high: [2], closed: [3] });
    const res = await t.call(getSeasonPriceType, { houseGroupId: g.id, startDate: civil(1), endDate: civil(3) });
    expect(res.body.days).toEqual([
      { date: civil(1), priceType: 'STANDARD', price: 21_000, closed: false },
      { date: civil(2), priceType: 'HIGH', price: 33_000, closed: false },
      { date: civil(3), priceType: 'STANDARD', price: 21_000, closed: true },
    ]);
    expectInvalid(
      await t.call(getSeasonPriceType, { houseGroupId: g.id, startDate: civil(3), endDate: civil(1) }),
      'endDate',
    );
    expectInvalid(
      await t.call(getSeasonPriceType, {
        houseGroupId: g.id,
        startDate: { year: 2030, month: 2, day: 30 },
        endDate: civil(1),
      }),
      'startDate',
    );
    expectNotFound(
      await t.call(getSeasonPriceType, { houseGroupId: 'hg-nowhere', startDate: civil(1), endDate: civil(2) }),
    );
  });
});

describe('list_stay_styles', () => {
  it('lists all stay styles or those of a house group, translated', async () => {
    const g = await group();
    await t.pool.query(
      `INSERT INTO stay_styles (id, name_en, name_ja, sort_order) VALUES ('style-a', 'Snow', '雪', 1), ('style-b', 'Sea', '海', 2)`,
    );
    await t.pool.query(`INSERT INTO house_group_stay_styles VALUES ($1, 'style-b')`, [g.id]);
    const all = await t.call(listStayStyles, {}, { language: 'ja' });
    expect(all.body.stayStyles.map((s: { name: string }) => s.name)).toEqual(['雪', '海']);
    const mine = await t.call(listStayStyles, { houseGroupId: g.id });
    expect(mine.body.stayStyles).toEqual([{ id: 'style-b', name: 'Sea', description: '', imageUrl: '' }]);
    expectNotFound(await t.call(listStayStyles, { houseGroupId: 'hg-nowhere' }));
  });
});

describe('search_house_groups', () => {
  it('leaves the groups used by the hour (TIME) out of a search with dates, unless asked for', async () => {
    const area = `Area ${uid()}`;
    const nightly = await group({ area });
    const hourly = await group({ area, usage: 'TIME' });
    const ids = (r: { body: { results: { houseGroup: { id: string } }[] } }) =>
      r.body.results.map((x) => x.houseGroup.id);
    const withDates = await t.call(searchHouseGroupsMethod, { area, checkinDate: civil(10), checkoutDate: civil(12) });
    expect(ids(withDates)).toEqual([nightly.id]);
    const undated = await t.call(searchHouseGroupsMethod, { area });
    expect(ids(undated).sort()).toEqual([nightly.id, hourly.id].sort());
    const asked = await t.call(searchHouseGroupsMethod, {
      area,
      usageLabel: 'TIME',
      checkinDate: civil(10),
      checkoutDate: civil(12),
    });
    expect(ids(asked)).toEqual([hourly.id]);
  });

  it('finds the groups with a house free for every night, with the accommodation total', async () => {
    const area = `Area ${uid()}`;
    // 3 nights from day 10: night 11 is HIGH.
    const cheap = await group({
      area,
      standardPrice: 10_000,
      highPrice: 15_000,
      high: [11],
      base: 2,
      max: 4,
      extra: 3_000,
    });
    const dear = await group({ area, standardPrice: 30_000, highPrice: 30_000, base: 4, max: 6 });
    const busy = await group({ area, houses: 2 });
    await stay(busy.houses[0]!, 9, 2); // nights 9, 10
    await stay(busy.houses[1]!, 12, 1); // night 12: no single house is free for 10..12
    const closed = await group({ area, closed: [12] });
    const small = await group({ area, max: 2 });

    const res = await t.call(searchHouseGroupsMethod, {
      area,
      checkinDate: civil(10),
      checkoutDate: civil(13),
      adults: 2,
      children: 1,
      infants: 1,
    });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: any) => r.houseGroup.id)).toEqual([cheap.id, dear.id]);
    // 10,000 + 15,000 + 10,000, and one guest above the base of 2 for 3 nights at 3,000.
    expect(res.body.results[0]).toMatchObject({ nights: 3, totalPrice: 35_000 + 9_000 });
    expect(res.body.results[1]!.totalPrice).toBe(90_000);
    for (const excluded of [busy.id, closed.id, small.id]) {
      expect(res.body.results.map((r: any) => r.houseGroup.id)).not.toContain(excluded);
    }

    const desc = await t.call(searchHouseGroupsMethod, {
      area,
      checkinDate: civil(10),
      checkoutDate: civil(13),
      sort: 'PRICE_DESC',
      adults: 3,
    });
    expect(desc.body.results.map((r: any) => r.houseGroup.id)).toEqual([dear.id, cheap.id]);
  });

  it('never counts a retired house as free, as the calendar and holds do not', async () => {
    const area = `Area ${uid()}`;
    // Two houses: house 0 is taken nights 10..12, house 1 is retired. Retirement is the house's
    // mark; the hold stay staff retirement also writes is left out, as for a house retired by hand.
    const shared = await group({ area, houses: 2 });
    await stay(shared.houses[0]!, 10, 3);
    // The only house is retired: the group has no house at all for any night.
    const empty = await group({ area, houses: 1 });
    const open = await group({ area, houses: 2 });
    await stay(open.houses[0]!, 10, 3);
    await t.pool.query('UPDATE houses SET retired_at = now() WHERE id = ANY ($1::text[])', [
      [shared.houses[1], empty.houses[0]],
    ]);

    const found = async (from: number, to: number) => {
      const body = { area, checkinDate: civil(from), checkoutDate: civil(to), adults: 1, pageSize: 50 };
      const res = await t.call(searchHouseGroupsMethod, body);
      expect(res.status).toBe(200);
      return res.body.results.map((r: any) => r.houseGroup.id).sort();
    };
    expect(await found(10, 13)).toEqual([open.id]);
    expect(await found(11, 12)).toEqual([open.id]);
    // Nights the active house is free: found through it, not through the retired one.
    expect(await found(20, 22)).toEqual([shared.id, open.id].sort());

    // The search statement (the read model's reference and fallback) agrees.
    const statement = await searchHouseGroups(t.pool, {
      language: 'en',
      stay: { checkin: addDays(today, 10), checkout: addDays(today, 13), nights: 3 },
      guests: 1,
      adults: 1,
      pets: 0,
      type: null,
      usageLabel: null,
      prefecture: null,
      area,
      now: t.clock.now(),
      sort: 'PRICE_ASC',
      after: null,
      limit: 50,
    });
    expect(statement.map((r) => r.id)).toEqual([open.id]);

    // And so does the availability calendar: no check-in on night 10 where search finds nothing.
    const d = civil(10);
    const calendar = await t.call(getHouseGroupAvailabilityCalendar, {
      houseGroupId: shared.id,
      from: { year: d.year, month: d.month },
      to: { year: d.year, month: d.month },
    });
    const night = calendar.body.months[0]!.days.find((x: any) => x.date.day === d.day);
    expect(night).toMatchObject({ availableForCheckin: false });
  });

  it('filters by prefecture, type, usage label and pets, and lists without dates at the standard season price', async () => {
    const placeId = await place({ prefecture: ['Tottori', '鳥取県'] });
    const boat = await group({ placeId, type: 'EARTHBOAT', pets: 2, standardPrice: 18_000 });
    const time = await group({ placeId, usage: 'TIME' });
    await t.pool.query('UPDATE house_groups SET standard_season_price = 18000 WHERE id = $1', [boat.id]);

    const byPrefecture = await t.call(searchHouseGroupsMethod, { prefecture: '鳥取', adults: 1 }, { language: 'ja' });
    expect(byPrefecture.body.results.map((r: any) => r.houseGroup.id).sort()).toEqual([boat.id, time.id].sort());
    expect(byPrefecture.body.results[0]!.houseGroup.prefectureName).toBe('鳥取県');
    const boats = await t.call(searchHouseGroupsMethod, { prefecture: 'tottori', type: 'EARTHBOAT' });
    expect(boats.body.results).toEqual([
      expect.objectContaining({
        nights: 0,
        totalPrice: null,
        houseGroup: expect.objectContaining({ id: boat.id, standardSeasonPrice: 18_000 }),
      }),
    ]);
    const timeUse = await t.call(searchHouseGroupsMethod, { prefecture: 'Tottori', usageLabel: 'TIME' });
    expect(timeUse.body.results.map((r: any) => r.houseGroup.id)).toEqual([time.id]);
    const withPets = await t.call(searchHouseGroupsMethod, { prefecture: 'Tottori', pets: 2 });
    expect(withPets.body.results.map((r: any) => r.houseGroup.id)).toEqual([boat.id]);
    const tooManyPets = await t.call(searchHouseGroupsMethod, { prefecture: 'Tottori', pets: 3 });
    expect(tooManyPets.body.results).toEqual([]);
  });

  it('pages by price and by name without repeating or losing a group', async () => {
    const area = `Area ${uid()}`;
    const ids: string[] = [];
    for (const [i, price] of [12_000, 8_000, 12_000, 20_000, 5_000].entries()) {
      ids.push((await group({ area, standardPrice: price, name: `Name ${String.fromCharCode(69 - i)}` })).id);
    }
    for (const sort of ['PRICE_ASC', 'PRICE_DESC', 'NAME']) {
      const seen: any[] = [];
      let pageToken = '';
      do {
        const res = await t.callRaw(searchHouseGroupsMethod, {
          area,
          checkinDate: civil(20),
          checkoutDate: civil(22),
          sort,
          pageSize: 2,
          pageToken,
        });
        expect(res.status).toBe(200);
        seen.push(...res.body.results);
        pageToken = res.body.nextPageToken;
      } while (pageToken);
      expect(seen.map((r) => r.houseGroup.id).sort()).toEqual([...ids].sort());
      const keys = seen.map((r) => (sort === 'NAME' ? r.houseGroup.name : r.totalPrice));
      const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      expect(keys).toEqual(sort === 'PRICE_DESC' ? sorted.reverse() : sorted);
    }
  });

  it('totals every stay exactly as the price rule does', async () => {
    const cases = fc.sample(
      fc.record({
        standardPrice: fc.integer({ min: 1, max: 200 }).map((n) => n * 500),
        highPrice: fc.integer({ min: 1, max: 300 }).map((n) => n * 500),
        high: fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 10 }),
        base: fc.integer({ min: 1, max: 4 }),
        extra: fc.integer({ min: 0, max: 20 }).map((n) => n * 500),
        start: fc.integer({ min: 1, max: 30 }),
        nights: fc.integer({ min: 1, max: 10 }),
        adults: fc.integer({ min: 1, max: 4 }),
        children: fc.integer({ min: 0, max: 4 }),
      }),
      { numRuns: 12, seed: 20261122 },
    );
    for (const c of cases) {
      const g = await group({ ...c, max: 8 });
      const res = await t.call(searchHouseGroupsMethod, {
        area: g.area,
        checkinDate: civil(c.start),
        checkoutDate: civil(c.start + c.nights),
        adults: c.adults,
        children: c.children,
      });
      const nights = Array.from({ length: c.nights }, (_, i) => ({
        date: addDays(today, c.start + i),
        priceType: c.high.includes(c.start + i) ? ('HIGH' as const) : ('STANDARD' as const),
        standardPrice: c.standardPrice,
        highPrice: c.highPrice,
      }));
      const expected = stayPrice({
        nights,
        guests: c,
        baseCapacity: c.base,
        extraChargePerGuestPerNight: c.extra,
      });
      expect(res.body.results).toHaveLength(1);
      expect(res.body.results[0]!.totalPrice).toBe(expected.total);
    }
  });

  it('names the field of bad input', async () => {
    expectInvalid(
      await t.call(searchHouseGroupsMethod, { checkinDate: civil(5), checkoutDate: civil(5) }),
      'checkoutDate',
    );
    expectInvalid(
      await t.call(searchHouseGroupsMethod, { checkinDate: civil(5), checkoutDate: civil(3) }),
      'checkoutDate',
    );
    expectInvalid(
      await t.call(searchHouseGroupsMethod, { checkinDate: civil(5), checkoutDate: civil(36) }),
      'checkoutDate',
    );
    expectInvalid(await t.call(searchHouseGroupsMethod, { checkinDate: civil(5) }), 'checkoutDate');
    expectInvalid(
      await t.call(searchHouseGroupsMethod, { checkinDate: civil(-10), checkoutDate: civil(-8) }),
      'checkinDate',
    );
    expectInvalid(
      await t.call(searchHouseGroupsMethod, { checkinDate: civil(1), checkoutDate: civil(2), adults: 0 }),
      'adults',
    );
    expectInvalid(await t.callRaw(searchHouseGroupsMethod, { type: 'CASTLE' }), 'type');
    expectInvalid(await t.callRaw(searchHouseGroupsMethod, { usageLabel: 'SOMETIMES' }), 'usageLabel');
    expectInvalid(await t.callRaw(searchHouseGroupsMethod, { sort: 'RANDOM' }), 'sort');
    expectInvalid(await t.call(searchHouseGroupsMethod, { pageToken: 'not-a-token' }), 'pageToken');
    expectInvalid(await t.call(searchHouseGroupsMethod, { adults: -1 }), 'adults');
    expectInvalid(
      await t.call(searchHouseGroupsMethod, { checkinDate: { year: 2030, month: 4, day: 31 }, checkoutDate: civil(3) }),
      'checkinDate',
    );
  });
});

describe('stays', () => {
  it('are refused by the database when they overlap on one house, unless released', async () => {
    const g = await group({ houses: 1 });
    await stay(g.houses[0]!, 40, 3);
    await expect(stay(g.houses[0]!, 42, 2)).rejects.toThrow(/stays_no_overlap/);
    await stay(g.houses[0]!, 43, 2); // the check-out day is free for the next check-in
    await stay(g.houses[0]!, 44, 2, 'RELEASED');
  });

  it('name a house of their own house group', async () => {
    const a = await group({ houses: 1 });
    const b = await group({ houses: 1 });
    await expect(
      t.pool.query(
        `INSERT INTO stays (id, house_id, house_group_id, checkin_date, checkout_date)
         VALUES ($1, $2, $3, $4, $5)`,
        [`stay-${uid()}`, a.houses[0], b.id, addDays(today, 40), addDays(today, 41)],
      ),
    ).rejects.toThrow(/stays_house_fkey/);
  });

  // stay_overlaps asks a row comparison that walks into the previous house's stays when this house
  // has none before the check-out: neighbours in id order are part of what is checked.
  it('are found overlapping by stay_overlaps exactly when their nights meet, next to other houses', async () => {
    const g = await group({ houses: 3 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ house: fc.nat(2), from: fc.nat(30), nights: fc.integer({ min: 1, max: 4 }) }), {
          maxLength: 12,
        }),
        fc.record({ house: fc.nat(2), from: fc.nat(32), nights: fc.integer({ min: 1, max: 5 }) }),
        async (stays, asked) => {
          await t.pool.query('DELETE FROM stays WHERE house_group_id = $1', [g.id]);
          const kept: typeof stays = [];
          for (const s of stays) {
            const meets = kept.some(
              (k) => k.house === s.house && k.from < s.from + s.nights && s.from < k.from + k.nights,
            );
            if (!meets) kept.push(s);
          }
          for (const s of kept) await stay(g.houses[s.house]!, 50 + s.from, s.nights);
          const expected = kept.some(
            (k) => k.house === asked.house && k.from < asked.from + asked.nights && asked.from < k.from + k.nights,
          );
          const r = await t.pool.query<{ taken: boolean }>('SELECT stay_overlaps($1, $2, $3) AS taken', [
            g.houses[asked.house],
            addDays(today, 50 + asked.from),
            addDays(today, 50 + asked.from + asked.nights),
          ]);
          expect(r.rows[0]!.taken).toBe(expected);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('are checked by one index descent however many stays the house has had', async () => {
    const g = await group({ houses: 1 });
    const house = g.houses[0]!;
    // Statistics taken while the house had few stays, as when a new house starts selling: the
    // plan made from them must stay a descent of the B-tree once the house has thousands.
    await stay(house, -4010, 2);
    await t.pool.query('ANALYZE stays');
    await t.pool.query(
      `INSERT INTO stays (id, house_id, house_group_id, checkin_date, checkout_date)
       SELECT $1 || '-' || k, $1, $2, $3::date + 2 * k, $3::date + 2 * k + 1 FROM generate_series(0, 1999) AS k`,
      [house, g.id, addDays(today, -4000)],
    );
    // As hold_tentative_booking calls it: with the function's own settings (generic plans, made
    // without the values), from a session that planned before the statistics were taken again.
    const c = await t.pool.connect();
    try {
      await c.query('BEGIN');
      const config = await c.query<{ setting: string }>(
        `SELECT unnest(proconfig) AS setting FROM pg_proc WHERE proname = 'hold_tentative_booking'`,
      );
      expect(config.rows.map((r) => r.setting)).toEqual(
        expect.arrayContaining(['plan_cache_mode=force_generic_plan', 'enable_sort=off', 'jit=off']),
      );
      for (const { setting } of config.rows) {
        const [name, value] = setting.split('=');
        await c.query('SELECT set_config($1, $2, true)', [name, value]);
      }
      await c.query('PREPARE overlaps_check (text, date, date) AS SELECT stay_overlaps($1, $2, $3) AS taken');
      const blocksRead = async (checkin: string) => {
        const r = await c.query<{
          'QUERY PLAN': [{ Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number } }];
        }>(
          `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) EXECUTE overlaps_check ($1, $2, $3)`.replace(
            '($1, $2, $3)',
            `('${house}', '${checkin}', '${addDays(checkin, 1)}')`,
          ),
        );
        const plan = r.rows[0]!['QUERY PLAN'][0].Plan;
        return plan['Shared Hit Blocks'] + plan['Shared Read Blocks'];
      };
      await blocksRead(today); // the first run also reads the catalogue to make the plan
      // A night between two stays, the last stay's night and a night after them all: the house's
      // 2,001 stays fill about 75 blocks.
      for (const checkin of [addDays(today, -4000 + 1001), addDays(today, -4000 + 3998), addDays(today, 10)]) {
        expect(await blocksRead(checkin)).toBeLessThan(10);
      }
    } finally {
      await c.query('ROLLBACK');
      c.release();
    }
  });
});

describe('catalogue media', () => {
  it('serves demo images in their widths and formats, cached for good', async () => {
    const res = await t.raw('/media/catalogue/demo-coral-sea-h-480.webp');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toContain('immutable');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(8, 12).toString('ascii')).toBe('WEBP');
    const again = await t.raw('/media/catalogue/demo-coral-sea-h-480.webp', {
      headers: { 'if-none-match': res.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    const jpg = await t.raw('/media/catalogue/demo-coral-sea-v-960.jpg');
    expect(jpg.headers.get('content-type')).toBe('image/jpeg');
    expect((await t.raw('/media/catalogue/demo-nowhere-h-480.jpg')).status).toBe(404);
    expect((await t.raw('/media/catalogue/demo-coral-sea-h-500.jpg')).status).toBe(404);
  });
});
