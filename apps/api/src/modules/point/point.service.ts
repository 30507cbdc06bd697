import { randomUUID } from 'node:crypto';
import { dateTimeFromDate } from '@yado/contract/date-time';
import type {
  getPointBalance as getPointBalanceMethod,
  listPointActions as listPointActionsMethod,
  PointAction,
  staffCreatePointAction,
  staffListPointActions as staffListPointActionsMethod,
} from '@yado/contract/point.contract';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error.js';
import { withTx, type Db } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import type { Task } from '../../platform/scheduler.js';
import { actorEmails, recordAudit } from '../audit/audit.service.js';
import { accountContact } from '../identity/identity.service.js';
import * as repo from './point.repo.js';
import type { PointActionRecord } from './point.repo.js';
import * as rules from './point.rules.js';

const DAY_MS = 86_400_000;
/** How far ahead get_point_balance warns of lapsing points. */
export const EXPIRING_SOON_DAYS = 90;

const newId = () => `pa_${randomUUID()}`;

export function toPointAction(a: PointActionRecord): PointAction {
  return {
    pointActionId: a.id,
    points: a.points,
    loggedAt: dateTimeFromDate(a.loggedAt),
    reason: a.reason,
    expiresAt: a.expiresAt ? dateTimeFromDate(a.expiresAt) : null,
  };
}

/** The sum of the account's ledger: a balance is never stored. */
export function pointBalance(db: Db, accountId: string): Promise<number> {
  return repo.balance(db, accountId);
}

/**
 * Spends points on a billing (CONSUME_BILLING). Idempotent per billing: when
 * the billing already holds exactly `points`, nothing changes; when it holds
 * another amount (a retry with other points), that is given back first.
 * Throws CodeInsufficientPoints when the balance cannot cover it.
 */
export async function consumePoints(
  tx: Db,
  input: { accountId: string; points: number; billingId: string; at?: Date; actor?: string },
): Promise<{ consumed: number }> {
  if (!Number.isSafeInteger(input.points) || input.points < 0) throw new AppError('CodeInvalidArgument');
  await repo.lockAccount(tx, input.accountId);
  const held = await repo.billingPoints(tx, input.billingId);
  const net = held ? held.consumed - held.refunded : 0;
  if (net === input.points) return { consumed: net };
  if (net > 0) await refundBillingPoints(tx, { billingId: input.billingId, at: input.at, actor: input.actor });
  if (input.points === 0) return { consumed: 0 };
  const balance = await repo.balance(tx, input.accountId);
  if (balance < input.points) throw new AppError('CodeInsufficientPoints');
  await repo.insertAction(tx, {
    id: newId(),
    accountId: input.accountId,
    points: -input.points,
    reason: 'CONSUME_BILLING',
    billingId: input.billingId,
    at: input.at ?? null,
    createdBy: input.actor ?? 'system:billing',
  });
  return { consumed: input.points };
}

/** Gives back what a billing spent and has not had back yet (REFUND_BILLING); idempotent. */
export async function refundBillingPoints(
  tx: Db,
  input: { billingId: string; at?: Date; actor?: string },
): Promise<{ refunded: number }> {
  const first = await repo.billingPoints(tx, input.billingId);
  if (!first) return { refunded: 0 };
  await repo.lockAccount(tx, first.accountId);
  const held = await repo.billingPoints(tx, input.billingId);
  const owed = held ? held.consumed - held.refunded : 0;
  if (owed <= 0) return { refunded: 0 };
  await repo.insertAction(tx, {
    id: newId(),
    accountId: first.accountId,
    points: owed,
    reason: 'REFUND_BILLING',
    billingId: input.billingId,
    at: input.at ?? null,
    createdBy: input.actor ?? 'system:billing',
  });
  return { refunded: owed };
}

/**
 * Points earned by a stay at check-out (CONFIRM_CHECK_OUT): 1 per 100 yen of
 * paid accommodation, tax-exclusive. Once per booking: a repeat returns the
 * points already given.
 */
