import type { Db } from '../../platform/db/pool.js';

/** A key with the booking, house group and house it opens, as every key method reads it. */
export type KeyRow = {
  keyId: string;
  bookingId: string;
  bookingNumber: string;
  bookingStatus: string;
  bookerAccountId: string;
  bookerUserId: string;
  checkinDate: string;
  checkoutDate: string;
  houseGroupId: string;
  houseGroupNameEn: string;
  houseGroupNameJa: string;
  timezone: string;
  unlockOperationType: 'SMARTHOME' | 'MANUAL' | 'TEMAIRAZU_PARTNER';
  houseId: string;
  houseNameEn: string;
  houseNameJa: string;
  lockDeviceId: string;
  keyBoxCode: string;
  instructionsEn: string;
  instructionsJa: string;
  validFrom: Date;
  validUntil: Date;
  issuedAt: Date;
};

const KEY_SELECT = `
  SELECT k.id AS "keyId", b.id AS "bookingId", b.booking_number AS "bookingNumber", b.status AS "bookingStatus",
         b.account_id::text AS "bookerAccountId", b.user_id AS "bookerUserId",
         to_char(b.checkin_date, 'YYYY-MM-DD') AS "checkinDate", to_char(b.checkout_date, 'YYYY-MM-DD') AS "checkoutDate",
         g.id AS "houseGroupId", g.name_en AS "houseGroupNameEn", g.name_ja AS "houseGroupNameJa", g.timezone,
         g.unlock_operation_type AS "unlockOperationType",
         h.id AS "houseId", h.name_en AS "houseNameEn", h.name_ja AS "houseNameJa",
         COALESCE(NULLIF(a.lock_device_id, ''), 'LOCK-' || h.id) AS "lockDeviceId",
         COALESCE(a.key_box_code, '') AS "keyBoxCode",
         COALESCE(a.instructions_en, '') AS "instructionsEn", COALESCE(a.instructions_ja, '') AS "instructionsJa",
         k.valid_from AS "validFrom", k.valid_until AS "validUntil", k.issued_at AS "issuedAt"
    FROM stay_keys k
    JOIN bookings b ON b.id = k.booking_id
    JOIN house_groups g ON g.id = b.house_group_id
    JOIN houses h ON h.id = b.house_id
    LEFT JOIN stay_house_access a ON a.house_id = h.id`;

export async function findKey(db: Db, keyId: string): Promise<KeyRow | null> {
  const r = await db.query<KeyRow>(`${KEY_SELECT} WHERE k.id = $1`, [keyId]);
  return r.rows[0] ?? null;
}

export async function findKeyOfBooking(db: Db, bookingId: string): Promise<KeyRow | null> {
  const r = await db.query<KeyRow>(`${KEY_SELECT} WHERE k.booking_id = $1`, [bookingId]);
  return r.rows[0] ?? null;
}

/** The keys of the account's bookings and those shared (actively) with the user, latest check-in first. */
export async function listKeysHeld(
  db: Db,
  accountId: string,
  userId: string | null,
  bookingId: string | null,
): Promise<KeyRow[]> {
  const r = await db.query<KeyRow>(
    `${KEY_SELECT}
      WHERE (b.account_id::text = $1
             OR EXISTS (SELECT 1 FROM stay_key_shares s
                         WHERE s.key_id = k.id AND s.shared_with_user_id = $2 AND s.revoked_at IS NULL))
        AND ($3::text IS NULL OR b.id = $3)
      ORDER BY b.checkin_date DESC, k.id
      LIMIT 200`,
    [accountId, userId, bookingId],
  );
  return r.rows;
}

/**
 * Bookings that should hold a key and do not: READY_TO_CHECKIN or STAYING, not yet past check-out
 * day; of one account when given.
 */
export async function bookingsDueKeys(db: Db, now: Date, limit: number, accountId: string | null): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    `SELECT b.id FROM bookings b
      WHERE b.status IN ('READY_TO_CHECKIN', 'STAYING')
        AND b.checkout_date >= ($1::timestamptz AT TIME ZONE b.timezone)::date
        AND NOT EXISTS (SELECT 1 FROM stay_keys k WHERE k.booking_id = b.id)
        AND ($3::text IS NULL OR b.account_id::text = $3)
      ORDER BY b.checkin_date, b.id
      LIMIT $2`,
    [now, limit, accountId],
  );
  return r.rows.map((x) => x.id);
}

