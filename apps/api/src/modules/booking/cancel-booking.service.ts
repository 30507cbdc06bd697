import type { Language } from '@yado/contract/headers';
import { withTx, type Db } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import {
  attachPayment,
  cancelBilling,
  createBilling,
  getBillingForUpdate,
  listBookingBillings,
  markBillingPaid,
  markBillingRefunded,
  splitPartsForUpdate,
  type BillingForUpdate,
} from '../billing/billing.service.js';
import { getHouseGroup } from '../catalogue/catalogue.service.js';
import { releaseCouponRedemption } from '../coupon/coupon.service.js';
import { cancelOrdersOfBooking } from '../meal/meal.service.js';
import { refundPayment } from '../payment/payment.service.js';
import { ownBookingOr404, requireViewableBooking } from './booking-access.service.js';
import { scheduleFor } from './booking-fee.rules.js';
import { recordTransition } from './booking-lifecycle.service.js';
import { civilFromIso } from '@yado/contract/civil-date';
import { cancellationFeeLines } from './booking-quote.rules.js';
import { actorOf, move } from './booking-state.rules.js';
import * as repo from './booking.repo.js';
import { chargeBilling } from './default-billing.service.js';
import type { BookingRecord, PendingRefund } from './booking.repo.js';
import { settleOwnerEnd } from './owner-fees.service.js';
import { useTypeOf } from './use-types/use-types.registry.js';

export type FeeView = {
  cancellationFee: {
    date: { year: number; month: number; day: number };
    amount: number;
    details: {
      percentage: number;
      amount: number;
      source: 'ACCOMMODATION_AMOUNT' | 'MUTUAL_USE_EXTRA_CHARGE';
      consumedSlot: 'STANDARD' | 'HIGH' | 'HIGH_SUBSTITUTE' | null;
    }[];
  }[];
  underFreeCancellationPeriod: boolean;
  freeCancellationLimitDate: { year: number; month: number; day: number };
  totalFee: number;
  paidAmount: number;
  refundAmount: number;
  outstandingFee: number;
};

/** The booking's billings with their payments, locked (inside a transaction) or read. */
async function billingsOf(db: Db, bookingId: string): Promise<BillingForUpdate[]> {
  const { billings } = await listBookingBillings(db, bookingId, 'en');
  const out: BillingForUpdate[] = [];
  for (const b of billings) out.push(await getBillingForUpdate(db, b.billingId));
  return out;
}

/**
 * What a cancellation settles: the booking's billings, a split source standing for its parts (the
 * money is in the parts, each paid by its own payer with their own card, points or NAC). Read after
 * the unpaid billings are cancelled, so a part cancelled with its source counts as unpaid.
 */
async function settledBillings(db: Db, billings: readonly BillingForUpdate[]): Promise<BillingForUpdate[]> {
  const out: BillingForUpdate[] = [];
  for (const b of billings) {
    if (b.isSplitSource) out.push(...(await splitPartsForUpdate(db, b.billingId)));
    else out.push(b);
  }
  return out;
}

/** What a billing was paid with: card, points and NAC (at the yen it paid). */
const paidWith = (b: BillingForUpdate) => b.fiatAmount + b.pointPaymentAmount + b.nacPaymentAmountJpy;

const paidOf = (billings: readonly BillingForUpdate[]) =>
  billings.filter((b) => b.billingStatus === 'PAID').reduce((s, b) => s + paidWith(b), 0);

function feeView(b: BookingRecord, schedule: ReturnType<typeof scheduleFor>, paid: number): FeeView {
  return {
    cancellationFee: schedule.perDate.map((d) => ({ ...d, date: civilFromIso(d.date) })),
    underFreeCancellationPeriod: schedule.underFreeCancellationPeriod,
    freeCancellationLimitDate: b.quote.quote.freeCancellationLimitDate,
    totalFee: schedule.totalFee,
    paidAmount: paid,
    refundAmount: Math.max(0, paid - schedule.totalFee),
    outstandingFee: Math.max(0, schedule.totalFee - paid),
  };
}

/** get_cancellation_fee */
export async function getCancellationFee(
  deps: Deps,
  accountId: string,
  language: Language,
  bookingId: string,
): Promise<FeeView> {
  const b = await requireViewableBooking(deps, accountId, bookingId);
  const { houseGroup: hg } = await getHouseGroup(deps, language, b.houseGroupId);
  const billings = await settledBillings(deps.db, await billingsOf(deps.db, b.id));
  return feeView(b, scheduleFor(b, hg, deps.clock.now(), false), paidOf(billings));
}

/**
 * Which card payments go back, newest billing first, so that what is kept
 * equals the fee. A billing refunded whole also returns its points and NAC
 * (markBillingRefunded gives both back); one refunded in part keeps its
 * points and NAC towards the fee. The parts of a split billing go back
 * together: whole when all of it does, otherwise each payer gets back a share
 * in proportion to what they paid, so no companion bears more of the fee than
 * another (docs/decisions/0053).
 */
