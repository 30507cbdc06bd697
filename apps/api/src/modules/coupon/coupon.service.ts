import { randomUUID } from 'node:crypto';
import type {
  checkCoupon as checkCouponMethod,
  Coupon,
  staffCreateCoupon,
  staffListCoupons,
  StaffCoupon,
  staffUpdateCoupon,
} from '@yado/contract/coupon.contract';
import { civilFromIso } from '@yado/contract/civil-date';
import { dateFromDateTime, dateTimeFromDate } from '@yado/contract/date-time';
import type { Language } from '@yado/contract/headers';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error.js';
import { withTx, type Db } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import { recordAudit } from '../audit/audit.service.js';
import { requireUser } from '../user/user.service.js';
import * as rules from './coupon.rules.js';
import * as repo from './coupon.repo.js';
import type { CouponRecord, CouponWrite } from './coupon.repo.js';

type CouponKey = { couponType: CouponRecord['couponType']; code: string };

/** The status a guest sees; a withdrawn coupon is never shown at all. */
function statusOf(c: CouponRecord, now: Date): Coupon['status'] {
  const time = rules.timeStatus(c, now);
  if (time === 'NOT_YET_VALID') return 'NOT_YET_VALID';
  if (time === 'EXPIRED') return 'EXPIRED';
  return c.limitTotal !== null && c.redemptionCount >= c.limitTotal ? 'EXHAUSTED' : 'ACTIVE';
}

async function findActive(db: Db, key: CouponKey): Promise<CouponRecord> {
  const coupon = await repo.findByKey(db, key.couponType, key.code);
  // A withdrawn coupon answers exactly like an unknown one, so withdrawing a leaked code ends it.
  if (!coupon || !coupon.active) throw new AppError('CodeCouponNotFound');
  return coupon;
}

export async function getCoupon(deps: Deps, key: CouponKey, language: Language): Promise<Coupon> {
  const coupon = await findActive(deps.db, key);
  const houseGroups = coupon.allHouseGroups ? [] : await repo.houseGroupNames(deps.db, coupon.id, language);
  const status = statusOf(coupon, deps.clock.now());
  return {
    couponType: coupon.couponType,
    code: coupon.code,
    title: language === 'ja' ? coupon.titleJa : coupon.titleEn,
    description: language === 'ja' ? coupon.descriptionJa : coupon.descriptionEn,
    discount: coupon.discount,
    validFrom: dateTimeFromDate(coupon.validFrom),
    validTo: dateTimeFromDate(coupon.validTo),
    stayDateFrom: coupon.stayDateFrom === null ? null : civilFromIso(coupon.stayDateFrom),
    stayDateTo: coupon.stayDateTo === null ? null : civilFromIso(coupon.stayDateTo),
    allHouseGroups: coupon.allHouseGroups,
    houseGroups,
    status,
    available: status !== 'EXHAUSTED',
  };
}

export type CheckCouponInput = z.output<typeof checkCouponMethod.input>;

/** What the coupon would take off this stay for this user, without using it up. */
export async function checkCoupon(
  deps: Deps,
  accountId: string,
  input: CheckCouponInput,
  language: Language,
): Promise<z.input<typeof checkCouponMethod.output>> {
  const checkinDate = rules.isoDate(input.checkinDate, 'checkinDate');
  const checkoutDate = rules.isoDate(input.checkoutDate, 'checkoutDate');
  rules.checkStayDates(checkinDate, checkoutDate);
  const user = await requireUser(deps, accountId);
  const coupon = await findActive(deps.db, input);
  if (!(await repo.houseGroupExists(deps.db, input.houseGroupId))) throw new AppError('CodeCouponNotApplicable');
  const counts = await repo.countRedemptions(deps.db, coupon.id, user.id);
  const result = rules.assertUsable(coupon, {
    now: deps.clock.now(),
    houseGroupId: input.houseGroupId,
    checkinDate,
    checkoutDate,
    amount: input.accommodationAmount,
    counts,
  });
  return {
    couponType: coupon.couponType,
    code: coupon.code,
    title: language === 'ja' ? coupon.titleJa : coupon.titleEn,
    discount: coupon.discount,
    accommodationAmount: input.accommodationAmount,
    ...result,
  };
}

export type RedeemCouponInput = CouponKey & {
  userId: string;
  houseGroupId: string;
  /** Civil dates, YYYY-MM-DD. */
  checkinDate: string;
  checkoutDate: string;
  accommodationAmount: number;
  bookingId: string | null;
  now: Date;
};

export type Redemption = { redemptionId: string; couponId: string; discountAmount: number; finalAmount: number };