/**
 * Issues the booking's key (validity: check-in time to check-out time in the house group's zone)
 * when the booking, locked against a cancellation meanwhile, still wants one. Returns the new key's
 * holder to notify, or null when nothing was issued (issued already, or no longer due).
 */
export async function insertKeyIfDue(
  tx: Db,
  keyId: string,
  bookingId: string,
  now: Date,
): Promise<{ userId: string; bookingNumber: string; checkinDate: string } | null> {
  const locked = await tx.query<{ status: string }>('SELECT status FROM bookings WHERE id = $1 FOR SHARE', [bookingId]);
  const status = locked.rows[0]?.status;
  if (status !== 'READY_TO_CHECKIN' && status !== 'STAYING') return null;
  const r = await tx.query<{ userId: string; bookingNumber: string; checkinDate: string }>(
    `WITH issued AS (
       INSERT INTO stay_keys (id, booking_id, valid_from, valid_until, issued_at)
       SELECT $1, b.id, (b.checkin_date + g.checkin_time) AT TIME ZONE g.timezone,
              (b.checkout_date + g.checkout_time) AT TIME ZONE g.timezone, $3
         FROM bookings b JOIN house_groups g ON g.id = b.house_group_id
        WHERE b.id = $2
       ON CONFLICT (booking_id) DO NOTHING
       RETURNING booking_id)
     SELECT b.user_id AS "userId", b.booking_number AS "bookingNumber",
            to_char(b.checkin_date, 'YYYY-MM-DD') AS "checkinDate"
       FROM issued JOIN bookings b ON b.id = issued.booking_id`,
    [keyId, bookingId, now],
  );
  return r.rows[0] ?? null;
}

/** The user ids holding a booking's key: the booker and the active share holders. */
export async function keyHolderIds(db: Db, bookingId: string): Promise<string[]> {
  const r = await db.query<{ userId: string }>(
    `SELECT b.user_id AS "userId" FROM bookings b WHERE b.id = $1
     UNION
     SELECT s.shared_with_user_id FROM stay_key_shares s JOIN stay_keys k ON k.id = s.key_id
      WHERE k.booking_id = $1 AND s.revoked_at IS NULL`,
    [bookingId],
  );
  return r.rows.map((x) => x.userId);
}

/**
 * The bookings whose key is shared (actively) with the user and whose stay is not over: READY_TO_CHECKIN
 * or STAYING, check-out day not past in the house group's zone; earliest check-in first.
 */
export async function bookingIdsSharedWith(db: Db, userId: string, now: Date, limit: number): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    `SELECT b.id FROM stay_key_shares s
       JOIN stay_keys k ON k.id = s.key_id
       JOIN bookings b ON b.id = k.booking_id
      WHERE s.shared_with_user_id = $1 AND s.revoked_at IS NULL
        AND b.status IN ('READY_TO_CHECKIN', 'STAYING')
        AND b.checkout_date >= ($2::timestamptz AT TIME ZONE b.timezone)::date
      ORDER BY b.checkin_date, b.id
      LIMIT $3`,
    [userId, now, limit],
  );
  return r.rows.map((x) => x.id);
}

export async function hasActiveShare(db: Db, keyId: string, userId: string): Promise<boolean> {
  const r = await db.query(
    'SELECT 1 FROM stay_key_shares WHERE key_id = $1 AND shared_with_user_id = $2 AND revoked_at IS NULL',
    [keyId, userId],
  );
  return (r.rowCount ?? 0) > 0;
}

// Shares -----------------------------------------------------------------------------

export type ShareRow = {
  sharedKeyId: string;
  keyId: string;
  withUserId: string;
  withFirstName: string;
  withLastName: string;
  withEmail: string;
  byUserId: string;
  byFirstName: string;
  byLastName: string;
  sharedAt: Date;
  revokedAt: Date | null;
  revokedByUserId: string | null;
  revokedByFirstName: string | null;
  revokedByLastName: string | null;
};

const SHARE_SELECT = `
  SELECT s.id AS "sharedKeyId", s.key_id AS "keyId",
         w.id AS "withUserId", w.first_name AS "withFirstName", w.last_name AS "withLastName", w.email AS "withEmail",
         o.id AS "byUserId", o.first_name AS "byFirstName", o.last_name AS "byLastName",
         s.shared_at AS "sharedAt", s.revoked_at AS "revokedAt",
         r.id AS "revokedByUserId", r.first_name AS "revokedByFirstName", r.last_name AS "revokedByLastName"
    FROM stay_key_shares s
    JOIN users w ON w.id = s.shared_with_user_id
    JOIN users o ON o.id = s.shared_by_user_id
    LEFT JOIN users r ON r.id = s.revoked_by_user_id`;

