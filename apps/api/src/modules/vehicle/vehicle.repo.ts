import type { Db } from '../../platform/db/pool.js';
import { OPERATOR_TIME_ZONE } from '@yado/contract/operator-zone';

export type VehicleRecord = {
  id: string;
  placeId: string;
  registrationNumber: string;
  displayNameEn: string;
  displayNameJa: string;
  displayImageUrl: string;
  capacity: number;
  basePrice: number;
  halfHourPrice: number;
  telematicsDeviceId: string;
  timeZone: string;
  retired: boolean;
  sortOrder: number;
  updatedAt: Date;
};

export type AvailabilityRecord = { id: string; vehicleId: string; startTime: Date; endTime: Date };
export type RentedPeriod = { vehicleId: string; pickupAt: Date; dropoffAt: Date };

export type LocationRecord = {
  id: string;
  placeId: string;
  displayNameEn: string;
  displayNameJa: string;
  descriptionEn: string;
  descriptionJa: string;
  price: number;
  latitude: number | null;
  longitude: number | null;
  retired: boolean;
  sortOrder: number;
};

type VehicleRow = {
  id: string;
  place_id: string;
  registration_number: string;
  display_name_en: string;
  display_name_ja: string;
  display_image_url: string;
  capacity: number;
  base_price: number;
  half_hour_price: number;
  telematics_device_id: string;
  timezone: string;
  retired: boolean;
  sort_order: number;
  updated_at: Date;
};

const VEHICLE_COLUMNS = `id, place_id, registration_number, display_name_en, display_name_ja, display_image_url, capacity,
  base_price, half_hour_price, telematics_device_id, timezone, retired, sort_order, updated_at`;

const toVehicle = (r: VehicleRow): VehicleRecord => ({
  id: r.id,
  placeId: r.place_id,
  registrationNumber: r.registration_number,
  displayNameEn: r.display_name_en,
  displayNameJa: r.display_name_ja,
  displayImageUrl: r.display_image_url,
  capacity: r.capacity,
  basePrice: Number(r.base_price),
  halfHourPrice: Number(r.half_hour_price),
  telematicsDeviceId: r.telematics_device_id,
  timeZone: r.timezone,
  retired: r.retired,
  sortOrder: r.sort_order,
  updatedAt: r.updated_at,
});

type LocationRow = {
  id: string;
  place_id: string;
  display_name_en: string;
  display_name_ja: string;
  description_en: string;
  description_ja: string;
  price: number;
  latitude: string | null;
  longitude: string | null;
  retired: boolean;
  sort_order: number;
};

const LOCATION_COLUMNS = `id, place_id, display_name_en, display_name_ja, description_en, description_ja, price,
  latitude, longitude, retired, sort_order`;

const toLocation = (r: LocationRow): LocationRecord => ({
  id: r.id,
  placeId: r.place_id,
  displayNameEn: r.display_name_en,
  displayNameJa: r.display_name_ja,
  descriptionEn: r.description_en,
  descriptionJa: r.description_ja,
  price: Number(r.price),
  latitude: r.latitude === null ? null : Number(r.latitude),
  longitude: r.longitude === null ? null : Number(r.longitude),
  retired: r.retired,
  sortOrder: r.sort_order,
});

// Places ------------------------------------------------------------------------------

/** The place's time zone (its first house group's), or null for an unknown place. */
export async function findPlaceTimeZone(db: Db, placeId: string): Promise<string | null> {
  const r = await db.query<{ timezone: string | null }>(
    `SELECT (SELECT g.timezone FROM house_groups g WHERE g.place_id = p.id ORDER BY g.sort_order, g.id LIMIT 1) AS timezone
       FROM places p WHERE p.id = $1`,
    [placeId],
  );
  const row = r.rows[0];
  return row ? (row.timezone ?? OPERATOR_TIME_ZONE) : null;
}

// Vehicles -----------------------------------------------------------------------------

export async function listVehiclesOfPlace(db: Db, placeId: string, includeRetired: boolean): Promise<VehicleRecord[]> {
  const r = await db.query<VehicleRow>(
    `SELECT ${VEHICLE_COLUMNS} FROM vehicles
      WHERE place_id = $1 AND ($2 OR NOT retired)
      ORDER BY sort_order, display_name_en, id`,
    [placeId, includeRetired],
  );
  return r.rows.map(toVehicle);
}

