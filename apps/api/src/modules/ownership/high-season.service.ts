import { randomBytes, randomUUID } from 'node:crypto';
import {
  civilFromIso,
  daysBetween,
  isoFromCivil,
  realIsoFromCivil,
  todayIn,
  type IsoDate,
} from '@yado/contract/civil-date';
import type { CivilDate } from '@yado/contract/common.schema';
import { dateFromDateTime, dateTimeFromDate } from '@yado/contract/date-time';
import type { Language } from '@yado/contract/headers';
import {
  MAX_PERIOD_NIGHTS,
  MAX_RANKED_PERIODS,
  type AllocationPeriodSchema,
  type AllocationRequestSchema,
  type AllocationRoundSchema,
  type AllocationSchema,
  type DrawRecordSchema,
  type OwnerRoundShareSchema,
  type StaffAllocationRequestSchema,
  type staffCreateAllocationRound,
} from '@yado/contract/high-season.contract';
import type { DateTime } from '@yado/contract/common.schema';
import type { z } from 'zod';
import { AppError, type FieldIssue } from '../../platform/app-error.js';
import { withTx, type Db } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import type { Principal } from '../../platform/http/call-context.js';
import { recordAudit } from '../audit/audit.service.js';
import { isOwnerAccount, requireUser } from '../user/user.service.js';
import * as repo from './high-season.repo.js';
import {
  DRAW_ALGORITHM_VERSION,
  periodProblems,
  roundStatus,
  runDraw as draw,
  type DrawInput,
  type DrawParticipant,
  type PeriodProblem,
} from './high-season.rules.js';
import * as shareRepo from './owner-share.repo.js';
import { balance } from './slot-ledger.service.js';

/*
 * High-season allocation rounds (docs/decisions/0029-high-season-allocation.md). Staff create a
 * round of HIGH periods; owners of the house group rank them while its window is open; after it
 * closes staff run the draw (high-season.rules.ts), which is recorded with its seed and input,
 * and the winners' own-use stays are booked through the function the booking module lends at
 * composition (this module never imports booking, which builds on it).
 */

/**
 * Books an allocated period as the winner's own-use stay (confirmed at once, consuming the share's
 * slots), idempotent on `reference`; refuses with CodeInsufficientSlots or CodeHouseNotAvailable.
 */
export type CreateAllocatedBooking = (
  deps: Deps,
  input: {
    accountId: string;
    shareId: string;
    checkinDate: IsoDate;
    checkoutDate: IsoDate;
    adults: number;
    reference: string;
  },
) => Promise<{ bookingId: string; bookingNumber: string }>;

type RoundView = z.input<typeof AllocationRoundSchema>;
type PeriodView = z.input<typeof AllocationPeriodSchema>;
type RequestView = z.input<typeof AllocationRequestSchema>;
type StaffRequestView = z.input<typeof StaffAllocationRequestSchema>;
type AllocationView = z.input<typeof AllocationSchema>;
type DrawView = z.input<typeof DrawRecordSchema>;
type OwnerShareView = z.input<typeof OwnerRoundShareSchema>;

/** One entry of the draw's recorded order: the rule's numbers and what put them there. */
type RecordedOrderEntry = {
  position: number;
  shareId: string;
  fraction: { numerator: number; denominator: number };
  priorHighNights: number;
  highSlotsAtDraw: number;
  random: number;
  priority: number;
};

const civil = (iso: IsoDate): CivilDate => civilFromIso(iso);

function periodView(p: repo.PeriodRecord): PeriodView {
  return {
    periodId: p.id,
    checkinDate: civil(p.checkinDate),
    checkoutDate: civil(p.checkoutDate),
    nights: daysBetween(p.checkinDate, p.checkoutDate),
    allocatedCount: p.allocatedCount,
  };
}

