import type { FamilyRelationship } from '@yado/contract/family.contract';
import type { Db } from '../../platform/db/pool.js';

export type FamilyMemberRecord = {
  id: string;
  ownerUserId: string;
  email: string;
  displayName: string | null;
  relationship: FamilyRelationship | null;
  invitedAt: Date;
  expiresAt: Date;
  memberUserId: string | null;
  acceptedAt: Date | null;
  removedAt: Date | null;
};

/** A row with the names of its owner and (once accepted) its member, as the pages show them. */
export type PersonName = { lastName: string; firstName: string; romanizedLastName: string; romanizedFirstName: string };
export type FamilyMemberView = FamilyMemberRecord & { owner: PersonName; member: PersonName | null };

type Row = {
  id: string;
  owner_user_id: string;
  email: string;
  display_name: string | null;
  relationship: FamilyRelationship | null;
  invited_at: Date;
  expires_at: Date;
  member_user_id: string | null;
  accepted_at: Date | null;
  removed_at: Date | null;
};
type ViewRow = Row & {
  owner_last_name: string;
  owner_first_name: string;
  owner_romanized_last_name: string;
  owner_romanized_first_name: string;
  member_last_name: string | null;
  member_first_name: string | null;
  member_romanized_last_name: string | null;
  member_romanized_first_name: string | null;
};

const COLUMNS = `f.id, f.owner_user_id, f.email, f.display_name, f.relationship, f.invited_at, f.expires_at,
  f.member_user_id, f.accepted_at, f.removed_at`;
const VIEW_SELECT = `SELECT ${COLUMNS},
    o.last_name AS owner_last_name, o.first_name AS owner_first_name,
    o.romanized_last_name AS owner_romanized_last_name, o.romanized_first_name AS owner_romanized_first_name,
    m.last_name AS member_last_name, m.first_name AS member_first_name,
    m.romanized_last_name AS member_romanized_last_name, m.romanized_first_name AS member_romanized_first_name
  FROM family_members f
  JOIN users o ON o.id = f.owner_user_id
  LEFT JOIN users m ON m.id = f.member_user_id`;

const record = (r: Row): FamilyMemberRecord => ({
  id: r.id,
  ownerUserId: r.owner_user_id,
  email: r.email,
  displayName: r.display_name,
  relationship: r.relationship,
  invitedAt: r.invited_at,
  expiresAt: r.expires_at,
  memberUserId: r.member_user_id,
  acceptedAt: r.accepted_at,
  removedAt: r.removed_at,
});
const view = (r: ViewRow): FamilyMemberView => ({
  ...record(r),
  owner: {
    lastName: r.owner_last_name,
    firstName: r.owner_first_name,
    romanizedLastName: r.owner_romanized_last_name,
    romanizedFirstName: r.owner_romanized_first_name,
  },
  member:
    r.member_last_name === null
      ? null
      : {
          lastName: r.member_last_name,
          firstName: r.member_first_name ?? '',
          romanizedLastName: r.member_romanized_last_name ?? '',
          romanizedFirstName: r.member_romanized_first_name ?? '',
        },
});

/** Serialises an owner's invitations, so the cap and the duplicate checks hold under concurrent calls. */
export async function lockOwner(tx: Db, ownerUserId: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('family_members:' || $1))`, [ownerUserId]);
}

/** The owner's rows not removed, newest first (accepted, pending and expired). */
export async function liveOfOwner(db: Db, ownerUserId: string): Promise<FamilyMemberView[]> {
  const { rows } = await db.query<ViewRow>(
    `${VIEW_SELECT} WHERE f.owner_user_id = $1 AND f.removed_at IS NULL ORDER BY f.invited_at DESC, f.id DESC`,
    [ownerUserId],
  );
  return rows.map(view);
}

/** Whether the address is one of the owner's accepted members, by the invited address or the member's own. */
export async function isMemberAddress(db: Db, ownerUserId: string, email: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM family_members f LEFT JOIN users m ON m.id = f.member_user_id
      WHERE f.owner_user_id = $1 AND f.removed_at IS NULL AND f.member_user_id IS NOT NULL
        AND (f.email = $2 OR lower(m.email) = $2)`,
    [ownerUserId, email],
  );
  return (rowCount ?? 0) > 0;
}

