import { OPERATOR_TIME_ZONE } from '@yado/contract/operator-zone';
import type {
  BillingPaymentMethod,
  BillingStatusValue,
  BillingTypeValue,
  CancellationFeePerDate,
} from '@yado/contract/billing.contract';
import type { Db } from '../../platform/db/pool.js';
import type { BillingLineInput, BillingTotals, TaxRateType } from './billing.rules.js';

/** A cancellation fee per date as stored: ISO dates. */
export type StoredCancellationFee = Omit<CancellationFeePerDate, 'date'> & { date: string };

export type BillingRecord = {
  id: string;
  billingNumber: string;
  bookingId: string;
  accountId: string;
  billingType: BillingTypeValue;
  status: BillingStatusValue;
  serviceChargePercentage: string;
  accommodationTax: number;
  totalAmount: number;
  deductions: number;
  pointPaymentAmount: number;
  fiatAmount: number;
  totals: BillingTotals;
  cancellationFee: StoredCancellationFee[];
  paymentId: string | null;
  paymentMethodId: string | null;
  paymentMethod: BillingPaymentMethod | null;
  paymentDeadline: Date | null;
  failureReason: string | null;
  billedAt: Date;
  paidAt: Date | null;
  refundedAmount: number;
  createdAt: Date;
  updatedAt: Date;
  /** NAC held or paid, as a canonical decimal; null when none. */
  nacPaymentAmount: string | null;
  nacToJpyRate: string | null;
  nacPaymentAmountJpy: number;
  nacPaidAt: Date | null;
  nacGuaranteedDiscountAmount: number;
  nacPaymentReference: string | null;
  paymentAttempt: number;
  splitSourceBillingId: string | null;
  isSplitSource: boolean;
};

type BillingRow = {
  id: string;
  billing_number: string;
  booking_id: string;
  account_id: string;
  billing_type: BillingTypeValue;
  status: BillingStatusValue;
  service_charge_percentage: string;
  accommodation_tax: number;
  total_amount: number;
  deductions: number;
  point_payment_amount: number;
  fiat_amount: number;
  totals: BillingTotals;
  cancellation_fee: StoredCancellationFee[];
  payment_id: string | null;
  payment_method_id: string | null;
  payment_method: BillingPaymentMethod | null;
  payment_deadline: Date | null;
  failure_reason: string | null;
  billed_at: Date;
  paid_at: Date | null;
  refunded_amount: number;
  created_at: Date;
  updated_at: Date;
  nac_payment_amount: string | null;
  nac_to_jpy_rate: string | null;
  nac_payment_amount_jpy: number;
  nac_paid_at: Date | null;
  nac_guaranteed_discount_amount: number;
  nac_payment_reference: string | null;
  payment_attempt: number;
  split_source_billing_id: string | null;
  is_split_source: boolean;
};

const toRecord = (r: BillingRow): BillingRecord => ({
  id: r.id,
  billingNumber: r.billing_number,
  bookingId: r.booking_id,
  accountId: r.account_id,
  billingType: r.billing_type,
  status: r.status,
  serviceChargePercentage: r.service_charge_percentage,
  accommodationTax: r.accommodation_tax,
  totalAmount: r.total_amount,
  deductions: r.deductions,
  pointPaymentAmount: r.point_payment_amount,
  fiatAmount: r.fiat_amount,
  totals: r.totals,
  cancellationFee: r.cancellation_fee,
  paymentId: r.payment_id,
  paymentMethodId: r.payment_method_id,
  paymentMethod: r.payment_method,
  paymentDeadline: r.payment_deadline,
  failureReason: r.failure_reason,
  billedAt: r.billed_at,
  paidAt: r.paid_at,
  refundedAmount: r.refunded_amount,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  nacPaymentAmount: r.nac_payment_amount,
  nacToJpyRate: r.nac_to_jpy_rate,
  nacPaymentAmountJpy: r.nac_payment_amount_jpy,
  nacPaidAt: r.nac_paid_at,
  nacGuaranteedDiscountAmount: r.nac_guaranteed_discount_amount,
  nacPaymentReference: r.nac_payment_reference,
  paymentAttempt: r.payment_attempt,
  splitSourceBillingId: r.split_source_billing_id,
  isSplitSource: r.is_split_source,
});

