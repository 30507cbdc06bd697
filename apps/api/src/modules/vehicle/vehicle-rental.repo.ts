import type { Db } from '../../platform/db/pool.js';
import type { RentalPrice, UseStatus } from './vehicle-rental.rules.js';

export type RentalStatus = 'TENTATIVE' | 'BOOKED' | 'CANCELED';

/** What a rental stored of its price when it was made (the quote column). */
export type StoredRentalQuote = Omit<RentalPrice, 'lines'> & {
  halfHourPrice: number;
  /** Set on cancellation: the fee kept (source RENT_PRICE) and its percentage. */
  cancellationFee?: { percentage: number; amount: number; source: 'RENT_PRICE' };
  /** Set on a late drop-off: the extra half hours billed. */
  lateHalfHours?: number;
  /** A 3-D Secure page the renter still has to finish. */
  challengeUrl?: string | null;
  /** The card refund of a cancellation, sent after the commit (retried until it is recorded). */
  pendingRefund?: { paymentId: string; amount: number } | null;
};

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
};

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
  timezone: string;
  retired: boolean;
};

export type RentalRecord = {
  id: string;
  orderNumber: string;
  accountId: string;
  userId: string;
  bookingId: string;
  vehicleId: string;
  driverLicenseId: string;
  pickupLocationId: string;
  dropoffLocationId: string;
  pickupAt: Date;
  dropoffAt: Date;
  status: RentalStatus;
  useStatus: UseStatus;
  headcount: number;
  userRequestNotes: string;
  quote: StoredRentalQuote;
  tentativeDeadline: Date | null;
  billingId: string | null;
  additionalBillingId: string | null;
  cancellationBillingId: string | null;
  conversationId: string | null;
  bookedAt: Date | null;
  canceledAt: Date | null;
  readyAt: Date | null;
  pickedUpAt: Date | null;
  droppedOffAt: Date | null;
  controllableUntil: Date | null;
  finishedAt: Date | null;
  createdAt: Date;
  version: number;
};

const RENTAL_COLUMNS = `id, order_number, account_id::text AS account_id, user_id, booking_id, vehicle_id, driver_license_id,
  pickup_location_id, dropoff_location_id, pickup_at, dropoff_at, status, use_status, headcount, user_request_notes,
  quote, tentative_deadline, billing_id, additional_billing_id, cancellation_billing_id, conversation_id, booked_at,
  canceled_at, ready_at, picked_up_at, dropped_off_at, controllable_until, finished_at, created_at, version`;

type Row = Record<string, unknown>;

const toRental = (r: Row): RentalRecord => ({
  id: r['id'] as string,
  orderNumber: r['order_number'] as string,
  accountId: r['account_id'] as string,
  userId: r['user_id'] as string,
  bookingId: r['booking_id'] as string,
  vehicleId: r['vehicle_id'] as string,
  driverLicenseId: r['driver_license_id'] as string,
  pickupLocationId: r['pickup_location_id'] as string,
  dropoffLocationId: r['dropoff_location_id'] as string,
  pickupAt: r['pickup_at'] as Date,
  dropoffAt: r['dropoff_at'] as Date,
  status: r['status'] as RentalStatus,
  useStatus: r['use_status'] as UseStatus,
  headcount: r['headcount'] as number,
  userRequestNotes: r['user_request_notes'] as string,
  quote: r['quote'] as StoredRentalQuote,
  tentativeDeadline: r['tentative_deadline'] as Date | null,
  billingId: r['billing_id'] as string | null,
  additionalBillingId: r['additional_billing_id'] as string | null,
  cancellationBillingId: r['cancellation_billing_id'] as string | null,
  conversationId: r['conversation_id'] as string | null,
  bookedAt: r['booked_at'] as Date | null,
  canceledAt: r['canceled_at'] as Date | null,
  readyAt: r['ready_at'] as Date | null,
  pickedUpAt: r['picked_up_at'] as Date | null,
  droppedOffAt: r['dropped_off_at'] as Date | null,
  controllableUntil: r['controllable_until'] as Date | null,
  finishedAt: r['finished_at'] as Date | null,
  createdAt: r['created_at'] as Date,
  version: r['version'] as number,
});

