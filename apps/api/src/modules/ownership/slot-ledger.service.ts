import { todayIn, type IsoDate } from '@yado/contract/civil-date';
import { AppError } from '../../platform/app-error.js';
import { withTx, type Db } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import type { Task } from '../../platform/scheduler.js';
import * as shares from './owner-share.repo.js';
import * as ledger from './slot-ledger.repo.js';
import {
  openSlotYears,
  planConsumption,
  slotYearOf,
  type ConsumptionPlan,
  type SlotNight,
  type SlotTier,
  type TierBalance,
  type YearConsumption,
} from './slot-ledger.rules.js';

/*
 * The slot ledger's writers. Every function takes the caller's transaction (or the pool) and only
 * appends entries: grants at the opening of a slot year, consumption by a booking, returns on its
 * cancellation or a gift's expiry, expiry at the end of the year. Each entry has a unique
 * reference, so a retried call adds nothing; the table's trigger refuses any entry that would take
 * a balance below zero, whoever writes it.
 */

const TIERS: readonly SlotTier[] = ['STANDARD', 'HIGH'];

/** A share's balance of one slot year per tier: the sum of its ledger entries. */
export async function balance(db: Db, shareId: string, slotYear: number): Promise<TierBalance> {
  return ledger.balanceOf(db, shareId, slotYear);
}

/**
 * Grants a share's nights for one slot year (both tiers). Idempotent per share and year: a second
 * call, or the yearly task after staff granted it, adds nothing. Returns whether it added entries.
 */
export async function grantYear(
  db: Db,
  share: Pick<shares.OwnerShare, 'id' | 'standardNights' | 'highNights'>,
  slotYear: number,
  actor: string,
  at: Date,
): Promise<boolean> {
  const entries = TIERS.map((tier) => ({
    tier,
    nights: tier === 'HIGH' ? share.highNights : share.standardNights,
  }))
    .filter((g) => g.nights > 0)
    .map((g): ledger.SlotEntry => ({
      shareId: share.id,
      slotYear,
      kind: 'GRANT',
      tier: g.tier,
      nights: g.nights,
      highSubstitute: false,
      bookingId: null,
      reference: `grant:${share.id}:${slotYear}:${g.tier}`,
      actor,
      createdAt: at,
    }));
  return (await ledger.appendEntries(db, entries)) > 0;
}

/**
 * What a stay would take from a share's balances, without writing anything (the quote shows it).
 * `seen` is told each slot year's balances as read.
 */
export async function previewConsumption(
  db: Db,
  shareId: string,
  nights: readonly SlotNight[],
  allowHighSubstitute: boolean,
  seen?: (slotYear: number, balance: TierBalance) => void,
): Promise<ConsumptionPlan> {
  const years = [...new Set(nights.map((n) => slotYearOf(n.date)))];
  const balances = new Map<number, TierBalance>();
  for (const y of years) {
    const balance = await ledger.balanceOf(db, shareId, y);
    balances.set(y, balance);
    seen?.(y, balance);
  }
  return planConsumption(nights, (y) => balances.get(y) ?? { STANDARD: 0, HIGH: 0 }, allowHighSubstitute);
}

/**
 * An owner stay's read before its hold, in one query: what it would take from the share's balances
 * (as previewConsumption) and, when `reservation` is given, the undrawn allocation round reserving
 * some of its nights (as high-season.service reservedByAllocationRound), or null.
 */
export async function previewOwnerStay(
  db: Db,
  input: {
    shareId: string;
    nights: readonly SlotNight[];
    allowHighSubstitute: boolean;
    reservation: { houseGroupId: string; checkin: IsoDate; checkout: IsoDate } | null;
  },
): Promise<{ plan: ConsumptionPlan; reservedByRound: string | null }> {
  const years = [...new Set(input.nights.map((n) => slotYearOf(n.date)))];
  const read = await ledger.balancesAndReservation(db, input.shareId, years, input.reservation);
  return {
    plan: planFromBalances(input.nights, read.balances, input.allowHighSubstitute),
    reservedByRound: read.roundId,
  };
}