const COLUMNS = `id, billing_number, booking_id, account_id::text AS account_id, billing_type, status,
  service_charge_percentage::text AS service_charge_percentage, accommodation_tax, total_amount, deductions,
  point_payment_amount, fiat_amount, totals, cancellation_fee, payment_id, payment_method_id, payment_method,
  payment_deadline, failure_reason, billed_at, paid_at, refunded_amount, created_at, updated_at,
  trim_scale(nac_payment_amount)::text AS nac_payment_amount, trim_scale(nac_to_jpy_rate)::text AS nac_to_jpy_rate, nac_payment_amount_jpy,
  nac_paid_at, nac_guaranteed_discount_amount, nac_payment_reference, payment_attempt, split_source_billing_id,
  is_split_source`;

export type NewBilling = {
  id: string;
  bookingId: string;
  accountId: string;
  billingType: BillingTypeValue;
  serviceChargePercentage: string;
  accommodationTax: number;
  totalAmount: number;
  deductions: number;
  totals: BillingTotals;
  cancellationFee: StoredCancellationFee[];
  paymentDeadline: Date | null;
  /** null: the transaction's time. */
  billedAt: Date | null;
};

/** Inserts a REQUESTED billing; its number comes from a sequence, by the year in Japan it was billed. */
export async function insertBilling(tx: Db, b: NewBilling): Promise<BillingRecord> {
  const r = await tx.query<BillingRow>(
    `INSERT INTO billings (id, billing_number, booking_id, account_id, billing_type, service_charge_percentage,
                           accommodation_tax, total_amount, deductions, fiat_amount, totals, cancellation_fee,
                           payment_deadline, billed_at, created_at, updated_at)
     VALUES ($1,
             'B-' || to_char(COALESCE($13::timestamptz, now()) AT TIME ZONE $14::text, 'YYYY') || '-' ||
               lpad(nextval('billing_number_seq')::text, 6, '0'),
             $2, $3::uuid, $4, $5::numeric, $6, $7::bigint, $8::bigint, $7::bigint - $8::bigint, $9, $10, $11, COALESCE($12::timestamptz, now()),
             COALESCE($13::timestamptz, now()), COALESCE($13::timestamptz, now()))
     RETURNING ${COLUMNS}`,
    [
      b.id,
      b.bookingId,
      b.accountId,
      b.billingType,
      b.serviceChargePercentage,
      b.accommodationTax,
      b.totalAmount,
      b.deductions,
      JSON.stringify(b.totals),
      JSON.stringify(b.cancellationFee),
      b.paymentDeadline,
      b.billedAt,
      b.billedAt,
      // Billing numbers count by the year in the operator's zone.
      OPERATOR_TIME_ZONE,
    ],
  );
  return toRecord(r.rows[0] as BillingRow);
}

export type StoredLine = BillingLineInput & {
  lineNo: number;
  taxRate: number;
  effectiveTaxRateType: TaxRateType;
  consumptionTax: number;
  taxInclusiveAmount: number;
  status: 'ORDERED' | 'CANCELLED';
};

export async function insertLines(tx: Db, billingId: string, lines: readonly StoredLine[]): Promise<void> {
  if (lines.length === 0) return;
  await tx.query(
    `INSERT INTO billing_lines (billing_id, line_no, subject, category, title_en, title_ja, date, quantity,
                                meal_quantities, amount, adjustment_amount, tax_rate_type, tax_rate,
                                service_charge_applicable, order_id, order_number, source, consumption_tax,
                                tax_inclusive_amount)
     SELECT $1, x.line_no, x.subject, x.category, x.title_en, x.title_ja, x.date, x.quantity, x.meal_quantities,
            x.amount, x.adjustment_amount, x.tax_rate_type, x.tax_rate, x.service_charge_applicable, x.order_id,
            x.order_number, x.source, x.consumption_tax, x.tax_inclusive_amount
       FROM jsonb_to_recordset($2::jsonb) AS x(line_no integer, subject text, category text, title_en text,
            title_ja text, date date, quantity integer, meal_quantities jsonb, amount bigint, adjustment_amount bigint,
            tax_rate_type text, tax_rate integer, service_charge_applicable boolean, order_id text, order_number text,
            source text, consumption_tax bigint, tax_inclusive_amount bigint)`,
    [
      billingId,
      JSON.stringify(
        lines.map((l) => ({
          line_no: l.lineNo,
          subject: l.subject,
          category: l.category,
          title_en: l.titleEn,
          title_ja: l.titleJa,
          date: l.date,
          quantity: l.quantity,
          meal_quantities: l.mealQuantities ?? null,
          amount: l.amount,
          adjustment_amount: l.adjustmentAmount ?? 0,
          tax_rate_type: l.effectiveTaxRateType,
          tax_rate: l.taxRate,
          service_charge_applicable: l.serviceChargeApplicable,
          order_id: l.orderId ?? null,
          order_number: l.orderNumber ?? null,
          source: l.source ?? null,
          consumption_tax: l.consumptionTax,
          tax_inclusive_amount: l.taxInclusiveAmount,
        })),
      ),
    ],
  );
}

