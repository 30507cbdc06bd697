import type { Db } from '../../platform/db/pool.js';

/** Drops sign-in attempts nobody came back from, so the table stays as small as its ten-minute window. */
export async function deleteOidcStatesCreatedBefore(db: Db, before: Date): Promise<void> {
  await db.query('DELETE FROM oidc_states WHERE created_at < $1', [before]);
}