export async function findShare(db: Db, sharedKeyId: string, forUpdate = false): Promise<ShareRow | null> {
  const r = await db.query<ShareRow>(`${SHARE_SELECT} WHERE s.id = $1${forUpdate ? ' FOR UPDATE OF s' : ''}`, [
    sharedKeyId,
  ]);
  return r.rows[0] ?? null;
}

export async function listShares(db: Db, keyId: string, onlyUserId: string | null): Promise<ShareRow[]> {
  const r = await db.query<ShareRow>(
    `${SHARE_SELECT} WHERE s.key_id = $1 AND ($2::text IS NULL OR s.shared_with_user_id = $2)
      ORDER BY s.shared_at DESC, s.id`,
    [keyId, onlyUserId],
  );
  return r.rows;
}

/** Inserts an active share; false when the person already holds an active share of the key. */
export async function insertShare(
  tx: Db,
  s: { id: string; keyId: string; withUserId: string; byUserId: string; at: Date },
): Promise<boolean> {
  try {
    await tx.query(
      `INSERT INTO stay_key_shares (id, key_id, shared_with_user_id, shared_by_user_id, shared_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [s.id, s.keyId, s.withUserId, s.byUserId, s.at],
    );
    return true;
  } catch (err) {
    const e = err as { code?: string; constraint?: string };
    if (e.code === '23505' && e.constraint === 'stay_key_shares_active_idx') return false;
    throw err;
  }
}

export async function revokeShare(tx: Db, sharedKeyId: string, byUserId: string, at: Date): Promise<void> {
  await tx.query(
    'UPDATE stay_key_shares SET revoked_at = $3, revoked_by_user_id = $2 WHERE id = $1 AND revoked_at IS NULL',
    [sharedKeyId, byUserId, at],
  );
}

/** The user whose account signs in with this address (or whose profile carries it); null when none. */
export async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
  const r = await db.query<{ id: string }>(
    `SELECT u.id FROM users u JOIN identity_accounts a ON a.id = u.identity_id
      WHERE lower(a.email) = lower($1) OR lower(u.email) = lower($1)
      ORDER BY (lower(a.email) = lower($1)) DESC
      LIMIT 1`,
    [email],
  );
  return r.rows[0]?.id ?? null;
}

// Do-not-disturb ----------------------------------------------------------------------

export type StayBookingRow = { id: string; status: string; accountId: string; userId: string };

export async function findStayBooking(db: Db, bookingId: string): Promise<StayBookingRow | null> {
  const r = await db.query<StayBookingRow>(
    `SELECT id, status, account_id::text AS "accountId", user_id AS "userId" FROM bookings WHERE id = $1`,
    [bookingId],
  );
  return r.rows[0] ?? null;
}

export async function findDoNotDisturb(
  db: Db,
  bookingId: string,
): Promise<{ enabled: boolean; updatedAt: Date } | null> {
  const r = await db.query<{ enabled: boolean; updatedAt: Date }>(
    'SELECT enabled, updated_at AS "updatedAt" FROM stay_do_not_disturb WHERE booking_id = $1',
    [bookingId],
  );
  return r.rows[0] ?? null;
}

export async function upsertDoNotDisturb(
  db: Db,
  bookingId: string,
  enabled: boolean,
  userId: string | null,
  at: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO stay_do_not_disturb (booking_id, enabled, updated_at, updated_by_user_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (booking_id) DO UPDATE SET enabled = $2, updated_at = $3, updated_by_user_id = $4`,
    [bookingId, enabled, at, userId],
  );
}

export async function bookingsWithDoNotDisturb(db: Db, bookingIds: readonly string[]): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    'SELECT booking_id AS id FROM stay_do_not_disturb WHERE enabled AND booking_id = ANY($1::text[]) ORDER BY 1',
    [bookingIds],
  );
  return r.rows.map((x) => x.id);
}

// Housekeeping ------------------------------------------------------------------------

export type HousekeepingRow = {
  bookingId: string;
  bookingNumber: string;
  bookingStatus: string;
  day: string;
  checkinDate: string;
  checkoutDate: string;
  houseGroupId: string;
  houseGroupName: string;
  houseId: string;
  houseName: string;
  guestName: string;
  doNotDisturb: boolean;
};

