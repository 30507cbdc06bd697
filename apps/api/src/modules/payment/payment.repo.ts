import type { Db } from '../../platform/db/pool.js';

export type PaymentMethodRow = {
  id: string;
  accountId: string;
  providerToken: string;
  maskedNumber: string;
  cardSequence: number;
  expirationYear: number;
  expirationMonth: number;
  brand: string;
  paymentType: string;
  deletedAt: Date | null;
};

export type RegistrationRow = {
  id: string;
  accountId: string;
  providerSetupId: string | null;
  status: 'OPEN' | 'COMPLETED' | 'CANCELLED';
  paymentMethodId: string | null;
};

export type PaymentRow = {
  id: string;
  accountId: string;
  paymentMethodId: string;
  amount: number;
  capturedAmount: number;
  refundedAmount: number;
  captureOnAuthorize: boolean;
  status: string;
  reference: string;
  description: string;
  returnUrl: string;
  challengeUrl: string | null;
  failureReason: string | null;
  providerPaymentId: string | null;
  providerVersion: number;
  idempotencyKey: string;
  createdAt: Date;
};

const METHOD_COLS = `id, account_id AS "accountId", provider_token AS "providerToken", masked_number AS "maskedNumber",
  card_sequence AS "cardSequence", expiration_year AS "expirationYear", expiration_month AS "expirationMonth",
  brand, payment_type AS "paymentType", deleted_at AS "deletedAt"`;
const REG_COLS = `id, account_id AS "accountId", provider_setup_id AS "providerSetupId", status,
  payment_method_id AS "paymentMethodId"`;
const PAYMENT_COLS = `id, account_id AS "accountId", payment_method_id AS "paymentMethodId", amount,
  captured_amount AS "capturedAmount", refunded_amount AS "refundedAmount", capture_on_authorize AS "captureOnAuthorize",
  status, reference, description, return_url AS "returnUrl", challenge_url AS "challengeUrl",
  failure_reason AS "failureReason", provider_payment_id AS "providerPaymentId", provider_version AS "providerVersion",
  idempotency_key AS "idempotencyKey", created_at AS "createdAt"`;

// Payment methods ------------------------------------------------------------------

export async function listMethods(db: Db, accountId: string): Promise<PaymentMethodRow[]> {
  const r = await db.query<PaymentMethodRow>(
    `SELECT ${METHOD_COLS} FROM payment_methods WHERE account_id = $1 AND deleted_at IS NULL
     ORDER BY created_at DESC, card_sequence DESC`,
    [accountId],
  );
  return r.rows;
}

/** Any method by id, removed ones too (a past payment still shows its card). */
export async function findMethod(db: Db, id: string): Promise<PaymentMethodRow | null> {
  const r = await db.query<PaymentMethodRow>(`SELECT ${METHOD_COLS} FROM payment_methods WHERE id = $1`, [id]);
  return r.rows[0] ?? null;
}

export async function insertMethod(
  db: Db,
  m: Omit<PaymentMethodRow, 'cardSequence' | 'deletedAt'> & { now: Date },
): Promise<PaymentMethodRow> {
  // The sequence is the account's count of cards so far; the caller holds a lock that serialises
  // registrations of one account (see lockAccountMethods), so two cards never get the same number.
  const r = await db.query<PaymentMethodRow>(
    `INSERT INTO payment_methods (id, account_id, provider_token, masked_number, card_sequence, expiration_year,
       expiration_month, brand, payment_type, created_at)
     VALUES ($1, $2, $3, $4, (SELECT count(*) FROM payment_methods WHERE account_id = $2), $5, $6, $7, $8, $9)
     RETURNING ${METHOD_COLS}`,
    [
      m.id,
      m.accountId,
      m.providerToken,
      m.maskedNumber,
      m.expirationYear,
      m.expirationMonth,
      m.brand,
      m.paymentType,
      m.now,
    ],
  );
  return r.rows[0]!;
}

/** Serialises the card registrations of one account for the rest of the transaction. */
export async function lockAccountMethods(db: Db, accountId: string): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(7319200, hashtext($1))`, [accountId]);
}

export async function softDeleteMethod(db: Db, id: string, accountId: string, now: Date): Promise<boolean> {
  const r = await db.query(
    `UPDATE payment_methods SET deleted_at = $3 WHERE id = $1 AND account_id = $2 AND deleted_at IS NULL`,
    [id, accountId, now],
  );
  return r.rowCount === 1;
}

// Card registrations ---------------------------------------------------------------

export async function insertRegistration(
  db: Db,
  r: { id: string; accountId: string; returnUrl: string; now: Date },
): Promise<void> {
  await db.query(`INSERT INTO card_registrations (id, account_id, return_url, created_at) VALUES ($1, $2, $3, $4)`, [
    r.id,
    r.accountId,
    r.returnUrl,
    r.now,
  ]);
}

export async function setRegistrationSetup(db: Db, id: string, setupId: string): Promise<void> {
  await db.query(`UPDATE card_registrations SET provider_setup_id = $2 WHERE id = $1`, [id, setupId]);
}

export async function findRegistration(db: Db, id: string, forUpdate = false): Promise<RegistrationRow | null> {
  const r = await db.query<RegistrationRow>(
    `SELECT ${REG_COLS} FROM card_registrations WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return r.rows[0] ?? null;
}

