import { readOwnerHoldContext, type OwnerHoldContext } from './owner-hold-context.repo.js';
import { randomUUID } from 'node:crypto';
import { todayIn } from '@yado/contract/civil-date';
import { dateTimeFromDate } from '@yado/contract/date-time';
import type { Language } from '@yado/contract/headers';
import type { OwnerShareSchema, SlotYearBalanceSchema, StaffOwnerShareSchema } from '@yado/contract/ownership.contract';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error.js';
import { withTx, type Db } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import { recordAudit } from '../audit/audit.service.js';
import { isAccountId } from '../identity/identity.service.js';
import { findUserOfAccount, markOwner, requireUser } from '../user/user.service.js';
import * as repo from './owner-share.repo.js';
import * as ledger from './slot-ledger.repo.js';
import { fitsInWhole, isGrantableFraction, nightsPerSlotYear, offerUnits, slotYearOf } from './slot-ledger.rules.js';
import { settleShareYears } from './slot-ledger.service.js';

type ShareView = z.input<typeof OwnerShareSchema>;
type YearView = z.input<typeof SlotYearBalanceSchema>;
type StaffShareView = z.input<typeof StaffOwnerShareSchema>;

function shareView(s: repo.OwnerShareView): ShareView {
  return {
    shareId: s.id,
    houseGroupId: s.houseGroupId,
    houseGroupName: s.houseGroupName,
    fraction: { numerator: s.numerator, denominator: s.denominator },
    nightsPerSlotYear: s.standardNights + s.highNights,
    standardNightsPerSlotYear: s.standardNights,
    highNightsPerSlotYear: s.highNights,
    firstSlotYear: s.firstSlotYear,
    grantedAt: dateTimeFromDate(s.grantedAt),
  };
}

/** Ledger totals grouped into one view per share and slot year, oldest year first. */
function yearViews(totals: readonly ledger.YearTotals[]): Map<string, YearView[]> {
  const zero = { granted: 0, consumed: 0, returned: 0, expired: 0, remaining: 0 };
  const out = new Map<string, Map<number, YearView>>();
  for (const t of totals) {
    const years = out.get(t.shareId) ?? new Map<number, YearView>();
    const y = years.get(t.slotYear) ?? { slotYear: t.slotYear, standard: zero, high: zero, highSubstituteUsed: 0 };
    const tier = {
      granted: t.granted,
      consumed: t.consumed,
      returned: t.returned,
      expired: t.expired,
      remaining: t.balance,
    };
    if (t.tier === 'HIGH') y.high = tier;
    else y.standard = tier;
    y.highSubstituteUsed += t.highSubstitute;
    years.set(t.slotYear, y);
    out.set(t.shareId, years);
  }
  return new Map([...out].map(([id, years]) => [id, [...years.values()].sort((a, b) => a.slotYear - b.slotYear)]));
}

/** get_slot_balance: the caller's shares with their balances per slot year and tier. */
export async function getSlotBalance(
  deps: Deps,
  accountId: string,
  language: Language,
  input: { shareId?: string | undefined; slotYear?: number | undefined },
) {
  const user = await requireUser(deps, accountId);
  let held = await repo.sharesOfUser(deps.db, user.id, language);
  if (input.shareId !== undefined) {
    // Another owner's share is answered as if it did not exist.
    held = held.filter((s) => s.id === input.shareId);
    if (held.length === 0) throw new AppError('CodeShareNotFound');
  }
  const years = yearViews(
    await ledger.yearTotals(
      deps.db,
      held.map((s) => s.id),
      input.slotYear,
    ),
  );
  return { shares: held.map((s) => ({ ...shareView(s), years: years.get(s.id) ?? [] })) };
}

/**
 * The shares a user holds, oldest grant first, each with its house group's zone and every slot year
 * of its ledger per tier (the owner area's home and calendars read them).
 */
export async function shareBalancesOfUser(deps: Deps, userId: string, language: Language) {
  const held = await repo.sharesOfUser(deps.db, userId, language);
  const years = yearViews(
    await ledger.yearTotals(
      deps.db,
      held.map((s) => s.id),
    ),
  );
  return held.map((s) => ({ ...shareView(s), timezone: s.timezone, years: years.get(s.id) ?? [] }));
}

/** The caller's shares (list_be_owner_houses shows them beside the offers). */
export async function sharesOfUser(deps: Deps, userId: string, language: Language): Promise<ShareView[]> {
  return (await repo.sharesOfUser(deps.db, userId, language)).map(shareView);
}

async function staffViews(db: Db, shares: readonly repo.OwnerShareView[], now: Date): Promise<StaffShareView[]> {
  const totals = await ledger.yearTotals(
    db,
    shares.map((s) => s.id),
  );
  const years = yearViews(totals);
  return shares.map((s) => {
    const current = slotYearOf(todayIn(s.timezone, now));
    return {
      ...shareView(s),
      accountId: s.accountId,
      userNumber: s.userNumber,
      holderName: `${s.lastName} ${s.firstName}`.trim(),
      romanizedHolderName: `${s.romanizedFirstName} ${s.romanizedLastName}`.trim(),
      emailAddress: s.emailAddress,
      currentSlotYear: years.get(s.id)?.find((y) => y.slotYear === current) ?? null,
    };
  });
}

export async function staffListShares(
  deps: Deps,
  input: { houseGroupId?: string | undefined; accountId?: string | undefined },
  language: Language,
) {
  if (input.accountId !== undefined && !isAccountId(input.accountId)) return { shares: [] };
  const shares = await repo.listShareViews(
    deps.db,
    { houseGroupId: input.houseGroupId, accountId: input.accountId, limit: 200 },
    language,
  );
  return { shares: await staffViews(deps.db, shares, deps.clock.now()) };
}

