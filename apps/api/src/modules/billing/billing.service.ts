import { randomUUID } from 'node:crypto';
import type {
  BillingDetail,
  BillingPaymentMethod,
  BillingStatusValue,
  BillingSummary,
  BillingTypeValue,
  BillingWithDetails,
  DetailedBilling,
  OrderLine,
  payBilling as payBillingMethod,
  PaymentAttemptSchema,
} from '@yado/contract/billing.contract';
import { civilFromIso } from '@yado/contract/civil-date';
import { dateTimeFromDate } from '@yado/contract/date-time';
import type { Language } from '@yado/contract/headers';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error.js';
import { withTx, type Db } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import type { Principal } from '../../platform/http/call-context.js';
import type { Task } from '../../platform/scheduler.js';
import * as nac from '../nac/nac.service.js';
import * as payment from '../payment/payment.service.js';
import { consumePoints, refundBillingPoints } from '../point/point.service.js';
import { accountIdOfEmail } from '../identity/identity.service.js';
import { findUserOfAccount } from '../user/user.service.js';
import { enqueueNotification } from '../notification/notification-event.service.js';
import * as repo from './billing.repo.js';
import type { BillingRecord, StoredCancellationFee, StoredLine } from './billing.repo.js';
import * as rules from './billing.rules.js';
import type { BillingLineInput } from './billing.rules.js';
import { checkSplit } from './split-billing.rules.js';
import { guaranteedDiscount, nacReference, nacRefundUnits, splitPayment } from './nac-payment.rules.js';

export type { BillingLineInput } from './billing.rules.js';
export type { BillingRecord } from './billing.repo.js';
// The price and tax rules other modules price with (the booking quote): pure functions, shared
// through the service like everything else of the module. The cancellation fee is the contract's
// (@yado/contract/cancellation-fee), so the web shows what the API bills.
export { accommodationTaxForNights, computeTotals, depositAmount, type AccommodationTaxBand } from './billing.rules.js';

type Actor = { actor?: string; at?: Date };

// Transitions -------------------------------------------------------------------

async function lockBilling(tx: Db, billingId: string): Promise<BillingRecord> {
  const b = await repo.findBilling(tx, billingId, { forUpdate: true });
  if (!b) throw new AppError('CodeBillingNotFound');
  return b;
}

/**
 * Moves a locked billing to `to` and records who did it. A move to the state
 * the billing is already in is a no-op (false), so retries and reconciliation
 * can repeat a step safely; any move the state machine does not allow is
 * refused with CodeBillingStatusInvalid.
 */
async function transition(
  tx: Db,
  b: BillingRecord,
  to: BillingStatusValue,
  change: { paidAt?: Date; failureReason?: string | null; refundedAmount?: number; reason?: string | null } & Actor,
): Promise<boolean> {
  if (b.status === to) return false;
  if (!rules.canTransition(b.status, to)) throw new AppError('CodeBillingStatusInvalid');
  await repo.updateStatus(tx, b.id, {
    status: to,
    at: change.at ?? null,
    ...(change.paidAt !== undefined ? { paidAt: change.paidAt } : {}),
    ...(change.failureReason !== undefined ? { failureReason: change.failureReason } : {}),
    ...(change.refundedAmount !== undefined ? { refundedAmount: change.refundedAmount } : {}),
  });
  await repo.insertEvent(tx, {
    billingId: b.id,
    from: b.status,
    to,
    actor: change.actor ?? 'system',
    reason: change.reason ?? change.failureReason ?? null,
    at: change.at ?? null,
  });
  b.status = to;
  return true;
}

// The PDF writer and the invoices' date and yen formats, for other documents the operator issues
// (owner statements).
export { A4, textWidth, writePdf, type PdfPage, type TextRun } from './pdf-writer.js';
export { formatDate, formatYen } from './invoice-pdf.js';

export type CreateBillingInput = {
  bookingId: string;
  accountId: string;
  billingType: BillingTypeValue;
  lines: BillingLineInput[];
  serviceChargePercentage: string;
  accommodationTax: number;
  /** A deposit already paid, subtracted from what this billing asks for. */
  deductions?: number;
  paymentDeadline: Date | null;
  /** For a CANCELLATION billing: the fee per stay date (`perDate` of @yado/contract/cancellation-fee). */
  cancellationFee?: StoredCancellationFee[];
} & Actor;

/** A REQUESTED billing with its lines, totals computed once and stored with it. */
/** Billing lines as they are stored: numbered, with the tax each line shows. */
function storedLinesOf(lines: readonly BillingLineInput[]): StoredLine[] {
  return lines.map((l, i) => {
    const d = rules.lineDisplay(l);
    return {
      ...l,
      lineNo: i + 1,
      taxRate: d.taxRate,
      effectiveTaxRateType: d.taxRateType,
      consumptionTax: d.consumptionTax,
      taxInclusiveAmount: d.taxInclusiveAmount,
      status: 'ORDERED',
    };
  });
}

export async function createBilling(
  tx: Db,
  input: CreateBillingInput,
): Promise<{ billingId: string; billingNumber: string; totalAmount: number }> {
  const totals = rules.computeTotals(input);
  const deductions = input.deductions ?? 0;
  if (!Number.isSafeInteger(deductions) || deductions < 0 || deductions > totals.taxInclusiveTotalAmount) {
    throw new RangeError('deductions must be between 0 and the billing total');
  }
  const b = await repo.insertBilling(tx, {
    id: `bil_${randomUUID()}`,
    bookingId: input.bookingId,
    accountId: input.accountId,
    billingType: input.billingType,
    serviceChargePercentage: totals.subtotalByServiceChargePercentage.percentage,
    accommodationTax: input.accommodationTax,
    totalAmount: totals.taxInclusiveTotalAmount,
    deductions,
    totals,
    cancellationFee: input.cancellationFee ?? [],
    paymentDeadline: input.paymentDeadline,
    billedAt: input.at ?? null,
  });
  await repo.insertLines(tx, b.id, storedLinesOf(input.lines));
  await repo.insertEvent(tx, {
    billingId: b.id,
    from: null,
    to: 'REQUESTED',
    actor: input.actor ?? 'system',
    reason: null,
    at: input.at ?? null,
  });
  return { billingId: b.id, billingNumber: b.billingNumber, totalAmount: b.totalAmount };
}

