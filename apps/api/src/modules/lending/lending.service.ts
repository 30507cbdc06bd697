import { createHash, randomBytes } from 'node:crypto';
import { addDays, civilFromIso, realIsoFromCivil, todayIn, type IsoDate } from '@yado/contract/civil-date';
import type { DateTime } from '@yado/contract/common.schema';
import { dateFromDateTime, dateTimeFromDate } from '@yado/contract/date-time';
import type { Language } from '@yado/contract/headers';
import type {
  LendingApplication,
  LendingApplicationDetail,
  LendingApplicationStatusValue,
  LendingProduct,
  VoucherLendingProduct,
} from '@yado/contract/lending.contract';
import { AppError } from '../../platform/app-error.js';
import { withTx, type Db } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import type { Task } from '../../platform/scheduler.js';
import { getHouseGroup } from '../catalogue/catalogue.service.js';
import { formatNac, formatRate, nacToYen, parseNacAmount, parseSignedNac } from '../nac/nac.service.js';
import { currentNacRate, moveNacInProduct } from '../nac/nac.service.js';
import { enqueueNotification } from '../notification/notification-event.service.js';
import { findUserOfAccount } from '../user/user.service.js';
import { issueAccommodationVoucher } from '../voucher/accommodation-voucher.service.js';
import {
  annualYieldPercent,
  bookingDaysRemaining,
  cancelOutcome,
  dueTransition,
  lendingAmount,
  lendingPeriod,
  LENDING_TIME_ZONE,
  paymentSchedule,
  TRANSFER_WINDOW_DAYS,
} from './lending.rules.js';
import * as repo from './lending.repo.js';

const today = (deps: Deps): IsoDate => todayIn(LENDING_TIME_ZONE, deps.clock.now());
const units = (text: string): bigint => parseSignedNac(text);
const title = (p: repo.ProductRecord, language: Language) => (language === 'ja' ? p.titleJa : p.titleEn);
const reference = (applicationId: string) => `lending:${applicationId}`;

async function houseGroupOf(deps: Deps, language: Language, id: string) {
  const { houseGroup: g } = await getHouseGroup(deps, language, id);
  return { id: g.id, name: g.name, placeName: g.placeName, timezone: g.timezone };
}

// Products -------------------------------------------------------------------------------------------

function toLendingProduct(p: repo.ProductRecord, language: Language): LendingProduct {
  const unit = units(p.unitLendingAmount!);
  const reward = units(p.unitExpectedRewardAmount!);
  return {
    id: p.id,
    title: title(p, language),
    unitLendingAmount: formatNac(unit),
    unitExpectedRewardAmount: formatNac(reward),
    expectedYield: annualYieldPercent(unit, reward, p.investmentPeriodDays),
    investmentPeriodDays: p.investmentPeriodDays,
    remainingStockQuantity: p.stocks.UNIT?.remaining ?? 0,
    totalStockQuantity: p.stocks.UNIT?.total ?? 0,
    imageUrl: p.imageUrl,
    nacReturnDate: civilFromIso(p.nacReturnDate),
    salesStartAt: dateTimeFromDate(p.salesStartAt),
  };
}

export async function listLendingProducts(deps: Deps, language: Language) {
  const rows = await repo.listProducts(deps.db, 'NAC', deps.clock.now());
  return { lendingProducts: rows.map((p) => toLendingProduct(p, language)) };
}

async function toVoucherProduct(deps: Deps, p: repo.ProductRecord, language: Language): Promise<VoucherLendingProduct> {
  return {
    id: p.id,
    title: title(p, language),
    houseGroup: await houseGroupOf(deps, language, p.houseGroupId!),
    standardNightNacAmount: formatNac(units(p.standardNightNacAmount!)),
    highNightNacAmount: formatNac(units(p.highNightNacAmount!)),
    standardRemainingStockQuantity: p.stocks.STANDARD?.remaining ?? 0,
    highRemainingStockQuantity: p.stocks.HIGH?.remaining ?? 0,
    bookingWindowMonths: p.bookingWindowMonths!,
    bookingExpireDate: civilFromIso(p.bookingExpireDate!),
    bookingDaysRemaining: bookingDaysRemaining(today(deps), p.bookingExpireDate!),
    bookingWindowDays: p.bookingWindowDays!,
    salesStartAt: dateTimeFromDate(p.salesStartAt),
    nacReturnDate: civilFromIso(p.nacReturnDate),
    // Sold out, nothing is left to draw for.
    lotteryStatus:
      (p.stocks.STANDARD?.remaining ?? 0) + (p.stocks.HIGH?.remaining ?? 0) === 0 ? 'CLOSED' : p.lotteryStatus,
    investmentPeriodDays: p.investmentPeriodDays,
    imageUrl: p.imageUrl,
  };
}