export function planRefunds(
  billings: readonly BillingForUpdate[],
  refundable: number,
): { refunds: (PendingRefund & { whole: boolean })[]; wholePointOnly: string[] } {
  let remaining = refundable;
  const refunds: (PendingRefund & { whole: boolean })[] = [];
  const wholePointOnly: string[] = [];
  const paid = billings.filter((b) => b.billingStatus === 'PAID' && b.billingType !== 'CANCELLATION').reverse();
  // Newest first, the parts of one split billing as one group.
  const groups: BillingForUpdate[][] = [];
  for (const b of paid) {
    const last = groups.at(-1);
    if (last && b.splitSourceBillingId && last[0]!.splitSourceBillingId === b.splitSourceBillingId) last.push(b);
    else groups.push([b]);
  }
  for (const group of groups) {
    if (remaining <= 0) break;
    const whole = group.reduce((s, b) => s + paidWith(b), 0);
    if (remaining >= whole) {
      for (const b of group) {
        if (b.fiatAmount > 0 && b.paymentId)
          refunds.push({ paymentId: b.paymentId, billingId: b.billingId, amount: b.fiatAmount, whole: true });
        else wholePointOnly.push(b.billingId);
      }
      remaining -= whole;
      continue;
    }
    const cards = group.map((b) => (b.paymentId ? b.fiatAmount : 0));
    const amounts = proportionalShares(
      remaining,
      group.map((b) => paidWith(b)),
      cards,
    );
    group.forEach((b, i) => {
      const amount = amounts[i]!;
      if (amount > 0 && b.paymentId)
        refunds.push({ paymentId: b.paymentId, billingId: b.billingId, amount, whole: false });
      remaining -= amount;
    });
  }
  return { refunds, wholePointOnly };
}

/**
 * `total` yen shared in proportion to `weights` (largest remainder, whole yen), no share above its
 * cap: what a capped share cannot take goes to the others in the same proportion. The shares add up
 * to `total` unless the caps together are smaller.
 */
export function proportionalShares(total: number, weights: readonly number[], caps: readonly number[]): number[] {
  const shares = weights.map(() => 0);
  let open = weights.map((w, i) => (w > 0 && caps[i]! > 0 ? i : -1)).filter((i) => i >= 0);
  let left = total;
  while (left > 0 && open.length > 0) {
    const weightSum = open.reduce((s, i) => s + weights[i]!, 0);
    const exact = open.map((i) => (left * weights[i]!) / weightSum);
    const floor = exact.map((x) => Math.floor(x));
    let rest = left - floor.reduce((s, x) => s + x, 0);
    const byRemainder = open.map((_, k) => k).sort((a, b) => exact[b]! - floor[b]! - (exact[a]! - floor[a]!) || a - b);
    for (const k of byRemainder) {
      if (rest <= 0) break;
      floor[k] = floor[k]! + 1;
      rest -= 1;
    }
    const capped: number[] = [];
    open.forEach((i, k) => {
      const room = caps[i]! - shares[i]!;
      const take = Math.min(room, floor[k]!);
      shares[i] = shares[i]! + take;
      left -= take;
      if (take === room) capped.push(i);
    });
    if (capped.length === 0) break;
    open = open.filter((i) => !capped.includes(i));
  }
  return shares;
}

/**
 * The fee as a CANCELLATION billing, settled from what was paid where it can:
 * PAID at once when what was paid covers it.
 */
async function billFee(
  tx: Db,
  b: BookingRecord,
  schedule: ReturnType<typeof scheduleFor>,
  paid: number,
  input: { actor: string; noShow: boolean; now: Date },
): Promise<string | null> {
  if (schedule.totalFee <= 0) return null;
  const { actor, now } = input;
  const covered = Math.min(schedule.totalFee, paid);
  const created = await createBilling(tx, {
    bookingId: b.id,
    accountId: b.accountId,
    billingType: 'CANCELLATION',
    lines: cancellationFeeLines(schedule.perDate, input.noShow),
    serviceChargePercentage: '0.00',
    accommodationTax: 0,
    deductions: covered,
    paymentDeadline: new Date(now.getTime() + 7 * 86_400_000),
    cancellationFee: schedule.perDate,
    at: now,
    actor,
  });
  await attachPayment(tx, created.billingId, {
    paymentId: null,
    paymentMethodId: b.paymentMethodId,
    pointPaymentAmount: 0,
    at: now,
    actor,
  });
  // Kept from what was paid: nothing more to charge.
  if (covered === schedule.totalFee) await markBillingPaid(tx, created.billingId, { paidAt: now, actor });
  return created.billingId;
}

export type EndResult = { booking: BookingRecord; fee: FeeView; feeBillingId: string | null; chargeFee: boolean };

/**
 * Ends a booking with its fee, in one transaction: CANCELLED (cancel_booking)
 * or NO_SHOW (the job). The fee becomes a CANCELLATION billing, settled from
 * what was paid where it can; what was paid beyond the fee is queued for
 * refund (pending_refunds, sent after the commit and retried by
 * reconciliation); unpaid billings are cancelled; the house, the coupon and
 * the orders are released.
 */