type LineRow = {
  billing_id: string;
  line_no: number;
  subject: StoredLine['subject'];
  category: StoredLine['category'];
  title_en: string;
  title_ja: string;
  date: string | null;
  quantity: number;
  meal_quantities: { age: number; number: number }[] | null;
  amount: number;
  adjustment_amount: number;
  tax_rate_type: TaxRateType;
  tax_rate: number;
  service_charge_applicable: boolean;
  order_id: string | null;
  order_number: string | null;
  source: StoredLine['source'];
  consumption_tax: number;
  tax_inclusive_amount: number;
};

export async function linesOf(db: Db, billingIds: readonly string[]): Promise<Map<string, StoredLine[]>> {
  const out = new Map<string, StoredLine[]>(billingIds.map((id) => [id, []]));
  if (billingIds.length === 0) return out;
  const r = await db.query<LineRow>(
    `SELECT billing_id, line_no, subject, category, title_en, title_ja, to_char(date, 'YYYY-MM-DD') AS date, quantity,
            meal_quantities, amount, adjustment_amount, tax_rate_type, tax_rate, service_charge_applicable, order_id,
            order_number, source, consumption_tax, tax_inclusive_amount
       FROM billing_lines WHERE billing_id = ANY($1::text[]) ORDER BY billing_id, line_no`,
    [billingIds],
  );
  for (const x of r.rows) {
    out.get(x.billing_id)?.push({
      lineNo: x.line_no,
      subject: x.subject,
      category: x.category,
      titleEn: x.title_en,
      titleJa: x.title_ja,
      date: x.date,
      quantity: x.quantity,
      ...(x.meal_quantities ? { mealQuantities: x.meal_quantities } : {}),
      amount: x.amount,
      adjustmentAmount: x.adjustment_amount,
      taxRateType: x.tax_rate_type,
      effectiveTaxRateType: x.tax_rate_type,
      taxRate: x.tax_rate,
      serviceChargeApplicable: x.service_charge_applicable,
      orderId: x.order_id,
      orderNumber: x.order_number,
      source: x.source,
      consumptionTax: x.consumption_tax,
      taxInclusiveAmount: x.tax_inclusive_amount,
      status: 'ORDERED',
    });
  }
  return out;
}

export async function findBilling(db: Db, billingId: string, opts: { forUpdate?: boolean } = {}) {
  const r = await db.query<BillingRow>(
    `SELECT ${COLUMNS} FROM billings WHERE id = $1${opts.forUpdate ? ' FOR UPDATE' : ''}`,
    [billingId],
  );
  return r.rows[0] ? toRecord(r.rows[0]) : null;
}

/** A booking's billings; the parts of a split billing are not the booking's own but their payers' (splitParts). */
export async function listByBooking(db: Db, bookingId: string): Promise<BillingRecord[]> {
  const r = await db.query<BillingRow>(
    `SELECT ${COLUMNS} FROM billings WHERE booking_id = $1 AND split_source_billing_id IS NULL
      ORDER BY billed_at, billing_number`,
    [bookingId],
  );
  return r.rows.map(toRecord);
}

export async function updateStatus(
  tx: Db,
  billingId: string,
  change: {
    status: BillingStatusValue;
    at: Date | null;
    paidAt?: Date | null;
    failureReason?: string | null;
    refundedAmount?: number;
  },
): Promise<void> {
  await tx.query(
    `UPDATE billings
        SET status = $2,
            paid_at = CASE WHEN $3::boolean THEN $4::timestamptz ELSE paid_at END,
            failure_reason = CASE WHEN $5::boolean THEN $6 ELSE failure_reason END,
            refunded_amount = COALESCE($7::bigint, refunded_amount),
            updated_at = COALESCE($8::timestamptz, now()),
            -- The NAC a billing holds is paid when the billing is.
            nac_paid_at = CASE WHEN $2 = 'PAID' AND nac_payment_amount IS NOT NULL THEN $4::timestamptz ELSE nac_paid_at END
      WHERE id = $1`,
    [
      billingId,
      change.status,
      change.paidAt !== undefined,
      change.paidAt ?? null,
      change.failureReason !== undefined,
      change.failureReason ?? null,
      change.refundedAmount ?? null,
      change.at,
    ],
  );
}