const toVehicle = (r: Row): VehicleRecord => ({
  id: r['id'] as string,
  placeId: r['place_id'] as string,
  registrationNumber: r['registration_number'] as string,
  displayNameEn: r['display_name_en'] as string,
  displayNameJa: r['display_name_ja'] as string,
  displayImageUrl: r['display_image_url'] as string,
  capacity: r['capacity'] as number,
  basePrice: r['base_price'] as number,
  halfHourPrice: r['half_hour_price'] as number,
  telematicsDeviceId: r['telematics_device_id'] as string,
  timezone: r['timezone'] as string,
  retired: r['retired'] as boolean,
});

const toLocation = (r: Row): LocationRecord => ({
  id: r['id'] as string,
  placeId: r['place_id'] as string,
  displayNameEn: r['display_name_en'] as string,
  displayNameJa: r['display_name_ja'] as string,
  descriptionEn: r['description_en'] as string,
  descriptionJa: r['description_ja'] as string,
  price: r['price'] as number,
  // Read as text by the pool's parsers: unrounded, as the spec sends coordinates.
  latitude: r['latitude'] === null ? null : Number(r['latitude']),
  longitude: r['longitude'] === null ? null : Number(r['longitude']),
  retired: r['retired'] as boolean,
});

export async function findVehicle(db: Db, vehicleId: string): Promise<VehicleRecord | null> {
  const { rows } = await db.query(
    `SELECT id, place_id, registration_number, display_name_en, display_name_ja, display_image_url, capacity,
            base_price, half_hour_price, telematics_device_id, timezone, retired
       FROM vehicles WHERE id = $1`,
    [vehicleId],
  );
  return rows[0] ? toVehicle(rows[0] as Row) : null;
}

export async function findVehicles(db: Db, ids: readonly string[]): Promise<Map<string, VehicleRecord>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query(
    `SELECT id, place_id, registration_number, display_name_en, display_name_ja, display_image_url, capacity,
            base_price, half_hour_price, telematics_device_id, timezone, retired
       FROM vehicles WHERE id = ANY($1::text[])`,
    [[...new Set(ids)]],
  );
  return new Map(rows.map((r) => [(r as Row)['id'] as string, toVehicle(r as Row)]));
}

export async function findLocations(db: Db, ids: readonly string[]): Promise<Map<string, LocationRecord>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query(
    `SELECT id, place_id, display_name_en, display_name_ja, description_en, description_ja, price, latitude,
            longitude, retired
       FROM vehicle_locations WHERE id = ANY($1::text[])`,
    [[...new Set(ids)]],
  );
  return new Map(rows.map((r) => [(r as Row)['id'] as string, toLocation(r as Row)]));
}

/** True when one availability of the car holds the whole rental. */
export async function withinAvailability(db: Db, vehicleId: string, from: Date, to: Date): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM vehicle_availabilities WHERE vehicle_id = $1 AND start_time <= $2 AND end_time >= $3 LIMIT 1`,
    [vehicleId, from, to],
  );
  return rows.length > 0;
}

/** True when a rental of the car that is not cancelled overlaps the times (the constraint's own test). */
export async function overlapsRental(db: Db, vehicleId: string, from: Date, to: Date): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM vehicle_rentals
      WHERE vehicle_id = $1 AND status <> 'CANCELED' AND period && tstzrange($2, $3, '[)') LIMIT 1`,
    [vehicleId, from, to],
  );
  return rows.length > 0;
}

export async function placeOfHouseGroup(db: Db, houseGroupId: string): Promise<string | null> {
  const { rows } = await db.query<{ place_id: string }>('SELECT place_id FROM house_groups WHERE id = $1', [
    houseGroupId,
  ]);
  return rows[0]?.place_id ?? null;
}