export async function listVoucherLendingProducts(deps: Deps, language: Language) {
  const rows = await repo.listProducts(deps.db, 'ACCOMMODATION_VOUCHER', deps.clock.now());
  return { voucherLendingProducts: await Promise.all(rows.map((p) => toVoucherProduct(deps, p, language))) };
}

type CreateProductInput = {
  lendingRewardType: 'NAC' | 'ACCOMMODATION_VOUCHER';
  titleEn: string;
  titleJa: string;
  imageUrl: string;
  investmentPeriodDays: number;
  salesStartAt: DateTime;
  nacReturnDate: { year: number; month: number; day: number };
  unitLendingAmount?: string | undefined;
  unitExpectedRewardAmount?: string | undefined;
  stockQuantity?: number | undefined;
  houseGroupId?: string | undefined;
  standardNightNacAmount?: string | undefined;
  highNightNacAmount?: string | undefined;
  standardStockQuantity?: number | undefined;
  highStockQuantity?: number | undefined;
  bookingWindowMonths?: number | undefined;
  bookingWindowDays?: number | undefined;
  bookingExpireDate?: { year: number; month: number; day: number } | undefined;
};

function invalid(field: string, description: string): never {
  throw new AppError('CodeInvalidArgument', { fields: [{ field, description }] });
}

function required<T>(value: T | undefined, field: string): T {
  if (value === undefined) invalid(field, 'required for this reward type');
  return value;
}

function nacField(text: string | undefined, field: string, allowZero = false): string {
  const t = required(text, field);
  if (allowZero && /^\s*0+(\.0+)?\s*$/.test(t)) return '0';
  const parsed = parseNacAmount(t);
  if (!parsed.ok) invalid(field, 'a NAC amount greater than zero with at most 8 decimal places');
  return formatNac(parsed.units);
}

function dateField(c: { year: number; month: number; day: number }, field: string): IsoDate {
  return realIsoFromCivil(c) ?? invalid(field, 'not a date of the calendar');
}

/** Staff create a product; its stock is offered in full. */
export async function createProduct(deps: Deps, input: CreateProductInput): Promise<{ productId: string }> {
  const id = `lp_${randomBytes(8).toString('hex')}`;
  const nacReturnDate = dateField(input.nacReturnDate, 'nacReturnDate');
  const base = {
    id,
    rewardType: input.lendingRewardType,
    titleEn: input.titleEn,
    titleJa: input.titleJa,
    imageUrl: input.imageUrl,
    investmentPeriodDays: input.investmentPeriodDays,
    salesStartAt: dateFromDateTime(input.salesStartAt),
    nacReturnDate,
    createdAt: deps.clock.now(),
    unitLendingAmount: null,
    unitExpectedRewardAmount: null,
    houseGroupId: null,
    standardNightNacAmount: null,
    highNightNacAmount: null,
    bookingWindowMonths: null,
    bookingWindowDays: null,
    bookingExpireDate: null,
  };
  if (input.lendingRewardType === 'NAC') {
    await repo.insertProduct(deps.db, {
      ...base,
      unitLendingAmount: nacField(input.unitLendingAmount, 'unitLendingAmount'),
      unitExpectedRewardAmount: nacField(input.unitExpectedRewardAmount, 'unitExpectedRewardAmount', true),
      stocks: [{ tier: 'UNIT', quantity: required(input.stockQuantity, 'stockQuantity') }],
    });
  } else {
    const houseGroupId = required(input.houseGroupId, 'houseGroupId');
    await houseGroupOf(deps, 'en', houseGroupId);
    await repo.insertProduct(deps.db, {
      ...base,
      houseGroupId,
      standardNightNacAmount: nacField(input.standardNightNacAmount, 'standardNightNacAmount'),
      highNightNacAmount: nacField(input.highNightNacAmount, 'highNightNacAmount'),
      bookingWindowMonths: required(input.bookingWindowMonths, 'bookingWindowMonths'),
      bookingWindowDays: required(input.bookingWindowDays, 'bookingWindowDays'),
      bookingExpireDate: dateField(required(input.bookingExpireDate, 'bookingExpireDate'), 'bookingExpireDate'),
      stocks: [
        { tier: 'STANDARD', quantity: required(input.standardStockQuantity, 'standardStockQuantity') },
        { tier: 'HIGH', quantity: required(input.highStockQuantity, 'highStockQuantity') },
      ],
    });
  }
  return { productId: id };
}