export async function setPayment(
  tx: Db,
  billingId: string,
  p: {
    paymentId: string | null;
    paymentMethodId: string | null;
    paymentMethod: BillingPaymentMethod | null;
    pointPaymentAmount: number;
    fiatAmount: number;
    at: Date | null;
  },
): Promise<void> {
  await tx.query(
    `UPDATE billings
        SET payment_id = $2, payment_method_id = $3, payment_method = COALESCE($4::jsonb, payment_method),
            point_payment_amount = $5, fiat_amount = $6, updated_at = COALESCE($7::timestamptz, now())
      WHERE id = $1`,
    [
      billingId,
      p.paymentId,
      p.paymentMethodId,
      p.paymentMethod ? JSON.stringify(p.paymentMethod) : null,
      p.pointPaymentAmount,
      p.fiatAmount,
      p.at,
    ],
  );
}

export async function setPaymentMethodSnapshot(tx: Db, billingId: string, method: BillingPaymentMethod): Promise<void> {
  await tx.query('UPDATE billings SET payment_method = $2::jsonb WHERE id = $1', [billingId, JSON.stringify(method)]);
}

export async function insertEvent(
  tx: Db,
  e: {
    billingId: string;
    from: BillingStatusValue | null;
    to: BillingStatusValue;
    actor: string;
    reason: string | null;
    at: Date | null;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO billing_status_events (billing_id, from_status, to_status, actor, reason, at)
     VALUES ($1, $2, $3, $4, $5, COALESCE($6::timestamptz, now()))`,
    [e.billingId, e.from, e.to, e.actor, e.reason, e.at],
  );
}

export async function statusEvents(
  db: Db,
  billingId: string,
): Promise<{ from: string | null; to: string; actor: string; reason: string | null; at: Date }[]> {
  const r = await db.query<{
    from_status: string | null;
    to_status: string;
    actor: string;
    reason: string | null;
    at: Date;
  }>('SELECT from_status, to_status, actor, reason, at FROM billing_status_events WHERE billing_id = $1 ORDER BY id', [
    billingId,
  ]);
  return r.rows.map((x) => ({ from: x.from_status, to: x.to_status, actor: x.actor, reason: x.reason, at: x.at }));
}

export async function staleRequested(db: Db, olderThan: Date, limit: number): Promise<BillingRecord[]> {
  const r = await db.query<BillingRow>(
    `SELECT ${COLUMNS} FROM billings WHERE status = 'REQUESTED' AND updated_at < $1 ORDER BY updated_at LIMIT $2`,
    [olderThan, limit],
  );
  return r.rows.map(toRecord);
}

/**
 * The NAC part of the current attempt, with the card part it leaves (the payment-parts constraint
 * holds them to the amount billed): null amount clears it.
 */
export async function setNacPayment(
  tx: Db,
  billingId: string,
  n: {
    nacPaymentAmount: string | null;
    nacToJpyRate: string | null;
    nacPaymentAmountJpy: number;
    nacGuaranteedDiscountAmount: number;
    nacPaymentReference: string | null;
    fiatAmount: number;
    at: Date | null;
  },
): Promise<void> {
  await tx.query(
    `UPDATE billings
        SET nac_payment_amount = $2::numeric, nac_to_jpy_rate = $3::numeric, nac_payment_amount_jpy = $4,
            nac_guaranteed_discount_amount = $5, nac_payment_reference = $6, fiat_amount = $7, nac_paid_at = NULL,
            updated_at = COALESCE($8::timestamptz, now())
      WHERE id = $1`,
    [
      billingId,
      n.nacPaymentAmount,
      n.nacToJpyRate,
      n.nacPaymentAmountJpy,
      n.nacGuaranteedDiscountAmount,
      n.nacPaymentReference,
      n.fiatAmount,
      n.at,
    ],
  );
}

/** Takes the next attempt number; the caller holds the billing's lock. */
export async function nextPaymentAttempt(tx: Db, billingId: string): Promise<number> {
  const r = await tx.query<{ payment_attempt: number }>(
    'UPDATE billings SET payment_attempt = payment_attempt + 1 WHERE id = $1 RETURNING payment_attempt',
    [billingId],
  );
  return r.rows[0]!.payment_attempt;
}

/** REQUESTED billings holding NAC untouched since `olderThan`: their card answer may never have come. */
export async function staleNacHolds(db: Db, olderThan: Date, limit: number): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    `SELECT id FROM billings
      WHERE status = 'REQUESTED' AND nac_payment_reference IS NOT NULL AND updated_at < $1
      ORDER BY updated_at LIMIT $2`,
    [olderThan, limit],
  );
  return r.rows.map((x) => x.id);
}

// Split billings -----------------------------------------------------------------------------

export async function markSplitSource(tx: Db, billingId: string, at: Date | null): Promise<void> {
  await tx.query(
    'UPDATE billings SET is_split_source = true, updated_at = COALESCE($2::timestamptz, now()) WHERE id = $1',
    [billingId, at],
  );
}

/** Inserts a part of a split billing: the payer's, with no lines of its own (the source keeps them). */
export async function insertSplitPart(
  tx: Db,
  p: { id: string; source: BillingRecord; accountId: string; amount: number; at: Date | null },
): Promise<BillingRecord> {
  const r = await tx.query<BillingRow>(
    `INSERT INTO billings (id, billing_number, booking_id, account_id, billing_type, service_charge_percentage,
                           accommodation_tax, total_amount, deductions, fiat_amount, totals, cancellation_fee,
                           payment_deadline, billed_at, created_at, updated_at, split_source_billing_id)
     SELECT $1,
            'B-' || to_char(COALESCE($5::timestamptz, now()) AT TIME ZONE $6::text, 'YYYY') || '-' ||
              lpad(nextval('billing_number_seq')::text, 6, '0'),
            s.booking_id, $3::uuid, s.billing_type, s.service_charge_percentage, 0, $4::bigint, 0, $4::bigint,
            s.totals, '[]'::jsonb, s.payment_deadline, COALESCE($5::timestamptz, now()),
            COALESCE($5::timestamptz, now()), COALESCE($5::timestamptz, now()), s.id
       FROM billings s WHERE s.id = $2
     RETURNING ${COLUMNS}`,
    [p.id, p.source.id, p.accountId, p.amount, p.at, OPERATOR_TIME_ZONE],
  );
  return toRecord(r.rows[0] as BillingRow);
}

export async function splitParts(db: Db, sourceBillingIds: readonly string[]): Promise<BillingRecord[]> {
  if (sourceBillingIds.length === 0) return [];
  const r = await db.query<BillingRow>(
    `SELECT ${COLUMNS} FROM billings WHERE split_source_billing_id = ANY($1::text[]) ORDER BY billing_number`,
    [sourceBillingIds],
  );
  return r.rows.map(toRecord);
}

/** The names (family name first) of the users of these accounts, for the payers of split parts. */
export async function userNamesOf(db: Db, accountIds: readonly string[]): Promise<Map<string, string>> {
  if (accountIds.length === 0) return new Map();
  const r = await db.query<{ identity_id: string; name: string }>(
    `SELECT identity_id::text AS identity_id, trim(last_name || ' ' || first_name) AS name
       FROM users WHERE identity_id::text = ANY($1::text[])`,
    [[...new Set(accountIds)]],
  );
  return new Map(r.rows.map((x) => [x.identity_id, x.name]));
}

/** The parts the account is to pay, newest first, with the source's number, its booker's account and the stay. */
export async function partsOfPayer(
  db: Db,
  accountId: string,
  limit: number,
  language: 'en' | 'ja',
): Promise<
  {
    part: BillingRecord;
    sourceBillingNumber: string;
    bookerAccountId: string;
    houseGroupName: string | null;
    checkinDate: string | null;
    checkoutDate: string | null;
  }[]
> {
  const name = language === 'ja' ? 'name_ja' : 'name_en';
  const r = await db.query<
    BillingRow & {
      source_number: string;
      booker_account_id: string;
      house_group_name: string | null;
      stay_checkin: string | null;
      stay_checkout: string | null;
    }
  >(
    `SELECT p.*, s.billing_number AS source_number, s.account_id::text AS booker_account_id,
            hg.${name} AS house_group_name,
            to_char(bk.checkin_date, 'YYYY-MM-DD') AS stay_checkin, to_char(bk.checkout_date, 'YYYY-MM-DD') AS stay_checkout
       FROM (SELECT ${COLUMNS} FROM billings WHERE account_id = $1::uuid AND split_source_billing_id IS NOT NULL) p
       JOIN billings s ON s.id = p.split_source_billing_id
       LEFT JOIN bookings bk ON bk.id = s.booking_id
       LEFT JOIN house_groups hg ON hg.id = bk.house_group_id
      ORDER BY p.created_at DESC, p.billing_number DESC LIMIT $2`,
    [accountId, limit],
  );
  return r.rows.map((x) => ({
    part: toRecord(x),
    sourceBillingNumber: x.source_number,
    bookerAccountId: x.booker_account_id,
    houseGroupName: x.house_group_name,
    checkinDate: x.stay_checkin,
    checkoutDate: x.stay_checkout,
  }));
}
