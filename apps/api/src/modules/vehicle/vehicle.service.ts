import { randomUUID } from 'node:crypto';
import type { DateTime } from '@yado/contract/common.schema';
import { dateFromDateTime, dateTimeFromDate } from '@yado/contract/date-time';
import type { Language } from '@yado/contract/headers';
import {
  VEHICLE_LIST_MAX_DAYS,
  type StaffVehicle,
  type StaffVehicleLocation,
  type Vehicle,
  type VehicleInformation,
  type VehicleLocation,
} from '@yado/contract/vehicle.contract';
import { AppError } from '../../platform/app-error.js';
import { withTx } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import { recordAudit } from '../audit/audit.service.js';
import type { VehicleState } from './vehicle-telematics.adapter.js';
import { readVehicleStates } from './vehicle-telematics.service.js';
import * as repo from './vehicle.repo.js';
import { isFreeFor, isValidRange } from './vehicle.rules.js';

/** Staff see a car's availabilities from this many days back. */
const STAFF_AVAILABILITY_DAYS_BACK = 30;
/** The longest single availability staff may open. */
const MAX_AVAILABILITY_DAYS = 366;

const byLanguage = (language: Language, en: string, ja: string) => (language === 'ja' ? ja : en);

export function vehicleInformationOf(state: VehicleState | null): VehicleInformation | null {
  if (!state) return null;
  return {
    chargeStateBatteryLevel: state.batteryLevel,
    latitude: state.latitude,
    longitude: state.longitude,
    locked: state.locked,
    reportedAt: dateTimeFromDate(state.reportedAt),
  };
}

export function locationView(l: repo.LocationRecord, language: Language): VehicleLocation {
  return {
    id: l.id,
    displayName: byLanguage(language, l.displayNameEn, l.displayNameJa),
    price: l.price,
    description: byLanguage(language, l.descriptionEn, l.descriptionJa),
    latitude: l.latitude,
    longitude: l.longitude,
  };
}

function rangeOf(startTime: DateTime, endTime: DateTime, maxDays: number): { from: Date; to: Date } {
  const from = dateFromDateTime(startTime);
  const to = dateFromDateTime(endTime);
  if (!isValidRange(from, to, maxDays)) throw new AppError('CodeVehicleTimeRangeInvalid');
  return { from, to };
}

/**
 * list_vehicles: a place's cars for a time range: the availabilities and rented periods meeting it,
 * whether each is free for all of it, and what each car reports now (asked of every car at once).
 */
export async function listVehicles(
  deps: Deps,
  language: Language,
  input: { placeId: string; startTime: DateTime; endTime: DateTime },
): Promise<{ vehicles: Vehicle[]; locations: VehicleLocation[] }> {
  const { from, to } = rangeOf(input.startTime, input.endTime, VEHICLE_LIST_MAX_DAYS);
  if ((await repo.findPlaceTimeZone(deps.db, input.placeId)) === null) throw new AppError('CodeNotFound');
  const vehicles = await repo.listVehiclesOfPlace(deps.db, input.placeId, false);
  const ids = vehicles.map((v) => v.id);
  const [availabilities, rented, locations, states] = await Promise.all([
    repo.availabilitiesMeeting(deps.db, ids, from, to),
    repo.rentedPeriodsMeeting(deps.db, ids, from, to),
    repo.listLocationsOfPlace(deps.db, input.placeId, false),
    readVehicleStates(
      deps,
      vehicles.map((v) => v.telematicsDeviceId),
    ),
  ]);
  return {
    vehicles: vehicles.map((v) => {
      const own = availabilities.filter((a) => a.vehicleId === v.id);
      const taken = rented.filter((r) => r.vehicleId === v.id);
      return {
        id: v.id,
        registrationNumber: v.registrationNumber,
        displayName: byLanguage(language, v.displayNameEn, v.displayNameJa),
        displayImageUrl: v.displayImageUrl,
        capacity: v.capacity,
        basePrice: v.basePrice,
        halfHourPrice: v.halfHourPrice,
        vehiclePickupDropoffAvailabilities: own.map((a) => ({
          startTime: dateTimeFromDate(a.startTime),
          endTime: dateTimeFromDate(a.endTime),
        })),
        vehicleInformation: vehicleInformationOf(states.get(v.telematicsDeviceId) ?? null),
        available: isFreeFor(
          own.map((a) => ({ start: a.startTime, end: a.endTime })),
          taken.map((r) => ({ start: r.pickupAt, end: r.dropoffAt })),
          { start: from, end: to },
        ),
        rentedPeriods: taken.map((r) => ({
          startTime: dateTimeFromDate(r.pickupAt),
          endTime: dateTimeFromDate(r.dropoffAt),
        })),
        timeZone: v.timeZone,
      };
    }),
    locations: locations.map((l) => locationView(l, language)),
  };
}

