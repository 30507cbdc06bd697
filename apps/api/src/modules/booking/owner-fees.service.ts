import type { BookingDebtOptionValue, BookingPaymentResult } from '@yado/contract/booking.contract';
import { todayIn } from '@yado/contract/civil-date';
import { inclusiveOf } from '@yado/contract/consumption-tax';
import { AppError } from '../../platform/app-error.js';
import { withTx, type Db } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import {
  attachPayment,
  cancelBilling,
  createBilling,
  getBillingForUpdate,
  type BillingLineInput,
} from '../billing/billing.service.js';
import { recordFees, reverseOpenFees, type OwnerFee } from '../ownership/owner-expenditure.service.js';
import { findShare } from '../ownership/owner-share.service.js';
import { returnSlots } from '../ownership/slot-ledger.service.js';
import { findUserOfAccount } from '../user/user.service.js';
import { recordTransition } from './booking-lifecycle.service.js';
import { actorOf } from './booking-state.rules.js';
import * as repo from './booking.repo.js';
import type { BookingRecord } from './booking.repo.js';
import { chargeBilling } from './default-billing.service.js';
import {
  isOwnerFeeLine,
  OWNER_FEE_TAX_RATE,
  OWNER_FEE_TAX_RATE_TYPE,
  type OwnerFeeSchedule,
} from './owner-quote.rules.js';
import { ownBookingOr404 } from './booking-access.service.js';

/*
 * The money side of owner bookings (decision 0030). Under the DEFAULT debt option an owner's fees
 * go to the owner expenditure ledger, settled by the next owner statement; under NO_DEBT they are
 * one billing, paid at once through the billing and payment path (pay_billing, or the card given at
 * confirmation). Every change happens in the booking's transaction, the booking row locked.
 */

/** The fee lines of a booking's quote (own-use fee, mutual-use extra charges). */
const feeLinesOf = (b: BookingRecord) => b.quote.lines.filter(isOwnerFeeLine);

/** The fees of the lines, tax-inclusive, per subject, as the expenditure ledger keeps them. */
function feesOf(lines: readonly BillingLineInput[]): OwnerFee[] {
  const bySubject = new Map<OwnerFee['subject'], number>();
  for (const l of lines) {
    const subject = l.subject as OwnerFee['subject'];
    bySubject.set(subject, (bySubject.get(subject) ?? 0) + l.amount);
  }
  return [...bySubject].map(([subject, amount]) => ({
    subject,
    amount: inclusiveOf(amount, OWNER_FEE_TAX_RATE_TYPE),
    taxRate: OWNER_FEE_TAX_RATE,
  }));
}

/** Who owes the fees: the holder of the share, whoever of their family booked. */
async function feeOwnerOf(tx: Db, b: BookingRecord) {
  if (!b.shareId) throw new AppError('CodeBookingTypeNotAvailable');
  const share = await findShare(tx, b.shareId);
  if (!share) throw new AppError('CodeShareNotFound');
  return { userId: share.userId, shareId: share.id, houseGroupId: b.houseGroupId, bookingId: b.id };
}

const stepAt = (b: BookingRecord, step: string, actor: string, now: Date) => ({
  step,
  incurredOn: todayIn(b.timezone, now),
  actor,
  now,
});

/** The NO_DEBT billing of a booking's fees (REQUESTED until paid), or null when it has none. */
async function billFees(tx: Db, b: BookingRecord, actor: string, now: Date): Promise<string | null> {
  const lines = feeLinesOf(b);
  if (lines.length === 0) return null;
  const billing = await createBilling(tx, {
    bookingId: b.id,
    accountId: b.accountId,
    billingType: 'ADDITIONAL',
    lines,
    serviceChargePercentage: '0.00',
    accommodationTax: 0,
    paymentDeadline: new Date(now.getTime() + 7 * 86_400_000),
    at: now,
    actor,
  });
  await attachPayment(tx, billing.billingId, {
    paymentId: null,
    paymentMethodId: b.paymentMethodId,
    pointPaymentAmount: 0,
    at: now,
    actor,
  });
  return billing.billingId;
}