export async function insertInvitation(
  tx: Db,
  row: {
    id: string;
    ownerUserId: string;
    email: string;
    displayName: string | null;
    relationship: FamilyRelationship | null;
    tokenHash: string;
    invitedAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO family_members (id, owner_user_id, email, display_name, relationship, token_hash, invited_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      row.id,
      row.ownerUserId,
      row.email,
      row.displayName,
      row.relationship,
      row.tokenHash,
      row.invitedAt,
      row.expiresAt,
    ],
  );
}

/** Marks a row removed; false when it is not the owner's or already removed. */
export async function markRemoved(
  db: Db,
  q: { id: string; ownerUserId: string; removedBy: string; now: Date },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE family_members SET removed_at = $3, removed_by = $4
      WHERE id = $1 AND owner_user_id = $2 AND removed_at IS NULL`,
    [q.id, q.ownerUserId, q.now, q.removedBy],
  );
  return (rowCount ?? 0) > 0;
}

/** An invitation whose mail could not be sent never reached anyone: it goes, so the owner may send it again. */
export async function deleteUnsentInvitation(db: Db, id: string): Promise<void> {
  await db.query(`DELETE FROM family_members WHERE id = $1 AND accepted_at IS NULL`, [id]);
}

export async function findByTokenHash(db: Db, tokenHash: string, forUpdate = false): Promise<FamilyMemberView | null> {
  const { rows } = await db.query<ViewRow>(
    `${VIEW_SELECT} WHERE f.token_hash = $1${forUpdate ? ' FOR UPDATE OF f' : ''}`,
    [tokenHash],
  );
  return rows[0] ? view(rows[0]) : null;
}

export async function markAccepted(tx: Db, q: { id: string; memberUserId: string; now: Date }): Promise<void> {
  await tx.query(`UPDATE family_members SET member_user_id = $2, accepted_at = $3 WHERE id = $1`, [
    q.id,
    q.memberUserId,
    q.now,
  ]);
}

/** Whether the user is already an accepted, not removed member of the owner. */
export async function isMember(db: Db, ownerUserId: string, memberUserId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM family_members
      WHERE owner_user_id = $1 AND member_user_id = $2 AND removed_at IS NULL`,
    [ownerUserId, memberUserId],
  );
  return (rowCount ?? 0) > 0;
}

/** The owners whose accepted, not removed member the user is, with when they accepted. */
export async function sharingOf(db: Db, memberUserId: string): Promise<FamilyMemberView[]> {
  const { rows } = await db.query<ViewRow>(
    `${VIEW_SELECT} WHERE f.member_user_id = $1 AND f.removed_at IS NULL ORDER BY f.accepted_at, f.id`,
    [memberUserId],
  );
  return rows.map(view);
}

export async function ownerIdsSharingWith(db: Db, memberUserId: string): Promise<string[]> {
  const { rows } = await db.query<{ owner_user_id: string }>(
    `SELECT DISTINCT owner_user_id FROM family_members
      WHERE member_user_id = $1 AND removed_at IS NULL ORDER BY owner_user_id`,
    [memberUserId],
  );
  return rows.map((r) => r.owner_user_id);
}

/**
 * Forgets a user in family sharing (account deletion): the rows where they are the owner or the
 * member, and the invitations sent to their addresses, lose the address and name and end. The rows
 * stay, so bookings made as a member keep what they point at.
 */
export async function eraseUser(db: Db, userId: string, addresses: readonly string[], now: Date): Promise<void> {
  await db.query(
    `UPDATE family_members
        SET email = '', display_name = NULL,
            removed_at = COALESCE(removed_at, $3), removed_by = COALESCE(removed_by, 'erased')
      WHERE owner_user_id = $1 OR member_user_id = $1 OR (member_user_id IS NULL AND email = ANY($2::text[]))`,
    [userId, addresses.map((a) => a.toLowerCase()), now],
  );
}
