import type { Language } from '@yado/contract/headers';
import type { Db } from '../../platform/db/pool.js';

export type OwnerShare = {
  id: string;
  userId: string;
  houseGroupId: string;
  numerator: number;
  denominator: number;
  standardNights: number;
  highNights: number;
  firstSlotYear: number;
  applicationId: string | null;
  grantedBy: string;
  grantedAt: Date;
};

/** A share with what pages show beside it: the house group's name and zone, the holder. */
export type OwnerShareView = OwnerShare & {
  houseGroupName: string;
  timezone: string;
  accountId: string;
  userNumber: string;
  emailAddress: string;
  firstName: string;
  lastName: string;
  romanizedFirstName: string;
  romanizedLastName: string;
};

export type ShareRow = {
  id: string;
  user_id: string;
  house_group_id: string;
  numerator: number;
  denominator: number;
  standard_nights: number;
  high_nights: number;
  first_slot_year: number;
  application_id: string | null;
  granted_by: string;
  granted_at: Date;
};

type ShareViewRow = ShareRow & {
  house_group_name: string;
  timezone: string;
  account_id: string;
  user_number: string;
  email: string | null;
  first_name: string;
  last_name: string;
  romanized_first_name: string;
  romanized_last_name: string;
};

export const toShare = (r: ShareRow): OwnerShare => ({
  id: r.id,
  userId: r.user_id,
  houseGroupId: r.house_group_id,
  numerator: r.numerator,
  denominator: r.denominator,
  standardNights: r.standard_nights,
  highNights: r.high_nights,
  firstSlotYear: r.first_slot_year,
  applicationId: r.application_id,
  grantedBy: r.granted_by,
  grantedAt: r.granted_at,
});

const toView = (r: ShareViewRow): OwnerShareView => ({
  ...toShare(r),
  houseGroupName: r.house_group_name,
  timezone: r.timezone,
  accountId: r.account_id,
  userNumber: r.user_number,
  emailAddress: r.email ?? '',
  firstName: r.first_name,
  lastName: r.last_name,
  romanizedFirstName: r.romanized_first_name,
  romanizedLastName: r.romanized_last_name,
});

const VIEW_SELECT = `
  SELECT s.*, CASE WHEN $1 = 'ja' THEN hg.name_ja ELSE hg.name_en END AS house_group_name, hg.timezone,
         u.identity_id AS account_id, u.user_number, u.email, u.first_name, u.last_name,
         u.romanized_first_name, u.romanized_last_name
    FROM owner_shares s
    JOIN house_groups hg ON hg.id = s.house_group_id
    JOIN users u ON u.id = s.user_id`;