/**
 * Records the payment (or the start of an attempt: paymentId null) a billing
 * is paid with and reserves its points (CONSUME_BILLING) at once, so the same
 * points cannot pay two billings. A FAILED billing goes back to REQUESTED (the
 * guest tries another card). Points never exceed the amount billed.
 */
export async function attachPayment(
  tx: Db,
  billingId: string,
  input: {
    paymentId: string | null;
    paymentMethodId: string | null;
    pointPaymentAmount: number;
    paymentMethod?: BillingPaymentMethod | null;
  } & Actor,
): Promise<void> {
  const b = await lockBilling(tx, billingId);
  if (b.status === 'FAILED') await transition(tx, b, 'REQUESTED', { ...input, reason: 'retry' });
  else if (b.status !== 'REQUESTED') throw new AppError('CodeBillingStatusInvalid');
  const billed = b.totalAmount - b.deductions;
  if (input.pointPaymentAmount > billed) throw new AppError('CodePointsExceedAmount');
  await consumePoints(tx, {
    accountId: b.accountId,
    points: input.pointPaymentAmount,
    billingId,
    ...(input.at ? { at: input.at } : {}),
    ...(input.actor ? { actor: input.actor } : {}),
  });
  await repo.setPayment(tx, billingId, {
    paymentId: input.paymentId,
    paymentMethodId: input.paymentMethodId,
    paymentMethod: input.paymentMethod ?? null,
    pointPaymentAmount: input.pointPaymentAmount,
    fiatAmount: billed - input.pointPaymentAmount,
    at: input.at ?? null,
  });
}

/** REQUESTED → PAID. The billing's points are spent for good (idempotent with attachPayment's reservation). */
export async function markBillingPaid(
  tx: Db,
  billingId: string,
  input: { paidAt: Date; paymentMethod?: BillingPaymentMethod | null } & Omit<Actor, 'at'>,
): Promise<void> {
  const b = await lockBilling(tx, billingId);
  if (b.status === 'PAID') return;
  if (!rules.canTransition(b.status, 'PAID')) throw new AppError('CodeBillingStatusInvalid');
  await consumePoints(tx, {
    accountId: b.accountId,
    points: b.pointPaymentAmount,
    billingId,
    at: input.paidAt,
    ...(input.actor ? { actor: input.actor } : {}),
  });
  if (input.paymentMethod) await repo.setPaymentMethodSnapshot(tx, billingId, input.paymentMethod);
  await transition(tx, b, 'PAID', { paidAt: input.paidAt, at: input.paidAt, actor: input.actor });
  if (b.splitSourceBillingId) await settleSplitSource(tx, b.splitSourceBillingId, input.paidAt, input.actor);
}

/**
 * Gives back the NAC a billing holds for an attempt that will not be paid (PAYMENT_REFUND, once per
 * reference) and clears it from the billing, the card part taking its place again.
 */
async function releaseNacHold(tx: Db, b: BillingRecord, at: Date | undefined): Promise<void> {
  if (!b.nacPaymentReference || !b.nacPaymentAmount) return;
  await nac.returnNacPayment(tx, {
    accountId: b.accountId,
    nacUnits: nac.parseSignedNac(b.nacPaymentAmount),
    reference: b.nacPaymentReference,
    now: at ?? new Date(),
  });
  await repo.setNacPayment(tx, b.id, {
    nacPaymentAmount: null,
    nacToJpyRate: null,
    nacPaymentAmountJpy: 0,
    nacGuaranteedDiscountAmount: 0,
    nacPaymentReference: null,
    fiatAmount: b.fiatAmount + b.nacPaymentAmountJpy,
    at: at ?? null,
  });
  b.fiatAmount += b.nacPaymentAmountJpy;
  b.nacPaymentAmount = null;
  b.nacToJpyRate = null;
  b.nacPaymentAmountJpy = 0;
  b.nacPaymentReference = null;
}

/** REQUESTED → FAILED with the card's failure reason; the points it held go back to the guest. */
export async function markBillingFailed(tx: Db, billingId: string, reason: string, opts: Actor = {}): Promise<void> {
  const b = await lockBilling(tx, billingId);
  if (await transition(tx, b, 'FAILED', { failureReason: reason, ...opts })) {
    await refundBillingPoints(tx, { billingId, ...opts });
    await releaseNacHold(tx, b, opts.at);
  }
}

/** REQUESTED → CANCELLED (a billing never charged); the points it held go back to the guest. */
export async function cancelBilling(tx: Db, billingId: string, opts: Actor & { reason?: string } = {}): Promise<void> {
  const b = await lockBilling(tx, billingId);
  if (b.isSplitSource && b.status === 'REQUESTED') {
    // The parts still unpaid go with it; parts already paid stay paid, for the booking to refund.
    for (const part of await repo.splitParts(tx, [b.id])) {
      if (part.status === 'REQUESTED' || part.status === 'FAILED') {
        const locked = await lockBilling(tx, part.id);
        if (locked.status === 'FAILED')
          await transition(tx, locked, 'REQUESTED', { ...opts, reason: 'source cancelled' });
        if (await transition(tx, locked, 'CANCELLED', opts)) {
          await refundBillingPoints(tx, { billingId: part.id, ...opts });
          await releaseNacHold(tx, locked, opts.at);
        }
      }
    }
  }
  if (await transition(tx, b, 'CANCELLED', opts)) {
    await refundBillingPoints(tx, { billingId, ...opts });
    await releaseNacHold(tx, b, opts.at);
  }
}

