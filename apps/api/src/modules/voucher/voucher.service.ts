import { randomBytes } from 'node:crypto';
import { civilFromIso, parseIsoDate, todayIn } from '@yado/contract/civil-date';
import { dateFromDateTime, dateTimeFromDate } from '@yado/contract/date-time';
import type { Language } from '@yado/contract/headers';
import type {
  AccommodationVoucher,
  LotteryEntry,
  VoucherProduct,
  staffCreateVoucherProduct,
} from '@yado/contract/voucher.contract';
import type { MethodInput } from '@yado/contract/method';
import { AppError } from '../../platform/app-error.js';
import { withTx, type Db } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import type { Task } from '../../platform/scheduler.js';
import {
  appendReferencedEntry,
  formatNac,
  formatRate,
  getNacRateQuote,
  isNacOverdraft,
  nacBalance,
  parseSignedNac,
  verifyNacRateQuote,
} from '../nac/nac.service.js';
import { enqueueNotification } from '../notification/notification-event.service.js';
import { findUserOfAccount } from '../user/user.service.js';
import * as vouchers from './accommodation-voucher.repo.js';
import { issueAccommodationVoucher } from './accommodation-voucher.service.js';
import * as repo from './voucher-product.repo.js';
import {
  assignWinners,
  drawOrder,
  drawSeedOf,
  idFromKey,
  proRataRefund,
  salesStatusOf,
  voucherExpireDate,
  voucherStateOf,
} from './voucher.rules.js';

/** How far ahead the product list shows sales that have not started. */
const UPCOMING_MS = 60 * 86_400_000;

const random = () => randomBytes(12).toString('hex');

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

function productView(p: repo.ProductRecord, entered: boolean): VoucherProduct {
  return {
    voucherProductId: p.id,
    houseGroup: { id: p.houseGroupId, name: p.houseGroupName },
    priceType: p.priceType,
    days: p.days,
    price: p.price,
    stock: p.stock,
    remainingStock: p.remainingStock,
    salesStartAt: dateTimeFromDate(p.salesStartAt),
    bookingWindowDays: p.bookingWindowDays,
    revocable: p.revocable,
    salesStatus: salesStatusOf(p),
    isLottery: p.isLottery,
    openDeadline: p.openDeadline ? dateTimeFromDate(p.openDeadline) : null,
    lotteryStatus: p.lotteryStatus,
    entered,
  };
}

async function requireProduct(db: Db, language: Language, id: string, lock = false): Promise<repo.ProductRecord> {
  const p = await repo.findProduct(db, language, id, lock);
  if (!p) throw new AppError('CodeVoucherProductNotFound');
  return p;
}

// Products ------------------------------------------------------------------------------------------

export async function createProduct(
  deps: Deps,
  language: Language,
  input: MethodInput<typeof staffCreateVoucherProduct>,
): Promise<{ product: VoucherProduct }> {
  const salesStartAt = dateFromDateTime(input.salesStartAt);
  const openDeadline = input.openDeadline ? dateFromDateTime(input.openDeadline) : null;
  if (openDeadline && openDeadline.getTime() <= salesStartAt.getTime()) {
    throw new AppError('CodeInvalidArgument', {
      fields: [{ field: 'openDeadline', description: 'must be after salesStartAt' }],
    });
  }
  if (!(await repo.houseGroupExists(deps.db, input.houseGroupId))) {
    throw new AppError('CodeInvalidArgument', {
      fields: [{ field: 'houseGroupId', description: 'no such house group' }],
    });
  }
  const id = `vp_${random()}`;
  await repo.insertProduct(deps.db, {
    id,
    houseGroupId: input.houseGroupId,
    priceType: input.priceType,
    days: input.days,
    price: input.price,
    stock: input.stock,
    salesStartAt,
    bookingWindowDays: input.bookingWindowDays,
    revocable: input.revocable,
    openDeadline,
    drawSecret: randomBytes(32).toString('hex'),
    now: deps.clock.now(),
  });
  return { product: productView(await requireProduct(deps.db, language, id), false) };
}