/**
 * confirm_booking of an owner stay: BOOKED at once, no deposit. DEFAULT books the fees to the
 * owner's statement; NO_DEBT bills them, charged at once to the card given (otherwise paid with
 * pay_billing from the booking page). A second call answers the first's result.
 */
export async function confirmOwnerBooking(
  deps: Deps,
  accountId: string,
  input: { bookingId: string; paymentMethodId?: string | undefined },
): Promise<BookingPaymentResult> {
  const now = deps.clock.now();
  const actor = actorOf.account(accountId);
  const done = await withTx(deps.db, async (tx) => {
    const b = ownBookingOr404(await repo.lockBooking(tx, input.bookingId), accountId);
    if (b.status === 'BOOKED' && b.bookedAt) return { b, billingId: null as string | null, charge: false };
    if (b.status !== 'TENTATIVE') throw new AppError('CodeBookingStatusInvalid');
    if (b.tentativeDeadline && now >= b.tentativeDeadline) throw new AppError('CodeTentativeBookingExpired');
    let billingId: string | null = null;
    if (b.debtOption === 'NO_DEBT') {
      billingId = await billFees(tx, { ...b, paymentMethodId: input.paymentMethodId ?? null }, actor, now);
    } else {
      await recordFees(tx, await feeOwnerOf(tx, b), feesOf(feeLinesOf(b)), stepAt(b, 'confirm', actor, now));
    }
    await recordTransition(tx, b, {
      action: 'CONFIRM',
      to: 'BOOKED',
      actor,
      at: now,
      patch: {
        bookedAt: now,
        ownerFeeBillingId: billingId,
        ...(input.paymentMethodId ? { paymentMethodId: input.paymentMethodId } : {}),
      },
      detail: { debtOption: b.debtOption, feeBillingId: billingId },
    });
    return { b, billingId, charge: Boolean(billingId && input.paymentMethodId) };
  });
  if (done.charge && done.billingId) await chargeFeeBilling(deps, done.b.id, done.billingId);
  return { bookingId: done.b.id, bookingStatus: 'BOOKED', status: 'PAID' };
}

async function chargeFeeBilling(deps: Deps, bookingId: string, billingId: string): Promise<void> {
  const b = await repo.findBooking(deps.db, bookingId);
  const billing = await getBillingForUpdate(deps.db, billingId);
  if (!b || billing.billingStatus !== 'REQUESTED') return;
  await chargeBilling(deps, b, billingId, billing.fiatAmount || billing.totalAmount, 'owner-fee').catch(
    (err: unknown) => deps.log.warn('owner fee charge failed', { bookingId, error: String(err) }),
  );
}

/** Whether the caller may change the booking's debt option: who booked it, or the share's holder. */
async function mayManage(deps: Deps, tx: Db, b: BookingRecord, accountId: string): Promise<boolean> {
  if (b.accountId === accountId) return true;
  if (!b.shareId) return false;
  const [share, user] = await Promise.all([findShare(tx, b.shareId), findUserOfAccount(deps, accountId)]);
  return Boolean(share && user && share.userId === user.id);
}

/**
 * update_booking_debt_option. To NO_DEBT: the fees owed to the statement are taken back and billed
 * at once. To DEFAULT: an unpaid fee billing is cancelled and the fees go to the statement. Locked
 * once the fee billing is paid or the booking has begun or ended (CodeDebtOptionLocked).
 */