/**
 * PAID → REFUNDED, after the card payment was refunded (the whole card part
 * unless `refundedAmount` says less); the points spent go back too.
 */
export async function markBillingRefunded(
  tx: Db,
  billingId: string,
  opts: Actor & { refundedAmount?: number; reason?: string } = {},
): Promise<void> {
  const b = await lockBilling(tx, billingId);
  const refundedAmount = opts.refundedAmount ?? b.fiatAmount;
  if (!Number.isSafeInteger(refundedAmount) || refundedAmount < 0 || refundedAmount > b.fiatAmount) {
    throw new RangeError('refundedAmount must be between 0 and the card amount');
  }
  if (await transition(tx, b, 'REFUNDED', { ...opts, refundedAmount })) {
    await refundBillingPoints(tx, { billingId, ...opts });
    if (b.nacPaymentReference && b.nacPaymentAmount) {
      await nac.returnNacPayment(tx, {
        accountId: b.accountId,
        nacUnits: nacRefundUnits(nac.parseSignedNac(b.nacPaymentAmount), b.fiatAmount, refundedAmount),
        reference: b.nacPaymentReference,
        now: opts.at ?? new Date(),
      });
    }
    if (b.splitSourceBillingId) await settleRefundedSplitSource(tx, b.splitSourceBillingId, opts);
  }
}

/**
 * A paid split source is REFUNDED once every part is (a cancellation gives each payer back their
 * part); what it records as refunded is what the parts' cards got back.
 */
async function settleRefundedSplitSource(tx: Db, sourceId: string, opts: Actor): Promise<void> {
  const source = await lockBilling(tx, sourceId);
  if (source.status !== 'PAID') return;
  const parts = await repo.splitParts(tx, [sourceId]);
  if (parts.length === 0 || parts.some((p) => p.status !== 'REFUNDED')) return;
  const refundedAmount = Math.min(
    source.fiatAmount,
    parts.reduce((sum, p) => sum + p.refundedAmount, 0),
  );
  await transition(tx, source, 'REFUNDED', { ...opts, refundedAmount, reason: 'every part refunded' });
}

export type BillingForUpdate = {
  billingId: string;
  billingNumber: string;
  bookingId: string;
  accountId: string;
  billingType: BillingTypeValue;
  billingStatus: BillingStatusValue;
  totalAmount: number;
  /** What the billing asks for: totalAmount less deductions. */
  billedAmount: number;
  pointPaymentAmount: number;
  paymentId: string | null;
  paymentMethodId: string | null;
  fiatAmount: number;
  /** The yen the billing's NAC paid (0 without NAC); its NAC goes back when the billing is refunded. */
  nacPaymentAmountJpy: number;
  accommodationAmount: number;
  /** Split into parts: the money is in the parts (splitPartsForUpdate), each paid by its own payer. */
  isSplitSource: boolean;
  /** A part of a split billing: the source it belongs to. */
  splitSourceBillingId: string | null;
};

const forUpdateView = (b: BillingRecord): BillingForUpdate => ({
  billingId: b.id,
  billingNumber: b.billingNumber,
  bookingId: b.bookingId,
  accountId: b.accountId,
  billingType: b.billingType,
  billingStatus: b.status,
  totalAmount: b.totalAmount,
  billedAmount: b.totalAmount - b.deductions,
  pointPaymentAmount: b.pointPaymentAmount,
  paymentId: b.paymentId,
  paymentMethodId: b.paymentMethodId,
  fiatAmount: b.fiatAmount,
  nacPaymentAmountJpy: b.nacPaymentAmountJpy,
  accommodationAmount: b.totals.accommodationAmount,
  isSplitSource: b.isSplitSource,
  splitSourceBillingId: b.splitSourceBillingId,
});

/** The billing, locked for the rest of the transaction; CodeBillingNotFound when there is none. */
export async function getBillingForUpdate(tx: Db, billingId: string): Promise<BillingForUpdate> {
  return forUpdateView(await lockBilling(tx, billingId));
}

/** The parts of a split billing, each locked for the rest of the transaction, in the order they were made. */
export async function splitPartsForUpdate(tx: Db, sourceBillingId: string): Promise<BillingForUpdate[]> {
  const out: BillingForUpdate[] = [];
  for (const part of await repo.splitParts(tx, [sourceBillingId])) out.push(await getBillingForUpdate(tx, part.id));
  return out;
}

/** REQUESTED billings untouched since `olderThan`: the reconciliation job asks the provider about them. */
export async function listStaleRequestedBillings(db: Db, olderThan: Date, limit = 100): Promise<BillingForUpdate[]> {
  return (await repo.staleRequested(db, olderThan, limit)).map(forUpdateView);
}

// Views -------------------------------------------------------------------------

export function toBillingSummary(b: BillingRecord): BillingSummary {
  return {
    bookingId: b.bookingId,
    billingId: b.id,
    billingNumber: b.billingNumber,
    billingStatus: b.status,
    totalAmount: b.totalAmount,
    paymentMethod: b.paymentMethod,
    paymentDeadline: b.paymentDeadline ? dateTimeFromDate(b.paymentDeadline) : null,
    billingType: b.billingType,
    billedAt: dateTimeFromDate(b.billedAt),
    paidAt: b.paidAt ? dateTimeFromDate(b.paidAt) : null,
  };
}

