import { randomBytes } from 'node:crypto';
import { dateTimeFromDate } from '@yado/contract/date-time';
import {
  listVehicles,
  staffAddVehicleAvailability,
  staffCreateVehicle,
  staffCreateVehicleLocation,
  staffListVehicles,
  staffRemoveVehicleAvailability,
  staffUpdateVehicle,
  staffUpdateVehicleLocation,
} from '@yado/contract/vehicle.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { registeredUser } from '../../test-support/user-factory.js';
import { placeWithHouseGroup, signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';
import { SIMULATOR_NO_ANSWER_DEVICE_PREFIX } from './vehicle-simulator.adapter.js';

let t: TestApi;
let staffToken: string;
let guestToken: string;
beforeAll(async () => {
  t = await createTestApi();
  staffToken = (await signInStaff(t)).idToken;
  guestToken = (await registeredUser(t)).token;
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/**
 * Whole hours from midnight (UTC) of a day 90 days ahead of the test clock, so every availability
 * and rental below is upcoming on whatever day the tests run (a fixed day turns into the past).
 */
const base = Math.floor((Date.now() + 90 * DAY) / DAY) * DAY;
const at = (hours: number) => dateTimeFromDate(new Date(base + hours * HOUR));
/** The civil date `days` days from `base`. */
const dayFromBase = (days: number) => new Date(base + days * DAY).toISOString().slice(0, 10);

const vehicleFields = (
  placeId: string,
  o: Partial<{ registrationNumber: string; telematicsDeviceId: string }> = {},
) => ({
  placeId,
  registrationNumber: o.registrationNumber ?? `松本 300 さ ${randomBytes(3).toString('hex')}`,
  displayNameEn: 'Nissan Sakura',
  displayNameJa: '日産サクラ',
  displayImageUrl: '',
  capacity: 4,
  basePrice: 3000,
  halfHourPrice: 800,
  telematicsDeviceId: o.telematicsDeviceId ?? `SIM-${randomBytes(4).toString('hex')}`,
});

async function carAt(placeId: string, o: Parameters<typeof vehicleFields>[1] = {}) {
  const res = await t.call(staffCreateVehicle, vehicleFields(placeId, o), { token: staffToken });
  expect(res.status).toBe(200);
  return res.body.vehicle;
}

async function open(vehicleId: string, from: number, to: number) {
  const res = await t.call(
    staffAddVehicleAvailability,
    { vehicleId, startTime: at(from), endTime: at(to) },
    { token: staffToken },
  );
  expect(res.status).toBe(200);
  return res.body.vehicle;
}

/** A rental of the car, written straight to the table (renting itself is vehicle-rental's to test). */
async function rentedFor(vehicleId: string, placeId: string, from: number, to: number, status = 'BOOKED') {
  const g = await placeWithHouseGroup(t);
  const suffix = randomBytes(4).toString('hex');
  const u = await registeredUser(t);
  const account = await t.api.verifyIdToken(u.token);
  await t.pool.query(
    `INSERT INTO stays (id, house_id, house_group_id, checkin_date, checkout_date) VALUES ($1, $2, $3, $4, $5)`,
    [`st-${suffix}`, g.houseId, g.houseGroupId, dayFromBase(-2), dayFromBase(4)],
  );
  await t.pool.query(
    `INSERT INTO bookings (id, booking_number, account_id, user_id, house_group_id, house_id, stay_id, booking_type, status,
       checkin_date, checkout_date, timezone, quote)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'GUEST_USE', 'BOOKED', $8, $9, 'Asia/Tokyo', '{}')`,
    [
      `bk-${suffix}`,
      `T${suffix}`,
      account.accountId,
      u.user.id,
      g.houseGroupId,
      g.houseId,
      `st-${suffix}`,
      dayFromBase(-2),
      dayFromBase(4),
    ],
  );
  await t.pool.query(
    `INSERT INTO driver_licenses (id, user_id, driver_license_number, holder_name, license_type, expire_date, status,
       erase_after, created_at, updated_at)
     VALUES ($1, $2, $3, 'Yamada Taro', 'ORDINARY', '2035-01-01', 'APPROVED', now() + interval '2 years', now(), now())`,
    [`dl-${suffix}`, u.user.id, `N${suffix}`],
  );
  const loc = await t.call(
    staffCreateVehicleLocation,
    { placeId, displayNameEn: 'Lobby', displayNameJa: 'ロビー', price: 0 },
    { token: staffToken },
  );
  await t.pool.query(
    `INSERT INTO vehicle_rentals (id, order_number, account_id, user_id, booking_id, vehicle_id, driver_license_id,
       pickup_location_id, dropoff_location_id, pickup_at, dropoff_at, status, headcount, quote, tentative_deadline,
       created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10, $11, 1, '{}', $10, now(), now())`,
    [
      `vr-${suffix}`,
      `V${suffix}`,
      account.accountId,
      u.user.id,
      `bk-${suffix}`,
      vehicleId,
      `dl-${suffix}`,
      loc.body.location.id,
      new Date(base + from * HOUR),
      new Date(base + to * HOUR),
      status,
    ],
  );
  return `vr-${suffix}`;
}

describe('staff: cars', () => {
  it('creates a car at a place and edits it, both listed to staff with the place’s time zone', async () => {
    const { placeId } = await placeWithHouseGroup(t, { timezone: 'Asia/Tokyo' });
    const car = await carAt(placeId);
    expect(car).toMatchObject({
      placeId,
      displayNameJa: '日産サクラ',
      capacity: 4,
      basePrice: 3000,
      halfHourPrice: 800,
      retired: false,
      timeZone: 'Asia/Tokyo',
      availabilities: [],
    });
    const { placeId: _p, ...fields } = vehicleFields(placeId);
    const edited = await t.call(
      staffUpdateVehicle,
      {
        ...fields,
        vehicleId: car.id,
        registrationNumber: car.registrationNumber,
        telematicsDeviceId: car.telematicsDeviceId,
        halfHourPrice: 900,
        retired: true,
      },
      { token: staffToken },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.vehicle).toMatchObject({ id: car.id, halfHourPrice: 900, retired: true });
    const list = await t.call(staffListVehicles, { placeId }, { token: staffToken });
    expect(list.body.vehicles.map((v) => [v.id, v.retired])).toEqual([[car.id, true]]);
    const audit = await t.pool.query(
      `SELECT action FROM audit_log WHERE entity = 'vehicle' AND entity_id = $1 ORDER BY id`,
      [car.id],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['vehicle.create', 'vehicle.update']);
  });

  it('refuses a registration number or device another car has, an unknown place or car, and non-staff', async () => {
    const { placeId } = await placeWithHouseGroup(t);
    const car = await carAt(placeId);
    const dupReg = await t.call(
      staffCreateVehicle,
      vehicleFields(placeId, { registrationNumber: car.registrationNumber }),
      { token: staffToken },
    );
    expect(dupReg.error.errorInfo.reason).toBe('CodeVehicleRegistrationTaken');
    const dupDevice = await t.call(
      staffCreateVehicle,
      vehicleFields(placeId, { telematicsDeviceId: car.telematicsDeviceId }),
      { token: staffToken },
    );
    expect(dupDevice.error.errorInfo.reason).toBe('CodeVehicleDeviceTaken');
    const other = await carAt(placeId);
    const { placeId: _p, ...fields } = vehicleFields(placeId, { registrationNumber: car.registrationNumber });
    const taken = await t.call(staffUpdateVehicle, { ...fields, vehicleId: other.id }, { token: staffToken });
    expect(taken.error.errorInfo.reason).toBe('CodeVehicleRegistrationTaken');
    expect(
      (await t.call(staffUpdateVehicle, { ...fields, vehicleId: 'no-such-car' }, { token: staffToken })).error.errorInfo
        .reason,
    ).toBe('CodeVehicleNotFound');
    expect(
      (await t.call(staffCreateVehicle, vehicleFields('no-such-place'), { token: staffToken })).error.errorInfo.reason,
    ).toBe('CodeNotFound');
    expect((await t.call(staffCreateVehicle, vehicleFields(placeId), { token: guestToken })).status).toBe(403);
    expect((await t.call(staffListVehicles, { placeId }, { token: staffToken })).body.vehicles).toHaveLength(2);
  });
});

describe('staff: availabilities', () => {
  it('opens availabilities, refuses one overlapping another or ending before it starts, and closes a free one', async () => {
    const { placeId } = await placeWithHouseGroup(t);
    const car = await carAt(placeId);
    await open(car.id, 0, 24);
    const after = await open(car.id, 24, 48); // touching is not overlapping
    expect(after.availabilities).toHaveLength(2);
    const overlap = await t.call(
      staffAddVehicleAvailability,
      { vehicleId: car.id, startTime: at(20), endTime: at(30) },
      { token: staffToken },
    );
    expect(overlap.error.errorInfo.reason).toBe('CodeVehicleAvailabilityOverlap');
    const backwards = await t.call(
      staffAddVehicleAvailability,
      { vehicleId: car.id, startTime: at(60), endTime: at(50) },
      { token: staffToken },
    );
    expect(backwards.error.errorInfo.reason).toBe('CodeVehicleTimeRangeInvalid');
    const unknown = await t.call(
      staffAddVehicleAvailability,
      { vehicleId: 'no-such-car', startTime: at(60), endTime: at(70) },
      { token: staffToken },
    );
    expect(unknown.error.errorInfo.reason).toBe('CodeVehicleNotFound');
    const removed = await t.call(
      staffRemoveVehicleAvailability,
      { vehicleId: car.id, availabilityId: after.availabilities[1]!.id },
      { token: staffToken },
    );
    expect(removed.status).toBe(200);
    expect(removed.body.vehicle.availabilities.map((a) => a.startTime)).toEqual([at(0)]);
    const again = await t.call(
      staffRemoveVehicleAvailability,
      { vehicleId: car.id, availabilityId: after.availabilities[1]!.id },
      { token: staffToken },
    );
    expect(again.error.errorInfo.reason).toBe('CodeVehicleAvailabilityNotFound');
  });

  it('refuses closing an availability a rental lies in; a cancelled rental does not hold it', async () => {
    const { placeId } = await placeWithHouseGroup(t);
    const car = await carAt(placeId);
    const opened = await open(car.id, 0, 24);
    const rental = await rentedFor(car.id, placeId, 10, 12);
    const res = await t.call(
      staffRemoveVehicleAvailability,
      { vehicleId: car.id, availabilityId: opened.availabilities[0]!.id },
      { token: staffToken },
    );
    expect(res.error.errorInfo.reason).toBe('CodeVehicleAvailabilityInUse');
    await t.pool.query(`UPDATE vehicle_rentals SET status = 'CANCELED' WHERE id = $1`, [rental]);
    const freed = await t.call(
      staffRemoveVehicleAvailability,
      { vehicleId: car.id, availabilityId: opened.availabilities[0]!.id },
      { token: staffToken },
    );
    expect(freed.status).toBe(200);
  });
});

describe('staff: pick-up and drop-off locations', () => {
  it('adds and edits locations with prices; a retired one leaves the guests’ list', async () => {
    const { placeId } = await placeWithHouseGroup(t);
    const created = await t.call(
      staffCreateVehicleLocation,
      {
        placeId,
        displayNameEn: 'Hakuba Station',
        displayNameJa: '白馬駅',
        descriptionEn: 'East exit',
        descriptionJa: '東口',
        price: 500,
        latitude: 36.7,
        longitude: 137.86,
      },
      { token: staffToken },
    );
    expect(created.status).toBe(200);
    expect(created.body.location).toMatchObject({
      placeId,
      price: 500,
      latitude: 36.7,
      longitude: 137.86,
      retired: false,
    });
    const id = created.body.location.id;
    const edited = await t.call(
      staffUpdateVehicleLocation,
      { locationId: id, displayNameEn: 'Hakuba Station', displayNameJa: '白馬駅', price: 700, retired: true },
      { token: staffToken },
    );
    expect(edited.body.location).toMatchObject({ price: 700, retired: true, latitude: null });
    const guests = await t.call(listVehicles, { placeId, startTime: at(0), endTime: at(2) }, { token: guestToken });
    expect(guests.body.locations).toEqual([]);
    expect(
      (
        await t.call(
          staffUpdateVehicleLocation,
          { locationId: 'nope', displayNameEn: 'x', displayNameJa: 'x', price: 0 },
          { token: staffToken },
        )
      ).error.errorInfo.reason,
    ).toBe('CodeVehicleLocationNotFound');
    expect(
      (
        await t.call(
          staffCreateVehicleLocation,
          { placeId: 'no-such-place', displayNameEn: 'x', displayNameJa: 'x', price: 0 },
          { token: staffToken },
        )
      ).error.errorInfo.reason,
    ).toBe('CodeNotFound');
  });
});

describe('list_vehicles', () => {
  it('answers each car in the caller’s language with its availabilities, rented periods, whether it is free and what it reports', async () => {
    const { placeId } = await placeWithHouseGroup(t);
    const free = await carAt(placeId);
    const busy = await carAt(placeId);
    const closed = await carAt(placeId);
    await open(free.id, 0, 48);
    await open(busy.id, 0, 48);
    await open(closed.id, 20, 48);
    await rentedFor(busy.id, placeId, 11, 13);
    await rentedFor(busy.id, placeId, 30, 31, 'CANCELED');
    await t.call(
      staffCreateVehicleLocation,
      { placeId, displayNameEn: 'Lobby', displayNameJa: 'ロビー', price: 0, sortOrder: 0 },
      { token: staffToken },
    );

    const res = await t.call(
      listVehicles,
      { placeId, startTime: at(10), endTime: at(14) },
      { token: guestToken, language: 'ja' },
    );
    expect(res.status).toBe(200);
    const byId = new Map(res.body.vehicles.map((v) => [v.id, v]));
    expect(byId.get(free.id)).toMatchObject({
      displayName: '日産サクラ',
      available: true,
      rentedPeriods: [],
      vehiclePickupDropoffAvailabilities: [{ startTime: at(0), endTime: at(48) }],
      timeZone: 'Asia/Tokyo',
    });
    expect(byId.get(busy.id)).toMatchObject({
      available: false,
      rentedPeriods: [{ startTime: at(11), endTime: at(13) }],
    });
    // Outside its availability.
    expect(byId.get(closed.id)).toMatchObject({ available: false, vehiclePickupDropoffAvailabilities: [] });
    const info = byId.get(free.id)!.vehicleInformation!;
    expect(info.locked).toBe(true);
    expect(info.chargeStateBatteryLevel).toBeGreaterThanOrEqual(80);
    expect(res.body.locations.map((l) => l.displayName)).toContain('ロビー');

    // A cancelled rental frees its time; a range after the rental is free.
    const laterRes = await t.call(listVehicles, { placeId, startTime: at(29), endTime: at(32) }, { token: guestToken });
    expect(laterRes.body.vehicles.find((v) => v.id === busy.id)).toMatchObject({
      available: true,
      rentedPeriods: [],
      displayName: 'Nissan Sakura',
    });
  });

  it('leaves out retired cars, and shows a car that does not answer without its state', async () => {
    const { placeId } = await placeWithHouseGroup(t);
    const silent = await carAt(placeId, {
      telematicsDeviceId: `${SIMULATOR_NO_ANSWER_DEVICE_PREFIX}-${randomBytes(3).toString('hex')}`,
    });
    const retired = await carAt(placeId);
    const { placeId: _p, ...fields } = vehicleFields(placeId);
    await t.call(
      staffUpdateVehicle,
      {
        ...fields,
        vehicleId: retired.id,
        registrationNumber: retired.registrationNumber,
        telematicsDeviceId: retired.telematicsDeviceId,
        retired: true,
      },
      { token: staffToken },
    );
    const res = await t.call(listVehicles, { placeId, startTime: at(0), endTime: at(1) }, { token: guestToken });
    expect(res.body.vehicles.map((v) => [v.id, v.vehicleInformation])).toEqual([[silent.id, null]]);
  });

  it('refuses an unknown place, a range ending before it starts or longer than 31 days, and visitors not signed in', async () => {
    const { placeId } = await placeWithHouseGroup(t);
    expect(
      (
        await t.call(
          listVehicles,
          { placeId: 'no-such-place', startTime: at(0), endTime: at(1) },
          { token: guestToken },
        )
      ).error.errorInfo.reason,
    ).toBe('CodeNotFound');
    expect(
      (await t.call(listVehicles, { placeId, startTime: at(5), endTime: at(5) }, { token: guestToken })).error.errorInfo
        .reason,
    ).toBe('CodeVehicleTimeRangeInvalid');
    expect(
      (await t.call(listVehicles, { placeId, startTime: at(0), endTime: at(32 * 24) }, { token: guestToken })).error
        .errorInfo.reason,
    ).toBe('CodeVehicleTimeRangeInvalid');
    expect((await t.call(listVehicles, { placeId, startTime: at(0), endTime: at(1) })).status).toBe(401);
  });
});

describe('the database', () => {
  it('never holds two rentals of a car that overlap in time, whatever writes them', async () => {
    const { placeId } = await placeWithHouseGroup(t);
    const car = await carAt(placeId);
    await rentedFor(car.id, placeId, 10, 12);
    await expect(rentedFor(car.id, placeId, 11, 14)).rejects.toMatchObject({ code: '23P01' });
    // Back to back is allowed, and a cancelled rental holds nothing.
    await rentedFor(car.id, placeId, 12, 14);
    await rentedFor(car.id, placeId, 20, 22, 'CANCELED');
    await rentedFor(car.id, placeId, 20, 22);
  });
});
