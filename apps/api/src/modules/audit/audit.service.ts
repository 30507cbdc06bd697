import type { Db } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import { accountContact } from '../identity/identity.service.js';
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

/**
 * The email of each `account:` actor, for console pages that show who did
 * something; system actors and unknown accounts map to ''. Each distinct
 * actor is looked up once.
 */
export async function actorEmails(deps: Deps, actors: readonly string[]): Promise<Map<string, string>> {
  const emails = new Map<string, string>();
  for (const actor of new Set(actors)) {
    const accountId = /^account:(.+)$/.exec(actor)?.[1];
    const contact = accountId ? await accountContact(deps, accountId).catch(() => null) : null;
    emails.set(actor, contact?.email ?? '');
  }
  return emails;
}