// Staff ------------------------------------------------------------------------------------

function staffVehicleView(v: repo.VehicleRecord, availabilities: repo.AvailabilityRecord[]): StaffVehicle {
  return {
    id: v.id,
    placeId: v.placeId,
    registrationNumber: v.registrationNumber,
    displayNameEn: v.displayNameEn,
    displayNameJa: v.displayNameJa,
    displayImageUrl: v.displayImageUrl,
    capacity: v.capacity,
    basePrice: v.basePrice,
    halfHourPrice: v.halfHourPrice,
    telematicsDeviceId: v.telematicsDeviceId,
    timeZone: v.timeZone,
    retired: v.retired,
    sortOrder: v.sortOrder,
    availabilities: availabilities
      .filter((a) => a.vehicleId === v.id)
      .map((a) => ({ id: a.id, startTime: dateTimeFromDate(a.startTime), endTime: dateTimeFromDate(a.endTime) })),
    updatedAt: dateTimeFromDate(v.updatedAt),
  };
}

const staffLocationView = (l: repo.LocationRecord): StaffVehicleLocation => ({ ...l });

/** Availabilities staff see: from 30 days back, as far ahead as stored. */
function staffWindow(now: Date): { from: Date; to: Date } {
  return {
    from: new Date(now.getTime() - STAFF_AVAILABILITY_DAYS_BACK * 86_400_000),
    to: new Date('2999-12-31T00:00:00Z'),
  };
}

async function staffVehicle(deps: Deps, vehicleId: string): Promise<StaffVehicle> {
  const v = await repo.findVehicle(deps.db, vehicleId);
  if (!v) throw new AppError('CodeVehicleNotFound');
  const w = staffWindow(deps.clock.now());
  return staffVehicleView(v, await repo.availabilitiesMeeting(deps.db, [v.id], w.from, w.to));
}

export async function staffListVehicles(
  deps: Deps,
  placeId: string,
): Promise<{ vehicles: StaffVehicle[]; locations: StaffVehicleLocation[] }> {
  if ((await repo.findPlaceTimeZone(deps.db, placeId)) === null) throw new AppError('CodeNotFound');
  const vehicles = await repo.listVehiclesOfPlace(deps.db, placeId, true);
  const w = staffWindow(deps.clock.now());
  const availabilities = await repo.availabilitiesMeeting(
    deps.db,
    vehicles.map((v) => v.id),
    w.from,
    w.to,
  );
  const locations = await repo.listLocationsOfPlace(deps.db, placeId, true);
  return {
    vehicles: vehicles.map((v) => staffVehicleView(v, availabilities)),
    locations: locations.map(staffLocationView),
  };
}

function takenError(which: 'REGISTRATION' | 'DEVICE'): AppError {
  return new AppError(which === 'REGISTRATION' ? 'CodeVehicleRegistrationTaken' : 'CodeVehicleDeviceTaken');
}

export async function staffCreateVehicle(
  deps: Deps,
  actor: string,
  input: repo.VehicleFields & { placeId: string },
): Promise<{ vehicle: StaffVehicle }> {
  const timeZone = await repo.findPlaceTimeZone(deps.db, input.placeId);
  if (timeZone === null) throw new AppError('CodeNotFound');
  const id = randomUUID();
  await withTx(deps.db, async (tx) => {
    const taken = await repo.takenBy(tx, { ...input, exceptId: null });
    if (taken) throw takenError(taken);
    const now = deps.clock.now();
    const created = await repo.insertVehicle(tx, { ...input, id, timeZone, now });
    if (typeof created === 'string') throw takenError(created);
    await recordAudit(tx, {
      actor,
      action: 'vehicle.create',
      entity: 'vehicle',
      entityId: id,
      after: created,
      at: now,
    });
  });
  return { vehicle: await staffVehicle(deps, id) };
}