function roundView(r: repo.RoundRecord, periods: readonly repo.PeriodRecord[], now: Date): RoundView {
  return {
    roundId: r.id,
    houseGroupId: r.houseGroupId,
    houseGroupName: r.houseGroupName,
    slotYear: r.slotYear,
    opensAt: dateTimeFromDate(r.opensAt),
    closesAt: dateTimeFromDate(r.closesAt),
    status: roundStatus(r, now),
    maxRequests: r.maxRequests,
    minAdults: r.minAdults,
    maxAdults: r.maxAdults,
    periods: periods.filter((p) => p.roundId === r.id).map(periodView),
    requestCount: r.requestCount,
    createdAt: dateTimeFromDate(r.createdAt),
    drawnAt: r.drawnAt ? dateTimeFromDate(r.drawnAt) : null,
  };
}

function drawPositionOf(r: repo.RoundRecord, shareId: string): number | null {
  const order = (r.drawOrder ?? []) as RecordedOrderEntry[];
  return order.find((o) => o.shareId === shareId)?.position ?? null;
}

function requestView(q: repo.RequestRecord, r: repo.RoundRecord): RequestView {
  return {
    shareId: q.shareId,
    periodIds: q.periodIds,
    wantedPeriods: q.wantedPeriods,
    adults: q.adults,
    submittedAt: dateTimeFromDate(q.submittedAt),
    drawPosition: drawPositionOf(r, q.shareId),
  };
}

function allocationView(a: repo.AllocationRecord): AllocationView {
  return {
    allocationId: a.id,
    periodId: a.periodId,
    shareId: a.shareId,
    checkinDate: civil(a.checkinDate),
    checkoutDate: civil(a.checkoutDate),
    nights: a.nights,
    pass: a.pass,
    turn: a.turn,
    outcome: a.outcome,
    bookingId: a.bookingId,
    bookingNumber: a.bookingNumber,
    failureReason: a.failureReason,
  };
}

function drawView(r: repo.RoundRecord): DrawView | null {
  if (!r.drawnAt || r.seed === null) return null;
  return {
    seed: r.seed,
    algorithmVersion: r.algorithmVersion ?? '',
    drawnAt: dateTimeFromDate(r.drawnAt),
    drawnBy: r.drawnBy ?? '',
    order: (r.drawOrder ?? []) as RecordedOrderEntry[],
    steps: (r.drawSteps ?? []) as DrawView['steps'],
    inputSnapshot: r.inputSnapshot ?? {},
  };
}

async function requireRound(db: Db, roundId: string, language: Language): Promise<repo.RoundRecord> {
  const round = await repo.findRound(db, roundId, language);
  if (!round) throw new AppError('CodeAllocationRoundNotFound');
  return round;
}

// Staff --------------------------------------------------------------------------------------------

export type CreateRoundInput = z.output<typeof staffCreateAllocationRound.input>;

function problemField(p: PeriodProblem): FieldIssue {
  const field = `periods.${p.index}`;
  switch (p.kind) {
    case 'ORDER':
      return { field, description: 'check-out must be after check-in' };
    case 'TOO_LONG':
      return { field, description: `at most ${MAX_PERIOD_NIGHTS} nights` };
    case 'OUTSIDE_SLOT_YEAR':
      return { field, description: 'every night must be in the slot year' };
    case 'TOO_EARLY':
      return { field, description: 'must start after the day the request window closes' };
    case 'NOT_HIGH':
      return { field, description: `${p.date} is not a HIGH date on sale in the season calendar` };
    case 'OVERLAP':
      return { field, description: 'shares a night with another period of the round' };
  }
}