export function toDetailedBilling(b: BillingRecord): DetailedBilling {
  const billed = b.totalAmount - b.deductions;
  return {
    ...toBillingSummary(b),
    totalBillingAmount: billed,
    isSplitSource: b.isSplitSource,
    isInvoicePayment: false,
    fiatJpyPaymentAmount: b.fiatAmount,
    nacPaymentAmount: b.nacPaymentAmount ?? '0',
    nacToJpyRate: b.nacToJpyRate ?? '0',
    nacPaymentAmountInJpy: b.nacPaymentAmountJpy,
    nacPaidAt: b.nacPaidAt ? dateTimeFromDate(b.nacPaidAt) : null,
    nacGuaranteedDiscountAmount: b.nacGuaranteedDiscountAmount,
    preDiscountBillingAmount: Math.max(0, b.totals.preDiscountTotalAmount - b.deductions),
    pointPaymentAmount: b.pointPaymentAmount,
    deductionAmount: b.deductions,
    refundedAmount: b.refundedAmount,
    createdAt: dateTimeFromDate(b.createdAt),
    updatedAt: dateTimeFromDate(b.updatedAt),
  };
}

function toOrderLine(l: StoredLine, language: Language): OrderLine {
  return {
    orderId: l.orderId ?? null,
    orderNumber: l.orderNumber ?? null,
    title: language === 'ja' ? l.titleJa : l.titleEn,
    category: l.category,
    date: l.date ? civilFromIso(l.date) : null,
    quantity: l.mealQuantities ?? l.quantity,
    status: l.status,
    amount: l.amount,
    adjustmentAmount: l.adjustmentAmount ?? 0,
    taxInclusiveAmount: l.taxInclusiveAmount,
    consumptionTax: l.consumptionTax,
    consumptionTaxRate: l.taxRate,
    consumptionTaxRateType: l.effectiveTaxRateType,
    serviceChargeApplicable: l.serviceChargeApplicable,
    subject: l.subject,
    source: l.source ?? null,
  };
}

/** A subject's tax-exclusive subtotal on a billing (0 when it has none). */
const subjectTotal = (t: BillingRecord['totals'], subject: string) =>
  t.subtotalsBySubject.find((x) => x.subject === subject)?.amount ?? 0;

/** The per-night amount of a subject charged per night (the mutual-use extra charge), 0 when absent. */
const perDayOf = (lines: readonly StoredLine[], subject: string) =>
  lines.find((l) => l.subject === subject)?.amount ?? 0;

export function toBillingDetail(
  b: Pick<BillingRecord, 'billingNumber' | 'totals' | 'cancellationFee'> &
    Partial<Pick<BillingRecord, 'isSplitSource' | 'nacGuaranteedDiscountAmount'>>,
  lines: readonly StoredLine[],
  language: Language,
): BillingDetail {
  const t = b.totals;
  return {
    billingNumber: b.billingNumber,
    isSplitSource: b.isSplitSource ?? false,
    taxInclusiveTotalAmount: t.taxInclusiveTotalAmount,
    subtotalsBySubject: t.subtotalsBySubject,
    mutualUseExtraChargePerDay: perDayOf(lines, 'MUTUAL_USE_EXTRA_CHARGE'),
    preDiscountSubtotalsByConsumptionTaxRate: t.preDiscountSubtotalsByConsumptionTaxRate,
    preDiscountTaxExclusiveSubtotalAmount: t.preDiscountTaxExclusiveSubtotalAmount,
    preDiscountTaxInclusiveSubtotalAmount: t.preDiscountTaxInclusiveSubtotalAmount,
    nacGuaranteedDiscountAmount: b.nacGuaranteedDiscountAmount ?? 0,
    subtotalsByConsumptionTaxRate: t.subtotalsByConsumptionTaxRate,
    adjustmentAmount: t.adjustmentAmount,
    orders: lines.map((l) => toOrderLine(l, language)),
    ownUseFee: subjectTotal(t, 'OWN_USE_FEE'),
    mutualUseExtraCharge: subjectTotal(t, 'MUTUAL_USE_EXTRA_CHARGE'),
    accommodationAmount: t.accommodationAmount,
    cancellationFee: b.cancellationFee.map((c) => ({ ...c, date: civilFromIso(c.date) })),
    subtotalByServiceChargePercentage: t.subtotalByServiceChargePercentage,
    discountAmount: t.discountAmount,
    serviceChargeAmount: t.serviceChargeAmount,
    accommodationTaxAmount: t.accommodationTax,
  };
}

/**
 * The detail of a billing not created yet (no number), from the lines it would
 * have: what a page shows before the charge, built as a stored billing is.
 */
export function draftBillingDetail(
  input: { lines: readonly BillingLineInput[]; serviceChargePercentage: string; accommodationTax: number },
  language: Language,
): BillingDetail {
  const totals = rules.computeTotals(input);
  return toBillingDetail({ billingNumber: '', totals, cancellationFee: [] }, storedLinesOf(input.lines), language);
}

/**
 * A booking's billings in the contract's shapes, oldest first.
 * `unbilledAmount` is what the booking still owes outside any billing (the
 * booking module knows it); 0 when not given.
 */
export async function listBookingBillings(
  db: Db,
  bookingId: string,
  _language: Language,
  opts: { unbilledAmount?: number } = {},
): Promise<{ billings: BillingSummary[]; billingWithDetails: BillingWithDetails[]; totalUnbilledAmount: number }> {
  const records = await repo.listByBooking(db, bookingId);
  const parts = await repo.splitParts(
    db,
    records.filter((b) => b.isSplitSource).map((b) => b.id),
  );
  const names = await repo.userNamesOf(
    db,
    parts.map((p) => p.accountId),
  );
  return {
    billings: records.map(toBillingSummary),
    billingWithDetails: records.map((b) => withParts(b, parts, names)),
    totalUnbilledAmount: opts.unbilledAmount ?? 0,
  };
}

/** A billing with the parts it was split into (none unless it is a split source). */
function withParts(
  b: BillingRecord,
  parts: readonly BillingRecord[],
  payerNames: ReadonlyMap<string, string>,
): BillingWithDetails {
  return {
    billing: toDetailedBilling(b),
    paymentMethod: b.paymentMethod,
    ownSplitBillings: parts
      .filter((p) => p.splitSourceBillingId === b.id)
      .map((p) => ({
        billing: toDetailedBilling(p),
        paymentMethod: p.paymentMethod,
        payerName: payerNames.get(p.accountId) ?? '',
      })),
  };
}