export async function staffUpdateVehicle(
  deps: Deps,
  actor: string,
  input: repo.VehicleFields & { vehicleId: string },
): Promise<{ vehicle: StaffVehicle }> {
  await withTx(deps.db, async (tx) => {
    const before = await repo.findVehicle(tx, input.vehicleId, true);
    if (!before) throw new AppError('CodeVehicleNotFound');
    const taken = await repo.takenBy(tx, { ...input, exceptId: before.id });
    if (taken) throw takenError(taken);
    const now = deps.clock.now();
    const after = await repo.updateVehicle(tx, { ...input, id: before.id, now });
    if (typeof after === 'string') throw takenError(after);
    await recordAudit(tx, {
      actor,
      action: 'vehicle.update',
      entity: 'vehicle',
      entityId: before.id,
      before,
      after,
      at: now,
    });
  });
  return { vehicle: await staffVehicle(deps, input.vehicleId) };
}

export async function staffAddVehicleAvailability(
  deps: Deps,
  actor: string,
  input: { vehicleId: string; startTime: DateTime; endTime: DateTime },
): Promise<{ vehicle: StaffVehicle }> {
  const { from, to } = rangeOf(input.startTime, input.endTime, MAX_AVAILABILITY_DAYS);
  await withTx(deps.db, async (tx) => {
    const vehicle = await repo.findVehicle(tx, input.vehicleId, true);
    if (!vehicle) throw new AppError('CodeVehicleNotFound');
    const id = randomUUID();
    const now = deps.clock.now();
    if (!(await repo.insertAvailability(tx, { id, vehicleId: vehicle.id, startTime: from, endTime: to, now }))) {
      throw new AppError('CodeVehicleAvailabilityOverlap');
    }
    await recordAudit(tx, {
      actor,
      action: 'vehicle.availability.add',
      entity: 'vehicle',
      entityId: vehicle.id,
      after: { availabilityId: id, startTime: from.toISOString(), endTime: to.toISOString() },
      at: now,
    });
  });
  return { vehicle: await staffVehicle(deps, input.vehicleId) };
}

export async function staffRemoveVehicleAvailability(
  deps: Deps,
  actor: string,
  input: { vehicleId: string; availabilityId: string },
): Promise<{ vehicle: StaffVehicle }> {
  await withTx(deps.db, async (tx) => {
    // The car's row first, as a rental takes it: no rental lands in the availability while it goes.
    const vehicle = await repo.findVehicle(tx, input.vehicleId, true);
    if (!vehicle) throw new AppError('CodeVehicleNotFound');
    const availability = await repo.findAvailability(tx, vehicle.id, input.availabilityId);
    if (!availability) throw new AppError('CodeVehicleAvailabilityNotFound');
    const rented = await repo.rentedPeriodsMeeting(tx, [vehicle.id], availability.startTime, availability.endTime);
    if (rented.length > 0) throw new AppError('CodeVehicleAvailabilityInUse');
    await repo.deleteAvailability(tx, availability.id);
    await recordAudit(tx, {
      actor,
      action: 'vehicle.availability.remove',
      entity: 'vehicle',
      entityId: vehicle.id,
      before: {
        availabilityId: availability.id,
        startTime: availability.startTime.toISOString(),
        endTime: availability.endTime.toISOString(),
      },
      at: deps.clock.now(),
    });
  });
  return { vehicle: await staffVehicle(deps, input.vehicleId) };
}

export async function staffCreateVehicleLocation(
  deps: Deps,
  actor: string,
  input: repo.LocationFields & { placeId: string },
): Promise<{ location: StaffVehicleLocation }> {
  if ((await repo.findPlaceTimeZone(deps.db, input.placeId)) === null) throw new AppError('CodeNotFound');
  const location = await withTx(deps.db, async (tx) => {
    const now = deps.clock.now();
    const created = await repo.insertLocation(tx, { ...input, id: randomUUID(), now });
    await recordAudit(tx, {
      actor,
      action: 'vehicle-location.create',
      entity: 'vehicle_location',
      entityId: created.id,
      after: created,
      at: now,
    });
    return created;
  });
  return { location: staffLocationView(location) };
}

export async function staffUpdateVehicleLocation(
  deps: Deps,
  actor: string,
  input: repo.LocationFields & { locationId: string },
): Promise<{ location: StaffVehicleLocation }> {
  const location = await withTx(deps.db, async (tx) => {
    const before = await repo.findLocation(tx, input.locationId);
    if (!before) throw new AppError('CodeVehicleLocationNotFound');
    const now = deps.clock.now();
    const after = await repo.updateLocation(tx, { ...input, id: before.id, now });
    await recordAudit(tx, {
      actor,
      action: 'vehicle-location.update',
      entity: 'vehicle_location',
      entityId: before.id,
      before,
      after,
      at: now,
    });
    return after;
  });
  return { location: staffLocationView(location) };
}
