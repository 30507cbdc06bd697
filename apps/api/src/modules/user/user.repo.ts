import type { Db } from '../../platform/db/pool.js';
import { likeFragment, type UserSearch } from './user-search.rules.js';

type UserRow = {
  id: string;
  identity_id: string;
  user_number: string;
  first_name: string;
  last_name: string;
  romanized_first_name: string;
  romanized_last_name: string;
  email: string;
  email_verified: boolean;
  phone_country_code: number | null;
  phone_national_number: string | null;
  phone_verified: boolean;
  postal_country_code: string;
  postal_code: string;
  postal_state: string;
  postal_city: string;
  postal_street1: string;
  postal_street2: string;
  nationality_country_code: string;
  occupation_id: number | null;
  user_type: 'USER_TYPE_GUEST' | 'USER_TYPE_OWNER';
  profile_photo_id: string | null;
  created_at: Date;
  updated_at: Date;
  anonymised_at: Date | null;
};

/** A user as the domain sees it; the table's column names stay in this file. */
export type UserRecord = {
  id: string;
  accountId: string;
  userNumber: string;
  firstName: string;
  lastName: string;
  romanizedFirstName: string;
  romanizedLastName: string;
  email: string;
  emailVerified: boolean;
  phone: { countryCode: number; nationalNumber: string } | null;
  phoneVerified: boolean;
  postalAddress: {
    countryCode: string;
    postalCode: string;
    state: string;
    city: string;
    street1: string;
    street2: string;
  };
  nationalityCountryCode: string;
  occupationId: number | null;
  userType: 'USER_TYPE_GUEST' | 'USER_TYPE_OWNER';
  profilePhotoId: string | null;
  createdAt: Date;
  updatedAt: Date;
  anonymisedAt: Date | null;
};

function toRecord(r: UserRow): UserRecord {
  return {
    id: r.id,
    accountId: r.identity_id,
    userNumber: r.user_number,
    firstName: r.first_name,
    lastName: r.last_name,
    romanizedFirstName: r.romanized_first_name,
    romanizedLastName: r.romanized_last_name,
    email: r.email,
    emailVerified: r.email_verified,
    phone:
      r.phone_country_code !== null && r.phone_national_number !== null
        ? { countryCode: r.phone_country_code, nationalNumber: r.phone_national_number }
        : null,
    phoneVerified: r.phone_verified,
    postalAddress: {
      countryCode: r.postal_country_code,
      postalCode: r.postal_code,
      state: r.postal_state,
      city: r.postal_city,
      street1: r.postal_street1,
      street2: r.postal_street2,
    },
    nationalityCountryCode: r.nationality_country_code,
    occupationId: r.occupation_id,
    userType: r.user_type,
    profilePhotoId: r.profile_photo_id,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    anonymisedAt: r.anonymised_at,
  };
}

/** The fields a user edits; every one maps to exactly one column here and nowhere else. */
export type UserFields = {
  firstName: string;
  lastName: string;
  romanizedFirstName: string;
  romanizedLastName: string;
  email: string;
  emailVerified: boolean;
  phone: { countryCode: number; nationalNumber: string } | null;
  phoneVerified: boolean;
  postalAddress: UserRecord['postalAddress'];
  nationalityCountryCode: string;
  occupationId: number | null;
};