const isStaff = (p: Principal) => p.roles.includes('staff');

/** A billing the caller may see: its own account's, or any for staff; others answer as not found. */
export async function requireVisibleBilling(db: Db, principal: Principal, billingId: string): Promise<BillingRecord> {
  const b = await repo.findBilling(db, billingId);
  if (!b || (b.accountId !== principal.accountId && !isStaff(principal))) throw new AppError('CodeBillingNotFound');
  return b;
}

/** list_billings: the billings of a booking, when they are the caller's (an unknown booking has none). */
export async function listBillingsOfBooking(deps: Deps, principal: Principal, bookingId: string, language: Language) {
  const records = await repo.listByBooking(deps.db, bookingId);
  if (records.some((b) => b.accountId !== principal.accountId) && !isStaff(principal)) {
    throw new AppError('CodeBookingNotFound');
  }
  return listBookingBillings(deps.db, bookingId, language);
}

export async function getBillingDetail(
  deps: Deps,
  principal: Principal,
  billingId: string,
  language: Language,
): Promise<{ billing: DetailedBilling; billingDetail: BillingDetail }> {
  const b = await requireVisibleBilling(deps.db, principal, billingId);
  const lines = (await repo.linesOf(deps.db, [b.id])).get(b.id) ?? [];
  return { billing: toDetailedBilling(b), billingDetail: toBillingDetail(b, lines, language) };
}

/** A billing with its lines, for the invoice. */
export async function billingWithLines(db: Db, billingId: string) {
  const b = await repo.findBilling(db, billingId);
  if (!b) return null;
  return { billing: b, lines: (await repo.linesOf(db, [b.id])).get(b.id) ?? [] };
}

export async function billingStatusHistory(db: Db, billingId: string) {
  return repo.statusEvents(db, billingId);
}

// Paying DEFAULT and ADDITIONAL billings ---------------------------------------------

type PaymentAttempt = z.infer<typeof PaymentAttemptSchema>;
type PayResult = { billing: DetailedBilling; payment: PaymentAttempt };
type PaymentView = Awaited<ReturnType<typeof payment.getPayment>>;

const PAYABLE_TYPES: readonly BillingTypeValue[] = ['DEFAULT', 'ADDITIONAL'];

async function view(db: Db, billingId: string): Promise<DetailedBilling> {
  const b = await repo.findBilling(db, billingId);
  if (!b) throw new AppError('CodeBillingNotFound');
  return toDetailedBilling(b);
}

/** Records what the processor says of the billing's payment: PAID, FAILED, or still waiting. */
async function settle(deps: Deps, billingId: string, p: PaymentView, actor: string): Promise<PaymentAttempt> {
  let current = p;
  if (current.status === 'AUTHORIZED') current = await payment.capturePayment(deps, current.paymentId);
  const now = deps.clock.now();
  if (current.status === 'CAPTURED') {
    await withTx(deps.db, (tx) =>
      markBillingPaid(tx, billingId, { paidAt: now, paymentMethod: current.paymentMethod, actor }),
    );
    return { status: 'PAID' };
  }
  if (current.status === 'FAILED' || current.status === 'VOIDED') {
    const reason = current.failureReason ?? 'CodePaymentDeclined';
    await withTx(deps.db, (tx) => markBillingFailed(tx, billingId, reason, { at: now, actor }));
    return { status: 'FAILED', reason };
  }
  if (current.status === 'REQUIRES_ACTION') {
    const challengeUrl = (current as { challengeUrl?: string | null }).challengeUrl;
    return challengeUrl ? { status: 'REQUIRES_ACTION', challengeUrl } : { status: 'REQUIRES_ACTION' };
  }
  return { status: 'PENDING' };
}

function assertPayable(b: BillingRecord, principal: Principal): void {
  if (b.accountId !== principal.accountId) throw new AppError('CodeBillingNotFound');
  if (!PAYABLE_TYPES.includes(b.billingType)) throw new AppError('CodeBillingNotPayable');
}

type PayInput = z.output<typeof payBillingMethod.input>;
type NacPart = { nacUnits: bigint; rateUnits: bigint; nacJpy: number; discount: number };

/** The NAC part a request brings, its quote verified: all four fields or none (CodeInvalidArgument). */
async function nacPartOf(deps: Deps, principal: Principal, input: PayInput): Promise<NacPart | null> {
  const given = [input.nacPaymentAmount, input.nacPaymentAmountInJpy, input.nacToJpyRate, input.nacToJpyRateHash];
  if (given.every((x) => x === undefined)) return null;
  if (given.some((x) => x === undefined)) {
    throw new AppError('CodeInvalidArgument', {
      fields: [
        {
          field: 'nacPaymentAmount',
          description: 'send nacPaymentAmount, nacPaymentAmountInJpy, nacToJpyRate and nacToJpyRateHash together',
        },
      ],
    });
  }
  const q = nac.verifyNacRateQuote(deps, {
    accountId: principal.accountId,
    nacAmount: input.nacPaymentAmount!,
    amountInJpy: input.nacPaymentAmountInJpy!,
    nacToJpyRate: input.nacToJpyRate!,
    nacToJpyRateHash: input.nacToJpyRateHash!,
  });
  const market = await nac.recentMarketValueJpy(deps.db, q.nacUnits, deps.clock.now());
  return {
    nacUnits: q.nacUnits,
    rateUnits: q.rateUnits,
    nacJpy: q.amountInJpy,
    discount: guaranteedDiscount(q.amountInJpy, market),
  };
}

/** How long a reserved attempt without a recorded card payment counts as on its way to the processor. */
const ATTEMPT_LEASE_MS = 60_000;

