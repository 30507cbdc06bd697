import { randomUUID } from 'node:crypto';
import { civilFromIso } from '@yado/contract/civil-date';
import { dateTimeFromDate } from '@yado/contract/date-time';
import type { Language } from '@yado/contract/headers';
import type { Key, SharedKey } from '@yado/contract/stay.contract';
import { AppError } from '../../platform/app-error.js';
import { withTx, type Db } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import type { Task } from '../../platform/scheduler.js';
import { recordAudit } from '../audit/audit.service.js';
import { readyToCheckin } from '../booking/booking-jobs.service.js';
import { enqueueNotification } from '../notification/notification-event.service.js';
import { findUserOfAccount } from '../user/user.service.js';
import { instructionsIn, keyStatus, refusalOf, visibleKeyBoxCode, type KeyStatusValue } from './key.rules.js';
import * as repo from './stay.repo.js';
import type { KeyRow, ShareRow } from './stay.repo.js';

const BATCH = 100;
const bookingLink = (bookingId: string) => `/mypage/bookings/${encodeURIComponent(bookingId)}`;

// Issuing ------------------------------------------------------------------------------

/**
 * Issues the key of a booking that is due one (READY_TO_CHECKIN or STAYING, none yet) and tells
 * the booker (KEY_READY), in one transaction; true when a key was issued now.
 */
export async function issueKey(deps: Deps, bookingId: string): Promise<boolean> {
  const now = deps.clock.now();
  return withTx(deps.db, async (tx) => {
    const keyId = `key_${randomUUID()}`;
    const issued = await repo.insertKeyIfDue(tx, keyId, bookingId, now);
    if (!issued) return false;
    await enqueueNotification(tx, now, {
      userId: issued.userId,
      kind: 'KEY_READY',
      params: { bookingNumber: issued.bookingNumber, checkinDate: issued.checkinDate },
      link: bookingLink(bookingId),
      dedupeKey: `key-ready:${bookingId}`,
    });
    await recordAudit(tx, {
      actor: 'system:issue-stay-keys',
      action: 'KEY_ISSUED',
      entity: 'stay_key',
      entityId: keyId,
      after: { bookingId },
      at: now,
    });
    return true;
  });
}

/**
 * issue-stay-keys: the day before check-in, bookings whose guest register is complete move to
 * READY_TO_CHECKIN (the booking module's own step, run here first so both happen in one sweep),
 * then every READY_TO_CHECKIN or STAYING booking without a key gets one. Idempotent: a key is
 * unique per booking and a second run finds nothing to do.
 */
export async function issueDueKeys(deps: Deps): Promise<number> {
  await readyToCheckin(deps);
  let issued = 0;
  for (const id of await repo.bookingsDueKeys(deps.db, deps.clock.now(), BATCH, null)) {
    try {
      if (await issueKey(deps, id)) issued += 1;
    } catch (err) {
      deps.log.warn('key could not be issued', { bookingId: id, error: String(err) });
    }
  }
  return issued;
}

export const issueStayKeysTask: Task = {
  name: 'issue-stay-keys',
  everyMs: 5 * 60_000,
  run: async (deps) => void (await issueDueKeys(deps)),
};

// Holding ------------------------------------------------------------------------------

type Held = { row: KeyRow; holder: 'BOOKER' | 'SHARE'; userId: string | null; status: KeyStatusValue };

/** The key as the caller holds it: as its booker or through an active share; 404 CodeKeyNotFound otherwise. */
export async function requireHeldKey(deps: Deps, accountId: string, keyId: string): Promise<Held> {
  const [row, user] = await Promise.all([repo.findKey(deps.db, keyId), findUserOfAccount(deps, accountId)]);
  if (!row) throw new AppError('CodeKeyNotFound');
  const now = deps.clock.now();
  if (row.bookerAccountId === accountId) {
    return { row, holder: 'BOOKER', userId: user?.id ?? null, status: keyStatus(row, now) };
  }
  if (user && (await repo.hasActiveShare(deps.db, keyId, user.id))) {
    return { row, holder: 'SHARE', userId: user.id, status: keyStatus(row, now) };
  }
  throw new AppError('CodeKeyNotFound');
}