// Applications ---------------------------------------------------------------------------------------

async function toApplication(
  deps: Deps,
  a: repo.ApplicationRecord,
  language: Language,
  productCache = new Map<string, repo.ProductRecord>(),
): Promise<LendingApplication> {
  let p = productCache.get(a.productId);
  if (!p) {
    p = (await repo.findProduct(deps.db, a.productId))!;
    productCache.set(a.productId, p);
  }
  const nacUnits = units(a.nacAmount);
  const isNac = a.rewardType === 'NAC';
  return {
    lendingApplicationId: a.id,
    lendingApplicationNumber: a.applicationNumber,
    productId: a.productId,
    productTitle: title(p, language),
    nacAmount: formatNac(nacUnits),
    lendingRewardType: a.rewardType,
    startDate: a.startDate ? civilFromIso(a.startDate) : null,
    endDate: a.endDate ? civilFromIso(a.endDate) : null,
    status: a.status,
    nacReturnDate: civilFromIso(a.nacReturnDate),
    nacReward: isNac
      ? {
          rewardsCount: a.units,
          expectedRewardNacAmount: formatNac(units(a.expectedRewardNacAmount!)),
          expectedYield: annualYieldPercent(nacUnits, units(a.expectedRewardNacAmount!), p.investmentPeriodDays),
          investmentPeriodDays: p.investmentPeriodDays,
          horizontalImageUrl: p.imageUrl,
          thumbnailImageUrl: p.imageUrl,
        }
      : null,
    accommodationVoucherReward: isNac
      ? null
      : {
          rewardsCount: a.units,
          houseGroup: await houseGroupOf(deps, language, p.houseGroupId!),
          priceType: a.tier === 'HIGH' ? 'HIGH' : 'STANDARD',
        },
    paid: a.paidAt !== null,
    createdAt: dateTimeFromDate(a.createdAt),
  };
}

async function toDetail(deps: Deps, a: repo.ApplicationRecord, language: Language): Promise<LendingApplicationDetail> {
  const view = await toApplication(deps, a, language);
  const product = (await repo.findProduct(deps.db, a.productId))!;
  const events = await repo.listEvents(deps.db, a.id);
  const s = paymentSchedule({
    appliedOn: todayIn(LENDING_TIME_ZONE, a.createdAt),
    transferDeadline: a.transferDeadline,
    startDate: a.startDate,
    endDate: a.endDate,
    investmentPeriodDays: product.investmentPeriodDays,
    nacUnits: units(a.nacAmount),
    amountInJpy: a.amountInJpy,
  });
  return {
    ...view,
    paymentSchedules: [
      {
        paymentWindowMonth: s.paymentWindowMonth,
        withdrawalStartDate: civilFromIso(s.withdrawalStartDate),
        withdrawalEndDate: civilFromIso(s.withdrawalEndDate),
        startDate: civilFromIso(s.startDate),
        endDate: civilFromIso(s.endDate),
        amountInJpy: s.amountInJpy,
        nacAmount: formatNac(s.nacUnits),
      },
    ],
    timeline: events.map((e) => ({
      event: e.event as LendingApplicationDetail['timeline'][number]['event'],
      status: e.status,
      at: dateTimeFromDate(e.at),
    })),
    canPay: a.status === 'AWAITING_TRANSFER' && a.paidAt === null,
    canCancel: cancelOutcome(a.status, a.paidAt !== null, false) !== 'REFUSED',
  };
}

/**
 * The application's id. With an Idempotency-Key it is derived from the key, so a retry names the
 * same application and takes no stock twice even when the dispatcher has no stored answer to replay.
 */