export async function endBooking(
  deps: Deps,
  input: { bookingId: string; accountId: string | null; actor: string; noShow: boolean; language: Language },
): Promise<EndResult> {
  const pre = ownBookingOr404(await repo.findBooking(deps.db, input.bookingId), input.accountId);
  const { houseGroup: hg } = await getHouseGroup(deps, input.language, pre.houseGroupId);
  const now = deps.clock.now();
  const result = await withTx(deps.db, async (tx) => {
    const b = ownBookingOr404(await repo.lockBooking(tx, input.bookingId), input.accountId);
    const to = move(b.status, input.noShow ? 'NO_SHOW' : 'CANCEL');
    const billings = await billingsOf(tx, b.id);
    for (const bl of billings) {
      if (bl.billingStatus === 'REQUESTED' || bl.billingStatus === 'FAILED') {
        if (bl.billingStatus === 'REQUESTED')
          await cancelBilling(tx, bl.billingId, { at: now, actor: input.actor, reason: to });
      }
    }
    const schedule = scheduleFor(b, hg, now, input.noShow);
    const settled = await settledBillings(tx, billings);
    const paid = paidOf(settled);
    const fee = feeView(b, schedule, paid);
    const { refunds, wholePointOnly } = planRefunds(settled, fee.refundAmount);
    for (const billingId of wholePointOnly)
      await markBillingRefunded(tx, billingId, { at: now, actor: input.actor, reason: to });

    // An owner stay's fees under the DEFAULT option stay with the owner's statement, never billed here.
    const owner = useTypeOf(b.bookingType).owner;
    const feeBillingId =
      owner && b.debtOption === 'DEFAULT' ? null : await billFee(tx, b, schedule, paid, { ...input, now });
    if (owner) await settleOwnerEnd(tx, b, schedule, input.actor, now);
    await repo.releaseStay(tx, b.stayId, now);
    if (b.couponRedemptionId) {
      await releaseCouponRedemption(tx, { redemptionId: b.couponRedemptionId, actor: input.actor, now });
    }
    await cancelOrdersOfBooking(tx, b.id, now);
    const pendingRefunds = [...b.pendingRefunds, ...refunds.map(({ whole, ...r }) => ({ ...r, whole }))];
    await recordTransition(tx, b, {
      action: input.noShow ? 'NO_SHOW' : 'CANCEL',
      to,
      actor: input.actor,
      at: now,
      patch: { cancelledAt: now, pendingRefunds },
      detail: { totalFee: fee.totalFee, paidAmount: paid, refunds, feeBillingId },
    });
    return {
      booking: { ...b, status: to, cancelledAt: now, pendingRefunds },
      fee,
      feeBillingId,
      chargeFee: fee.outstandingFee > 0 && !!b.paymentMethodId,
    };
  });

  await sendPendingRefunds(deps, result.booking.id).catch((err: unknown) =>
    deps.log.warn('booking refund deferred to reconciliation', { bookingId: result.booking.id, error: String(err) }),
  );
  if (result.chargeFee && result.feeBillingId) {
    await chargeBilling(deps, result.booking, result.feeBillingId, result.fee.outstandingFee, 'cancel-fee').catch(
      (err: unknown) =>
        deps.log.warn('cancellation fee charge failed', { bookingId: result.booking.id, error: String(err) }),
    );
  }
  return result;
}

/** cancel_booking: by its guest, or by the holder of the share a family member booked it on. */
export async function cancelBooking(deps: Deps, accountId: string, language: Language, bookingId: string) {
  const b = await requireViewableBooking(deps, accountId, bookingId);
  return endBooking(deps, {
    bookingId,
    accountId: b.accountId,
    actor: actorOf.account(accountId),
    noShow: false,
    language,
  });
}

/**
 * Sends the refunds a cancellation queued, each with its own idempotency key
 * (a retry never refunds twice), and records each once the processor took it.
 */
export async function sendPendingRefunds(deps: Deps, bookingId: string): Promise<number> {
  const b = await repo.findBooking(deps.db, bookingId);
  if (!b || b.pendingRefunds.length === 0) return 0;
  let sent = 0;
  for (const r of b.pendingRefunds as (PendingRefund & { whole?: boolean })[]) {
    await refundPayment(deps, r.paymentId, r.amount, `booking-refund-${bookingId}-${r.billingId}`);
    const now = deps.clock.now();
    await withTx(deps.db, async (tx) => {
      const locked = await repo.lockBooking(tx, bookingId);
      if (!locked) return;
      if (r.whole) {
        const billing = await getBillingForUpdate(tx, r.billingId);
        if (billing.billingStatus === 'PAID') {
          await markBillingRefunded(tx, r.billingId, { at: now, refundedAmount: r.amount, reason: locked.status });
        }
      }
      const left = locked.pendingRefunds.filter((x) => !(x.billingId === r.billingId && x.paymentId === r.paymentId));
      await recordTransition(tx, locked, {
        action: 'REFUNDED',
        actor: actorOf.system,
        at: now,
        patch: { pendingRefunds: left },
        detail: { ...r },
      });
    });
    sent += 1;
  }
  return sent;
}