/**
 * Uses a coupon inside the caller's transaction (the booking's), so the
 * redemption exists if and only if the booking does. The coupon row is locked
 * first: concurrent redemptions of one coupon wait for each other, and each
 * counts the ones committed before it, so neither the total limit nor the
 * per-user limit can be exceeded. Throws the same reasons as check_coupon.
 */
export async function redeemCoupon(tx: Db, input: RedeemCouponInput): Promise<Redemption> {
  rules.checkStayDates(input.checkinDate, input.checkoutDate);
  const couponId = await repo.lockByKey(tx, input.couponType, input.code);
  if (!couponId) throw new AppError('CodeCouponNotFound');
  const coupon = await repo.findById(tx, couponId);
  if (!coupon || !coupon.active) throw new AppError('CodeCouponNotFound');
  if (!(await repo.houseGroupExists(tx, input.houseGroupId))) throw new AppError('CodeCouponNotApplicable');
  const counts = await repo.countRedemptions(tx, coupon.id, input.userId);
  const result = rules.assertUsable(coupon, {
    now: input.now,
    houseGroupId: input.houseGroupId,
    checkinDate: input.checkinDate,
    checkoutDate: input.checkoutDate,
    amount: input.accommodationAmount,
    counts,
  });
  const redemptionId = randomUUID();
  await repo.insertRedemption(tx, {
    id: redemptionId,
    couponId: coupon.id,
    userId: input.userId,
    bookingId: input.bookingId,
    houseGroupId: input.houseGroupId,
    discountAmount: result.discountAmount,
    now: input.now,
  });
  await recordAudit(tx, {
    actor: `user:${input.userId}`,
    action: 'coupon.redeem',
    entity: 'coupon',
    entityId: coupon.id,
    after: { redemptionId, bookingId: input.bookingId, discountAmount: result.discountAmount },
    at: input.now,
  });
  return { redemptionId, couponId: coupon.id, ...result };
}

/**
 * Gives a redemption back (its booking was cancelled or never confirmed), so
 * it no longer counts against either limit. Idempotent: releasing twice is a no-op.
 */
export async function releaseCouponRedemption(
  tx: Db,
  input: { redemptionId: string; actor: string; now: Date },
): Promise<boolean> {
  const released = await repo.releaseRedemption(tx, input.redemptionId, input.now);
  if (!released) return false;
  await recordAudit(tx, {
    actor: input.actor,
    action: 'coupon.release',
    entity: 'coupon',
    entityId: released.couponId,
    after: { redemptionId: input.redemptionId },
    at: input.now,
  });
  return true;
}

// Staff ------------------------------------------------------------------------

export function toStaffView(c: CouponRecord): StaffCoupon {
  return {
    id: c.id,
    couponType: c.couponType,
    code: c.code,
    titleEn: c.titleEn,
    titleJa: c.titleJa,
    descriptionEn: c.descriptionEn,
    descriptionJa: c.descriptionJa,
    discount: c.discount,
    validFrom: dateTimeFromDate(c.validFrom),
    validTo: dateTimeFromDate(c.validTo),
    stayDateFrom: c.stayDateFrom === null ? null : civilFromIso(c.stayDateFrom),
    stayDateTo: c.stayDateTo === null ? null : civilFromIso(c.stayDateTo),
    allHouseGroups: c.allHouseGroups,
    houseGroupIds: c.houseGroupIds,
    limitPerUser: c.limitPerUser,
    limitTotal: c.limitTotal,
    active: c.active,
    redemptionCount: c.redemptionCount,
    createdAt: dateTimeFromDate(c.createdAt),
    updatedAt: dateTimeFromDate(c.updatedAt),
  };
}

/** What the audit log keeps of a coupon: its definition, without the moving redemption count. */
function auditShape(c: CouponRecord) {
  const { redemptionCount: _count, createdAt: _created, updatedAt: _updated, ...rest } = toStaffView(c);
  return rest;
}

type CouponFields = Omit<z.output<typeof staffUpdateCoupon.input>, 'couponId' | 'active'>;