/** A product with a fixed id (the demo data), added once: seeding again changes nothing. */
export async function seedVoucherProduct(deps: Deps, p: Omit<repo.NewProduct, 'drawSecret' | 'now'>): Promise<void> {
  await repo.insertProduct(deps.db, { ...p, drawSecret: randomBytes(32).toString('hex'), now: deps.clock.now() });
}

export async function listProducts(
  deps: Deps,
  accountId: string,
  language: Language,
  houseGroupId: string | null,
): Promise<{ products: VoucherProduct[] }> {
  const until = new Date(deps.clock.now().getTime() + UPCOMING_MS);
  const products = await repo.listProducts(deps.db, language, until, houseGroupId);
  const entered = await repo.enteredProductIds(
    deps.db,
    accountId,
    products.filter((p) => p.isLottery).map((p) => p.id),
  );
  return { products: products.map((p) => productView(p, entered.has(p.id))) };
}

/** The product's yen price as a signed NAC quote at the live rate (the same quote get_nac_rate_quote gives). */
export async function getProductPrice(deps: Deps, accountId: string, language: Language, productId: string) {
  const p = await requireProduct(deps.db, language, productId);
  const quote = await getNacRateQuote(deps, accountId, { amountInJpy: p.price });
  return {
    nacPrice: quote.nacAmount,
    nacToJpyRate: quote.nacToJpyRate,
    nacToJpyRateHash: quote.nacToJpyRateHash,
    salesStatus: salesStatusOf(p),
    price: p.price,
    expiresAt: quote.expiresAt,
  };
}

type QuoteInput = { voucherProductId: string; nacPrice: string; nacToJpyRate: string; nacToJpyRateHash: string };

/** The quote must be the server's, for this user and exactly this product's yen price, and not expired. */
function verifiedPrice(deps: Deps, accountId: string, p: repo.ProductRecord, input: QuoteInput) {
  return verifyNacRateQuote(deps, {
    accountId,
    nacAmount: input.nacPrice,
    amountInJpy: p.price,
    nacToJpyRate: input.nacToJpyRate,
    nacToJpyRateHash: input.nacToJpyRateHash,
  });
}

function refuseBeforeSales(deps: Deps, p: repo.ProductRecord) {
  if (deps.clock.now().getTime() < p.salesStartAt.getTime()) throw new AppError('CodeVoucherSalesNotStarted');
}

// Vouchers ------------------------------------------------------------------------------------------

async function voucherViews(
  deps: Deps,
  language: Language,
  records: readonly vouchers.AccommodationVoucherRecord[],
): Promise<AccommodationVoucher[]> {
  const names = await vouchers.namesOfVouchers(
    deps.db,
    language,
    records.map((v) => v.id),
  );
  const now = deps.clock.now();
  return records.map((v) => {
    const n = names.get(v.id);
    if (!n) throw new AppError('CodeInternal');
    return {
      id: v.id,
      houseGroup: { id: v.houseGroupId, name: n.houseGroupName },
      house: v.houseId && n.houseName !== null ? { id: v.houseId, name: n.houseName } : null,
      priceType: v.priceType,
      days: v.days,
      remainingDays: v.remainingDays,
      price: v.price,
      expireDate: civilFromIso(parseIsoDate(v.expireDate)!),
      revocable: v.revocable,
      state: voucherStateOf(v, todayIn(n.timezone, now)),
      issuedAt: dateTimeFromDate(v.issuedAt),
    };
  });
}

async function voucherView(deps: Deps, language: Language, id: string): Promise<AccommodationVoucher> {
  const v = await vouchers.findVoucher(deps.db, id);
  if (!v) throw new AppError('CodeAccommodationVoucherNotFound');
  const [view] = await voucherViews(deps, language, [v]);
  return view!;
}

export async function listAccommodationVouchers(deps: Deps, accountId: string, language: Language) {
  return { vouchers: await voucherViews(deps, language, await vouchers.listVouchers(deps.db, accountId)) };
}

// Purchase ------------------------------------------------------------------------------------------

/**
 * Buys a product at the quoted NAC price: one transaction takes a unit of stock (never below zero:
 * the update only takes from a positive count), the NAC (VOUCHER_PURCHASE, refused by the ledger's
 * guard if the balance is short) and issues the voucher. The purchase id comes from the
 * Idempotency-Key, so a retry, even racing the first call, answers the one purchase made.
 */