/** A key that opens the door now, or its own refusal (not yet valid, expired, cancelled). */
export async function requireValidKey(deps: Deps, accountId: string, keyId: string): Promise<Held> {
  const held = await requireHeldKey(deps, accountId, keyId);
  const refusal = refusalOf(held.status);
  if (refusal) throw new AppError(refusal);
  return held;
}

function keyView(h: Held, language: Language): Key {
  const { row } = h;
  return {
    keyId: row.keyId,
    stay: {
      bookingId: row.bookingId,
      bookingNumber: row.bookingNumber,
      houseGroupId: row.houseGroupId,
      houseGroupName: language === 'ja' ? row.houseGroupNameJa : row.houseGroupNameEn,
      houseName: language === 'ja' ? row.houseNameJa : row.houseNameEn,
      checkinDate: civilFromIso(row.checkinDate),
      checkoutDate: civilFromIso(row.checkoutDate),
      timezone: row.timezone,
    },
    validFrom: dateTimeFromDate(row.validFrom),
    validUntil: dateTimeFromDate(row.validUntil),
    status: h.status,
    unlockOperationType: row.unlockOperationType,
    holder: h.holder,
    keyBoxCode: visibleKeyBoxCode(row, h.status),
    instructions: instructionsIn(row, language),
    issuedAt: dateTimeFromDate(row.issuedAt),
  };
}

/** list_keys: the caller's keys; a key due on one of their own bookings is issued by this read. */
export async function listKeys(deps: Deps, accountId: string, language: Language, bookingId: string | null) {
  for (const id of await repo.bookingsDueKeys(deps.db, deps.clock.now(), BATCH, accountId)) {
    if (bookingId === null || id === bookingId) await issueKey(deps, id);
  }
  const user = await findUserOfAccount(deps, accountId);
  const rows = await repo.listKeysHeld(deps.db, accountId, user?.id ?? null, bookingId);
  const now = deps.clock.now();
  return {
    keys: rows.map((row) =>
      keyView(
        {
          row,
          holder: row.bookerAccountId === accountId ? 'BOOKER' : 'SHARE',
          userId: user?.id ?? null,
          status: keyStatus(row, now),
        },
        language,
      ),
    ),
  };
}

/** get_key */
export async function getKey(deps: Deps, accountId: string, language: Language, keyId: string) {
  return { key: keyView(await requireHeldKey(deps, accountId, keyId), language) };
}

// Sharing ------------------------------------------------------------------------------

const person = (userId: string, firstName: string, lastName: string) => ({ userId, firstName, lastName });

function shareView(s: ShareRow): SharedKey {
  return {
    sharedKeyId: s.sharedKeyId,
    keyId: s.keyId,
    sharedWith: { ...person(s.withUserId, s.withFirstName, s.withLastName), emailAddress: s.withEmail },
    sharedBy: person(s.byUserId, s.byFirstName, s.byLastName),
    sharedAt: dateTimeFromDate(s.sharedAt),
    revokedAt: s.revokedAt ? dateTimeFromDate(s.revokedAt) : null,
    revokedBy: s.revokedByUserId
      ? person(s.revokedByUserId, s.revokedByFirstName ?? '', s.revokedByLastName ?? '')
      : null,
  };
}

/** share_key: the booker gives a companion (an existing account) the key; they are told (KEY_SHARED). */
export async function shareKey(deps: Deps, accountId: string, input: { keyId: string; emailAddress: string }) {
  const held = await requireHeldKey(deps, accountId, input.keyId);
  if (held.holder !== 'BOOKER' || !held.userId) throw new AppError('CodeKeyShareNotBooker');
  if (held.status === 'CANCELLED' || held.status === 'EXPIRED') throw new AppError(refusalOf(held.status)!);
  const recipient = await repo.findUserIdByEmail(deps.db, input.emailAddress);
  if (!recipient) throw new AppError('CodeKeyShareRecipientUnknown');
  if (recipient === held.row.bookerUserId || recipient === held.userId) throw new AppError('CodeKeyShareToSelf');
  const now = deps.clock.now();
  const sharedKeyId = `ksh_${randomUUID()}`;
  const byUserId = held.userId;
  await withTx(deps.db, async (tx) => {
    if (
      !(await repo.insertShare(tx, { id: sharedKeyId, keyId: input.keyId, withUserId: recipient, byUserId, at: now }))
    ) {
      throw new AppError('CodeKeyAlreadyShared');
    }
    await enqueueNotification(tx, now, {
      userId: recipient,
      kind: 'KEY_SHARED',
      params: { bookingNumber: held.row.bookingNumber, checkinDate: held.row.checkinDate },
      link: '/mypage/keys',
      dedupeKey: `key-shared:${sharedKeyId}`,
    });
    await recordAudit(tx, {
      actor: `account:${accountId}`,
      action: 'KEY_SHARED',
      entity: 'stay_key',
      entityId: input.keyId,
      after: { sharedKeyId, sharedWithUserId: recipient },
      at: now,
    });
  });
  return { sharedKey: shareView((await repo.findShare(deps.db, sharedKeyId))!) };
}

