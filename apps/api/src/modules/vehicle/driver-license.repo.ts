import type { Address } from '@yado/contract/common.schema';
import type { DriverLicenseStatus, DriverLicenseType } from '@yado/contract/vehicle.contract';
import type { Db } from '../../platform/db/pool.js';

type LicenseRow = {
  id: string;
  user_id: string;
  driver_license_number: string | null;
  holder_name: string | null;
  holder_address: Address | null;
  license_type: DriverLicenseType;
  expire_date: string;
  front_image_id: string | null;
  back_image_id: string | null;
  status: DriverLicenseStatus;
  reason: string | null;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  archived_at: Date | null;
  last_rental_at: Date | null;
  erase_after: Date;
  erased_at: Date | null;
  created_at: Date;
};

/** A licence as the domain sees it; the table's column names stay in this file. */
export type LicenseRecord = {
  id: string;
  userId: string;
  driverLicenseNumber: string | null;
  holderName: string | null;
  holderAddress: Address | null;
  licenseType: DriverLicenseType;
  /** YYYY-MM-DD, the last valid day in Japan. */
  expireDate: string;
  frontImageId: string | null;
  backImageId: string | null;
  status: DriverLicenseStatus;
  reason: string | null;
  reviewedBy: string | null;
  reviewedAt: Date | null;
  lastRentalAt: Date | null;
  eraseAfter: Date;
  erasedAt: Date | null;
  createdAt: Date;
};

export type StaffLicenseRecord = LicenseRecord & {
  user: { firstName: string; lastName: string; romanizedFirstName: string; romanizedLastName: string; email: string };
};

const COLUMNS = `l.id, l.user_id, l.driver_license_number, l.holder_name, l.holder_address, l.license_type,
  l.expire_date::text AS expire_date, l.front_image_id, l.back_image_id, l.status, l.reason, l.reviewed_by,
  l.reviewed_at, l.archived_at, l.last_rental_at, l.erase_after, l.erased_at, l.created_at`;

function toRecord(r: LicenseRow): LicenseRecord {
  return {
    id: r.id,
    userId: r.user_id,
    driverLicenseNumber: r.driver_license_number,
    holderName: r.holder_name,
    holderAddress: r.holder_address,
    licenseType: r.license_type,
    expireDate: r.expire_date,
    frontImageId: r.front_image_id,
    backImageId: r.back_image_id,
    status: r.status,
    reason: r.reason,
    reviewedBy: r.reviewed_by,
    reviewedAt: r.reviewed_at,
    lastRentalAt: r.last_rental_at,
    eraseAfter: r.erase_after,
    erasedAt: r.erased_at,
    createdAt: r.created_at,
  };
}

// Images ----------------------------------------------------------------------------