export type GrantShareInput = {
  accountId: string;
  houseGroupId: string;
  numerator: number;
  denominator: number;
  firstSlotYear?: number | undefined;
};

/** Refuses a grant that would take the house group's shares (or its offer's) past the whole. */
async function checkRoom(tx: Db, input: GrantShareInput): Promise<number | null> {
  const fraction = { numerator: input.numerator, denominator: input.denominator };
  const existing = await repo.sharesOfHouseGroup(tx, input.houseGroupId);
  if (!fitsInWhole([...existing, fraction])) throw new AppError('CodeSharesExceedHouseGroup');
  const offer = await repo.lockOffer(tx, input.houseGroupId);
  if (!offer) return null;
  const units = offerUnits(fraction, offer.totalShares);
  if (units === null) {
    throw new AppError('CodeInvalidArgument', {
      fields: [{ field: 'denominator', description: `a whole number of the offer's shares (1/${offer.totalShares})` }],
    });
  }
  if (units > offer.totalShares - offer.sharesSold) throw new AppError('CodeSharesExceedHouseGroup');
  return units;
}

/**
 * staff_grant_share: one transaction writes the share, the offer's shares sold, the user's owner
 * type, the approval of a pending application and the grants of the open slot years, audited.
 */
export async function grantShare(
  deps: Deps,
  by: { actor: string; reviewerAccountId: string | null },
  input: GrantShareInput,
  language: Language,
) {
  const fraction = { numerator: input.numerator, denominator: input.denominator };
  if (!isGrantableFraction(fraction)) {
    throw new AppError('CodeInvalidArgument', {
      fields: [{ field: 'numerator', description: 'at most the denominator' }],
    });
  }
  const user = isAccountId(input.accountId) ? await findUserOfAccount(deps, input.accountId) : null;
  if (!user || user.anonymisedAt) throw new AppError('CodeUserNotFound');
  const { actor } = by;
  const shareId = await withTx(deps.db, async (tx) => {
    const now = deps.clock.now();
    const group = await repo.lockHouseGroupForShares(tx, input.houseGroupId);
    if (!group) throw new AppError('CodeNotFound', { fields: [{ field: 'houseGroupId', description: 'no such id' }] });
    const units = await checkRoom(tx, input);
    if (units !== null) await repo.addSharesSold(tx, input.houseGroupId, units);
    const nights = nightsPerSlotYear(fraction);
    const today = todayIn(group.timezone, now);
    const share: repo.OwnerShare = {
      id: `share-${randomUUID()}`,
      userId: user.id,
      houseGroupId: input.houseGroupId,
      numerator: input.numerator,
      denominator: input.denominator,
      standardNights: nights.standard,
      highNights: nights.high,
      firstSlotYear: input.firstSlotYear ?? slotYearOf(today),
      applicationId: await repo.approvePendingApplication(tx, {
        userId: user.id,
        houseGroupId: input.houseGroupId,
        reviewer: by.reviewerAccountId,
        now,
      }),
      grantedBy: actor,
      grantedAt: now,
    };
    await repo.insertShare(tx, share);
    await markOwner(tx, user.id, actor, now);
    await settleShareYears(tx, share, today, actor, now);
    await recordAudit(tx, {
      actor,
      action: 'owner-share.grant',
      entity: 'owner_share',
      entityId: share.id,
      after: { ...share, grantedAt: now.toISOString() },
      at: now,
    });
    return share.id;
  });
  const view = await repo.findShareView(deps.db, shareId, language);
  if (!view) throw new AppError('CodeShareNotFound');
  return { share: (await staffViews(deps.db, [view], deps.clock.now()))[0]! };
}

/** A share of the caller's, or CodeShareNotFound (another owner's share is answered as missing). */
export async function requireOwnShare(deps: Deps, accountId: string, shareId: string) {
  const user = await requireUser(deps, accountId);
  const share = await repo.findShareWithZone(deps.db, shareId);
  if (!share || share.userId !== user.id) throw new AppError('CodeShareNotFound');
  return share;
}

/** The caller's shares of one house group (own use books on one of them), or CodeNotOwner when there is none. */
export async function requireSharesOfHouseGroup(deps: Deps, accountId: string, houseGroupId: string) {
  const user = await requireUser(deps, accountId);
  const held = (await repo.sharesOfUser(deps.db, user.id, 'en')).filter((s) => s.houseGroupId === houseGroupId);
  if (held.length === 0) throw new AppError('CodeNotOwner');
  return held;
}

/** The shares of these users (an owner, and the owners who share with a family member), oldest first. */
export async function sharesHeldBy(db: Db, userIds: readonly string[]) {
  return repo.sharesOfUserIds(db, userIds);
}

/**
 * The shares an account may pay with (its own, and those of owners who share with it), oldest
 * first, each with whether it is a family member's: one read for an owner hold or quote.
 */
export async function sharesUsableByAccount(db: Db, accountId: string) {
  return repo.sharesUsableByAccount(db, accountId);
}

/** Every share of a house group, whoever holds it, oldest first (the owners a question is put to). */
export async function sharesOfHouseGroup(db: Db, houseGroupId: string) {
  return repo.sharesOfHouseGroup(db, houseGroupId);
}

/** One share by id (any holder's), or null. */
export async function findShare(db: Db, shareId: string) {
  return (await repo.sharesOfIds(db, [shareId]))[0] ?? null;
}

export type OwnerHoldContextRead = OwnerHoldContext;

/** The caller, usable shares and their balances, the owner settings and the reservation, in one read (see the repo). */
export async function ownerHoldContext(db: Db, input: Parameters<typeof readOwnerHoldContext>[1]) {
  return readOwnerHoldContext(db, input);
}