export async function confirmCheckoutPoints(
  tx: Db,
  input: { accountId: string; bookingId: string; paidAccommodationAmount: number; at?: Date; actor?: string },
): Promise<{ points: number }> {
  await repo.lockAccount(tx, input.accountId);
  const existing = await repo.findCheckoutAction(tx, input.bookingId);
  if (existing) return { points: existing.points };
  const points = rules.pointsEarned(input.paidAccommodationAmount);
  if (points === 0) return { points: 0 };
  await repo.insertAction(tx, {
    id: newId(),
    accountId: input.accountId,
    points,
    reason: 'CONFIRM_CHECK_OUT',
    bookingId: input.bookingId,
    at: input.at ?? null,
    createdBy: input.actor ?? 'system:checkout',
  });
  return { points };
}

export async function getPointBalance(
  deps: Deps,
  accountId: string,
): Promise<z.input<typeof getPointBalanceMethod.output>> {
  const now = deps.clock.now();
  const [balance, entries] = await Promise.all([repo.balance(deps.db, accountId), repo.ledger(deps.db, accountId)]);
  const soon = rules.expiringSoon(entries, now, new Date(now.getTime() + EXPIRING_SOON_DAYS * DAY_MS));
  return {
    balance: Math.max(0, balance),
    expiringSoon: soon.map((s) => ({ points: s.points, expiresAt: dateTimeFromDate(s.expiresAt) })),
  };
}

function encodeCursor(a: PointActionRecord): string {
  return Buffer.from(JSON.stringify([a.loggedAt.toISOString(), a.id])).toString('base64url');
}

function decodeCursor(token: string): { loggedAt: Date; id: string } | null {
  if (!token) return null;
  try {
    const [at, id] = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as [string, string];
    const loggedAt = new Date(at);
    if (typeof id !== 'string' || Number.isNaN(loggedAt.getTime())) throw new Error('bad cursor');
    return { loggedAt, id };
  } catch {
    throw new AppError('CodeInvalidArgument', { fields: [{ field: 'pageToken', description: 'not a page token' }] });
  }
}

/** One page of an account's ledger, newest first, and the token of the next. */
async function ledgerPage(
  deps: Deps,
  accountId: string,
  page: { pageSize: number; pageToken: string },
): Promise<{ entries: PointActionRecord[]; nextPageToken: string }> {
  const rows = await repo.listActions(deps.db, accountId, page.pageSize + 1, decodeCursor(page.pageToken));
  const entries = rows.slice(0, page.pageSize);
  const last = entries[entries.length - 1];
  return { entries, nextPageToken: rows.length > page.pageSize && last ? encodeCursor(last) : '' };
}

export async function listPointActions(
  deps: Deps,
  accountId: string,
  page: z.output<typeof listPointActionsMethod.input>,
): Promise<z.input<typeof listPointActionsMethod.output>> {
  const { entries, nextPageToken } = await ledgerPage(deps, accountId, page);
  return { pointActions: entries.map(toPointAction), nextPageToken };
}

/** Staff name a guest's account by id; an id that names no account is CodeUserNotFound, never a database error. */
async function requireAccount(deps: Deps, accountId: string): Promise<void> {
  if (!(await accountContact(deps, accountId))) throw new AppError('CodeUserNotFound');
}

/** A guest's balance as the guest sees it, for staff. */
export async function staffGetPointBalance(
  deps: Deps,
  accountId: string,
): Promise<z.input<typeof getPointBalanceMethod.output>> {
  await requireAccount(deps, accountId);
  return getPointBalance(deps, accountId);
}

/** A guest's ledger for staff: the guest's entries plus each one's note and who recorded it. */
export async function staffListPointActions(
  deps: Deps,
  input: z.output<typeof staffListPointActionsMethod.input>,
): Promise<z.input<typeof staffListPointActionsMethod.output>> {
  await requireAccount(deps, input.accountId);
  const { entries, nextPageToken } = await ledgerPage(deps, input.accountId, input);
  const emails = await actorEmails(
    deps,
    entries.map((e) => e.createdBy),
  );
  return {
    pointActions: entries.map((e) => ({
      ...toPointAction(e),
      note: e.note,
      actor: e.createdBy,
      actorEmail: emails.get(e.createdBy) ?? '',
    })),
    nextPageToken,
  };
}