/** What a stay would take from balances already read (per slot year and tier; a missing one is 0). */
export function planFromBalances(
  nights: readonly SlotNight[],
  read: readonly { slotYear: number; tier: SlotTier; balance: number }[],
  allowHighSubstitute: boolean,
): ConsumptionPlan {
  const balances = new Map<number, TierBalance>();
  for (const b of read) {
    const y = balances.get(b.slotYear) ?? { STANDARD: 0, HIGH: 0 };
    y[b.tier] = b.balance;
    balances.set(b.slotYear, y);
  }
  return planConsumption(nights, (y) => balances.get(y) ?? { STANDARD: 0, HIGH: 0 }, allowHighSubstitute);
}

function consumedByBooking(entries: readonly ledger.SlotEntry[], shareId: string): YearConsumption[] {
  const byYear = new Map<number, YearConsumption>();
  for (const e of entries) {
    if (e.kind !== 'CONSUME' || e.shareId !== shareId) continue;
    const y = byYear.get(e.slotYear) ?? { slotYear: e.slotYear, slotStandard: 0, slotHigh: 0, slotHighSubstitute: 0 };
    if (e.highSubstitute) y.slotHighSubstitute -= e.nights;
    else if (e.tier === 'HIGH') y.slotHigh -= e.nights;
    else y.slotStandard -= e.nights;
    byYear.set(e.slotYear, y);
  }
  return [...byYear.values()].sort((a, b) => a.slotYear - b.slotYear);
}

export type ConsumeRequest = {
  shareId: string;
  bookingId: string;
  /** The stay's nights with their price types (a night is the date of its check-in day). */
  nights: readonly SlotNight[];
  /** Whether the house group lets a standard slot stand in for a HIGH night when no high slot is left. */
  allowHighSubstitute: boolean;
  actor: string;
  at: Date;
};

/**
 * Consumes a booking's slots: one per night, from the night's slot year and tier, a standard slot
 * as high-substitute where allowed. Call it inside the booking's transaction: the share's row is
 * locked first, so concurrent bookings of one share take turns and each reads the balance the
 * previous one left. Refused with CodeInsufficientSlots (naming each tier's balance) when a year
 * is short. A retry for a booking that already consumed returns what it consumed, adding nothing.
 */
export async function consumeSlots(tx: Db, req: ConsumeRequest): Promise<YearConsumption[]> {
  await shares.lockShare(tx, req.shareId);
  const already = consumedByBooking(await ledger.entriesOfBooking(tx, req.bookingId), req.shareId);
  if (already.length > 0) return already;
  const plan = await previewConsumption(tx, req.shareId, req.nights, req.allowHighSubstitute);
  if (!plan.ok) {
    throw new AppError('CodeInsufficientSlots', {
      fields: [
        {
          field: 'slotStandard',
          description: `${plan.slotYear} balance ${plan.balance.STANDARD}, needed ${plan.needed.STANDARD}`,
        },
        { field: 'slotHigh', description: `${plan.slotYear} balance ${plan.balance.HIGH}, needed ${plan.needed.HIGH}` },
      ],
    });
  }
  await ledger.appendEntries(tx, consumeEntries(req, plan.years));
  return plan.years;
}

/** The CONSUME entries of a booking's planned consumption, one per slot year, tier and kind of slot. */
function consumeEntries(
  req: Omit<ConsumeRequest, 'nights' | 'allowHighSubstitute'>,
  years: readonly YearConsumption[],
) {
  const entries: ledger.SlotEntry[] = [];
  const push = (y: number, tier: SlotTier, nights: number, highSubstitute: boolean) => {
    if (nights <= 0) return;
    entries.push({
      shareId: req.shareId,
      slotYear: y,
      kind: 'CONSUME',
      tier,
      nights: -nights,
      highSubstitute,
      bookingId: req.bookingId,
      reference: `consume:${req.bookingId}:${req.shareId}:${y}:${tier}${highSubstitute ? ':substitute' : ''}`,
      actor: req.actor,
      createdAt: req.at,
    });
  };
  // Year by year, standard before high: the ledger's trigger locks each (year, tier) balance as its
  // entry is written, and writers that hold no share lock must all take them in one order.
  for (const y of [...years].sort((a, b) => a.slotYear - b.slotYear)) {
    push(y.slotYear, 'STANDARD', y.slotStandard, false);
    push(y.slotYear, 'STANDARD', y.slotHighSubstitute, true);
    push(y.slotYear, 'HIGH', y.slotHigh, false);
  }
  return entries;
}