/** list_shared_keys: the booker sees every share of the key; a share holder only theirs. */
export async function listSharedKeys(deps: Deps, accountId: string, keyId: string) {
  const held = await requireHeldKey(deps, accountId, keyId);
  const rows = await repo.listShares(deps.db, keyId, held.holder === 'BOOKER' ? null : held.userId);
  return { sharedKeys: rows.map(shareView) };
}

/** revoke_shared_key: the booker takes a share back, or its holder gives it back. */
export async function revokeSharedKey(deps: Deps, accountId: string, sharedKeyId: string) {
  const share = await repo.findShare(deps.db, sharedKeyId);
  if (!share) throw new AppError('CodeKeyShareNotFound');
  const [key, user] = await Promise.all([repo.findKey(deps.db, share.keyId), findUserOfAccount(deps, accountId)]);
  const isBooker = key?.bookerAccountId === accountId;
  const isHolder = user !== null && user.id === share.withUserId;
  if (!key || (!isBooker && !isHolder) || !user) throw new AppError('CodeKeyShareNotFound');
  if (share.revokedAt) return { sharedKey: shareView(share) };
  const now = deps.clock.now();
  await withTx(deps.db, async (tx) => {
    const locked = await repo.findShare(tx, sharedKeyId, true);
    if (!locked || locked.revokedAt) return;
    await repo.revokeShare(tx, sharedKeyId, user.id, now);
    await recordAudit(tx, {
      actor: `account:${accountId}`,
      action: 'KEY_SHARE_REVOKED',
      entity: 'stay_key',
      entityId: key.keyId,
      before: { sharedKeyId, sharedWithUserId: share.withUserId },
      at: now,
    });
  });
  return { sharedKey: shareView((await repo.findShare(deps.db, sharedKeyId))!) };
}

// For other modules ----------------------------------------------------------------------

/** The users holding a booking's key: the booker and active share holders (chat, the offline pass). */
export async function keyHoldersOf(db: Db, bookingId: string): Promise<string[]> {
  return repo.keyHolderIds(db, bookingId);
}

/** The bookings whose key is actively shared with the user and whose stay is not over (the offline pass's list). */
export async function bookingsSharedWith(deps: Deps, userId: string, limit: number): Promise<string[]> {
  return repo.bookingIdsSharedWith(deps.db, userId, deps.clock.now(), limit);
}

export type PassKeyDetails = {
  keyId: string;
  unlockOperationType: 'SMARTHOME' | 'MANUAL' | 'TEMAIRAZU_PARTNER';
  status: KeyStatusValue;
  validFrom: Date;
  validUntil: Date;
  timezone: string;
  /** MANUAL: the key-box code, only while the key is VALID. */
  keyBoxCode: string | null;
  instructions: { en: string | null; ja: string | null };
};

/**
 * What an offline stay pass needs of the key of a booking the user holds (booker or active share),
 * or null when there is no key or the user holds none.
 */
export async function passKeyDetails(deps: Deps, bookingId: string, userId: string): Promise<PassKeyDetails | null> {
  const row = await repo.findKeyOfBooking(deps.db, bookingId);
  if (!row) return null;
  if (row.bookerUserId !== userId && !(await repo.hasActiveShare(deps.db, row.keyId, userId))) return null;
  const status = keyStatus(row, deps.clock.now());
  return {
    keyId: row.keyId,
    unlockOperationType: row.unlockOperationType,
    status,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    timezone: row.timezone,
    keyBoxCode: visibleKeyBoxCode(row, status),
    instructions: { en: instructionsIn(row, 'en'), ja: instructionsIn(row, 'ja') },
  };
}