/**
 * Makes rentals of one car queue for the rest of the transaction. Without it,
 * renters inserting overlapping rentals at once wait for each other inside the
 * exclusion constraint and PostgreSQL aborts all but one as deadlocked; with
 * it each meets the committed winner and is refused as overlapping. The
 * constraint still decides.
 */
export async function queueForVehicle(tx: Db, vehicleId: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(7319200, hashtext($1))', [vehicleId]);
}

export async function nextOrderNumber(tx: Db): Promise<string> {
  const { rows } = await tx.query<{ n: string }>(`SELECT nextval('vehicle_rental_number_seq')::text AS n`);
  return `V${rows[0]!.n}`;
}

export type NewRental = Omit<
  RentalRecord,
  | 'useStatus'
  | 'additionalBillingId'
  | 'cancellationBillingId'
  | 'bookedAt'
  | 'canceledAt'
  | 'readyAt'
  | 'pickedUpAt'
  | 'droppedOffAt'
  | 'controllableUntil'
  | 'finishedAt'
  | 'version'
>;

/**
 * Inserts a rental with its conversation; false when the exclusion constraint
 * refuses it (another rental of the car overlaps, committed or committing).
 */
export async function insertRental(tx: Db, r: NewRental): Promise<boolean> {
  try {
    await tx.query('SAVEPOINT rental_insert');
    await tx.query(
      `INSERT INTO vehicle_rentals (id, order_number, account_id, user_id, booking_id, vehicle_id, driver_license_id,
         pickup_location_id, dropoff_location_id, pickup_at, dropoff_at, status, headcount, user_request_notes, quote,
         tentative_deadline, billing_id, conversation_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $19)`,
      [
        r.id,
        r.orderNumber,
        r.accountId,
        r.userId,
        r.bookingId,
        r.vehicleId,
        r.driverLicenseId,
        r.pickupLocationId,
        r.dropoffLocationId,
        r.pickupAt,
        r.dropoffAt,
        r.status,
        r.headcount,
        r.userRequestNotes,
        JSON.stringify(r.quote),
        r.tentativeDeadline,
        r.billingId,
        r.conversationId,
        r.createdAt,
      ],
    );
    await tx.query('RELEASE SAVEPOINT rental_insert');
  } catch (err) {
    if ((err as { code?: string }).code !== '23P01') throw err;
    await tx.query('ROLLBACK TO SAVEPOINT rental_insert');
    return false;
  }
  if (r.conversationId) {
    await tx.query('INSERT INTO conversations (id, vehicle_rental_id, created_at) VALUES ($1, $2, $3)', [
      r.conversationId,
      r.id,
      r.createdAt,
    ]);
  }
  return true;
}