/**
 * Consumes a plan read before the caller's transaction, in one statement and without reading the
 * balance again: the ledger's guard locks each balance written and refuses any entry that would take a
 * balance below zero, which is answered CodeInsufficientSlots (the caller's transaction is then
 * aborted). Only a plan without high-substitutes may be written this way: with none, a plan the
 * guard lets through is the one consumeSlots would make under the lock, whatever was written since
 * the balance was read; a substitute depends on the high slots left at the moment it is taken.
 */
export async function consumePlannedSlots(
  tx: Db,
  req: Omit<ConsumeRequest, 'nights' | 'allowHighSubstitute'>,
  years: readonly YearConsumption[],
): Promise<void> {
  if (years.some((y) => y.slotHighSubstitute > 0))
    throw new Error('a plan with high-substitutes is consumed under the lock');
  try {
    await ledger.appendEntries(tx, consumeEntries(req, years));
  } catch (err) {
    const e = err as { code?: string; constraint?: string };
    if (e.code === '23514' && e.constraint === 'slot_ledger_balance') throw new AppError('CodeInsufficientSlots');
    throw err;
  }
}

/**
 * The CONSUME entries of a plan read before the hold, for a hold that appends them in its own
 * database call (the booking module's hold_owner_stay, where the ledger's guard decides as in
 * consumePlannedSlots). A plan may hold high-substitutes here: hold_owner_stay, under the share's
 * lock, refuses them when a high slot of their year is left after the stay's slots are taken.
 */
export function plannedConsumeEntries(
  req: { shareId: string; bookingId: string },
  years: readonly YearConsumption[],
): { slotYear: number; tier: SlotTier; nights: number; highSubstitute: boolean; reference: string }[] {
  return consumeEntries({ ...req, actor: '', at: new Date(0) }, years).map((e) => ({
    slotYear: e.slotYear,
    tier: e.tier,
    nights: e.nights,
    highSubstitute: e.highSubstitute,
    reference: e.reference,
  }));
}

/**
 * Gives back every slot a booking consumed and has not had back (cancellation within the free
 * period, an expired or refused gift). Idempotent: a second call finds nothing left to return.
 * A return into a slot year that has already ended is expired again by the next sweep.
 * Returns the nights given back.
 */
export async function returnSlots(tx: Db, req: { bookingId: string; actor: string; at: Date }): Promise<number> {
  const entries = await ledger.entriesOfBooking(tx, req.bookingId);
  const open = new Map<string, { e: ledger.SlotEntry; nights: number }>();
  for (const e of entries) {
    if (e.kind !== 'CONSUME' && e.kind !== 'RETURN') continue;
    const key = `${e.shareId}:${e.slotYear}:${e.tier}${e.highSubstitute ? ':substitute' : ''}`;
    const o = open.get(key) ?? { e, nights: 0 };
    o.nights -= e.nights;
    open.set(key, o);
  }
  const back: ledger.SlotEntry[] = [...open]
    .filter(([, o]) => o.nights > 0)
    .map(([key, o]) => ({
      ...o.e,
      kind: 'RETURN',
      nights: o.nights,
      reference: `return:${req.bookingId}:${key}`,
      actor: req.actor,
      createdAt: req.at,
    }));
  for (const shareId of new Set(back.map((b) => b.shareId))) await shares.lockShare(tx, shareId);
  await ledger.appendEntries(tx, back);
  return back.reduce((sum, b) => sum + b.nights, 0);
}

/**
 * Brings one share's ledger up to a day (today in its house group's zone): grants every open slot
 * year not granted yet and expires what is left of every ended one. Safe to repeat.
 */