function applicationId(accountId: string, key: string | null): string {
  if (!key) return `la_${randomBytes(12).toString('hex')}`;
  return `la_${createHash('sha256').update(`${accountId}\n${key}`).digest('hex').slice(0, 24)}`;
}

async function notify(
  db: Db,
  deps: Deps,
  a: { id: string; accountId: string },
  status: LendingApplicationStatusValue,
  event: string,
) {
  const user = await findUserOfAccount(deps, a.accountId).catch(() => null);
  if (!user) return;
  await enqueueNotification(db, deps.clock.now(), {
    userId: user.id,
    kind: 'LENDING_STATUS_CHANGED',
    params: { status },
    link: `/mypage/lending/${a.id}`,
    dedupeKey: `lending:${a.id}:${event}`,
  });
}

async function transition(
  tx: Db,
  deps: Deps,
  a: repo.ApplicationRecord,
  to: LendingApplicationStatusValue,
  event: string,
  opts: {
    actor?: string | null;
    notify?: boolean;
    change?: Omit<Parameters<typeof repo.updateApplication>[2], 'now'>;
  } = {},
) {
  const now = deps.clock.now();
  await repo.updateApplication(tx, a.id, { ...opts.change, status: to, now });
  await repo.insertEvent(tx, { applicationId: a.id, event, status: to, at: now, actorAccountId: opts.actor ?? null });
  if (opts.notify !== false) await notify(tx, deps, a, to, event);
}

export async function createApplication(
  deps: Deps,
  accountId: string,
  language: Language,
  input: { productId: string; units: number; priceType?: 'STANDARD' | 'HIGH' | undefined },
  idempotencyKey: string | null,
): Promise<{ lendingApplication: LendingApplicationDetail }> {
  const id = applicationId(accountId, idempotencyKey);
  const existing = await repo.findApplication(deps.db, id);
  if (existing) return { lendingApplication: await toDetail(deps, existing, language) };
  const product = await repo.findProduct(deps.db, input.productId);
  if (!product) throw new AppError('CodeLendingProductNotFound');
  if (product.salesStartAt > deps.clock.now() || today(deps) >= product.nacReturnDate) {
    throw new AppError('CodeLendingNotOnSale');
  }
  let tier: repo.Tier;
  let unitAmount: bigint;
  if (product.rewardType === 'NAC') {
    if (input.priceType) invalid('priceType', 'only for a voucher lending product');
    tier = 'UNIT';
    unitAmount = units(product.unitLendingAmount!);
  } else {
    const priceType = input.priceType ?? invalid('priceType', 'required for a voucher lending product');
    tier = priceType;
    unitAmount = units(priceType === 'HIGH' ? product.highNightNacAmount! : product.standardNightNacAmount!);
  }
  const nacUnits = lendingAmount(unitAmount, input.units);
  const rate = await currentNacRate(deps);
  const now = deps.clock.now();
  const created = await withTx(deps.db, async (tx) => {
    const inserted = await repo.insertApplication(tx, {
      id,
      accountId,
      productId: product.id,
      tier,
      units: input.units,
      nacAmount: formatNac(nacUnits),
      rewardType: product.rewardType,
      expectedRewardNacAmount:
        product.rewardType === 'NAC'
          ? formatNac(lendingAmount(units(product.unitExpectedRewardAmount!), input.units))
          : null,
      nacReturnDate: product.nacReturnDate,
      nacToJpyRate: formatRate(rate),
      amountInJpy: nacToYen(nacUnits, rate),
      transferDeadline: addDays(today(deps), TRANSFER_WINDOW_DAYS),
      createdAt: now,
    });
    // A concurrent retry with the same key recorded it first: that one took the stock.
    if (!inserted) return false;
    if (!(await repo.takeStock(tx, product.id, tier, input.units))) throw new AppError('CodeLendingStockExhausted');
    await repo.insertEvent(tx, {
      applicationId: id,
      event: 'CREATED',
      status: 'AWAITING_TRANSFER',
      at: now,
      actorAccountId: accountId,
    });
    return true;
  });
  const a = (await repo.findApplication(deps.db, id))!;
  if (created) await notify(deps.db, deps, a, 'AWAITING_TRANSFER', 'CREATED');
  return { lendingApplication: await toDetail(deps, a, language) };
}

