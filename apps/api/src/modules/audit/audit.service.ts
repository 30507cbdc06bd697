import type { Db } from '../../platform/db/pool.js';
import * as repo from './audit.repo.js';

export type AuditEntry = {
  /** Who did it: `account:<id>`, `user:<id>`, or `system:<task>` for background work. */
  actor: string;
  action: string;
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
  at: Date;
};

/**
 * Records who changed what. It takes the caller's transaction, so the entry
 * is written if and only if the change itself is.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await repo.insertAuditEntry(db, { ...entry, before: entry.before ?? null, after: entry.after ?? null });
}

export async function auditTrail(db: Db, entity: string, entityId: string) {
  return repo.listAuditEntries(db, entity, entityId);
}