function fieldColumns(f: Partial<UserFields>): [string, unknown][] {
  const cols: [string, unknown][] = [];
  if (f.firstName !== undefined) cols.push(['first_name', f.firstName]);
  if (f.lastName !== undefined) cols.push(['last_name', f.lastName]);
  if (f.romanizedFirstName !== undefined) cols.push(['romanized_first_name', f.romanizedFirstName]);
  if (f.romanizedLastName !== undefined) cols.push(['romanized_last_name', f.romanizedLastName]);
  if (f.email !== undefined) cols.push(['email', f.email]);
  if (f.emailVerified !== undefined) cols.push(['email_verified', f.emailVerified]);
  if (f.phone !== undefined) {
    cols.push(['phone_country_code', f.phone?.countryCode ?? null]);
    cols.push(['phone_national_number', f.phone?.nationalNumber ?? null]);
  }
  if (f.phoneVerified !== undefined) cols.push(['phone_verified', f.phoneVerified]);
  if (f.postalAddress !== undefined) {
    cols.push(['postal_country_code', f.postalAddress.countryCode]);
    cols.push(['postal_code', f.postalAddress.postalCode]);
    cols.push(['postal_state', f.postalAddress.state]);
    cols.push(['postal_city', f.postalAddress.city]);
    cols.push(['postal_street1', f.postalAddress.street1]);
    cols.push(['postal_street2', f.postalAddress.street2]);
  }
  if (f.nationalityCountryCode !== undefined) cols.push(['nationality_country_code', f.nationalityCountryCode]);
  if (f.occupationId !== undefined) cols.push(['occupation_id', f.occupationId]);
  return cols;
}

export async function findUserByAccount(db: Db, accountId: string, opts: { forUpdate?: boolean } = {}) {
  // Named, so each connection plans this hot lookup (every signed-in page and get_user) only once.
  const r = await db.query<UserRow>({
    name: opts.forUpdate ? 'user_by_account_for_update' : 'user_by_account',
    text: `SELECT * FROM users WHERE identity_id = $1${opts.forUpdate ? ' FOR UPDATE' : ''}`,
    values: [accountId],
  });
  return r.rows[0] ? toRecord(r.rows[0]) : null;
}

