import { randomBytes } from 'node:crypto';
import {
  STAFF_CATALOGUE_METHODS,
  staffCreatePlace,
  staffUpdatePlace,
  staffCreateHouseGroup,
  staffUpdateHouseGroup,
  staffDeleteHouse,
  staffCreateHouse,
  staffSetSeasonCalendar,
  staffGetSeasonCalendar,
  staffListAuditEntries,
  staffGetPlace,
  staffListPlaces,
  staffGetHouseGroup,
  staffListHouseGroups,
  staffUpdateHouse,
} from '@yado/contract/staff-catalogue.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, civilFromIso, todayIn } from '@yado/contract/civil-date';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { registeredUser } from '../../test-support/user-factory.js';
import { placeWithHouseGroup, signInStaff } from './staff-catalogue.test-factory.js';
import { getPlace, getHouseGroup, listHouses, getSeasonPriceType } from '@yado/contract/catalogue.contract';
import type { MethodDef, MethodInput, MethodOutput } from '@yado/contract/method';

let t: TestApi;
let staff: string;
let staffAccountId: string;
let staffEmail: string;
let guest: string;

beforeAll(async () => {
  t = await createTestApi();
  staffEmail = `staff-${randomBytes(4).toString('hex')}@example.com`;
  const s = await signInStaff(t, staffEmail);
  staff = s.idToken;
  staffAccountId = s.accountId;
  guest = (await registeredUser(t)).token;
});

const slug = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

function placeInput(o: Partial<MethodInput<typeof staffCreatePlace>> = {}): MethodInput<typeof staffCreatePlace> {
  return {
    nameEn: 'Lake Forest',
    nameJa: '湖の森',
    prefectureEn: 'Yamanashi',
    prefectureJa: '山梨県',
    cityEn: 'Fujikawaguchiko',
    cityJa: '富士河口湖町',
    phoneNumber: { countryCode: 81, nationalNumber: '555123456' },
    descriptionEn: 'By the lake.',
    descriptionJa: '湖のほとり。',
    audiences: ['GUEST', 'OWNER'],
    ...o,
  };
}

function houseGroupInput(
  placeId: string,
  o: Partial<MethodInput<typeof staffCreateHouseGroup>> = {},
): MethodInput<typeof staffCreateHouseGroup> {
  return {
    placeId,
    nameEn: 'Lakeside Villa',
    nameJa: '湖畔のヴィラ',
    type: 'YADO',
    usageLabel: 'ACCOMMODATION',
    areaEn: 'Lake Kawaguchi',
    areaJa: '河口湖',
    beds: 4,
    bathrooms: 2,
    possibleBedSharingCapacity: 2,
    standardSeasonPrice: 42_000,
    baseCapacity: 4,
    maxCapacity: 6,
    minAdultCapacity: 1,
    capacityDescriptionEn: 'Up to 6 with sofa beds.',
    capacityDescriptionJa: 'ソファベッド利用で最大6名。',
    consentFormUrl: 'https://example.com/consent.pdf',
    isPetAllowed: true,
    basePetCapacity: 1,
    maxPetCapacity: 2,
    ownerTimeUsePricePerHour: 2_000,
    membershipTimeUsePricePerHour: 3_000,
    timezone: 'Asia/Tokyo',
    unlockOperationType: 'SMARTHOME',
    mealProvidable: true,
    availableBookingTypes: ['GUEST_USE', 'OWN_USE'],
    conceptTitleEn: 'Quiet water',
    conceptTitleJa: '静かな水辺',
    conceptDescriptionEn: 'Mornings on the lake.',
    conceptDescriptionJa: '湖の朝。',
    countryCode: 'JP',
    postalCode: '401-0301',
    addressEn: { state: 'Yamanashi', city: 'Fujikawaguchiko', street1: '1-2-3 Funatsu', street2: '' },
    addressJa: { state: '山梨県', city: '富士河口湖町', street1: '船津1-2-3', street2: '' },
    latitude: 35.5171,
    longitude: 138.7519,
    externalUrl: '',
    checkinTime: '15:00',
    checkoutTime: '10:30',
    serviceChargePercentage: 12.5,
    extraChargePerGuestPerNight: 5_000,
    cancellationPolicy: {
      tiers: [
        { fromDaysBefore: 7, percent: 30 },
        { fromDaysBefore: 1, percent: 50 },
        { fromDaysBefore: 0, percent: 80 },
      ],
      noShowPercent: 100,
    },
    accommodationTaxBands: [
      { minYen: 0, maxYen: 9_999, taxPerPersonNight: 0 },
      { minYen: 10_000, maxYen: null, taxPerPersonNight: 200 },
    ],
    sortOrder: 3,
    stayStyleIds: [],
    ...o,
  };
}