const attemptInFlight = (b: BillingRecord, now: Date) =>
  b.status === 'REQUESTED' &&
  b.paymentAttempt > 0 &&
  b.paymentId === null &&
  (b.paymentMethodId !== null || b.nacPaymentReference !== null) &&
  now.getTime() - b.updatedAt.getTime() < ATTEMPT_LEASE_MS;

/**
 * The reservation step of an attempt, in one transaction on the locked billing: the NAC a previous
 * attempt still held is given back, the points are reserved, the NAC is taken from the ledger
 * (PAYMENT, reference of this attempt), and the attempt takes its number. Nothing has reached the
 * card processor yet, so a crash before it answers leaves NAC held on a REQUESTED billing, which the
 * next attempt or the release-nac-holds task gives back or settles.
 */
async function reserve(
  deps: Deps,
  input: PayInput,
  before: BillingRecord,
  nacPart: NacPart | null,
  actor: string,
): Promise<{ fiat: number; billingNumber: string; bookingId: string }> {
  return withTx(deps.db, async (tx) => {
    const now = deps.clock.now();
    const b = await lockBilling(tx, input.billingId);
    if (b.status !== 'REQUESTED' && b.status !== 'FAILED') throw new AppError('CodeBillingNotPayable');
    // Another attempt started since this one looked: it is under way, never charge twice.
    if (b.paymentAttempt !== before.paymentAttempt) throw new AppError('CodePaymentPending');
    if (b.paymentId !== before.paymentId && b.status === 'REQUESTED') throw new AppError('CodePaymentPending');
    // An attempt reserved moments ago whose card payment is not recorded yet is still on its way to
    // the processor (this request looked after it reserved): charging again could take the card
    // twice. Past the lease it is an attempt a crash left, which this one takes over.
    if (attemptInFlight(b, now)) throw new AppError('CodePaymentPending');
    const billed = b.totalAmount - b.deductions;
    const parts = splitPayment(billed, input.pointPaymentAmount, nacPart?.nacJpy ?? 0);
    if (!parts.ok) {
      throw new AppError(parts.problem === 'POINTS_EXCEED' ? 'CodePointsExceedAmount' : 'CodeNacPaymentExceedsAmount');
    }
    if (parts.fiat > 0 && !input.paymentMethodId) throw new AppError('CodeBillingPaymentMethodRequired');
    await releaseNacHold(tx, b, now);
    await attachPayment(tx, b.id, {
      paymentId: null,
      paymentMethodId: parts.fiat > 0 ? (input.paymentMethodId ?? null) : null,
      pointPaymentAmount: input.pointPaymentAmount,
      actor,
      at: now,
    });
    const attempt = await repo.nextPaymentAttempt(tx, b.id);
    if (nacPart) {
      const reference = nacReference(b.id, attempt);
      await nac.takeNacPayment(tx, { accountId: b.accountId, nacUnits: nacPart.nacUnits, reference, now });
      await repo.setNacPayment(tx, b.id, {
        nacPaymentAmount: nac.formatNac(nacPart.nacUnits),
        nacToJpyRate: nac.formatRate(nacPart.rateUnits),
        nacPaymentAmountJpy: nacPart.nacJpy,
        nacGuaranteedDiscountAmount: nacPart.discount,
        nacPaymentReference: reference,
        fiatAmount: parts.fiat,
        at: now,
      });
    }
    // Points and NAC alone pay it: nothing to charge.
    if (parts.fiat === 0) await markBillingPaid(tx, b.id, { paidAt: now, actor });
    return { fiat: parts.fiat, billingNumber: b.billingNumber, bookingId: b.bookingId };
  });
}

/**
 * The payment already at the processor for a REQUESTED billing, if any: the one recorded, or, when a
 * crash came between the card's start and its record, the latest made for the billing.
 */
async function openPaymentOf(deps: Deps, b: BillingRecord): Promise<PaymentView | null> {
  if (b.paymentId) return payment.getPayment(deps, b.paymentId);
  if (!b.nacPaymentReference) return null;
  const last = (await payment.findPaymentsByReference(deps, b.id)).at(-1);
  return last && last.status !== 'FAILED' && last.status !== 'VOIDED' ? last : null;
}

/**
 * pay_billing: points and NAC are reserved and the billing (if FAILED) reopened in one
 * transaction; the card is charged outside any transaction; the outcome is recorded in another
 * (a failure gives the points and the NAC back). A payment still open on the billing is finished
 * first, so one billing is never charged twice.
 */