export async function updateDebtOption(
  deps: Deps,
  accountId: string,
  input: { bookingId: string; debtOption: BookingDebtOptionValue },
): Promise<BookingRecord> {
  const now = deps.clock.now();
  const actor = actorOf.account(accountId);
  return withTx(deps.db, async (tx) => {
    const b = await repo.lockBooking(tx, input.bookingId);
    if (!b || !(await mayManage(deps, tx, b, accountId))) throw new AppError('CodeBookingNotFound');
    if (!b.shareId || !b.debtOption) throw new AppError('CodeBookingTypeNotAvailable');
    if (b.debtOption === input.debtOption) return b;
    if (!['TENTATIVE', 'BOOKED', 'READY_TO_CHECKIN'].includes(b.status)) throw new AppError('CodeDebtOptionLocked');
    const step = `debt-option-${b.version}`;
    let ownerFeeBillingId = b.ownerFeeBillingId;
    if (b.status !== 'TENTATIVE') {
      if (input.debtOption === 'NO_DEBT') {
        await reverseOpenFees(tx, b.id, stepAt(b, step, actor, now));
        ownerFeeBillingId = await billFees(tx, b, actor, now);
      } else {
        if (b.ownerFeeBillingId) {
          const fee = await getBillingForUpdate(tx, b.ownerFeeBillingId);
          if (fee.billingStatus === 'PAID') throw new AppError('CodeDebtOptionLocked');
          if (fee.billingStatus === 'REQUESTED' || fee.billingStatus === 'FAILED') {
            await cancelBilling(tx, fee.billingId, { at: now, actor, reason: 'debt option DEFAULT' });
          }
        }
        ownerFeeBillingId = null;
        await recordFees(tx, await feeOwnerOf(tx, b), feesOf(feeLinesOf(b)), stepAt(b, step, actor, now));
      }
    }
    await recordTransition(tx, b, {
      action: 'DEBT_OPTION_CHANGED',
      actor,
      at: now,
      patch: { debtOption: input.debtOption, ownerFeeBillingId },
      detail: { from: b.debtOption, to: input.debtOption, feeBillingId: ownerFeeBillingId },
    });
    return { ...b, debtOption: input.debtOption, ownerFeeBillingId };
  });
}

/**
 * What ending an owner stay does beside the core's work (inside its transaction): within the free
 * period (or a hold never confirmed) the slots go back and the fees owed to the statement are taken
 * back; later the slots stay consumed and, under DEFAULT, the fees owed become the cancellation fee.
 */
export async function settleOwnerEnd(
  tx: Db,
  b: BookingRecord,
  schedule: OwnerFeeSchedule,
  actor: string,
  now: Date,
): Promise<void> {
  if (!b.shareId) return;
  const at = stepAt(b, 'end', actor, now);
  if (schedule.underFreeCancellationPeriod) {
    await returnSlots(tx, { bookingId: b.id, actor, at: now });
    await reverseOpenFees(tx, b.id, at);
    return;
  }
  if (b.debtOption !== 'DEFAULT') return;
  const owed = await reverseOpenFees(tx, b.id, at);
  const total = owed.reduce((s, f) => s + f.amount, 0);
  if (total !== 0) {
    await recordFees(tx, await feeOwnerOf(tx, b), [{ subject: 'CANCELLATION_FEE', amount: total, taxRate: 0 }], {
      ...at,
      step: 'cancellation',
    });
  }
}

/** A lapsed owner hold gives its slots back (inside the expiry's transaction). */
export async function returnHoldSlots(tx: Db, b: BookingRecord, now: Date): Promise<void> {
  if (b.shareId) await returnSlots(tx, { bookingId: b.id, actor: actorOf.system, at: now });
}

/**
 * An accepted gift's fees (inside the acceptance's transaction): the giving owner owes them, in
 * the next owner statement (a gift is always under the DEFAULT debt option; the recipient pays
 * only what they order).
 */
export async function recordGiftFees(tx: Db, b: BookingRecord, actor: string, now: Date): Promise<void> {
  await recordFees(tx, await feeOwnerOf(tx, b), feesOf(feeLinesOf(b)), stepAt(b, 'confirm', actor, now));
}
