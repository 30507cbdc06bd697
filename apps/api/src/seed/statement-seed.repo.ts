import type { Db } from '../platform/db/pool.js';

/**
 * Moves the grant of the demo owner's shares back to a date (only those the seed granted, and only
 * later ones): the demo's history has the owner stay on them weeks ago, so they were held before.
 */
export async function backdateDemoShares(db: Db, accountId: string, grantedAt: Date): Promise<void> {
  await db.query(
    `UPDATE owner_shares s SET granted_at = $2
       FROM users u
      WHERE u.id = s.user_id AND u.identity_id = $1 AND s.granted_by = 'system:demo-seed' AND s.granted_at > $2`,
    [accountId, grantedAt],
  );
}