export async function findUserById(db: Db, id: string, opts: { forUpdate?: boolean } = {}) {
  const r = await db.query<UserRow>(`SELECT * FROM users WHERE id = $1${opts.forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return r.rows[0] ? toRecord(r.rows[0]) : null;
}

/**
 * The front desk's guest search (see user-search.rules.ts), by romanized name.
 * Deleted (anonymised) users are left out. A booking number is matched in the
 * bookings table here, in one EXISTS, because the booking module builds on
 * this one and cannot be asked from it.
 */
export async function searchUsers(db: Db, search: UserSearch, limit: number): Promise<UserRecord[]> {
  const values: unknown[] = [];
  const param = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  let match: string;
  if (search.kind === 'booking') {
    match = `EXISTS (SELECT 1 FROM bookings b WHERE b.user_id = u.id AND b.booking_number = ${param(search.bookingNumber)})`;
  } else if (search.kind === 'number') {
    const phone = !search.phone
      ? 'false'
      : search.countryCode === null
        ? `u.phone_national_number LIKE ${param(likeFragment(search.phone))}`
        : `(u.phone_country_code = ${param(search.countryCode)} AND u.phone_national_number LIKE ${param(likeFragment(search.phone))})`;
    match = `(u.user_number = ${param(search.digits)} OR ${phone})`;
  } else if (search.words.length === 0) {
    return [];
  } else {
    // Family name first and given name first, with and without a space, so "佐藤花子" and "hanako sato" both match.
    const haystack = `lower(concat_ws(' ', u.last_name || u.first_name, u.first_name || u.last_name,
      u.romanized_last_name, u.romanized_first_name, u.email))`;
    match = search.words.map((w) => `${haystack} LIKE ${param(likeFragment(w))}`).join(' AND ');
  }
  const r = await db.query<UserRow>(
    `SELECT u.* FROM users u
      WHERE u.anonymised_at IS NULL AND ${match}
      ORDER BY lower(u.romanized_last_name), lower(u.romanized_first_name), u.user_number
      LIMIT ${param(limit)}`,
    values,
  );
  return r.rows.map(toRecord);
}

/** Inserts the user; null when the account already has one. The user number comes from its sequence. */
export async function insertUser(
  db: Db,
  u: UserFields & { id: string; accountId: string; userType: UserRecord['userType']; now: Date },
): Promise<UserRecord | null> {
  const cols = fieldColumns(u);
  const names = ['id', 'identity_id', 'user_type', 'created_at', 'updated_at', ...cols.map(([c]) => c)];
  const values = [u.id, u.accountId, u.userType, u.now, u.now, ...cols.map(([, v]) => v)];
  const r = await db.query<UserRow>(
    `INSERT INTO users (user_number, ${names.join(', ')})
     VALUES (nextval('user_number_seq')::text, ${values.map((_, i) => `$${i + 1}`).join(', ')})
     ON CONFLICT (identity_id) DO NOTHING RETURNING *`,
    values,
  );
  return r.rows[0] ? toRecord(r.rows[0]) : null;
}

export async function updateUserFields(db: Db, id: string, f: Partial<UserFields>, now: Date): Promise<UserRecord> {
  const cols: [string, unknown][] = [...fieldColumns(f), ['updated_at', now]];
  const r = await db.query<UserRow>(
    `UPDATE users SET ${cols.map(([c], i) => `${c} = $${i + 2}`).join(', ')} WHERE id = $1 RETURNING *`,
    [id, ...cols.map(([, v]) => v)],
  );
  return toRecord(r.rows[0]!);
}

/**
 * Serialises the writers of one email address until the transaction ends, so
 * two accounts claiming the same address at once cannot both pass the check.
 */
export async function lockEmailAddress(db: Db, email: string): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`user_email:${email.trim().toLowerCase()}`]);
}

/**
 * Whether a live user of another account has this email address
 * (case-insensitively); with `verifiedOnly`, only a user who has verified it counts.
 */
export async function emailHeldByOtherUser(
  db: Db,
  email: string,
  exceptAccountId: string,
  opts: { verifiedOnly?: boolean } = {},
): Promise<boolean> {
  const r = await db.query(
    `SELECT 1 FROM users
     WHERE lower(email) = lower($1) AND anonymised_at IS NULL AND identity_id <> $2${opts.verifiedOnly ? ' AND email_verified' : ''}
     LIMIT 1`,
    [email, exceptAccountId],
  );
  return (r.rowCount ?? 0) > 0;
}

/** Marks the email verified only if it is still the address the code was sent to. */
export async function setEmailVerified(db: Db, id: string, email: string, now: Date): Promise<boolean> {
  const r = await db.query(
    'UPDATE users SET email_verified = true, updated_at = $3 WHERE id = $1 AND lower(email) = lower($2)',
    [id, email, now],
  );
  return (r.rowCount ?? 0) > 0;
}

export async function setPhoneVerified(
  db: Db,
  id: string,
  phone: { countryCode: number; nationalNumber: string },
  now: Date,
): Promise<boolean> {
  const r = await db.query(
    `UPDATE users SET phone_verified = true, updated_at = $4
     WHERE id = $1 AND phone_country_code = $2 AND phone_national_number = $3`,
    [id, phone.countryCode, phone.nationalNumber, now],
  );
  return (r.rowCount ?? 0) > 0;
}

export async function setUserType(db: Db, id: string, userType: UserRecord['userType'], now: Date): Promise<void> {
  await db.query('UPDATE users SET user_type = $2, updated_at = $3 WHERE id = $1', [id, userType, now]);
}

export async function userTypeOfAccount(db: Db, accountId: string): Promise<string | null> {
  const r = await db.query<{ user_type: string }>('SELECT user_type FROM users WHERE identity_id = $1', [accountId]);
  return r.rows[0]?.user_type ?? null;
}

// Profile photos --------------------------------------------------------------

export async function insertProfilePhoto(
  db: Db,
  p: { id: string; userId: string; content: Buffer; width: number; height: number; now: Date },
): Promise<void> {
  await db.query(
    'INSERT INTO profile_photos (id, user_id, content, width, height, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [p.id, p.userId, p.content, p.width, p.height, p.now],
  );
}

export async function setProfilePhoto(db: Db, userId: string, photoId: string | null, now: Date): Promise<void> {
  await db.query('UPDATE users SET profile_photo_id = $2, updated_at = $3 WHERE id = $1', [userId, photoId, now]);
}

/** Deletes the user's photos other than `keepId` (all of them when it is null). */
export async function deleteProfilePhotos(db: Db, userId: string, keepId: string | null): Promise<void> {
  await db.query('DELETE FROM profile_photos WHERE user_id = $1 AND id IS DISTINCT FROM $2', [userId, keepId]);
}

export async function findProfilePhoto(db: Db, id: string): Promise<{ content: Buffer; createdAt: Date } | null> {
  const r = await db.query<{ content: Buffer; created_at: Date }>(
    'SELECT content, created_at FROM profile_photos WHERE id = $1',
    [id],
  );
  return r.rows[0] ? { content: r.rows[0].content, createdAt: r.rows[0].created_at } : null;
}

// Deletion requests -----------------------------------------------------------

export type DeletionRequest = { userId: string; requestedAt: Date; scheduledAt: Date; completedAt: Date | null };

type DeletionRow = { user_id: string; requested_at: Date; scheduled_at: Date; completed_at: Date | null };
const toDeletion = (r: DeletionRow): DeletionRequest => ({
  userId: r.user_id,
  requestedAt: r.requested_at,
  scheduledAt: r.scheduled_at,
  completedAt: r.completed_at,
});

/** Null when a request already exists for the user. */
export async function insertDeletionRequest(
  db: Db,
  d: { userId: string; reason: string; now: Date; scheduledAt: Date },
): Promise<DeletionRequest | null> {
  const r = await db.query<DeletionRow>(
    `INSERT INTO user_deletion_requests (user_id, reason, requested_at, scheduled_at)
     VALUES ($1, $2, $3, $4) ON CONFLICT (user_id) DO NOTHING RETURNING *`,
    [d.userId, d.reason, d.now, d.scheduledAt],
  );
  return r.rows[0] ? toDeletion(r.rows[0]) : null;
}

export async function findDeletionRequest(db: Db, userId: string): Promise<DeletionRequest | null> {
  const r = await db.query<DeletionRow>('SELECT * FROM user_deletion_requests WHERE user_id = $1', [userId]);
  return r.rows[0] ? toDeletion(r.rows[0]) : null;
}

export async function listDueDeletions(
  db: Db,
  now: Date,
  limit: number,
): Promise<{ userId: string; accountId: string }[]> {
  const r = await db.query<{ user_id: string; identity_id: string }>(
    `SELECT d.user_id, u.identity_id FROM user_deletion_requests d JOIN users u ON u.id = d.user_id
     WHERE d.completed_at IS NULL AND d.scheduled_at <= $1
     ORDER BY d.scheduled_at LIMIT $2`,
    [now, limit],
  );
  return r.rows.map((x) => ({ userId: x.user_id, accountId: x.identity_id }));
}

/**
 * Replaces every personal field with an empty value. The row, its id and its
 * user number stay so that bookings, billings and statements keep their references.
 */
export async function anonymiseUser(db: Db, userId: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE users SET
       first_name = '', last_name = '', romanized_first_name = '', romanized_last_name = '',
       email = '', email_verified = false,
       phone_country_code = NULL, phone_national_number = NULL, phone_verified = false,
       postal_country_code = '', postal_code = '', postal_state = '', postal_city = '',
       postal_street1 = '', postal_street2 = '',
       nationality_country_code = '', occupation_id = NULL, profile_photo_id = NULL,
       updated_at = $2, anonymised_at = $2
     WHERE id = $1`,
    [userId, now],
  );
  await db.query('DELETE FROM profile_photos WHERE user_id = $1', [userId]);
  await db.query("UPDATE user_deletion_requests SET completed_at = $2, reason = '' WHERE user_id = $1", [userId, now]);
}