async function ownApplication(deps: Deps, accountId: string, id: string): Promise<repo.ApplicationRecord> {
  const a = await repo.findApplication(deps.db, id);
  if (!a || a.accountId !== accountId) throw new AppError('CodeLendingApplicationNotFound');
  return a;
}

export async function listApplications(deps: Deps, accountId: string, language: Language) {
  const rows = await repo.listApplications(deps.db, accountId);
  const cache = new Map<string, repo.ProductRecord>();
  const out: LendingApplication[] = [];
  for (const a of rows) out.push(await toApplication(deps, a, language, cache));
  return { lendingApplications: out };
}

export async function getApplication(deps: Deps, accountId: string, language: Language, id: string) {
  return { lendingApplication: await toDetail(deps, await ownApplication(deps, accountId, id), language) };
}

/** Pays an application from the user's NAC balance: one LENDING entry, written once. */
export async function payApplication(deps: Deps, accountId: string, language: Language, id: string) {
  await ownApplication(deps, accountId, id);
  await withTx(deps.db, async (tx) => {
    const a = (await repo.findApplication(tx, id, true))!;
    if (a.paidAt !== null) return;
    if (a.status !== 'AWAITING_TRANSFER') throw new AppError('CodeLendingStatusInvalid');
    const now = deps.clock.now();
    await moveNacInProduct(tx, {
      accountId,
      amount: -units(a.nacAmount),
      kind: 'LENDING',
      reference: reference(a.id),
      now,
    });
    await repo.updateApplication(tx, a.id, { paidAt: now, now });
    await repo.insertEvent(tx, {
      applicationId: a.id,
      event: 'PAID',
      status: a.status,
      at: now,
      actorAccountId: accountId,
    });
  });
  return getApplication(deps, accountId, language, id);
}

/**
 * Cancels (the user) or rejects (staff) an application, in one transaction with the application row
 * locked, so a cancel racing a confirmation or the task sees the other's result.
 */
async function cancelOrReject(deps: Deps, id: string, actor: string, byStaff: boolean): Promise<void> {
  await withTx(deps.db, async (tx) => {
    const a = await repo.findApplication(tx, id, true);
    if (!a) throw new AppError('CodeLendingApplicationNotFound');
    const outcome = cancelOutcome(a.status, a.paidAt !== null, byStaff);
    const event = byStaff ? 'REJECTED' : 'CANCELLED';
    if (outcome === 'REFUSED') throw new AppError('CodeLendingStatusInvalid');
    if (outcome === 'AWAIT_REFUND') {
      await transition(tx, deps, a, 'CANCELLED_AWAITING_REFUND', event, { actor });
      return;
    }
    await repo.releaseStock(tx, a.productId, a.tier, a.units);
    if (outcome === 'RELEASE_AND_REFUND') {
      await moveNacInProduct(tx, {
        accountId: a.accountId,
        amount: units(a.nacAmount),
        kind: 'LENDING_RETURN',
        reference: reference(a.id),
        now: deps.clock.now(),
      });
    }
    await transition(tx, deps, a, 'CANCELLED_REFUNDED', event, { actor });
  });
}

export async function cancelApplication(deps: Deps, accountId: string, language: Language, id: string) {
  const a = await ownApplication(deps, accountId, id);
  // A retried cancel answers the cancelled application.
  if (a.status !== 'CANCELLED_AWAITING_REFUND' && a.status !== 'CANCELLED_REFUNDED') {
    await cancelOrReject(deps, id, accountId, false);
  }
  return getApplication(deps, accountId, language, id);
}

// Staff ----------------------------------------------------------------------------------------------

async function toStaffApplication(deps: Deps, a: repo.ApplicationRecord, language: Language) {
  const user = await findUserOfAccount(deps, a.accountId).catch(() => null);
  return {
    ...(await toApplication(deps, a, language)),
    userEmail: user?.email ?? '',
    userName: user ? `${user.lastName} ${user.firstName}` : '',
  };
}

export async function staffListAwaiting(deps: Deps, language: Language) {
  const rows = await repo.listAwaiting(deps.db);
  const out = [];
  for (const a of rows) out.push(await toStaffApplication(deps, a, language));
  return { lendingApplications: out };
}