/** staff_create_allocation_round: checks the window and the periods, then writes the round, audited. */
export async function createRound(deps: Deps, actor: string, input: CreateRoundInput, language: Language) {
  const now = deps.clock.now();
  const opensAt = dateFromDateTime(input.opensAt as DateTime);
  const closesAt = dateFromDateTime(input.closesAt as DateTime);
  if (closesAt <= opensAt) {
    throw new AppError('CodeInvalidArgument', { fields: [{ field: 'closesAt', description: 'after opensAt' }] });
  }
  if (closesAt <= now) {
    throw new AppError('CodeInvalidArgument', { fields: [{ field: 'closesAt', description: 'in the future' }] });
  }
  const group = await repo.houseGroupForRound(deps.db, input.houseGroupId);
  if (!group) throw new AppError('CodeNotFound', { fields: [{ field: 'houseGroupId', description: 'no such id' }] });
  const unreal: FieldIssue[] = [];
  input.periods.forEach((p, i) => {
    if (!realIsoFromCivil(p.checkinDate))
      unreal.push({ field: `periods.${i}.checkinDate`, description: 'no such date' });
    if (!realIsoFromCivil(p.checkoutDate))
      unreal.push({ field: `periods.${i}.checkoutDate`, description: 'no such date' });
  });
  if (unreal.length > 0) throw new AppError('CodeInvalidArgument', { fields: unreal });
  const periods = input.periods
    .map((p) => ({ checkinDate: isoFromCivil(p.checkinDate), checkoutDate: isoFromCivil(p.checkoutDate) }))
    .map((p) => ({ ...p, valid: p.checkoutDate > p.checkinDate }));
  const valid = periods.filter((p) => p.valid);
  const from = valid.reduce((m, p) => (p.checkinDate < m ? p.checkinDate : m), '9999-12-31');
  const to = valid.reduce((m, p) => (p.checkoutDate > m ? p.checkoutDate : m), '0000-01-01');
  const high = valid.length > 0 ? await repo.highDatesOnSale(deps.db, input.houseGroupId, from, to) : new Set<string>();
  const problems = periodProblems(periods, {
    slotYear: input.slotYear,
    windowClosesOn: todayIn(group.timezone, closesAt),
    maxNights: MAX_PERIOD_NIGHTS,
    isHighOnSale: (d) => high.has(d),
  });
  if (problems.length > 0) throw new AppError('CodeInvalidArgument', { fields: problems.map(problemField) });

  const roundId = `round-${randomUUID()}`;
  await withTx(deps.db, async (tx) => {
    await repo.lockHouseGroup(tx, input.houseGroupId);
    for (const [index, p] of periods.entries()) {
      const other = await repo.undrawnRoundOverlapping(tx, input.houseGroupId, p.checkinDate, p.checkoutDate);
      if (other) {
        throw new AppError('CodeAllocationPeriodOverlaps', {
          fields: [{ field: `periods.${index}`, description: `offered by round ${other}` }],
        });
      }
    }
    const sorted = [...periods].sort((a, b) => (a.checkinDate < b.checkinDate ? -1 : 1));
    const round = {
      id: roundId,
      houseGroupId: input.houseGroupId,
      slotYear: input.slotYear,
      opensAt,
      closesAt,
      maxRequests: input.maxRequests ?? MAX_RANKED_PERIODS,
      createdBy: actor,
      createdAt: now,
    };
    const rows = sorted.map((p) => ({ id: `period-${randomUUID()}`, ...p }));
    await repo.insertRound(tx, round, rows);
    await recordAudit(tx, {
      actor,
      action: 'allocation-round.create',
      entity: 'allocation_round',
      entityId: roundId,
      after: { ...round, periods: rows.map(({ valid: _v, ...p }) => p) },
      at: now,
    });
  });
  const round = await requireRound(deps.db, roundId, language);
  return { round: roundView(round, await repo.periodsOfRounds(deps.db, [roundId]), deps.clock.now()) };
}

export async function listRounds(deps: Deps, input: { houseGroupId?: string | undefined }, language: Language) {
  const rounds = await repo.listRounds(deps.db, { houseGroupId: input.houseGroupId, limit: 200 }, language);
  const periods = await repo.periodsOfRounds(
    deps.db,
    rounds.map((r) => r.id),
  );
  const now = deps.clock.now();
  return { rounds: rounds.map((r) => roundView(r, periods, now)) };
}