export async function payBilling(deps: Deps, principal: Principal, input: PayInput): Promise<PayResult> {
  const actor = `account:${principal.accountId}`;
  const before = await repo.findBilling(deps.db, input.billingId);
  if (!before) throw new AppError('CodeBillingNotFound');
  assertPayable(before, principal);
  if (before.isSplitSource) throw new AppError('CodeBillingIsSplit');
  if (before.status === 'PAID') return { billing: toDetailedBilling(before), payment: { status: 'PAID' } };
  if (before.status !== 'REQUESTED' && before.status !== 'FAILED') throw new AppError('CodeBillingNotPayable');

  if (before.status === 'REQUESTED') {
    const open = await openPaymentOf(deps, before);
    if (open?.status === 'AUTHORIZED' || open?.status === 'CAPTURED') {
      const outcome = await settle(deps, before.id, open, actor);
      return { billing: await view(deps.db, before.id), payment: outcome };
    }
    if (open?.status === 'PENDING') throw new AppError('CodePaymentPending');
    // An abandoned 3-D Secure page: close it, so it can never be completed after the new card is charged.
    if (open?.status === 'REQUIRES_ACTION') await payment.voidPayment(deps, open.paymentId);
  }

  const nacPart = await nacPartOf(deps, principal, input);
  const reserved = await reserve(deps, input, before, nacPart, actor);
  if (reserved.fiat === 0) return { billing: await view(deps.db, input.billingId), payment: { status: 'PAID' } };

  let outcome: Awaited<ReturnType<typeof payment.startPayment>>;
  try {
    outcome = await payment.startPayment(deps, {
      accountId: principal.accountId,
      paymentMethodId: input.paymentMethodId!,
      amount: reserved.fiat,
      reference: input.billingId,
      description: `Billing ${reserved.billingNumber}`,
      returnUrl: input.returnUrl ?? `/mypage/bookings/${encodeURIComponent(reserved.bookingId)}`,
      capture: true,
      idempotencyKey: `billing:${input.billingId}:${randomUUID()}`,
    });
  } catch (err) {
    // Nothing was created at the processor: give the points and the NAC back and leave the billing payable.
    if (err instanceof AppError) {
      await withTx(deps.db, async (tx) => {
        const b = await lockBilling(tx, input.billingId);
        await releaseNacHold(tx, b, deps.clock.now());
        await attachPayment(tx, input.billingId, {
          paymentId: null,
          paymentMethodId: null,
          pointPaymentAmount: 0,
          actor,
        });
      });
    }
    throw err;
  }

  await withTx(deps.db, async (tx) => {
    const b = await lockBilling(tx, input.billingId);
    if (b.status !== 'REQUESTED') return;
    await repo.setPayment(tx, b.id, {
      paymentId: outcome.paymentId,
      paymentMethodId: input.paymentMethodId ?? null,
      paymentMethod: null,
      pointPaymentAmount: b.pointPaymentAmount,
      fiatAmount: b.fiatAmount,
      at: deps.clock.now(),
    });
  });
  if (outcome.status === 'REQUIRES_ACTION') {
    return {
      billing: await view(deps.db, input.billingId),
      payment: { status: 'REQUIRES_ACTION', challengeUrl: outcome.challengeUrl },
    };
  }
  if (outcome.status === 'PENDING') {
    return { billing: await view(deps.db, input.billingId), payment: { status: 'PENDING' } };
  }
  if (outcome.status === 'FAILED') {
    await withTx(deps.db, (tx) =>
      markBillingFailed(tx, input.billingId, outcome.reason, { at: deps.clock.now(), actor }),
    );
    return { billing: await view(deps.db, input.billingId), payment: { status: 'FAILED', reason: outcome.reason } };
  }
  const result = await settle(deps, input.billingId, await payment.getPayment(deps, outcome.paymentId), actor);
  return { billing: await view(deps.db, input.billingId), payment: result };
}

/**
 * Asks the processor about a billing's open payment and records the outcome.
 * For DEFAULT and ADDITIONAL billings (a deposit is finished by the booking's
 * own flow); also what the payment notification and reconciliation call.
 */
export async function syncBillingPayment(
  deps: Deps,
  billingId: string,
  actor = 'system:billing',
): Promise<PaymentAttempt> {
  const b = await repo.findBilling(deps.db, billingId);
  if (!b) throw new AppError('CodeBillingNotFound');
  if (b.status === 'PAID' || b.status === 'REFUNDED') return { status: 'PAID' };
  if (b.status === 'FAILED') return { status: 'FAILED', reason: b.failureReason ?? 'CodePaymentDeclined' };
  if (b.status !== 'REQUESTED' || !b.paymentId) throw new AppError('CodeBillingNotPayable');
  return settle(deps, b.id, await payment.getPayment(deps, b.paymentId), actor);
}

export async function completeBillingPayment(deps: Deps, principal: Principal, billingId: string): Promise<PayResult> {
  const b = await repo.findBilling(deps.db, billingId);
  if (!b) throw new AppError('CodeBillingNotFound');
  assertPayable(b, principal);
  const outcome = await syncBillingPayment(deps, billingId, `account:${principal.accountId}`);
  return { billing: await view(deps.db, billingId), payment: outcome };
}

// Split billings ---------------------------------------------------------------------------------

/** A split source is PAID once every part is; its paid time is the last part's. */
async function settleSplitSource(tx: Db, sourceId: string, paidAt: Date, actor: string | undefined): Promise<void> {
  const source = await lockBilling(tx, sourceId);
  if (source.status !== 'REQUESTED') return;
  const parts = await repo.splitParts(tx, [sourceId]);
  if (parts.length === 0 || parts.some((p) => p.status !== 'PAID')) return;
  await transition(tx, source, 'PAID', { paidAt, at: paidAt, actor, reason: 'every part paid' });
}

const SPLIT_PROBLEM_CODE = {
  TOO_MANY_PARTS: 'CodeBillingSplitTooManyParts',
  PART_INVALID: 'CodeBillingSplitPartInvalid',
  TOTAL_MISMATCH: 'CodeBillingSplitTotalMismatch',
} as const;

/** The payer of each part: the booker when no email (or their own) is given, else a registered user. */
async function payersOf(deps: Deps, bookerAccountId: string, emails: readonly (string | undefined)[]) {
  const out: string[] = [];
  for (const email of emails) {
    if (!email) {
      out.push(bookerAccountId);
      continue;
    }
    const accountId = await accountIdOfEmail(deps, email);
    if (!accountId || !(await findUserOfAccount(deps, accountId))) throw new AppError('CodeBillingSplitPayerNotFound');
    out.push(accountId);
  }
  return out;
}

/**
 * split_billing: the booker's unpaid billing becomes the source of parts, one per payer, in one
 * transaction on the locked billing. Refused when anything was paid or reserved on it (points, NAC,
 * a card attempt) or it was split already.
 */
