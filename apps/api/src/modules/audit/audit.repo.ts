import type { Db } from '../../platform/db/pool.js';

export async function insertAuditEntry(
  db: Db,
  e: { actor: string; action: string; entity: string; entityId: string; before: unknown; after: unknown; at: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (actor, action, entity, entity_id, before, after, at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      e.actor,
      e.action,
      e.entity,
      e.entityId,
      e.before === null ? null : JSON.stringify(e.before),
      e.after === null ? null : JSON.stringify(e.after),
      e.at,
    ],
  );
}

export async function listAuditEntries(
  db: Db,
  entity: string,
  entityId: string,
): Promise<{ actor: string; action: string; before: unknown; after: unknown; at: Date }[]> {
  const r = await db.query<{ actor: string; action: string; before: unknown; after: unknown; at: Date }>(
    'SELECT actor, action, before, after, at FROM audit_log WHERE entity = $1 AND entity_id = $2 ORDER BY id',
    [entity, entityId],
  );
  return r.rows;
}