async function toWrite(
  db: Db,
  base: { id: string; couponType: CouponRecord['couponType']; code: string; active: boolean },
  f: CouponFields,
): Promise<CouponWrite> {
  const write: CouponWrite = {
    ...base,
    titleEn: f.titleEn,
    titleJa: f.titleJa,
    descriptionEn: f.descriptionEn,
    descriptionJa: f.descriptionJa,
    discount: f.discount,
    validFrom: dateFromDateTime(f.validFrom),
    validTo: dateFromDateTime(f.validTo),
    stayDateFrom: f.stayDateFrom === null ? null : rules.isoDate(f.stayDateFrom, 'stayDateFrom'),
    stayDateTo: f.stayDateTo === null ? null : rules.isoDate(f.stayDateTo, 'stayDateTo'),
    allHouseGroups: f.allHouseGroups,
    houseGroupIds: [...new Set(f.houseGroupIds)].sort(),
    limitPerUser: f.limitPerUser,
    limitTotal: f.limitTotal,
  };
  rules.checkDefinition(write);
  const unknown = await repo.unknownHouseGroups(db, write.houseGroupIds);
  if (unknown.length) {
    throw new AppError('CodeInvalidArgument', {
      fields: [{ field: 'houseGroupIds', description: `no such house group: ${unknown.join(', ')}` }],
    });
  }
  return write;
}

async function requireCoupon(db: Db, id: string): Promise<CouponRecord> {
  const c = await repo.findById(db, id);
  if (!c) throw new AppError('CodeCouponNotFound');
  return c;
}

export async function createCoupon(
  deps: Deps,
  accountId: string,
  input: z.output<typeof staffCreateCoupon.input>,
): Promise<StaffCoupon> {
  const id = randomUUID();
  return withTx(deps.db, async (tx) => {
    const now = deps.clock.now();
    const write = await toWrite(tx, { id, couponType: input.couponType, code: input.code, active: true }, input);
    if (!(await repo.insertCoupon(tx, write, now))) throw new AppError('CodeCouponCodeTaken');
    const created = await requireCoupon(tx, id);
    await recordAudit(tx, {
      actor: `account:${accountId}`,
      action: 'coupon.create',
      entity: 'coupon',
      entityId: id,
      after: auditShape(created),
      at: now,
    });
    return toStaffView(created);
  });
}

export async function updateCoupon(
  deps: Deps,
  accountId: string,
  input: z.output<typeof staffUpdateCoupon.input>,
): Promise<StaffCoupon> {
  return withTx(deps.db, async (tx) => {
    // The lock keeps a redemption from counting against limits that are being changed under it.
    if (!(await repo.lockById(tx, input.couponId))) throw new AppError('CodeCouponNotFound');
    const before = await requireCoupon(tx, input.couponId);
    const now = deps.clock.now();
    const write = await toWrite(
      tx,
      { id: before.id, couponType: before.couponType, code: before.code, active: input.active },
      input,
    );
    await repo.updateCoupon(tx, write, now);
    const after = await requireCoupon(tx, before.id);
    await recordAudit(tx, {
      actor: `account:${accountId}`,
      action: 'coupon.update',
      entity: 'coupon',
      entityId: before.id,
      before: auditShape(before),
      after: auditShape(after),
      at: now,
    });
    return toStaffView(after);
  });
}

export async function deactivateCoupon(deps: Deps, accountId: string, couponId: string): Promise<StaffCoupon> {
  return withTx(deps.db, async (tx) => {
    if (!(await repo.lockById(tx, couponId))) throw new AppError('CodeCouponNotFound');
    const before = await requireCoupon(tx, couponId);
    const now = deps.clock.now();
    if (!before.active) return toStaffView(before);
    await repo.setActive(tx, couponId, false, now);
    const after = await requireCoupon(tx, couponId);
    await recordAudit(tx, {
      actor: `account:${accountId}`,
      action: 'coupon.deactivate',
      entity: 'coupon',
      entityId: couponId,
      before: auditShape(before),
      after: auditShape(after),
      at: now,
    });
    return toStaffView(after);
  });
}

export async function getStaffCoupon(deps: Deps, couponId: string): Promise<StaffCoupon> {
  return toStaffView(await requireCoupon(deps.db, couponId));
}

export async function listStaffCoupons(
  deps: Deps,
  input: z.output<typeof staffListCoupons.input>,
): Promise<{ coupons: StaffCoupon[]; nextPageToken: string }> {
  const offset = decodePageToken(input.pageToken);
  const rows = await repo.listCoupons(deps.db, {
    couponType: input.couponType ?? null,
    // The query is a plain substring: LIKE's own wildcards in it are escaped.
    query: input.query.replace(/[\\%_]/g, '\\$&'),
    includeInactive: input.includeInactive,
    limit: input.pageSize + 1,
    offset,
  });
  const more = rows.length > input.pageSize;
  return {
    coupons: rows.slice(0, input.pageSize).map(toStaffView),
    nextPageToken: more ? String(offset + input.pageSize) : '',
  };
}

function decodePageToken(token: string): number {
  if (token === '') return 0;
  const n = Number(token);
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new AppError('CodeInvalidArgument', { fields: [{ field: 'pageToken', description: 'not a page token' }] });
  }
  return n;
}