export async function insertShare(db: Db, s: OwnerShare): Promise<void> {
  await db.query(
    `INSERT INTO owner_shares (id, user_id, house_group_id, numerator, denominator, standard_nights, high_nights,
                               first_slot_year, application_id, granted_by, granted_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      s.id,
      s.userId,
      s.houseGroupId,
      s.numerator,
      s.denominator,
      s.standardNights,
      s.highNights,
      s.firstSlotYear,
      s.applicationId,
      s.grantedBy,
      s.grantedAt,
    ],
  );
}

/**
 * The house group with its zone, locked against other share grants until the transaction ends
 * (a grant checks the shares already granted add up to at most the whole). FOR NO KEY UPDATE
 * leaves rows that only refer to the group (stays, bookings) free to be written meanwhile.
 */
export async function lockHouseGroupForShares(
  db: Db,
  houseGroupId: string,
): Promise<{ timezone: string; name: string } | null> {
  const r = await db.query<{ timezone: string; name_en: string }>(
    'SELECT timezone, name_en FROM house_groups WHERE id = $1 FOR NO KEY UPDATE',
    [houseGroupId],
  );
  return r.rows[0] ? { timezone: r.rows[0].timezone, name: r.rows[0].name_en } : null;
}

export async function sharesOfHouseGroup(db: Db, houseGroupId: string): Promise<OwnerShare[]> {
  const r = await db.query<ShareRow>('SELECT * FROM owner_shares WHERE house_group_id = $1 ORDER BY granted_at, id', [
    houseGroupId,
  ]);
  return r.rows.map(toShare);
}

/** The offer's shares left, locked against other sales, or null when the group has no offer. */
export async function lockOffer(
  db: Db,
  houseGroupId: string,
): Promise<{ totalShares: number; sharesSold: number } | null> {
  const r = await db.query<{ total_shares: number; shares_sold: number }>(
    'SELECT total_shares, shares_sold FROM ownership_offers WHERE house_group_id = $1 FOR UPDATE',
    [houseGroupId],
  );
  return r.rows[0] ? { totalShares: r.rows[0].total_shares, sharesSold: r.rows[0].shares_sold } : null;
}

export async function addSharesSold(db: Db, houseGroupId: string, units: number): Promise<void> {
  await db.query('UPDATE ownership_offers SET shares_sold = shares_sold + $2 WHERE house_group_id = $1', [
    houseGroupId,
    units,
  ]);
}

/** Marks the user's pending application for the house group approved; returns its id, or null when there is none. */
export async function approvePendingApplication(
  db: Db,
  a: { userId: string; houseGroupId: string; reviewer: string | null; now: Date },
): Promise<string | null> {
  const r = await db.query<{ id: string }>(
    `UPDATE owner_applications SET status = 'APPROVED', reviewed_at = $4, reviewed_by = $3::uuid
      WHERE user_id = $1 AND house_group_id = $2 AND status = 'PENDING' RETURNING id`,
    [a.userId, a.houseGroupId, a.reviewer, a.now],
  );
  return r.rows[0]?.id ?? null;
}

export async function findShareView(db: Db, shareId: string, language: Language): Promise<OwnerShareView | null> {
  const r = await db.query<ShareViewRow>(`${VIEW_SELECT} WHERE s.id = $2`, [language, shareId]);
  return r.rows[0] ? toView(r.rows[0]) : null;
}

export async function sharesOfUser(db: Db, userId: string, language: Language): Promise<OwnerShareView[]> {
  const r = await db.query<ShareViewRow>({
    // Named: every owner page asks it (the owner home on each visit), so each connection plans it once.
    name: 'owner_shares_of_user',
    text: `${VIEW_SELECT} WHERE s.user_id = $2 ORDER BY s.granted_at, s.house_group_id, s.id`,
    values: [language, userId],
  });
  return r.rows.map(toView);
}

/** Shares for the console, newest first, optionally of one house group or one account. */
export async function listShareViews(
  db: Db,
  filter: { houseGroupId?: string; accountId?: string; limit: number },
  language: Language,
): Promise<OwnerShareView[]> {
  const r = await db.query<ShareViewRow>(
    `${VIEW_SELECT}
      WHERE ($2::text IS NULL OR s.house_group_id = $2) AND ($3::uuid IS NULL OR u.identity_id = $3::uuid)
      ORDER BY s.granted_at DESC, s.id DESC LIMIT $4`,
    [language, filter.houseGroupId ?? null, filter.accountId ?? null, filter.limit],
  );
  return r.rows.map(toView);
}

/** Every share with its house group's zone (the slot-year sweep walks them all). */
export async function allSharesWithZone(db: Db): Promise<(OwnerShare & { timezone: string })[]> {
  const r = await db.query<ShareRow & { timezone: string }>(
    `SELECT s.*, hg.timezone FROM owner_shares s JOIN house_groups hg ON hg.id = s.house_group_id ORDER BY s.id`,
  );
  return r.rows.map((row) => ({ ...toShare(row), timezone: row.timezone }));
}

export async function findShareWithZone(db: Db, shareId: string): Promise<(OwnerShare & { timezone: string }) | null> {
  const r = await db.query<ShareRow & { timezone: string }>(
    `SELECT s.*, hg.timezone FROM owner_shares s JOIN house_groups hg ON hg.id = s.house_group_id WHERE s.id = $1`,
    [shareId],
  );
  return r.rows[0] ? { ...toShare(r.rows[0]), timezone: r.rows[0].timezone } : null;
}

/**
 * Locks a share for a writer that reads its whole balance before writing: its row, and alone the
 * share's ledger lock that the ledger's trigger holds shared while it appends (functions/
 * slot_ledger_guard.sql), so no other entry of the share is written until this transaction ends.
 */
export async function lockShare(db: Db, shareId: string): Promise<void> {
  await db.query(
    `SELECT pg_advisory_xact_lock(hashtext('slot_share:' || $1::text)) FROM owner_shares WHERE id = $1 FOR NO KEY UPDATE`,
    [shareId],
  );
}

/** The shares held by any of these users, oldest first. */
export async function sharesOfUserIds(db: Db, userIds: readonly string[]): Promise<OwnerShare[]> {
  if (userIds.length === 0) return [];
  const r = await db.query<ShareRow>('SELECT * FROM owner_shares WHERE user_id = ANY($1) ORDER BY granted_at, id', [
    userIds,
  ]);
  return r.rows.map(toShare);
}

/**
 * The shares an account may pay with, oldest first: its user's own and those of the owners who
 * share with it (share_holders_of_account, migrations/functions/, reads the users and family
 * sides), each with whether it is a family member's rather than the caller's own.
 */
export async function sharesUsableByAccount(
  db: Db,
  accountId: string,
): Promise<{ share: OwnerShare; byFamilyMember: boolean }[]> {
  const r = await db.query<ShareRow & { by_family_member: boolean }>({
    // Named: every owner hold and quote asks it, so each connection plans it once.
    name: 'owner_shares_usable_by_account',
    text: `SELECT s.*, s.user_id <> h.caller_user_id AS by_family_member
             FROM share_holders_of_account($1) h JOIN owner_shares s ON s.user_id = h.holder_user_id
            ORDER BY s.granted_at, s.id`,
    values: [accountId],
  });
  return r.rows.map((row) => ({ share: toShare(row), byFamilyMember: row.by_family_member }));
}

/** The shares with these ids. */
export async function sharesOfIds(db: Db, ids: readonly string[]): Promise<OwnerShare[]> {
  const r = await db.query<ShareRow>('SELECT * FROM owner_shares WHERE id = ANY($1)', [ids]);
  return r.rows.map(toShare);
}