/**
 * Reads everything the draw depends on, in the draw's transaction with the round locked: each
 * request's share with its fraction, earlier high-season wins and high slots left in the slot
 * year, and each period's houses free for all its nights.
 */
async function drawInput(tx: Db, round: repo.RoundRecord): Promise<DrawInput> {
  const periods = await repo.periodsOfRounds(tx, [round.id]);
  const requests = await repo.requestsOfRound(tx, round.id);
  const prior = await repo.priorHighNights(
    tx,
    round.houseGroupId,
    round.id,
    requests.map((q) => q.shareId),
  );
  const drawPeriods = [];
  for (const p of periods) {
    drawPeriods.push({
      periodId: p.id,
      nights: daysBetween(p.checkinDate, p.checkoutDate),
      capacity: await repo.freeHouseCount(tx, round.houseGroupId, p.checkinDate, p.checkoutDate),
    });
  }
  const participants: DrawParticipant[] = [];
  for (const q of requests) {
    participants.push({
      shareId: q.shareId,
      numerator: q.numerator,
      denominator: q.denominator,
      highNightsPerYear: q.highNightsPerYear,
      priorHighNights: prior.get(q.shareId) ?? 0,
      highSlots: Math.max(0, (await balance(tx, q.shareId, round.slotYear)).HIGH),
      wantedPeriods: q.wantedPeriods,
      ranked: q.periodIds,
    });
  }
  return { periods: drawPeriods, participants };
}

/** How long one call's claim on an allocation it is booking keeps other calls away (a booking takes milliseconds). */
const BOOKING_CLAIM_MS = 60_000;

/**
 * Books each allocation still PENDING as its winner's own-use stay, and records the outcome. The
 * booking's reference is the allocation's, so a retry (a second draw call after a crash) never
 * books twice, and each allocation is claimed first, so two calls at once never book it twice
 * either. A refusal (slots spent meanwhile, the house taken) marks the allocation FAILED and
 * its dates stay open first-come; anything else leaves it PENDING for the next call.
 */
async function bookPending(deps: Deps, round: repo.RoundRecord, createBooking: CreateAllocatedBooking): Promise<void> {
  const pending = (await repo.allocationsOfRounds(deps.db, [round.id])).filter((a) => a.outcome === 'PENDING');
  if (pending.length === 0) return;
  const holders = new Map(
    (
      await repo.sharesByIds(
        deps.db,
        pending.map((a) => a.shareId),
      )
    ).map((s) => [s.id, s]),
  );
  const requests = new Map((await repo.requestsOfRound(deps.db, round.id)).map((q) => [q.shareId, q]));
  for (const a of pending) {
    const holder = holders.get(a.shareId);
    const request = requests.get(a.shareId);
    if (!holder || !request) continue;
    const now = deps.clock.now();
    // Another call is booking it right now: leave it to that call.
    if (!(await repo.claimAllocation(deps.db, a.id, now, new Date(now.getTime() - BOOKING_CLAIM_MS)))) continue;
    try {
      const booked = await createBooking(deps, {
        accountId: holder.accountId,
        shareId: a.shareId,
        checkinDate: a.checkinDate,
        checkoutDate: a.checkoutDate,
        adults: request.adults,
        reference: `allocation:${a.id}`,
      });
      await repo.settleAllocation(deps.db, a.id, { outcome: 'BOOKED', ...booked, at: deps.clock.now() });
    } catch (err) {
      if (err instanceof AppError) {
        await repo.settleAllocation(deps.db, a.id, {
          outcome: 'FAILED',
          failureReason: err.reason,
          at: deps.clock.now(),
        });
      } else {
        await repo.releaseAllocation(deps.db, a.id);
        deps.log.error('allocated own-use booking failed; left pending', { err: String(err), allocationId: a.id });
      }
    }
  }
}

/**
 * staff_run_allocation_draw: once the window has closed, draws (once: the round's row is locked
 * and the record written in the same transaction) and books the winners' stays. A second call
 * returns the recorded draw and books whatever is still pending.
 */