export async function findRental(db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<RentalRecord | null> {
  const { rows } = await db.query(
    `SELECT ${RENTAL_COLUMNS} FROM vehicle_rentals WHERE id = $1${opts.forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ? toRental(rows[0] as Row) : null;
}

/** A rental with its car's telematics device, in one read: what a lock or unlock command needs. */
export async function findRentalForCommand(
  db: Db,
  id: string,
): Promise<(RentalRecord & { telematicsDeviceId: string }) | null> {
  const { rows } = await db.query(
    `SELECT ${RENTAL_COLUMNS},
            (SELECT v.telematics_device_id FROM vehicles v WHERE v.id = vehicle_rentals.vehicle_id) AS telematics_device_id
       FROM vehicle_rentals WHERE id = $1`,
    [id],
  );
  const row = rows[0] as Row | undefined;
  return row ? { ...toRental(row), telematicsDeviceId: row['telematics_device_id'] as string } : null;
}

export async function listRentalsOfAccount(
  db: Db,
  accountId: string,
  filter: { bookingId?: string | undefined },
): Promise<RentalRecord[]> {
  const { rows } = await db.query(
    `SELECT ${RENTAL_COLUMNS} FROM vehicle_rentals
      WHERE account_id = $1 AND ($2::text IS NULL OR booking_id = $2)
      ORDER BY pickup_at DESC, id LIMIT 200`,
    [accountId, filter.bookingId ?? null],
  );
  return rows.map((r) => toRental(r as Row));
}

type Patch = Partial<
  Pick<
    RentalRecord,
    | 'status'
    | 'useStatus'
    | 'quote'
    | 'tentativeDeadline'
    | 'billingId'
    | 'additionalBillingId'
    | 'cancellationBillingId'
    | 'bookedAt'
    | 'canceledAt'
    | 'readyAt'
    | 'pickedUpAt'
    | 'droppedOffAt'
    | 'controllableUntil'
    | 'finishedAt'
  >
>;

const PATCH_COLUMNS: Record<keyof Patch, string> = {
  status: 'status',
  useStatus: 'use_status',
  quote: 'quote',
  tentativeDeadline: 'tentative_deadline',
  billingId: 'billing_id',
  additionalBillingId: 'additional_billing_id',
  cancellationBillingId: 'cancellation_billing_id',
  bookedAt: 'booked_at',
  canceledAt: 'canceled_at',
  readyAt: 'ready_at',
  pickedUpAt: 'picked_up_at',
  droppedOffAt: 'dropped_off_at',
  controllableUntil: 'controllable_until',
  finishedAt: 'finished_at',
};

export async function updateRental(tx: Db, id: string, patch: Patch, now: Date): Promise<void> {
  const keys = Object.keys(patch) as (keyof Patch)[];
  const sets = keys.map((k, i) => `${PATCH_COLUMNS[k]} = $${i + 3}`);
  const values = keys.map((k) => (k === 'quote' ? JSON.stringify(patch[k]) : patch[k]));
  await tx.query(
    `UPDATE vehicle_rentals SET ${[...sets, 'updated_at = $2', 'version = version + 1'].join(', ')} WHERE id = $1`,
    [id, now, ...values],
  );
}

/** Booked rentals the READY job moves (pick-up within the lead), oldest first. */
export async function dueForReady(db: Db, readyBy: Date, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM vehicle_rentals
      WHERE status = 'BOOKED' AND use_status = 'BEFORE_READY' AND pickup_at <= $1
      ORDER BY pickup_at LIMIT $2`,
    [readyBy, limit],
  );
  return rows.map((r) => r.id);
}

/** Rentals whose window after drop-off has closed. */
export async function dueForFinish(db: Db, now: Date, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM vehicle_rentals
      WHERE status = 'BOOKED' AND use_status = 'CONTROLLABLE_AFTER_USE' AND controllable_until <= $1
      ORDER BY controllable_until LIMIT $2`,
    [now, limit],
  );
  return rows.map((r) => r.id);
}

/** Booked rentals never picked up whose drop-off time has passed (a no-show finishes the rental). */
export async function dueNeverPickedUp(db: Db, now: Date, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM vehicle_rentals
      WHERE status = 'BOOKED' AND use_status IN ('BEFORE_READY', 'READY') AND dropoff_at <= $1
      ORDER BY dropoff_at LIMIT $2`,
    [now, limit],
  );
  return rows.map((r) => r.id);
}

/** Unpaid rentals past their hold. */
export async function dueTentative(db: Db, now: Date, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM vehicle_rentals WHERE status = 'TENTATIVE' AND tentative_deadline <= $1
      ORDER BY tentative_deadline LIMIT $2`,
    [now, limit],
  );
  return rows.map((r) => r.id);
}

/** Cancelled rentals whose card refund is still to send. */
export async function withPendingRefund(db: Db, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM vehicle_rentals WHERE status = 'CANCELED' AND quote->'pendingRefund' IS NOT NULL
        AND quote->'pendingRefund' <> 'null'::jsonb ORDER BY updated_at LIMIT $1`,
    [limit],
  );
  return rows.map((r) => r.id);
}