export async function purchaseProduct(
  deps: Deps,
  accountId: string,
  language: Language,
  input: QuoteInput,
  idempotencyKey: string | null,
) {
  const id = idFromKey('vpu', [accountId, input.voucherProductId], idempotencyKey, random);
  const done = await repo.findPurchase(deps.db, id);
  if (done) return purchaseView(deps, language, done);
  const p = await requireProduct(deps.db, language, input.voucherProductId);
  if (p.isLottery) throw new AppError('CodeVoucherProductIsLottery');
  refuseBeforeSales(deps, p);
  if (p.remainingStock <= 0) throw new AppError('CodeVoucherSoldOut');
  const price = verifiedPrice(deps, accountId, p, input);
  const now = deps.clock.now();
  try {
    await withTx(deps.db, async (tx) => {
      if (!(await repo.takeStock(tx, p.id))) throw new AppError('CodeVoucherSoldOut');
      try {
        await appendReferencedEntry(tx, {
          accountId,
          amount: formatNac(-price.nacUnits),
          kind: 'VOUCHER_PURCHASE',
          reference: `voucher-purchase:${id}`,
          now,
        });
      } catch (err) {
        if (isNacOverdraft(err)) throw new AppError('CodeNacInsufficientBalance');
        throw err;
      }
      const voucher = await issueAccommodationVoucher(tx, {
        accountId,
        houseGroupId: p.houseGroupId,
        houseId: null,
        priceType: p.priceType,
        days: p.days,
        price: p.price,
        expireDate: voucherExpireDate(now, p.timezone, p.bookingWindowDays),
        revocable: p.revocable,
        source: 'PURCHASE',
        sourceRef: `purchase:${id}`,
        issuedAt: now,
      });
      await repo.insertPurchase(tx, {
        id,
        productId: p.id,
        accountId,
        nacAmount: formatNac(price.nacUnits),
        nacToJpyRate: formatRate(price.rateUnits),
        price: p.price,
        voucherId: voucher.id,
        now,
      });
    });
  } catch (err) {
    // A retry with the same key that raced the first call: the first one's purchase is the answer.
    if (!isUniqueViolation(err)) throw err;
    const first = await repo.findPurchase(deps.db, id);
    if (!first) throw err;
    return purchaseView(deps, language, first);
  }
  const made = await repo.findPurchase(deps.db, id);
  if (!made) throw new AppError('CodeInternal');
  return purchaseView(deps, language, made);
}

async function purchaseView(deps: Deps, language: Language, p: repo.PurchaseRecord) {
  return {
    voucherPurchaseId: p.id,
    voucher: await voucherView(deps, language, p.voucherId),
    nacAmount: formatNac(parseSignedNac(p.nacAmount)),
    nacToJpyRate: formatRate(parseSignedNac(p.nacToJpyRate)),
  };
}

// Lottery ---------------------------------------------------------------------------------------------

function entryView(e: repo.EntryRecord, p: repo.ProductRecord): LotteryEntry {
  return {
    lendingAccommodationVoucherLotteryEntryId: e.id,
    voucherProductId: p.id,
    houseGroup: { id: p.houseGroupId, name: p.houseGroupName },
    daysStandard: p.priceType === 'STANDARD' ? p.days : 0,
    daysHigh: p.priceType === 'HIGH' ? p.days : 0,
    bookingWindowDays: p.bookingWindowDays,
    lotteryStatus: p.lotteryStatus ?? 'CLOSED',
    lotteryNumber: e.lotteryNumber,
    openDeadline: dateTimeFromDate(p.openDeadline ?? p.salesStartAt),
    nacPrice: formatNac(parseSignedNac(e.nacAmount)),
    result: e.result ?? 'PENDING',
    accommodationVoucherId: e.voucherId,
    enteredAt: dateTimeFromDate(e.createdAt),
  };
}

/**
 * Enters a lottery at the quoted price, fixed for the entry. The product row is locked so entries
 * are numbered one at a time and none slips in after the draw closed the lottery; the unique
 * (product, account) key refuses a second entry even when two race.
 */