async function ok<M extends MethodDef>(def: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
  const res = await t.call(def, input, { token: staff });
  if (res.status !== 200) throw new Error(`${def.path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

// An audit entry's before and after are the entity's recorded JSON, whatever its shape; the tests read into them.
const auditOf = async (entity: MethodInput<typeof staffListAuditEntries>['entity'], entityId: string) =>
  (await ok(staffListAuditEntries, { entity, entityId })).entries as any[];

describe('access', () => {
  it.each(STAFF_CATALOGUE_METHODS.map((m) => [m.path, m] as const))(
    '%s refuses a guest with 403 and no token with 401',
    async (_path, def) => {
      const asGuest = await t.callRaw(def, {}, { token: guest });
      expect(asGuest.status).toBe(403);
      expect(asGuest.error.errorInfo.reason).toBe('CodePermissionDenied');
      expect((await t.callRaw(def, {})).status).toBe(401);
    },
  );
});

describe('places', () => {
  it('creates, reads and updates a place, auditing before and after', async () => {
    const id = slug('lake-forest');
    const created = await ok(staffCreatePlace, placeInput({ id }));
    expect(created).toMatchObject({
      id,
      nameEn: 'Lake Forest',
      phoneNumber: { countryCode: 81, nationalNumber: '555123456' },
      audiences: ['GUEST', 'OWNER'],
      verticalImageUrl: '',
      houseGroupCount: 0,
    });
    // The public catalogue sees it at once.
    const pub = await t.call(getPlace, { placeId: id }, { language: 'ja' });
    expect(pub.body.place).toMatchObject({ id, name: '湖の森', prefectureName: '山梨県' });

    const updated = await ok(staffUpdatePlace, {
      ...placeInput({ nameEn: 'Lake Forest Lodge', phoneNumber: null, audiences: ['GUEST'] }),
      placeId: id,
    });
    expect(updated).toMatchObject({ nameEn: 'Lake Forest Lodge', phoneNumber: null, audiences: ['GUEST'] });
    expect(await ok(staffGetPlace, { placeId: id })).toEqual(updated);

    const entries = await auditOf('place', id);
    expect(entries.map((e) => e.action)).toEqual(['place.create', 'place.update']);
    expect(entries[1]).toMatchObject({
      actor: `account:${staffAccountId}`,
      actorEmail: staffEmail,
      before: { nameEn: 'Lake Forest', audiences: ['GUEST', 'OWNER'] },
      after: { nameEn: 'Lake Forest Lodge', audiences: ['GUEST'], phoneNumber: null },
    });
    expect(entries[0].before).toBeNull();
    expect(entries[0].at.utcOffset).toBe('+00:00');
  });

  it('generates an id, refuses a taken one, and lists with a search', async () => {
    const a = await ok(staffCreatePlace, placeInput({ nameEn: `Cedar ${randomBytes(3).toString('hex')}` }));
    expect(a.id).toMatch(/^place-[0-9a-f]{10}$/);
    const taken = await t.callRaw(staffCreatePlace, placeInput({ id: a.id }), { token: staff, language: 'ja' });
    expect(taken.status).toBe(409);
    expect(taken.error.errorInfo.reason).toBe('CodeCatalogueIdTaken');
    expect(taken.error.localizedMessage).toMatch(/^このIDはすでに使われています。/);
    const found = await ok(staffListPlaces, { query: a.nameEn.slice(-6) });
    expect(found.places.map((p: { id: string }) => p.id)).toEqual([a.id]);
    const page = await ok(staffListPlaces, { pageSize: 1 });
    expect(page.places).toHaveLength(1);
    expect(page.nextPageToken).toBe('1');
  });

  it('refuses bad input and unknown places', async () => {
    const bad = await t.callRaw(staffCreatePlace, placeInput({ id: 'Bad Id', nameEn: '', audiences: [] }), {
      token: staff,
    });
    expect(bad.status).toBe(400);
    expect(bad.error.errorInfo.fields!.map((f: { field: string }) => f.field).sort()).toEqual([
      'audiences',
      'id',
      'nameEn',
    ]);
    const missing = await t.callRaw(staffUpdatePlace, { ...placeInput(), placeId: 'nowhere' }, { token: staff });
    expect(missing.status).toBe(404);
    expect(missing.error.errorInfo).toMatchObject({ reason: 'CodeNotFound', fields: [{ field: 'placeId' }] });
  });
});

describe('house groups and houses', () => {
  it('creates and updates every field, bumping the version, audited', async () => {
    const place = await ok(staffCreatePlace, placeInput());
    const id = slug('lakeside');
    const created = await ok(staffCreateHouseGroup, houseGroupInput(place.id, { id }));
    expect(created).toMatchObject({ ...houseGroupInput(place.id), id, version: 1, utcOffset: '+09:00', houses: [] });

    const update = houseGroupInput(place.id, {
      nameEn: 'Lakeside Villa North',
      type: 'EXCLUSIVE',
      usageLabel: 'TIME',
      isPetAllowed: false,
      basePetCapacity: 0,
      maxPetCapacity: 0,
      timezone: 'Asia/Kolkata',
      unlockOperationType: 'MANUAL',
      latitude: null,
      longitude: null,
      checkoutTime: '11:00',
      serviceChargePercentage: 10,
      accommodationTaxBands: [],
    });
    const updated = await ok(staffUpdateHouseGroup, { ...update, houseGroupId: id });
    expect(updated).toMatchObject({ ...update, version: 2, utcOffset: '+05:30' });
    expect(await ok(staffGetHouseGroup, { houseGroupId: id })).toEqual(updated);

    // The public catalogue reads the same row.
    const pub = await t.call(getHouseGroup, { houseGroupId: id });
    expect(pub.body.houseGroup).toMatchObject({
      name: 'Lakeside Villa North',
      type: 'EXCLUSIVE',
      checkoutTime: '11:00',
      version: 2,
    });

    const entries = await auditOf('house_group', id);
    expect(entries.map((e) => e.action)).toEqual(['house-group.create', 'house-group.update']);
    expect(entries[1].before).toMatchObject({ nameEn: 'Lakeside Villa', timezone: 'Asia/Tokyo', version: 1 });
    expect(entries[1].after).toMatchObject({ nameEn: 'Lakeside Villa North', timezone: 'Asia/Kolkata', version: 2 });

    const listed = await ok(staffListHouseGroups, { placeId: place.id });
    expect(listed.houseGroups.map((h: { id: string }) => h.id)).toEqual([id]);
  });

  it('refuses inconsistent fields and unknown places, naming them', async () => {
    const place = await ok(staffCreatePlace, placeInput());
    const res = await t.callRaw(
      staffCreateHouseGroup,
      houseGroupInput('nowhere', { maxCapacity: 2, timezone: 'Mars/Base', stayStyleIds: ['no-style'] }),
      { token: staff },
    );
    expect(res.status).toBe(400);
    expect(res.error.errorInfo.fields!.map((f: { field: string }) => f.field)).toEqual([
      'maxCapacity',
      'timezone',
      'placeId',
      'stayStyleIds',
    ]);
    const contract = await t.callRaw(
      staffCreateHouseGroup,
      {
        ...houseGroupInput(place.id),
        type: 'CASTLE',
        checkinTime: '25:00',
        standardSeasonPrice: -1,
        serviceChargePercentage: 10.005,
      },
      { token: staff },
    );
    expect(contract.status).toBe(400);
    expect(contract.error.errorInfo.fields!.map((f: { field: string }) => f.field).sort()).toEqual([
      'checkinTime',
      'serviceChargePercentage',
      'standardSeasonPrice',
      'type',
    ]);
    const missing = await t.callRaw(
      staffUpdateHouseGroup,
      { ...houseGroupInput(place.id), houseGroupId: 'nowhere' },
      { token: staff },
    );
    expect(missing.status).toBe(404);
  });

  it('adds, renames and removes houses; a house with stays ahead stays, one with only past stays is retired', async () => {
    const { houseGroupId } = await placeWithHouseGroup(t);
    const house = await ok(staffCreateHouse, { houseGroupId, nameEn: 'B', nameJa: 'B棟', floor: 2 });
    expect(house).toMatchObject({ houseGroupId, nameEn: 'B', floor: 2, retired: false });
    const renamed = await ok(staffUpdateHouse, { houseId: house.id, nameEn: 'Birch', nameJa: '白樺', floor: 1 });
    expect(renamed).toMatchObject({ nameEn: 'Birch', nameJa: '白樺', floor: 1 });
    const houseAudit = await auditOf('house', house.id);
    expect(houseAudit[1]).toMatchObject({
      action: 'house.update',
      before: { nameEn: 'B' },
      after: { nameEn: 'Birch' },
    });

    const today = todayIn('Asia/Tokyo', t.clock.now());
    await t.pool.query(
      `INSERT INTO stays (id, house_id, house_group_id, checkin_date, checkout_date) VALUES ($1, $2, $3, $4::date, $5::date)`,
      [slug('stay'), house.id, houseGroupId, addDays(today, 3), addDays(today, 5)],
    );
    const refused = await t.call(staffDeleteHouse, { houseId: house.id }, { token: staff, language: 'en' });
    expect(refused.status).toBe(409);
    expect(refused.error.errorInfo.reason).toBe('CodeHouseHasFutureStays');
    // A stay ending today has no night from today on.
    await t.pool.query('UPDATE stays SET checkin_date = $2::date, checkout_date = $3::date WHERE house_id = $1', [
      house.id,
      addDays(today, -2),
      today,
    ]);
    expect(await ok(staffDeleteHouse, { houseId: house.id })).toEqual({ houseId: house.id, outcome: 'RETIRED' });
    const group = await ok(staffGetHouseGroup, { houseGroupId });
    expect(group.houses.find((h: { id: string }) => h.id === house.id)).toMatchObject({ retired: true });
    // Held from today on, so availability derived from stays never offers it again.
    const hold = await t.pool.query(
      "SELECT checkin_date::text AS d FROM stays WHERE house_id = $1 AND status = 'ACTIVE' AND booking_id = 'house-retired'",
      [house.id],
    );
    expect(hold.rows).toEqual([{ d: today }]);
    // Guests no longer see a retired house.
    const listed = await t.call(listHouses, { houseGroupId }, { language: 'en' });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(house.id);

    const fresh = await ok(staffCreateHouse, {
      houseGroupId,
      nameEn: 'C',
      nameJa: 'C棟',
      floor: 1,
      id: slug('house'),
    });
    expect(await ok(staffDeleteHouse, { houseId: fresh.id })).toEqual({ houseId: fresh.id, outcome: 'DELETED' });
    expect((await t.pool.query('SELECT 1 FROM houses WHERE id = $1', [fresh.id])).rowCount).toBe(0);
    const deleteAudit = await auditOf('house', fresh.id);
    expect(deleteAudit.at(-1)).toMatchObject({
      action: 'house.delete',
      before: { id: fresh.id, nameEn: 'C' },
      after: null,
    });

    expect((await t.call(staffDeleteHouse, { houseId: 'nowhere' }, { token: staff })).status).toBe(404);
    expect(
      (
        await t.call(
          staffCreateHouse,
          { houseGroupId: 'nowhere', nameEn: 'X', nameJa: 'X', floor: 1 },
          { token: staff },
        )
      ).status,
    ).toBe(404);
  });
});

describe('season calendar', () => {
  it('sets seasons, prices and closed days in one call, audited, and the public calendar shows them', async () => {
    const { houseGroupId } = await placeWithHouseGroup(t);
    await t.pool.query('UPDATE house_groups SET standard_season_price = 30000 WHERE id = $1', [houseGroupId]);
    const today = todayIn('Asia/Tokyo', t.clock.now());
    const d = (n: number) => civilFromIso(addDays(today, n));
    const res = await ok(staffSetSeasonCalendar, {
      houseGroupId,
      changes: [
        { from: d(10), to: d(19), standardPrice: 30_000, highPrice: 55_000 },
        { from: d(12), to: d(14), priceType: 'HIGH' },
        { from: d(18), to: d(19), closed: true },
      ],
    });
    expect(res).toMatchObject({ houseGroupId, daysChanged: 10, version: 2 });

    const cal = await ok(staffGetSeasonCalendar, { houseGroupId, from: d(0), to: d(30) });
    expect(cal.days).toHaveLength(10);
    expect(cal.days[0]).toEqual({
      date: d(10),
      priceType: 'STANDARD',
      closed: false,
      standardPrice: 30_000,
      highPrice: 55_000,
    });
    expect(cal.days[2]).toMatchObject({ date: d(12), priceType: 'HIGH' });
    expect(cal.days[9]).toMatchObject({ date: d(19), closed: true });

    const season = await t.call(getSeasonPriceType, { houseGroupId, startDate: d(11), endDate: d(12) });
    expect(season.body.days).toEqual([
      { date: d(11), priceType: 'STANDARD', price: 30_000, closed: false },
      { date: d(12), priceType: 'HIGH', price: 55_000, closed: false },
    ]);

    // Re-opening one day changes just that day.
    const reopen = await ok(staffSetSeasonCalendar, {
      houseGroupId,
      changes: [{ from: d(18), to: d(19), closed: false, highPrice: 55_000 }],
    });
    expect(reopen.daysChanged).toBe(2);
    const entries = await auditOf('house_group_calendar', houseGroupId);
    expect(entries).toHaveLength(2);
    expect(entries[1].before.days).toEqual([
      { date: addDays(today, 18), priceType: 'STANDARD', closed: true, standardPrice: 30_000, highPrice: 55_000 },
      { date: addDays(today, 19), priceType: 'STANDARD', closed: true, standardPrice: 30_000, highPrice: 55_000 },
    ]);
    expect(entries[1].after.days.map((x: { closed: boolean }) => x.closed)).toEqual([false, false]);
    // Nothing to change: nothing written, nothing audited.
    expect(
      (await ok(staffSetSeasonCalendar, { houseGroupId, changes: [{ from: d(18), to: d(18), closed: false }] }))
        .daysChanged,
    ).toBe(0);
    expect(await auditOf('house_group_calendar', houseGroupId)).toHaveLength(2);
  });

  it('refuses the past, beyond 18 months, and bad changes, writing nothing', async () => {
    const { houseGroupId } = await placeWithHouseGroup(t);
    const today = todayIn('Asia/Tokyo', t.clock.now());
    const d = (n: number) => civilFromIso(addDays(today, n));
    const past = await t.call(
      staffSetSeasonCalendar,
      {
        houseGroupId,
        changes: [
          { from: d(1), to: d(3), closed: true },
          { from: d(-1), to: d(3), closed: true },
        ],
      },
      { token: staff, language: 'ja' },
    );
    expect(past.status).toBe(400);
    expect(past.error.errorInfo.reason).toBe('CodeCalendarRangeInvalid');
    expect(past.error.errorInfo.fields![0]!.field).toBe('changes.1.from');
    const far = await t.call(
      staffSetSeasonCalendar,
      { houseGroupId, changes: [{ from: d(1), to: d(600), closed: true }] },
      { token: staff },
    );
    expect(far.error.errorInfo.reason).toBe('CodeCalendarRangeInvalid');
    const empty = await t.call(
      staffSetSeasonCalendar,
      { houseGroupId, changes: [{ from: d(1), to: d(3) }] },
      { token: staff },
    );
    expect(empty.status).toBe(400);
    expect(empty.error.errorInfo.reason).toBe('CodeInvalidArgument');
    const impossible = await t.call(
      staffSetSeasonCalendar,
      { houseGroupId, changes: [{ from: { year: 2031, month: 2, day: 30 }, to: d(3), closed: true }] },
      { token: staff },
    );
    expect(impossible.error.errorInfo.fields![0]!.field).toBe('changes.0.from');
    const rows = await t.pool.query('SELECT 1 FROM house_group_days WHERE house_group_id = $1', [houseGroupId]);
    expect(rows.rowCount).toBe(0);
    expect(
      (
        await t.call(
          staffSetSeasonCalendar,
          { houseGroupId: 'nowhere', changes: [{ from: d(1), to: d(1), closed: true }] },
          { token: staff },
        )
      ).status,
    ).toBe(404);
    expect(
      (await t.call(staffGetSeasonCalendar, { houseGroupId, from: d(0), to: d(600) }, { token: staff })).status,
    ).toBe(400);
  });
});
