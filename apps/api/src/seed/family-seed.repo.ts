import type { Db } from '../platform/db/pool.js';

/** A family membership already accepted (the demo family member), unless the owner has one for that address. */
export async function insertAcceptedMember(
  db: Db,
  m: {
    id: string;
    ownerUserId: string;
    memberUserId: string;
    email: string;
    displayName: string;
    relationship: string;
    tokenHash: string;
    at: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO family_members (id, owner_user_id, email, display_name, relationship, token_hash, invited_at,
       expires_at, member_user_id, accepted_at)
     SELECT $1, $2, $3, $4, $5, $6, $7::timestamptz, $7::timestamptz + interval '14 days', $8, $7::timestamptz
     WHERE NOT EXISTS (SELECT 1 FROM family_members WHERE owner_user_id = $2 AND email = $3 AND removed_at IS NULL)`,
    [m.id, m.ownerUserId, m.email, m.displayName, m.relationship, m.tokenHash, m.at, m.memberUserId],
  );
}