export async function enterLottery(
  deps: Deps,
  accountId: string,
  language: Language,
  input: QuoteInput,
  idempotencyKey: string | null,
): Promise<{ entry: LotteryEntry }> {
  const id = idFromKey('vle', [accountId, input.voucherProductId], idempotencyKey, random);
  const done = await repo.findEntry(deps.db, id);
  if (done) return { entry: entryView(done, await requireProduct(deps.db, language, done.productId)) };
  const p = await requireProduct(deps.db, language, input.voucherProductId);
  if (!p.isLottery) throw new AppError('CodeVoucherProductNotLottery');
  refuseBeforeSales(deps, p);
  const now = deps.clock.now();
  if (p.lotteryStatus !== 'ACCEPTING' || (p.openDeadline && now.getTime() >= p.openDeadline.getTime())) {
    throw new AppError('CodeVoucherLotteryNotAccepting');
  }
  const price = verifiedPrice(deps, accountId, p, input);
  // The price is taken at the draw; an entry the balance cannot cover now is refused at once.
  if ((await nacBalance(deps, accountId)) < price.nacUnits) throw new AppError('CodeNacInsufficientBalance');
  const entry = await withTx(deps.db, async (tx) => {
    const locked = await requireProduct(tx, language, p.id, true);
    if (locked.lotteryStatus !== 'ACCEPTING') throw new AppError('CodeVoucherLotteryNotAccepting');
    const inserted = await repo.insertEntry(tx, {
      id,
      productId: p.id,
      accountId,
      nacAmount: formatNac(price.nacUnits),
      nacToJpyRate: formatRate(price.rateUnits),
      now,
    });
    if (inserted === 'duplicate') throw new AppError('CodeVoucherLotteryAlreadyEntered');
    return inserted;
  });
  return { entry: entryView(entry, p) };
}

export async function listLotteryEntries(deps: Deps, accountId: string, language: Language) {
  const entries = await repo.entriesOfAccount(deps.db, accountId);
  const products = new Map<string, repo.ProductRecord>();
  for (const id of new Set(entries.map((e) => e.productId))) {
    products.set(id, await requireProduct(deps.db, language, id));
  }
  return { entries: entries.map((e) => entryView(e, products.get(e.productId)!)) };
}

/**
 * Draws one lottery, once: under the product's lock, only while it is still ACCEPTING. The seed
 * comes from the product's secret; the order from the seed; walking it, each entry reached while
 * stock is left pays its fixed NAC price (VOUCHER_PURCHASE, reference voucher-lottery:<entry>) and
 * receives its voucher (source_ref lottery:<entry>), or, when its balance no longer covers the
 * price, loses (LOST_INSUFFICIENT_NAC) and the voucher passes on. Everything, with the seed and
 * each entry's rank and result, is written in one transaction.
 */