export async function splitBilling(
  deps: Deps,
  principal: Principal,
  input: { billingId: string; parts: readonly { amount: number; payerEmail?: string | undefined }[] },
): Promise<BillingWithDetails> {
  const before = await repo.findBilling(deps.db, input.billingId);
  if (!before || before.accountId !== principal.accountId || before.splitSourceBillingId) {
    throw new AppError('CodeBillingNotFound');
  }
  if (!PAYABLE_TYPES.includes(before.billingType)) throw new AppError('CodeBillingNotPayable');
  const problem = checkSplit(
    before.totalAmount - before.deductions,
    input.parts.map((p) => p.amount),
  );
  if (problem) throw new AppError(SPLIT_PROBLEM_CODE[problem]);
  const payers = await payersOf(
    deps,
    principal.accountId,
    input.parts.map((p) => p.payerEmail),
  );
  await withTx(deps.db, async (tx) => {
    const now = deps.clock.now();
    const b = await lockBilling(tx, input.billingId);
    const untouched =
      b.status === 'REQUESTED' &&
      !b.isSplitSource &&
      !b.paymentId &&
      b.pointPaymentAmount === 0 &&
      !b.nacPaymentReference &&
      b.paymentAttempt === 0;
    if (!untouched) throw new AppError('CodeBillingSplitNotAllowed');
    await repo.markSplitSource(tx, b.id, now);
    const booker = await findUserOfAccount(deps, principal.accountId);
    const bookerName = booker ? `${booker.lastName} ${booker.firstName}`.trim() : '';
    for (const [i, part] of input.parts.entries()) {
      const id = `bil_${randomUUID()}`;
      await repo.insertSplitPart(tx, { id, source: b, accountId: payers[i]!, amount: part.amount, at: now });
      // The booker knows of their own part; anyone else learns of theirs here, in the same transaction.
      if (payers[i] === principal.accountId) continue;
      const payer = await findUserOfAccount(deps, payers[i]!);
      if (!payer) continue;
      await enqueueNotification(tx, now, {
        userId: payer.id,
        kind: 'SPLIT_BILLING_REQUESTED',
        params: { bookerName, amount: part.amount, billingNumber: b.billingNumber },
        link: '/mypage/split-billings',
        dedupeKey: `split-billing:${id}`,
      });
    }
    await repo.insertEvent(tx, {
      billingId: b.id,
      from: 'REQUESTED',
      to: 'REQUESTED',
      actor: `account:${principal.accountId}`,
      reason: `split into ${input.parts.length} parts`,
      at: now,
    });
  });
  const source = await repo.findBilling(deps.db, input.billingId);
  const parts = await repo.splitParts(deps.db, [input.billingId]);
  const names = await repo.userNamesOf(
    deps.db,
    parts.map((p) => p.accountId),
  );
  return withParts(source!, parts, names);
}

const SPLIT_LIST_LIMIT = 100;

/** list_split_billings: the parts the caller is to pay or has paid, newest first. */
export async function listSplitBillings(deps: Deps, principal: Principal, language: Language) {
  const rows = await repo.partsOfPayer(deps.db, principal.accountId, SPLIT_LIST_LIMIT, language);
  const names = new Map<string, string>();
  for (const r of rows) {
    if (names.has(r.bookerAccountId)) continue;
    const u = await findUserOfAccount(deps, r.bookerAccountId);
    names.set(r.bookerAccountId, u ? `${u.lastName} ${u.firstName}`.trim() : '');
  }
  return {
    splitBillings: rows.map((r) => ({
      billing: toDetailedBilling(r.part),
      paymentMethod: r.part.paymentMethod,
      sourceBillingNumber: r.sourceBillingNumber,
      bookerName: names.get(r.bookerAccountId) ?? '',
      houseGroupName: r.houseGroupName,
      checkinDate: r.checkinDate ? civilFromIso(r.checkinDate) : null,
      checkoutDate: r.checkoutDate ? civilFromIso(r.checkoutDate) : null,
    })),
  };
}

// Releasing NAC held by attempts that never finished ----------------------------------------------

/** A hold younger than this is an attempt still under way (the card answers within seconds). */
const NAC_HOLD_CHECK_AFTER_MS = 5 * 60_000;
/** A 3-D Secure page left open this long is abandoned: closed, and the NAC it held given back. */
const NAC_HOLD_MAX_CHALLENGE_MS = 30 * 60_000;
const NAC_HOLD_BATCH = 100;

/**
 * release-nac-holds: the repair for a crash, a lost answer or an abandoned 3-D Secure page between
 * the NAC taken and the card's outcome. The processor is asked about the billing's payment (found by
 * the billing when its id was never recorded): captured → PAID; failed or voided → FAILED, NAC back;
 * nothing at the processor → the attempt never charged anything, FAILED with CodePaymentInterrupted
 * and NAC back; a 3-D Secure page open too long → voided, then the same.
 */
export async function releaseStaleNacHolds(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  let released = 0;
  for (const id of await repo.staleNacHolds(
    deps.db,
    new Date(now.getTime() - NAC_HOLD_CHECK_AFTER_MS),
    NAC_HOLD_BATCH,
  )) {
    try {
      const b = await repo.findBilling(deps.db, id);
      if (!b || b.status !== 'REQUESTED') continue;
      let open = b.paymentId
        ? await payment.getPayment(deps, b.paymentId)
        : ((await payment.findPaymentsByReference(deps, b.id)).at(-1) ?? null);
      const abandoned = now.getTime() - b.updatedAt.getTime() >= NAC_HOLD_MAX_CHALLENGE_MS;
      if (open?.status === 'REQUIRES_ACTION' && abandoned) open = await payment.voidPayment(deps, open.paymentId);
      if (open === null) {
        await withTx(deps.db, (tx) => markBillingFailed(tx, id, 'CodePaymentInterrupted', { at: now }));
        released += 1;
        continue;
      }
      const outcome = await settle(deps, id, open, 'system:billing');
      if (outcome.status === 'FAILED') released += 1;
    } catch (err) {
      deps.log.warn('a NAC hold could not be settled yet', { billingId: id, error: String(err) });
    }
  }
  return released;
}

export const releaseNacHoldsTask: Task = {
  name: 'billing-release-nac-holds',
  everyMs: 60_000,
  run: async (deps) => {
    await releaseStaleNacHolds(deps);
  },
};