/** The stays touching a day (given, or today in each house group's zone): arriving, staying over or leaving. */
export async function listHousekeeping(
  db: Db,
  o: { date: string | null; now: Date; houseGroupId: string | null; language: 'en' | 'ja' },
): Promise<HousekeepingRow[]> {
  const name = o.language === 'ja' ? 'name_ja' : 'name_en';
  const r = await db.query<HousekeepingRow>(
    `SELECT b.id AS "bookingId", b.booking_number AS "bookingNumber", b.status AS "bookingStatus",
            to_char(d.day, 'YYYY-MM-DD') AS day,
            to_char(b.checkin_date, 'YYYY-MM-DD') AS "checkinDate", to_char(b.checkout_date, 'YYYY-MM-DD') AS "checkoutDate",
            g.id AS "houseGroupId", g.${name} AS "houseGroupName", h.id AS "houseId", h.${name} AS "houseName",
            trim(u.last_name || ' ' || u.first_name) AS "guestName",
            COALESCE(n.enabled, false) AS "doNotDisturb"
       FROM bookings b
       JOIN house_groups g ON g.id = b.house_group_id
       JOIN houses h ON h.id = b.house_id
       JOIN users u ON u.id = b.user_id
       LEFT JOIN stay_do_not_disturb n ON n.booking_id = b.id
       CROSS JOIN LATERAL (SELECT COALESCE($1::date, ($2::timestamptz AT TIME ZONE g.timezone)::date) AS day) d
      WHERE b.status IN ('BOOKED', 'READY_TO_CHECKIN', 'STAYING', 'CHECKED_OUT')
        AND b.checkin_date <= d.day AND b.checkout_date >= d.day
        AND ($3::text IS NULL OR g.id = $3)
      ORDER BY g.sort_order, g.id, h.id, b.checkin_date
      LIMIT 1000`,
    [o.date, o.now, o.houseGroupId],
  );
  return r.rows;
}

// House access ------------------------------------------------------------------------

export type HouseAccessRow = {
  houseId: string;
  houseNameEn: string;
  houseNameJa: string;
  houseGroupId: string;
  unlockOperationType: 'SMARTHOME' | 'MANUAL' | 'TEMAIRAZU_PARTNER';
  lockDeviceId: string;
  keyBoxCode: string;
  instructionsEn: string;
  instructionsJa: string;
};

const ACCESS_SELECT = `
  SELECT h.id AS "houseId", h.name_en AS "houseNameEn", h.name_ja AS "houseNameJa", g.id AS "houseGroupId",
         g.unlock_operation_type AS "unlockOperationType",
         COALESCE(NULLIF(a.lock_device_id, ''), 'LOCK-' || h.id) AS "lockDeviceId",
         COALESCE(a.key_box_code, '') AS "keyBoxCode",
         COALESCE(a.instructions_en, '') AS "instructionsEn", COALESCE(a.instructions_ja, '') AS "instructionsJa"
    FROM houses h JOIN house_groups g ON g.id = h.house_group_id
    LEFT JOIN stay_house_access a ON a.house_id = h.id`;

export async function listHouseAccess(db: Db, houseGroupId: string): Promise<HouseAccessRow[]> {
  const r = await db.query<HouseAccessRow>(`${ACCESS_SELECT} WHERE g.id = $1 ORDER BY h.id`, [houseGroupId]);
  return r.rows;
}

export async function findHouseAccess(db: Db, houseId: string): Promise<HouseAccessRow | null> {
  const r = await db.query<HouseAccessRow>(`${ACCESS_SELECT} WHERE h.id = $1`, [houseId]);
  return r.rows[0] ?? null;
}

export async function upsertHouseAccess(
  tx: Db,
  a: { houseId: string; lockDeviceId: string; keyBoxCode: string; instructionsEn: string; instructionsJa: string },
  at: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO stay_house_access (house_id, lock_device_id, key_box_code, instructions_en, instructions_ja, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (house_id) DO UPDATE
       SET lock_device_id = $2, key_box_code = $3, instructions_en = $4, instructions_ja = $5, updated_at = $6`,
    [a.houseId, a.lockDeviceId, a.keyBoxCode, a.instructionsEn, a.instructionsJa, at],
  );
}

export async function unlockOperationTypeOf(
  db: Db,
  houseGroupId: string,
): Promise<'SMARTHOME' | 'MANUAL' | 'TEMAIRAZU_PARTNER' | null> {
  const r = await db.query<{ t: 'SMARTHOME' | 'MANUAL' | 'TEMAIRAZU_PARTNER' }>(
    'SELECT unlock_operation_type AS t FROM house_groups WHERE id = $1',
    [houseGroupId],
  );
  return r.rows[0]?.t ?? null;
}