export async function drawLottery(deps: Deps, productId: string): Promise<boolean> {
  const now = deps.clock.now();
  const notices: { accountId: string; won: boolean; entry: repo.EntryRecord; name: string }[] = [];
  const drawn = await withTx(deps.db, async (tx) => {
    const p = await requireProduct(tx, 'en', productId, true);
    if (p.lotteryStatus !== 'ACCEPTING' || !p.openDeadline || p.openDeadline.getTime() > now.getTime()) return false;
    const seed = drawSeedOf(p.drawSecret, p.id);
    const entries = await repo.entriesOfProduct(tx, p.id);
    const byNumber = new Map(entries.map((e) => [e.lotteryNumber, e]));
    const order = drawOrder(
      seed,
      entries.map((e) => e.lotteryNumber),
    );
    const unpaid = new Set<number>();
    const vouchersOf = new Map<number, string>();
    let left = p.remainingStock;
    for (const n of order) {
      if (left <= 0) break;
      const e = byNumber.get(n)!;
      try {
        await repo.inSavepoint(tx, 'voucher_draw_pay', () =>
          appendReferencedEntry(tx, {
            accountId: e.accountId,
            amount: formatNac(-parseSignedNac(e.nacAmount)),
            kind: 'VOUCHER_PURCHASE',
            reference: `voucher-lottery:${e.id}`,
            now,
          }),
        );
      } catch (err) {
        if (!isNacOverdraft(err)) throw err;
        unpaid.add(n);
        continue;
      }
      if (!(await repo.takeStock(tx, p.id))) throw new Error(`stock of ${p.id} ran out during its draw`);
      const voucher = await issueAccommodationVoucher(tx, {
        accountId: e.accountId,
        houseGroupId: p.houseGroupId,
        houseId: null,
        priceType: p.priceType,
        days: p.days,
        price: p.price,
        expireDate: voucherExpireDate(now, p.timezone, p.bookingWindowDays),
        revocable: p.revocable,
        source: 'LOTTERY',
        sourceRef: `lottery:${e.id}`,
        issuedAt: now,
      });
      vouchersOf.set(n, voucher.id);
      left -= 1;
    }
    const outcomes = assignWinners(order, p.remainingStock, (n) => !unpaid.has(n));
    for (const o of outcomes) {
      const e = byNumber.get(o.lotteryNumber)!;
      const voucherId = o.result === 'WON' ? (vouchersOf.get(o.lotteryNumber) ?? null) : null;
      if (o.result === 'WON' && !voucherId)
        throw new Error(`draw of ${p.id}: winner ${o.lotteryNumber} has no voucher`);
      await repo.recordDrawResult(tx, { id: e.id, drawRank: o.drawRank, result: o.result, voucherId });
      notices.push({ accountId: e.accountId, won: o.result === 'WON', entry: e, name: p.houseGroupName });
    }
    await repo.closeLottery(tx, p.id, seed, now);
    for (const n of notices) {
      const user = await findUserOfAccount(deps, n.accountId);
      if (!user) continue;
      await enqueueNotification(tx, now, {
        userId: user.id,
        kind: 'VOUCHER_LOTTERY_DRAWN',
        params: { result: n.won ? 'WON' : 'LOST', lotteryNumber: n.entry.lotteryNumber, houseGroupName: n.name },
        link: n.won ? `/mypage/vouchers` : '/dao/lending/accommodation-voucher/lottery-entries',
        dedupeKey: `voucher-lottery:${n.entry.id}`,
      });
    }
    return true;
  });
  return drawn;
}

export async function drawDueLotteries(deps: Deps): Promise<void> {
  for (const id of await repo.productIdsToDraw(deps.db, deps.clock.now())) {
    try {
      await drawLottery(deps, id);
    } catch (err) {
      deps.log.error('voucher lottery draw failed; the next run tries again', { productId: id, error: String(err) });
    }
  }
}

/** Runs a drawn lottery's draw again from its stored seed and compares it with what was recorded. */
export async function replayDraw(deps: Deps, language: Language, productId: string) {
  const p = await requireProduct(deps.db, language, productId);
  if (!p.drawSeed || !p.drawnAt) throw new AppError('CodeVoucherLotteryNotDrawn');
  const entries = await repo.entriesOfProduct(deps.db, p.id);
  const recorded = entries
    .filter((e) => e.drawRank !== null && e.result !== null)
    .map((e) => ({ lotteryNumber: e.lotteryNumber, drawRank: e.drawRank!, result: e.result! }))
    .sort((a, b) => a.drawRank - b.drawRank);
  const replayedOrder = drawOrder(
    p.drawSeed,
    entries.map((e) => e.lotteryNumber),
  );
  // The winners follow from the order, the stock and who could pay at the draw (recorded).
  const unpaid = new Set(recorded.filter((r) => r.result === 'LOST_INSUFFICIENT_NAC').map((r) => r.lotteryNumber));
  const replayed = assignWinners(replayedOrder, p.stock, (n) => !unpaid.has(n));
  const matches =
    drawSeedOf(p.drawSecret, p.id) === p.drawSeed &&
    replayed.length === recorded.length &&
    replayed.every(
      (r, i) =>
        r.lotteryNumber === recorded[i]!.lotteryNumber &&
        r.drawRank === recorded[i]!.drawRank &&
        r.result === recorded[i]!.result,
    );
  return {
    voucherProductId: p.id,
    seed: p.drawSeed,
    drawnAt: dateTimeFromDate(p.drawnAt),
    stock: p.stock,
    recorded,
    replayedOrder,
    winners: recorded.filter((r) => r.result === 'WON').map((r) => r.lotteryNumber),
    matches,
  };
}