export async function runAllocationDraw(
  deps: Deps,
  createBooking: CreateAllocatedBooking,
  actor: string,
  input: { roundId: string; seed?: string | undefined },
  language: Language,
) {
  const found = await requireRound(deps.db, input.roundId, language);
  if (!found.drawnAt) {
    const now = deps.clock.now();
    if (now < found.closesAt) {
      throw new AppError('CodeAllocationWindowNotClosed', {
        fields: [{ field: 'roundId', description: `the window closes at ${found.closesAt.toISOString()}` }],
      });
    }
    await withTx(deps.db, async (tx) => {
      const locked = await repo.lockRound(tx, found.id);
      if (!locked || locked.drawnAt) return;
      const drawIn = await drawInput(tx, found);
      const seed = input.seed ?? randomBytes(16).toString('hex');
      const result = draw(seed, drawIn);
      const byShare = new Map(drawIn.participants.map((p) => [p.shareId, p]));
      const order: RecordedOrderEntry[] = result.order.map((o) => {
        const p = byShare.get(o.shareId)!;
        return {
          position: o.position,
          shareId: o.shareId,
          fraction: { numerator: p.numerator, denominator: p.denominator },
          priorHighNights: p.priorHighNights,
          highSlotsAtDraw: p.highSlots,
          random: o.random,
          priority: o.priority,
        };
      });
      await repo.recordDraw(
        tx,
        {
          roundId: found.id,
          drawnAt: now,
          drawnBy: actor,
          seed,
          algorithmVersion: DRAW_ALGORITHM_VERSION,
          inputSnapshot: { roundId: found.id, slotYear: found.slotYear, ...drawIn },
          order,
          steps: result.steps,
        },
        result.allocations.map((a) => ({ id: `allocation-${randomUUID()}`, ...a })),
      );
      await recordAudit(tx, {
        actor,
        action: 'allocation-round.draw',
        entity: 'allocation_round',
        entityId: found.id,
        after: { seed, algorithmVersion: DRAW_ALGORITHM_VERSION, allocations: result.allocations },
        at: now,
      });
    });
  }
  await bookPending(deps, await requireRound(deps.db, found.id, language), createBooking);
  const round = await requireRound(deps.db, found.id, language);
  return {
    round: roundView(round, await repo.periodsOfRounds(deps.db, [round.id]), deps.clock.now()),
    draw: drawView(round)!,
    allocations: (await repo.allocationsOfRounds(deps.db, [round.id])).map(allocationView),
  };
}

// Owners -------------------------------------------------------------------------------------------

/** The caller's shares of a round's house group with their high slots, lists and allocations. */
async function ownerShares(
  db: Db,
  rounds: readonly repo.RoundRecord[],
  held: readonly shareRepo.OwnerShareView[],
): Promise<Map<string, OwnerShareView[]>> {
  const roundIds = rounds.map((r) => r.id);
  const shareIds = held.map((s) => s.id);
  const requests = await repo.requestsOfShares(db, roundIds, shareIds);
  const allocations = await repo.allocationsOfRounds(db, roundIds, shareIds);
  const out = new Map<string, OwnerShareView[]>();
  for (const r of rounds) {
    const views: OwnerShareView[] = [];
    for (const s of held.filter((h) => h.houseGroupId === r.houseGroupId)) {
      const q = requests.find((x) => x.roundId === r.id && x.shareId === s.id);
      views.push({
        shareId: s.id,
        fraction: { numerator: s.numerator, denominator: s.denominator },
        highSlotsRemaining: (await balance(db, s.id, r.slotYear)).HIGH,
        request: q ? requestView(q, r) : null,
        allocations: allocations.filter((a) => a.roundId === r.id && a.shareId === s.id).map(allocationView),
      });
    }
    out.set(r.id, views);
  }
  return out;
}