export async function settleShareYears(
  db: Db,
  share: shares.OwnerShare,
  today: IsoDate,
  actor: string,
  at: Date,
): Promise<void> {
  for (const y of openSlotYears(today, share.firstSlotYear)) await grantYear(db, share, y, actor, at);
  const left = await ledger.positiveBalancesBefore(db, share.id, slotYearOf(today));
  for (const l of left) {
    const n = await ledger.expiryCount(db, share.id, l.slotYear, l.tier);
    await ledger.appendEntries(db, [
      {
        shareId: share.id,
        slotYear: l.slotYear,
        kind: 'EXPIRE',
        tier: l.tier,
        nights: -l.balance,
        highSubstitute: false,
        bookingId: null,
        reference: `expire:${share.id}:${l.slotYear}:${l.tier}:${n + 1}`,
        actor,
        createdAt: at,
      },
    ]);
  }
}

/** The sweep over every share, each in a transaction of its own with the share's row locked. */
export async function settleAllShareYears(deps: Deps): Promise<void> {
  const now = deps.clock.now();
  for (const share of await shares.allSharesWithZone(deps.db)) {
    await withTx(deps.db, async (tx) => {
      await shares.lockShare(tx, share.id);
      await settleShareYears(tx, share, todayIn(share.timezone, now), 'system:slot-years', now);
    });
  }
}

/** Grants each slot year as it opens and expires each one's remainder once it has ended. */
export const slotYearsTask: Task = {
  name: 'slot-years',
  everyMs: 60 * 60 * 1000,
  run: async (deps) => {
    await settleAllShareYears(deps);
  },
};

/**
 * An owner's undated gift: its nights of one slot year taken from the share at once, under a
 * ledger key of the gift's own (the entries' booking_id), so that returnSlots with that key gives
 * them back exactly once. The share's row is locked first, and the guard refuses an overdraft
 * (CodeInsufficientSlots).
 */
export async function consumeGiftSlots(
  tx: Db,
  req: { shareId: string; key: string; slotYear: number; standard: number; high: number; actor: string; at: Date },
): Promise<void> {
  await shares.lockShare(tx, req.shareId);
  const years = [{ slotYear: req.slotYear, slotStandard: req.standard, slotHigh: req.high, slotHighSubstitute: 0 }];
  const balance = await ledger.balanceOf(tx, req.shareId, req.slotYear);
  if (balance.STANDARD < req.standard || balance.HIGH < req.high) {
    throw new AppError('CodeInsufficientSlots', {
      fields: [
        { field: 'slotStandard', description: `${req.slotYear} balance ${balance.STANDARD}, needed ${req.standard}` },
        { field: 'slotHigh', description: `${req.slotYear} balance ${balance.HIGH}, needed ${req.high}` },
      ],
    });
  }
  await ledger.appendEntries(tx, consumeEntries({ ...req, bookingId: req.key }, years));
}

/**
 * How a stay's nights would be paid from an undated gift's nights (its standard and high counts
 * standing for the balance), or null when they do not cover them.
 */
export function planGiftedNights(
  nights: readonly SlotNight[],
  gift: { slotYear: number; standard: number; high: number },
  allowHighSubstitute: boolean,
): YearConsumption[] | null {
  const plan = planConsumption(
    nights,
    (y) => (y === gift.slotYear ? { STANDARD: gift.standard, HIGH: gift.high } : { STANDARD: 0, HIGH: 0 }),
    allowHighSubstitute,
  );
  return plan.ok ? plan.years : null;
}

/**
 * Consumes a plan made from an undated gift's nights (high-substitutes included) for the booking
 * the recipient made, inside the transaction that gave the gift's nights back: the share's row
 * locked, the guard refusing an overdraft.
 */
export async function consumeGiftedNights(
  tx: Db,
  req: Omit<ConsumeRequest, 'nights' | 'allowHighSubstitute'>,
  years: readonly YearConsumption[],
): Promise<void> {
  await shares.lockShare(tx, req.shareId);
  await ledger.appendEntries(tx, consumeEntries(req, years));
}