export async function finishRegistration(
  db: Db,
  id: string,
  status: 'COMPLETED' | 'CANCELLED',
  paymentMethodId: string | null,
  now: Date,
): Promise<void> {
  await db.query(`UPDATE card_registrations SET status = $2, payment_method_id = $3, completed_at = $4 WHERE id = $1`, [
    id,
    status,
    paymentMethodId,
    now,
  ]);
}

// Payments -------------------------------------------------------------------------

/** Inserts a payment unless its idempotency key exists; answers whether it was created. */
export async function insertPayment(
  db: Db,
  p: {
    id: string;
    accountId: string;
    paymentMethodId: string;
    amount: number;
    captureOnAuthorize: boolean;
    reference: string;
    description: string;
    returnUrl: string;
    idempotencyKey: string;
    now: Date;
  },
): Promise<boolean> {
  const r = await db.query(
    `INSERT INTO payments (id, account_id, payment_method_id, amount, capture_on_authorize, status, reference,
       description, return_url, idempotency_key, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, 'PENDING', $6, $7, $8, $9, $10, $10)
     ON CONFLICT (idempotency_key) DO NOTHING`,
    [
      p.id,
      p.accountId,
      p.paymentMethodId,
      p.amount,
      p.captureOnAuthorize,
      p.reference,
      p.description,
      p.returnUrl,
      p.idempotencyKey,
      p.now,
    ],
  );
  return r.rowCount === 1;
}

export async function findPayment(db: Db, id: string, forUpdate = false): Promise<PaymentRow | null> {
  const r = await db.query<PaymentRow>(
    `SELECT ${PAYMENT_COLS} FROM payments WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return r.rows[0] ?? null;
}

export async function findPaymentByKey(db: Db, idempotencyKey: string): Promise<PaymentRow | null> {
  const r = await db.query<PaymentRow>(`SELECT ${PAYMENT_COLS} FROM payments WHERE idempotency_key = $1`, [
    idempotencyKey,
  ]);
  return r.rows[0] ?? null;
}

export async function findPaymentsByReference(db: Db, reference: string): Promise<PaymentRow[]> {
  const r = await db.query<PaymentRow>(
    `SELECT ${PAYMENT_COLS} FROM payments WHERE reference = $1 ORDER BY created_at, id`,
    [reference],
  );
  return r.rows;
}

/** Writes the provider's state of a payment. */
export async function applyProviderState(
  db: Db,
  id: string,
  s: {
    status: string;
    capturedAmount: number;
    refundedAmount: number;
    failureReason: string | null;
    challengeUrl: string | null;
    providerPaymentId: string | null;
    providerVersion: number;
    now: Date;
  },
): Promise<void> {
  await db.query(
    `UPDATE payments SET status = $2, captured_amount = $3, refunded_amount = $4, failure_reason = $5, challenge_url = $6,
       provider_payment_id = $7, provider_version = $8, updated_at = $9
     WHERE id = $1`,
    [
      id,
      s.status,
      s.capturedAmount,
      s.refundedAmount,
      s.failureReason,
      s.challengeUrl,
      s.providerPaymentId,
      s.providerVersion,
      s.now,
    ],
  );
}

/**
 * Forgets a payment the provider refused before anything was created there, so the same key may try
 * again. It has no events yet: they are written from the provider's first answer on.
 */
export async function deleteUnsentPayment(db: Db, id: string): Promise<void> {
  await db.query(`DELETE FROM payments WHERE id = $1 AND provider_payment_id IS NULL`, [id]);
}

export async function insertEvent(
  db: Db,
  e: {
    paymentId: string;
    kind: string;
    status?: string | null;
    amount?: number | null;
    idempotencyKey?: string | null;
    detail?: Record<string, unknown>;
    now: Date;
  },
): Promise<boolean> {
  const r = await db.query(
    `INSERT INTO payment_events (payment_id, kind, status, amount, idempotency_key, detail, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
    [
      e.paymentId,
      e.kind,
      e.status ?? null,
      e.amount ?? null,
      e.idempotencyKey ?? null,
      JSON.stringify(e.detail ?? {}),
      e.now,
    ],
  );
  return r.rowCount === 1;
}

export async function hasRefundKey(db: Db, paymentId: string, idempotencyKey: string): Promise<boolean> {
  const r = await db.query(
    `SELECT 1 FROM payment_events WHERE payment_id = $1 AND kind = 'REFUND_REQUESTED' AND idempotency_key = $2`,
    [paymentId, idempotencyKey],
  );
  return (r.rowCount ?? 0) > 0;
}