/** list_open_allocation_rounds: the rounds of the caller's house groups for this slot year and later. */
export async function listOpenRounds(deps: Deps, accountId: string, language: Language) {
  const user = await requireUser(deps, accountId);
  const held = await shareRepo.sharesOfUser(deps.db, user.id, language);
  if (held.length === 0) return { rounds: [] };
  const now = deps.clock.now();
  const candidates = await repo.roundsOfHouseGroups(
    deps.db,
    [...new Set(held.map((s) => s.houseGroupId))],
    now.getUTCFullYear() - 1,
    language,
  );
  // What an owner can act on first: open rounds, then those opening, waiting for their draw, drawn.
  const rank = { OPEN: 0, SCHEDULED: 1, CLOSED: 2, DRAWN: 3 } as const;
  const rounds = candidates
    .filter((r) => r.slotYear >= Number(todayIn(r.timezone, now).slice(0, 4)))
    .sort((a, b) => rank[roundStatus(a, now)] - rank[roundStatus(b, now)]);
  const periods = await repo.periodsOfRounds(
    deps.db,
    rounds.map((r) => r.id),
  );
  const shares = await ownerShares(deps.db, rounds, held);
  return { rounds: rounds.map((r) => ({ ...roundView(r, periods, now), shares: shares.get(r.id) ?? [] })) };
}

/** The round, if the caller holds a share of its house group (else it is answered as missing), and their shares of it. */
async function ownersRound(deps: Deps, accountId: string, roundId: string, language: Language) {
  const user = await requireUser(deps, accountId);
  const round = await requireRound(deps.db, roundId, language);
  const held = (await shareRepo.sharesOfUser(deps.db, user.id, language)).filter(
    (s) => s.houseGroupId === round.houseGroupId,
  );
  if (held.length === 0) throw new AppError('CodeAllocationRoundNotFound');
  return { user, round, held };
}

/** get_allocation_round: the whole round for staff; an owner's own part of it for an owner of its house group. */
export async function getRound(deps: Deps, principal: Principal, roundId: string, language: Language) {
  const now = deps.clock.now();
  if (principal.roles.includes('staff')) {
    const round = await requireRound(deps.db, roundId, language);
    const requests: StaffRequestView[] = (await repo.requestsOfRound(deps.db, round.id)).map((q) => ({
      ...requestView(q, round),
      holderName: q.holderName,
      romanizedHolderName: q.romanizedHolderName,
      userNumber: q.userNumber,
      fraction: { numerator: q.numerator, denominator: q.denominator },
    }));
    return {
      round: roundView(round, await repo.periodsOfRounds(deps.db, [round.id]), now),
      shares: [],
      requests,
      allocations: (await repo.allocationsOfRounds(deps.db, [round.id])).map(allocationView),
      draw: drawView(round),
    };
  }
  // Staff and owners may read a round; to anyone else it does not exist (as another group's round to an owner).
  if (!(await isOwnerAccount(deps, principal.accountId))) throw new AppError('CodeAllocationRoundNotFound');
  const { round, held } = await ownersRound(deps, principal.accountId, roundId, language);
  const shares = (await ownerShares(deps.db, [round], held)).get(round.id) ?? [];
  return {
    round: roundView(round, await repo.periodsOfRounds(deps.db, [round.id]), now),
    shares,
    requests: [],
    allocations: shares.flatMap((s) => s.allocations),
    draw: null,
  };
}

function requireOpen(round: repo.RoundRecord, now: Date): void {
  if (roundStatus(round, now) !== 'OPEN') {
    throw new AppError('CodeAllocationWindowClosed', {
      fields: [
        {
          field: 'roundId',
          description: `open from ${round.opensAt.toISOString()} until ${round.closesAt.toISOString()}`,
        },
      ],
    });
  }
}

function requireShareOf(held: readonly shareRepo.OwnerShareView[], shareId: string): shareRepo.OwnerShareView {
  const share = held.find((s) => s.id === shareId);
  // A share of another house group or another owner is answered as missing.
  if (!share) throw new AppError('CodeShareNotFound');
  return share;
}