export const voucherLotteryDrawTask: Task = {
  name: 'voucher-lottery-draw',
  everyMs: 60_000,
  run: drawDueLotteries,
};

// Revocation and expiry ---------------------------------------------------------------------------------

/**
 * Gives a revocable voucher back: its nights left are taken (REVOKE) and the NAC paid for them
 * returned pro rata (VOUCHER_REFUND, reference voucher-revoke:<voucher>), in one transaction under
 * the voucher's lock. A retry answers the revoked voucher and refunds nothing again.
 */
export async function revokeVoucher(deps: Deps, accountId: string, language: Language, voucherId: string) {
  const now = deps.clock.now();
  const refunded = await withTx(deps.db, async (tx) => {
    await vouchers.lockVoucher(tx, voucherId);
    const v = await vouchers.findVoucher(tx, voucherId);
    if (!v || v.accountId !== accountId) throw new AppError('CodeAccommodationVoucherNotFound');
    if (!v.revocable) throw new AppError('CodeAccommodationVoucherNotRevocable');
    if (v.revokedAt) throw new AppError('CodeAccommodationVoucherRevoked');
    const names = (await vouchers.namesOfVouchers(tx, language, [v.id])).get(v.id)!;
    const state = voucherStateOf(v, todayIn(names.timezone, now));
    if (state === 'EXPIRED') throw new AppError('CodeAccommodationVoucherExpired');
    if (state === 'USED_UP') throw new AppError('CodeAccommodationVoucherUsedUp');
    const paid = await paidFor(tx, v);
    const refund = proRataRefund(paid, v.remainingDays, v.days);
    await vouchers.appendVoucherEntry(tx, {
      voucherId: v.id,
      days: -v.remainingDays,
      kind: 'REVOKE',
      reference: v.id,
      now,
    });
    await vouchers.markRevoked(tx, v.id, now);
    if (refund > 0n) {
      await appendReferencedEntry(tx, {
        accountId,
        amount: formatNac(refund),
        kind: 'VOUCHER_REFUND',
        reference: `voucher-revoke:${v.id}`,
        now,
      });
    }
    return refund;
  });
  return {
    voucher: await voucherView(deps, language, voucherId),
    refundedNacAmount: refunded > 0n ? formatNac(refunded) : '0',
  };
}

/** The NAC paid for a voucher: its purchase's or its winning entry's; a reward's cost nothing. */
async function paidFor(db: Db, v: vouchers.AccommodationVoucherRecord): Promise<bigint> {
  if (v.source === 'PURCHASE') {
    const p = await repo.findPurchaseOfVoucher(db, v.id);
    return p ? parseSignedNac(p.nacAmount) : 0n;
  }
  if (v.source === 'LOTTERY') {
    const e = await repo.findEntry(db, v.sourceRef.replace(/^lottery:/, ''));
    return e ? parseSignedNac(e.nacAmount) : 0n;
  }
  return 0n;
}

/** Takes the nights left on vouchers past their last day (EXPIRE, once per voucher). */
export async function expireVouchers(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  let expired = 0;
  for (const id of await vouchers.voucherIdsToExpire(deps.db, now)) {
    const wrote = await withTx(deps.db, async (tx) => {
      await vouchers.lockVoucher(tx, id);
      const v = await vouchers.findVoucher(tx, id);
      if (!v || v.revokedAt || v.remainingDays <= 0) return false;
      return vouchers.appendVoucherEntry(tx, {
        voucherId: id,
        days: -v.remainingDays,
        kind: 'EXPIRE',
        reference: id,
        now,
      });
    });
    if (wrote) expired += 1;
  }
  return expired;
}

export const expireVouchersTask: Task = {
  name: 'accommodation-voucher-expiry',
  everyMs: 3_600_000,
  run: async (deps) => void (await expireVouchers(deps)),
};