export async function insertImage(
  db: Db,
  image: { id: string; userId: string; content: Buffer; width: number; height: number; now: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO driver_license_images (id, user_id, content, width, height, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [image.id, image.userId, image.content, image.width, image.height, image.now],
  );
}

/** The image's uploader, and whether a licence already shows it. null for an unknown image. */
export async function findImageUse(db: Db, imageId: string): Promise<{ userId: string; used: boolean } | null> {
  const r = await db.query<{ user_id: string; used: boolean }>(
    `SELECT i.user_id,
            EXISTS (SELECT 1 FROM driver_licenses l WHERE l.front_image_id = i.id OR l.back_image_id = i.id) AS used
       FROM driver_license_images i WHERE i.id = $1`,
    [imageId],
  );
  const row = r.rows[0];
  return row ? { userId: row.user_id, used: row.used } : null;
}

export async function findImage(db: Db, imageId: string): Promise<{ userId: string; content: Buffer } | null> {
  const r = await db.query<{ user_id: string; content: Buffer }>(
    'SELECT user_id, content FROM driver_license_images WHERE id = $1',
    [imageId],
  );
  const row = r.rows[0];
  return row ? { userId: row.user_id, content: row.content } : null;
}

/** Uploads never attached to a licence, older than `before`: photos of a licence the user did not register. */
export async function deleteUnusedImages(db: Db, before: Date): Promise<number> {
  const r = await db.query(
    `DELETE FROM driver_license_images i
      WHERE i.created_at < $1
        AND NOT EXISTS (SELECT 1 FROM driver_licenses l WHERE l.front_image_id = i.id OR l.back_image_id = i.id)`,
    [before],
  );
  return r.rowCount ?? 0;
}

// Licences --------------------------------------------------------------------------

export async function insertLicense(
  db: Db,
  l: {
    id: string;
    userId: string;
    driverLicenseNumber: string;
    holderName: string;
    holderAddress: Address;
    licenseType: DriverLicenseType;
    expireDate: string;
    frontImageId: string;
    backImageId: string;
    eraseAfter: Date;
    now: Date;
  },
): Promise<LicenseRecord> {
  const r = await db.query<LicenseRow>(
    `INSERT INTO driver_licenses AS l (id, user_id, driver_license_number, holder_name, holder_address, license_type,
       expire_date, front_image_id, back_image_id, status, erase_after, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'PENDING_REVIEW', $10, $11, $11)
     RETURNING ${COLUMNS}`,
    [
      l.id,
      l.userId,
      l.driverLicenseNumber,
      l.holderName,
      JSON.stringify(l.holderAddress),
      l.licenseType,
      l.expireDate,
      l.frontImageId,
      l.backImageId,
      l.eraseAfter,
      l.now,
    ],
  );
  return toRecord(r.rows[0]!);
}

/** Serialises a user's registrations and reviews, so "one waiting, one approved" holds under concurrent calls. */
export async function lockUserLicenses(db: Db, userId: string): Promise<void> {
  await db.query("SELECT pg_advisory_xact_lock(hashtext('driver_licenses:' || $1))", [userId]);
}

export async function listOfUser(db: Db, userId: string): Promise<LicenseRecord[]> {
  const r = await db.query<LicenseRow>(
    `SELECT ${COLUMNS} FROM driver_licenses l WHERE l.user_id = $1 ORDER BY l.created_at DESC, l.id DESC`,
    [userId],
  );
  return r.rows.map(toRecord);
}

export async function findLicense(db: Db, id: string): Promise<LicenseRecord | null> {
  const r = await db.query<LicenseRow>(`SELECT ${COLUMNS} FROM driver_licenses l WHERE l.id = $1`, [id]);
  return r.rows[0] ? toRecord(r.rows[0]) : null;
}

type StaffRow = LicenseRow & {
  first_name: string;
  last_name: string;
  romanized_first_name: string;
  romanized_last_name: string;
  email: string;
};

const toStaffRecord = (r: StaffRow): StaffLicenseRecord => ({
  ...toRecord(r),
  user: {
    firstName: r.first_name,
    lastName: r.last_name,
    romanizedFirstName: r.romanized_first_name,
    romanizedLastName: r.romanized_last_name,
    email: r.email,
  },
});

const STAFF_COLUMNS = `${COLUMNS}, u.first_name, u.last_name, u.romanized_first_name, u.romanized_last_name, u.email`;

export async function findStaffLicense(db: Db, id: string): Promise<StaffLicenseRecord | null> {
  const r = await db.query<StaffRow>(
    `SELECT ${STAFF_COLUMNS} FROM driver_licenses l JOIN users u ON u.id = l.user_id WHERE l.id = $1`,
    [id],
  );
  return r.rows[0] ? toStaffRecord(r.rows[0]) : null;
}

/** Licences of a status: the review queue oldest first, the others newest first. */
export async function listByStatus(db: Db, status: DriverLicenseStatus, limit: number): Promise<StaffLicenseRecord[]> {
  const order = status === 'PENDING_REVIEW' ? 'l.created_at ASC, l.id ASC' : 'l.created_at DESC, l.id DESC';
  const r = await db.query<StaffRow>(
    `SELECT ${STAFF_COLUMNS} FROM driver_licenses l JOIN users u ON u.id = l.user_id
      WHERE l.status = $1 ORDER BY ${order} LIMIT $2`,
    [status, limit],
  );
  return r.rows.map(toStaffRecord);
}

/** An approved licence of the user with this number that is still valid on `today` (YYYY-MM-DD). */
export async function hasValidApprovedNumber(db: Db, userId: string, number: string, today: string): Promise<boolean> {
  const r = await db.query(
    `SELECT 1 FROM driver_licenses
      WHERE user_id = $1 AND status = 'APPROVED' AND upper(driver_license_number) = upper($2) AND expire_date >= $3::date`,
    [userId, number, today],
  );
  return (r.rowCount ?? 0) > 0;
}

export async function decide(
  db: Db,
  d: { id: string; status: 'APPROVED' | 'REJECTED'; reason: string | null; reviewedBy: string; now: Date },
): Promise<void> {
  await db.query(
    `UPDATE driver_licenses
        SET status = $2, reason = $3, reviewed_by = $4, reviewed_at = $5, updated_at = $5, version = version + 1
      WHERE id = $1`,
    [d.id, d.status, d.reason, d.reviewedBy, d.now],
  );
}

/** The user's other approved licences, once a newer one is approved. */
export async function archiveReplaced(db: Db, userId: string, keepId: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE driver_licenses
        SET status = 'ARCHIVED', reason = 'REPLACED', archived_at = $3, updated_at = $3, version = version + 1
      WHERE user_id = $1 AND id <> $2 AND status = 'APPROVED'`,
    [userId, keepId, now],
  );
}

/**
 * Approved licences and licences waiting for review whose last valid day is before `today` (in Japan):
 * ARCHIVED, EXPIRED. A licence waiting for review can no longer be approved once expired, so it is
 * archived too instead of staying in the queue.
 */
export async function archiveExpired(db: Db, today: string, now: Date, limit: number): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    `UPDATE driver_licenses
        SET status = 'ARCHIVED', reason = 'EXPIRED', archived_at = $2, updated_at = $2, version = version + 1
      WHERE id IN (
        SELECT id FROM driver_licenses
         WHERE status IN ('PENDING_REVIEW', 'APPROVED') AND expire_date < $1::date
         ORDER BY expire_date
         LIMIT $3
         FOR UPDATE SKIP LOCKED)
      RETURNING id`,
    [today, now, limit],
  );
  return r.rows.map((x) => x.id);
}

/**
 * Erases licences past their retention: the personal fields blanked, the images deleted, the row
 * kept ARCHIVED (ERASED) so rentals still name a licence. A licence of a rental not finished yet
 * is never erased (its erase_after moves past the rental when it is made).
 */
export async function eraseDue(db: Db, now: Date, limit: number): Promise<string[]> {
  const r = await db.query<{ id: string; image_ids: (string | null)[] }>(
    `WITH due AS (
       SELECT id, ARRAY[front_image_id, back_image_id] AS image_ids FROM driver_licenses
        WHERE erased_at IS NULL AND erase_after <= $1
        ORDER BY erase_after
        LIMIT $2
        FOR UPDATE SKIP LOCKED
     )
     UPDATE driver_licenses l
        SET driver_license_number = NULL, holder_name = NULL, holder_address = NULL,
            front_image_id = NULL, back_image_id = NULL,
            status = 'ARCHIVED', reason = 'ERASED', archived_at = coalesce(l.archived_at, $1),
            erased_at = $1, updated_at = $1, version = l.version + 1
       FROM due WHERE l.id = due.id
     RETURNING l.id, due.image_ids`,
    [now, limit],
  );
  const imageIds = r.rows.flatMap((x) => x.image_ids.filter((i): i is string => i !== null));
  if (imageIds.length > 0) await db.query('DELETE FROM driver_license_images WHERE id = ANY($1)', [imageIds]);
  return r.rows.map((x) => x.id);
}

/**
 * The user's approved licence that runs longest, if any; locked, so a review or the expiry job cannot
 * change it before the caller's transaction ends.
 */
export async function findApprovedForUpdate(db: Db, userId: string): Promise<LicenseRecord | null> {
  const r = await db.query<LicenseRow>(
    `SELECT ${COLUMNS} FROM driver_licenses l
      WHERE l.user_id = $1 AND l.status = 'APPROVED'
      ORDER BY l.expire_date DESC LIMIT 1
      FOR SHARE`,
    [userId],
  );
  return r.rows[0] ? toRecord(r.rows[0]) : null;
}

/** Records a rental made with the licence: its data is kept 2 years from the rental's end. */
export async function noteRental(db: Db, id: string, rentalEnd: Date, eraseAfter: Date): Promise<void> {
  await db.query(
    `UPDATE driver_licenses
        SET last_rental_at = GREATEST(coalesce(last_rental_at, $2), $2),
            erase_after = GREATEST(erase_after, $3)
      WHERE id = $1`,
    [id, rentalEnd, eraseAfter],
  );
}