export type SubmitRequestsInput = {
  roundId: string;
  shareId: string;
  periodIds: string[];
  wantedPeriods?: number | undefined;
  adults: number;
};

/**
 * submit_allocation_requests: replaces a share's ranked list while the window is open. Every period
 * must be one the round offers and fit the share's high slots left in the slot year now (the draw
 * checks again with the slots left then).
 */
export async function submitRequests(deps: Deps, accountId: string, input: SubmitRequestsInput, language: Language) {
  const { round, held } = await ownersRound(deps, accountId, input.roundId, language);
  const share = requireShareOf(held, input.shareId);
  requireOpen(round, deps.clock.now());
  const fields: FieldIssue[] = [];
  if (new Set(input.periodIds).size !== input.periodIds.length) {
    fields.push({ field: 'periodIds', description: 'each period once' });
  }
  if (input.periodIds.length > round.maxRequests) {
    fields.push({ field: 'periodIds', description: `at most ${round.maxRequests} periods in this round` });
  }
  const wanted = input.wantedPeriods ?? 1;
  if (wanted > input.periodIds.length) {
    fields.push({ field: 'wantedPeriods', description: 'at most the number of periods listed' });
  }
  const periods = new Map((await repo.periodsOfRounds(deps.db, [round.id])).map((p) => [p.id, p]));
  input.periodIds.forEach((id, i) => {
    if (!periods.has(id)) fields.push({ field: `periodIds.${i}`, description: 'not a period of this round' });
  });
  if (input.adults < round.minAdults || input.adults > round.maxAdults) {
    fields.push({ field: 'adults', description: `from ${round.minAdults} to ${round.maxAdults}` });
  }
  if (fields.length > 0) throw new AppError('CodeInvalidArgument', { fields });

  const high = (await balance(deps.db, share.id, round.slotYear)).HIGH;
  const longest = Math.max(
    ...input.periodIds.map((id) => {
      const p = periods.get(id)!;
      return daysBetween(p.checkinDate, p.checkoutDate);
    }),
  );
  if (longest > high) {
    throw new AppError('CodeInsufficientSlots', {
      fields: [{ field: 'slotHigh', description: `${round.slotYear} balance ${high}, needed ${longest}` }],
    });
  }
  const request: repo.RequestRecord = {
    roundId: round.id,
    shareId: share.id,
    periodIds: input.periodIds,
    wantedPeriods: wanted,
    adults: input.adults,
    submittedAt: deps.clock.now(),
  };
  await withTx(deps.db, async (tx) => {
    const locked = await repo.lockRound(tx, round.id);
    // A draw that ran since the round was read ends the window whatever the clock says.
    if (!locked || locked.drawnAt) throw new AppError('CodeAllocationWindowClosed');
    await repo.upsertRequest(tx, request);
  });
  return { request: requestView(request, round) };
}

/** withdraw_allocation_requests: removes a share's list while the window is open. */
export async function withdrawRequests(
  deps: Deps,
  accountId: string,
  input: { roundId: string; shareId: string },
  language: Language,
) {
  const { round, held } = await ownersRound(deps, accountId, input.roundId, language);
  const share = requireShareOf(held, input.shareId);
  requireOpen(round, deps.clock.now());
  const withdrawn = await withTx(deps.db, async (tx) => {
    await repo.lockRound(tx, round.id);
    return repo.deleteRequest(tx, round.id, share.id);
  });
  return { withdrawn };
}

/**
 * The round that reserves some of [checkinDate, checkoutDate) of a house group, or null: a round
 * reserves its periods' nights from its creation until its draw has run. The own-use booking type
 * refuses a first-come hold of such dates (CodeDatesReservedForAllocation).
 */
export async function reservedByAllocationRound(
  db: Db,
  houseGroupId: string,
  checkinDate: IsoDate,
  checkoutDate: IsoDate,
): Promise<{ roundId: string } | null> {
  const roundId = await repo.undrawnRoundOverlapping(db, houseGroupId, checkinDate, checkoutDate);
  return roundId ? { roundId } : null;
}
