import { dateTimeFromDate } from '@yado/contract/date-time';
import type { DateTime } from '@yado/contract/common.schema';
import { AppError } from '../../platform/app-error.js';
import { withTx } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import type { Task } from '../../platform/scheduler.js';
import { recordAudit } from '../audit/audit.service.js';
import * as identity from '../identity/identity.service.js';
import * as repo from './user.repo.js';
import { phoneDestination, requireUser } from './user.service.js';

const DAY_MS = 86_400_000;

/** The user being anonymised, as the modules that keep data of theirs about the user need to know it. */
export type ErasedUser = { userId: string; accountId: string; addresses: string[] };

/**
 * What another module keeps of a user and forgets when the user is anonymised (notification
 * settings, ownership applications, verification codes and mail). The list is passed in at
 * composition (registry.ts): those modules depend on the user module, never the other way round.
 */
export type UserEraser = (deps: Deps, user: ErasedUser) => Promise<void>;

/** Asks for the account to be deleted; personal data is anonymised once the grace period has passed. */
export async function requestDeleteUser(
  deps: Deps,
  accountId: string,
  reason: string,
): Promise<{ requested: boolean; deletionScheduledAt: DateTime }> {
  const user = await requireUser(deps, accountId);
  const request = await withTx(deps.db, async (tx) => {
    const now = deps.clock.now();
    const inserted = await repo.insertDeletionRequest(tx, {
      userId: user.id,
      reason,
      now,
      scheduledAt: new Date(now.getTime() + deps.env.ACCOUNT_DELETION_GRACE_DAYS * DAY_MS),
    });
    if (!inserted) throw new AppError('CodeDeleteAlreadyRequested');
    await recordAudit(tx, {
      actor: `account:${accountId}`,
      action: 'user.delete-request',
      entity: 'user',
      entityId: user.id,
      after: { scheduledAt: inserted.scheduledAt.toISOString() },
      at: now,
    });
    return inserted;
  });
  return { requested: true, deletionScheduledAt: dateTimeFromDate(request.scheduledAt) };
}

export async function isUserDeleteRequested(
  deps: Deps,
  accountId: string,
): Promise<{ requested: boolean; deletionScheduledAt: DateTime | null }> {
  const user = await requireUser(deps, accountId);
  const request = await repo.findDeletionRequest(deps.db, user.id);
  return request
    ? { requested: true, deletionScheduledAt: dateTimeFromDate(request.scheduledAt) }
    : { requested: false, deletionScheduledAt: null };
}

/**
 * Anonymises every user whose grace period has ended. Each step is
 * idempotent and the user is marked anonymised last, so a sweep that stops
 * half-way is simply finished by the next one. Returns the ids it anonymised.
 */
export async function anonymiseDueUsers(deps: Deps, erasers: UserEraser[], batchSize = 100): Promise<string[]> {
  const due = await repo.listDueDeletions(deps.db, deps.clock.now(), batchSize);
  const done: string[] = [];
  for (const { userId, accountId } of due) {
    const user = await repo.findUserById(deps.db, userId);
    if (!user) continue;
    await identity.disableAccount(deps, accountId);
    const erased = { userId, accountId, addresses: [user.email, phoneDestination(user) ?? ''].filter(Boolean) };
    for (const erase of erasers) await erase(deps, erased);
    await withTx(deps.db, async (tx) => {
      const now = deps.clock.now();
      await repo.anonymiseUser(tx, userId, now);
      await recordAudit(tx, {
        actor: 'system:anonymise-deleted-users',
        action: 'user.anonymise',
        entity: 'user',
        entityId: userId,
        at: now,
      });
    });
    deps.log.info('user anonymised', { userId });
    done.push(userId);
  }
  return done;
}

export function anonymiseDeletedUsersTask(erasers: UserEraser[]): Task {
  return {
    name: 'anonymise-deleted-users',
    everyMs: 10 * 60_000,
    run: async (deps) => {
      await anonymiseDueUsers(deps, erasers);
    },
  };
}