export async function staffConfirm(deps: Deps, staffAccountId: string, language: Language, id: string) {
  await withTx(deps.db, async (tx) => {
    const a = await repo.findApplication(tx, id, true);
    if (!a) throw new AppError('CodeLendingApplicationNotFound');
    if (a.status === 'ACTIVE_LENDING') return;
    if (a.status !== 'AWAITING_TRANSFER') throw new AppError('CodeLendingStatusInvalid');
    if (a.paidAt === null) throw new AppError('CodeLendingNotPaid');
    const product = (await repo.findProduct(tx, a.productId))!;
    const period = lendingPeriod(today(deps), product.investmentPeriodDays, product.nacReturnDate);
    await transition(tx, deps, a, 'ACTIVE_LENDING', 'CONFIRMED', { actor: staffAccountId, change: period });
  });
  return { lendingApplication: await toStaffApplication(deps, (await repo.findApplication(deps.db, id))!, language) };
}

export async function staffReject(deps: Deps, staffAccountId: string, language: Language, id: string) {
  const a = await repo.findApplication(deps.db, id);
  if (!a) throw new AppError('CodeLendingApplicationNotFound');
  if (a.status !== 'CANCELLED_REFUNDED') await cancelOrReject(deps, id, staffAccountId, true);
  return { lendingApplication: await toStaffApplication(deps, (await repo.findApplication(deps.db, id))!, language) };
}

// The lending task -----------------------------------------------------------------------------------

/**
 * Moves one application on if it is due: each step locks the row and re-reads it, and each ledger
 * entry, voucher and timeline event is written once per application (their unique keys), so the
 * task run twice, or by two nodes at once, moves nothing twice.
 */
async function advance(deps: Deps, id: string): Promise<void> {
  await withTx(deps.db, async (tx) => {
    const a = await repo.findApplication(tx, id, true);
    if (!a) return;
    const day = today(deps);
    const due = dueTransition(
      {
        status: a.status,
        paid: a.paidAt !== null,
        endDate: a.endDate,
        nacReturnDate: a.nacReturnDate,
        transferDeadline: a.transferDeadline,
      },
      day,
    );
    const now = deps.clock.now();
    if (due === null) return;
    if (due === 'LAPSE') {
      await repo.releaseStock(tx, a.productId, a.tier, a.units);
      await transition(tx, deps, a, 'CANCELLED_REFUNDED', 'LAPSED');
      return;
    }
    if (due === 'REFUND') {
      await moveNacInProduct(tx, {
        accountId: a.accountId,
        amount: units(a.nacAmount),
        kind: 'LENDING_RETURN',
        reference: reference(a.id),
        now,
      });
      await transition(tx, deps, a, 'CANCELLED_REFUNDED', 'REFUNDED');
      return;
    }
    if (a.status === 'ACTIVE_LENDING') {
      // The period has ended; recorded even when the return is due the same day, so the timeline shows both.
      await transition(tx, deps, a, 'COMPLETED_AWAITING_REFUND', 'ENDED', { notify: due === 'END' });
      if (due === 'END') return;
    }
    await moveNacInProduct(tx, {
      accountId: a.accountId,
      amount: units(a.nacAmount),
      kind: 'LENDING_RETURN',
      reference: reference(a.id),
      now,
    });
    if (a.rewardType === 'NAC') {
      const reward = units(a.expectedRewardNacAmount!);
      if (reward > 0n) {
        await moveNacInProduct(tx, {
          accountId: a.accountId,
          amount: reward,
          kind: 'LENDING_REWARD',
          reference: reference(a.id),
          now,
        });
      }
    } else {
      const product = (await repo.findProduct(tx, a.productId))!;
      await issueAccommodationVoucher(tx, {
        accountId: a.accountId,
        houseGroupId: product.houseGroupId!,
        houseId: null,
        priceType: a.tier === 'HIGH' ? 'HIGH' : 'STANDARD',
        days: a.units,
        price: a.amountInJpy,
        expireDate: product.bookingExpireDate!,
        revocable: false,
        source: 'LENDING_REWARD',
        sourceRef: reference(a.id),
        issuedAt: now,
      });
    }
    await transition(tx, deps, a, 'COMPLETED_REFUNDED', 'RETURNED');
  });
}

export async function runLendingTask(deps: Deps): Promise<void> {
  for (const id of await repo.openApplicationIds(deps.db, 1000)) await advance(deps, id);
}

export const lendingTask: Task = { name: 'lending-transitions', everyMs: 60_000, run: runLendingTask };