export async function findVehicle(db: Db, id: string, lock = false): Promise<VehicleRecord | null> {
  const r = await db.query<VehicleRow>(
    `SELECT ${VEHICLE_COLUMNS} FROM vehicles WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return r.rows[0] ? toVehicle(r.rows[0]) : null;
}

export type VehicleFields = {
  registrationNumber: string;
  displayNameEn: string;
  displayNameJa: string;
  displayImageUrl: string;
  capacity: number;
  basePrice: number;
  halfHourPrice: number;
  telematicsDeviceId: string;
  retired: boolean;
  sortOrder: number;
};

/** Which unique field another car already has, or null. */
export async function takenBy(
  db: Db,
  f: { registrationNumber: string; telematicsDeviceId: string; exceptId: string | null },
): Promise<'REGISTRATION' | 'DEVICE' | null> {
  const r = await db.query<{ registration: boolean; device: boolean }>(
    `SELECT bool_or(upper(registration_number) = upper($1)) AS registration, bool_or(telematics_device_id = $2) AS device
       FROM vehicles
      WHERE (upper(registration_number) = upper($1) OR telematics_device_id = $2) AND id IS DISTINCT FROM $3`,
    [f.registrationNumber, f.telematicsDeviceId, f.exceptId],
  );
  const row = r.rows[0];
  if (row?.registration) return 'REGISTRATION';
  if (row?.device) return 'DEVICE';
  return null;
}

/** Inserts a car; 'taken' when a concurrent insert took its registration number or device first. */
export async function insertVehicle(
  db: Db,
  v: VehicleFields & { id: string; placeId: string; timeZone: string; now: Date },
): Promise<VehicleRecord | 'REGISTRATION' | 'DEVICE'> {
  try {
    const r = await db.query<VehicleRow>(
      `INSERT INTO vehicles (id, place_id, registration_number, display_name_en, display_name_ja, display_image_url,
         capacity, base_price, half_hour_price, telematics_device_id, timezone, retired, sort_order, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)
       RETURNING ${VEHICLE_COLUMNS}`,
      [
        v.id,
        v.placeId,
        v.registrationNumber,
        v.displayNameEn,
        v.displayNameJa,
        v.displayImageUrl,
        v.capacity,
        v.basePrice,
        v.halfHourPrice,
        v.telematicsDeviceId,
        v.timeZone,
        v.retired,
        v.sortOrder,
        v.now,
      ],
    );
    return toVehicle(r.rows[0]!);
  } catch (err) {
    return uniqueViolation(err);
  }
}

export async function updateVehicle(
  db: Db,
  v: VehicleFields & { id: string; now: Date },
): Promise<VehicleRecord | 'REGISTRATION' | 'DEVICE'> {
  try {
    const r = await db.query<VehicleRow>(
      `UPDATE vehicles
          SET registration_number = $2, display_name_en = $3, display_name_ja = $4, display_image_url = $5,
              capacity = $6, base_price = $7, half_hour_price = $8, telematics_device_id = $9, retired = $10,
              sort_order = $11, updated_at = $12, version = version + 1
        WHERE id = $1
        RETURNING ${VEHICLE_COLUMNS}`,
      [
        v.id,
        v.registrationNumber,
        v.displayNameEn,
        v.displayNameJa,
        v.displayImageUrl,
        v.capacity,
        v.basePrice,
        v.halfHourPrice,
        v.telematicsDeviceId,
        v.retired,
        v.sortOrder,
        v.now,
      ],
    );
    return toVehicle(r.rows[0]!);
  } catch (err) {
    return uniqueViolation(err);
  }
}

function uniqueViolation(err: unknown): 'REGISTRATION' | 'DEVICE' {
  const e = err as { code?: string; constraint?: string };
  if (e.code === '23505' && e.constraint === 'vehicles_registration_number_key') return 'REGISTRATION';
  if (e.code === '23505' && e.constraint === 'vehicles_telematics_device_id_key') return 'DEVICE';
  throw err;
}

// Availabilities and rented periods ---------------------------------------------------------

/** The availabilities of these cars that meet [from, to), in order. */
export async function availabilitiesMeeting(
  db: Db,
  vehicleIds: readonly string[],
  from: Date,
  to: Date,
): Promise<AvailabilityRecord[]> {
  const r = await db.query<{ id: string; vehicle_id: string; start_time: Date; end_time: Date }>(
    `SELECT id, vehicle_id, start_time, end_time FROM vehicle_availabilities
      WHERE vehicle_id = ANY($1) AND period && tstzrange($2, $3, '[)')
      ORDER BY vehicle_id, start_time`,
    [vehicleIds, from, to],
  );
  return r.rows.map((x) => ({ id: x.id, vehicleId: x.vehicle_id, startTime: x.start_time, endTime: x.end_time }));
}

/** The rented times (rentals not cancelled) of these cars that meet [from, to), in order. */
export async function rentedPeriodsMeeting(
  db: Db,
  vehicleIds: readonly string[],
  from: Date,
  to: Date,
): Promise<RentedPeriod[]> {
  const r = await db.query<{ vehicle_id: string; pickup_at: Date; dropoff_at: Date }>(
    `SELECT vehicle_id, pickup_at, dropoff_at FROM vehicle_rentals
      WHERE vehicle_id = ANY($1) AND status <> 'CANCELED' AND period && tstzrange($2, $3, '[)')
      ORDER BY vehicle_id, pickup_at`,
    [vehicleIds, from, to],
  );
  return r.rows.map((x) => ({ vehicleId: x.vehicle_id, pickupAt: x.pickup_at, dropoffAt: x.dropoff_at }));
}

/** Inserts an availability; false when it overlaps another of the car's (the exclusion constraint). */
export async function insertAvailability(
  db: Db,
  a: { id: string; vehicleId: string; startTime: Date; endTime: Date; now: Date },
): Promise<boolean> {
  try {
    await db.query(
      `INSERT INTO vehicle_availabilities (id, vehicle_id, start_time, end_time, created_at) VALUES ($1, $2, $3, $4, $5)`,
      [a.id, a.vehicleId, a.startTime, a.endTime, a.now],
    );
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === '23P01') return false;
    throw err;
  }
}

export async function findAvailability(db: Db, vehicleId: string, id: string): Promise<AvailabilityRecord | null> {
  const r = await db.query<{ id: string; vehicle_id: string; start_time: Date; end_time: Date }>(
    'SELECT id, vehicle_id, start_time, end_time FROM vehicle_availabilities WHERE vehicle_id = $1 AND id = $2',
    [vehicleId, id],
  );
  const x = r.rows[0];
  return x ? { id: x.id, vehicleId: x.vehicle_id, startTime: x.start_time, endTime: x.end_time } : null;
}

export async function deleteAvailability(db: Db, id: string): Promise<void> {
  await db.query('DELETE FROM vehicle_availabilities WHERE id = $1', [id]);
}

/**
 * Locks the car's row against new rentals (a rental locks its car first, see vehicle-rental), so a
 * rental cannot be made in an availability being removed.
 */
export async function lockVehicle(db: Db, id: string): Promise<void> {
  await db.query('SELECT 1 FROM vehicles WHERE id = $1 FOR UPDATE', [id]);
}

// Locations ------------------------------------------------------------------------------

export async function listLocationsOfPlace(
  db: Db,
  placeId: string,
  includeRetired: boolean,
): Promise<LocationRecord[]> {
  const r = await db.query<LocationRow>(
    `SELECT ${LOCATION_COLUMNS} FROM vehicle_locations
      WHERE place_id = $1 AND ($2 OR NOT retired)
      ORDER BY sort_order, display_name_en, id`,
    [placeId, includeRetired],
  );
  return r.rows.map(toLocation);
}

export async function findLocation(db: Db, id: string): Promise<LocationRecord | null> {
  const r = await db.query<LocationRow>(`SELECT ${LOCATION_COLUMNS} FROM vehicle_locations WHERE id = $1`, [id]);
  return r.rows[0] ? toLocation(r.rows[0]) : null;
}

export type LocationFields = {
  displayNameEn: string;
  displayNameJa: string;
  descriptionEn: string;
  descriptionJa: string;
  price: number;
  latitude: number | null;
  longitude: number | null;
  retired: boolean;
  sortOrder: number;
};

export async function insertLocation(
  db: Db,
  l: LocationFields & { id: string; placeId: string; now: Date },
): Promise<LocationRecord> {
  const r = await db.query<LocationRow>(
    `INSERT INTO vehicle_locations (id, place_id, display_name_en, display_name_ja, description_en, description_ja,
       price, latitude, longitude, retired, sort_order, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
     RETURNING ${LOCATION_COLUMNS}`,
    [
      l.id,
      l.placeId,
      l.displayNameEn,
      l.displayNameJa,
      l.descriptionEn,
      l.descriptionJa,
      l.price,
      l.latitude,
      l.longitude,
      l.retired,
      l.sortOrder,
      l.now,
    ],
  );
  return toLocation(r.rows[0]!);
}

export async function updateLocation(db: Db, l: LocationFields & { id: string; now: Date }): Promise<LocationRecord> {
  const r = await db.query<LocationRow>(
    `UPDATE vehicle_locations
        SET display_name_en = $2, display_name_ja = $3, description_en = $4, description_ja = $5, price = $6,
            latitude = $7, longitude = $8, retired = $9, sort_order = $10, updated_at = $11
      WHERE id = $1
      RETURNING ${LOCATION_COLUMNS}`,
    [
      l.id,
      l.displayNameEn,
      l.displayNameJa,
      l.descriptionEn,
      l.descriptionJa,
      l.price,
      l.latitude,
      l.longitude,
      l.retired,
      l.sortOrder,
      l.now,
    ],
  );
  return toLocation(r.rows[0]!);
}
