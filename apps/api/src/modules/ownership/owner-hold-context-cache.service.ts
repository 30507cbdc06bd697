import type { Db } from '../../platform/db/pool.js';
import type { OwnerHoldContext } from './owner-hold-context.repo.js';
import type { SlotTier } from './slot-ledger.rules.js';

/**
 * The part of an owner's hold context that rarely changes (the caller, the shares they may use,
 * the house group's owner settings), kept between holds so that a hold is one database call like
 * a guest's (decision 0037). Never trusted blindly: the hold's call compares the copy's
 * fingerprint with the database's and writes nothing when they differ; the copy is then dropped
 * and read again. Balances are never kept: the ledger's guard decides on them.
 */
export type KeptOwnerContext = Pick<OwnerHoldContext, 'caller' | 'choices' | 'settings' | 'fingerprint'>;

/** A copy older than this is read again even if nothing said it changed (bounds how long memory holds it). */
const KEEP_MS = 60_000;
/** At most this many (account, house group) copies; the oldest go first. */
const MAX_KEPT = 10_000;

type Entry = { at: number; context: KeptOwnerContext };
// One map per pool, so that API instances (tests start several) never share copies.
const kept = new WeakMap<Db, Map<string, Entry>>();

const keyOf = (accountId: string, houseGroupId: string) => `${accountId}|${houseGroupId}`;

function mapOf(db: Db): Map<string, Entry> {
  let m = kept.get(db);
  if (!m) {
    m = new Map();
    kept.set(db, m);
  }
  return m;
}

/** The kept copy for the caller and house group, or null (none, or too old). */
export function keptOwnerContext(
  db: Db,
  accountId: string,
  houseGroupId: string,
  now: number,
): KeptOwnerContext | null {
  const m = mapOf(db);
  const key = keyOf(accountId, houseGroupId);
  const e = m.get(key);
  if (!e) return null;
  if (now - e.at > KEEP_MS) {
    m.delete(key);
    return null;
  }
  return e.context;
}

/** Keeps a copy just read from the database. */
export function keepOwnerContext(db: Db, accountId: string, houseGroupId: string, c: KeptOwnerContext, now: number) {
  const m = mapOf(db);
  const key = keyOf(accountId, houseGroupId);
  m.delete(key);
  m.set(key, {
    at: now,
    context: { caller: c.caller, choices: c.choices, settings: c.settings, fingerprint: c.fingerprint },
  });
  // A Map iterates in insertion order: the first key is the oldest copy.
  while (m.size > MAX_KEPT) m.delete(m.keys().next().value!);
}

/** Drops a copy the database said is out of date. */
export function forgetOwnerContext(db: Db, accountId: string, houseGroupId: string): void {
  mapOf(db).delete(keyOf(accountId, houseGroupId));
}

/**
 * Concurrent holds of one caller and house group with no kept copy wait for the one read already
 * under way instead of each reading the same context (a burst of an owner's holds, or a family's,
 * would otherwise read it once per request until the first read is kept).
 */
const reading = new WeakMap<Db, Map<string, Promise<unknown>>>();

export function ownerContextReadUnderWay(db: Db, accountId: string, houseGroupId: string): Promise<unknown> | null {
  return reading.get(db)?.get(keyOf(accountId, houseGroupId)) ?? null;
}

/** Marks `read` as the read under way for the caller and house group until it settles. */
export function readingOwnerContext<T>(db: Db, accountId: string, houseGroupId: string, read: Promise<T>): Promise<T> {
  let m = reading.get(db);
  if (!m) {
    m = new Map();
    reading.set(db, m);
  }
  const key = keyOf(accountId, houseGroupId);
  m.set(key, read);
  const done = () => {
    if (m.get(key) === read) m.delete(key);
  };
  read.then(done, done);
  return read;
}

/**
 * Slot tiers the last read of a share's balances found empty (share, slot year, tier). Only a hint
 * of which way to try first: a hold from the kept copy that would take from such a tier reads the
 * balances before its call (and is refused, or plans high-substitutes, from that read) instead of
 * sending a hold the ledger's guard would refuse. The guard still decides; a tier that filled again
 * (a cancellation) is seen by that read, which clears the hint.
 */
const emptyTiers = new WeakMap<Db, Map<string, number>>();

const tierKey = (shareId: string, slotYear: number, tier: SlotTier) => `${shareId}|${slotYear}|${tier}`;

export function rememberTierBalance(
  db: Db,
  shareId: string,
  slotYear: number,
  tier: SlotTier,
  balance: number,
  now: number,
): void {
  let m = emptyTiers.get(db);
  if (!m) {
    m = new Map();
    emptyTiers.set(db, m);
  }
  const key = tierKey(shareId, slotYear, tier);
  m.delete(key);
  if (balance > 0) return;
  m.set(key, now);
  while (m.size > MAX_KEPT) m.delete(m.keys().next().value!);
}

export function tierLastReadEmpty(db: Db, shareId: string, slotYear: number, tier: SlotTier, now: number): boolean {
  const at = emptyTiers.get(db)?.get(tierKey(shareId, slotYear, tier));
  return at !== undefined && now - at <= KEEP_MS;
}