const MANUAL_SIGN: Record<z.output<typeof staffCreatePointAction.input>['reason'], 1 | -1> = {
  CONFIRM_MANUAL: 1,
  REFUND_MANUAL: 1,
  CONSUME_MANUAL: -1,
  REVOKE_MANUAL: -1,
};

/**
 * A point grant or deduction by staff, with its note; never leaves a negative
 * balance. Audited. Staff never change their own points: someone else must.
 */
export async function createManualPointAction(
  deps: Deps,
  actorAccountId: string,
  input: z.output<typeof staffCreatePointAction.input>,
): Promise<z.input<typeof staffCreatePointAction.output>> {
  if (input.accountId === actorAccountId) {
    throw new AppError('CodePermissionDenied', {
      fields: [{ field: 'accountId', description: 'staff cannot change their own points' }],
    });
  }
  await requireAccount(deps, input.accountId);
  return withTx(deps.db, async (tx) =>
    recordManualAction(tx, {
      accountId: input.accountId,
      reason: input.reason,
      points: input.points,
      note: input.note,
      at: deps.clock.now(),
      actor: `account:${actorAccountId}`,
    }),
  );
}

/**
 * The manual ledger entry itself, in the caller's transaction (the demo seed
 * uses it too). The audit keeps who, when, the entry and the account's balance
 * before and after it.
 */
export async function recordManualAction(
  tx: Db,
  input: {
    accountId: string;
    reason: keyof typeof MANUAL_SIGN;
    points: number;
    note: string;
    at: Date;
    actor: string;
  },
): Promise<{ pointAction: PointAction; balance: number }> {
  await repo.lockAccount(tx, input.accountId);
  const signed = MANUAL_SIGN[input.reason] * input.points;
  const before = await repo.balance(tx, input.accountId);
  if (before + signed < 0) throw new AppError('CodeInsufficientPoints');
  const action = await repo.insertAction(tx, {
    id: newId(),
    accountId: input.accountId,
    points: signed,
    reason: input.reason,
    note: input.note,
    at: input.at,
    createdBy: input.actor,
  });
  await recordAudit(tx, {
    actor: input.actor,
    action: 'point_action.create',
    entity: 'point_action',
    entityId: action.id,
    before: { accountId: input.accountId, balance: before },
    after: {
      accountId: input.accountId,
      reason: input.reason,
      points: signed,
      note: input.note,
      balance: before + signed,
    },
    at: input.at,
  });
  return { pointAction: toPointAction(action), balance: before + signed };
}

/**
 * Takes back the unspent remainder of every lot that lapsed (REVOKE_EXPIRED),
 * one account per transaction. Each lapsed lot is settled once (a closure row),
 * and the remainder is derived from the whole ledger, so a re-run or a
 * concurrent run changes nothing.
 */
export async function revokeExpiredPoints(deps: Deps, batch = 200): Promise<{ revokedLots: number }> {
  const now = deps.clock.now();
  let revokedLots = 0;
  for (;;) {
    const accounts = await repo.accountsWithLapsedLots(deps.db, now, batch);
    if (accounts.length === 0) break;
    for (const accountId of accounts) {
      revokedLots += await withTx(deps.db, async (tx) => {
        await repo.lockAccount(tx, accountId);
        const open = await repo.lapsedOpenLots(tx, accountId, now);
        if (open.length === 0) return 0;
        const remainders = rules.expiredRemainders(await repo.ledger(tx, accountId), now);
        const openSet = new Set(open);
        let n = 0;
        for (const r of remainders) {
          if (!openSet.has(r.lotId)) continue;
          await repo.insertAction(tx, {
            id: newId(),
            accountId,
            points: -r.points,
            reason: 'REVOKE_EXPIRED',
            lotId: r.lotId,
            at: now,
            createdBy: 'system:revoke-expired-points',
          });
          n += 1;
        }
        await repo.closeLots(tx, open, now);
        return n;
      });
    }
    if (accounts.length < batch) break;
  }
  return { revokedLots };
}

export const revokeExpiredPointsTask: Task = {
  name: 'revoke-expired-points',
  everyMs: 60 * 60 * 1000,
  run: async (deps) => {
    await revokeExpiredPoints(deps);
  },
};
