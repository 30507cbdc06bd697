import type { Db } from '../../platform/db/pool.js';

// The test-mode processor's own tables (tp_*). Nothing of the product reads them.

export type TpCard = {
  token: string;
  number: string;
  brand: string;
  expirationYear: number;
  expirationMonth: number;
  paymentType: string;
};

export type TpSetup = {
  id: string;
  merchantReference: string;
  returnUrl: string;
  status: 'OPEN' | 'COMPLETED' | 'CANCELLED';
  cardToken: string | null;
  createdAt: Date;
};

export type TpPayment = {
  id: string;
  merchantPaymentId: string;
  idempotencyKey: string;
  cardToken: string;
  amount: number;
  capturedAmount: number;
  refundedAmount: number;
  captureOnAuthorize: boolean;
  status: string;
  failureReason: string | null;
  returnUrl: string;
  challengeAttempts: number;
  version: number;
  createdAt: Date;
};

const CARD_COLS = `token, number, brand, expiration_year AS "expirationYear", expiration_month AS "expirationMonth",
  payment_type AS "paymentType"`;
const SETUP_COLS = `id, merchant_reference AS "merchantReference", return_url AS "returnUrl", status,
  card_token AS "cardToken", created_at AS "createdAt"`;
const PAYMENT_COLS = `id, merchant_payment_id AS "merchantPaymentId", idempotency_key AS "idempotencyKey",
  card_token AS "cardToken", amount, captured_amount AS "capturedAmount", refunded_amount AS "refundedAmount",
  capture_on_authorize AS "captureOnAuthorize", status, failure_reason AS "failureReason", return_url AS "returnUrl",
  challenge_attempts AS "challengeAttempts", version, created_at AS "createdAt"`;

export async function insertCard(db: Db, c: TpCard & { holderName: string; now: Date }): Promise<void> {
  await db.query(
    `INSERT INTO tp_cards (token, number, brand, expiration_year, expiration_month, holder_name, payment_type, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [c.token, c.number, c.brand, c.expirationYear, c.expirationMonth, c.holderName, c.paymentType, c.now],
  );
}

export async function findCard(db: Db, token: string): Promise<TpCard | null> {
  const r = await db.query<TpCard>(`SELECT ${CARD_COLS} FROM tp_cards WHERE token = $1`, [token]);
  return r.rows[0] ?? null;
}

export async function insertSetup(
  db: Db,
  s: { id: string; merchantReference: string; returnUrl: string; now: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO tp_card_setups (id, merchant_reference, return_url, created_at) VALUES ($1, $2, $3, $4)`,
    [s.id, s.merchantReference, s.returnUrl, s.now],
  );
}

export async function findSetup(db: Db, id: string, forUpdate = false): Promise<TpSetup | null> {
  const r = await db.query<TpSetup>(
    `SELECT ${SETUP_COLS} FROM tp_card_setups WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return r.rows[0] ?? null;
}

export async function finishSetup(
  db: Db,
  id: string,
  status: 'COMPLETED' | 'CANCELLED',
  cardToken: string | null,
  now: Date,
): Promise<void> {
  await db.query(`UPDATE tp_card_setups SET status = $2, card_token = $3, completed_at = $4 WHERE id = $1`, [
    id,
    status,
    cardToken,
    now,
  ]);
}

/** Inserts a payment unless its idempotency key was seen; answers the stored one either way. */
export async function insertPayment(
  db: Db,
  p: Omit<TpPayment, 'capturedAmount' | 'refundedAmount' | 'challengeAttempts' | 'version' | 'createdAt'> & {
    capturedAmount: number;
    now: Date;
  },
): Promise<{ payment: TpPayment; created: boolean }> {
  const r = await db.query<TpPayment>(
    `INSERT INTO tp_payments (id, merchant_payment_id, idempotency_key, card_token, amount, captured_amount,
       capture_on_authorize, status, failure_reason, return_url, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING ${PAYMENT_COLS}`,
    [
      p.id,
      p.merchantPaymentId,
      p.idempotencyKey,
      p.cardToken,
      p.amount,
      p.capturedAmount,
      p.captureOnAuthorize,
      p.status,
      p.failureReason,
      p.returnUrl,
      p.now,
    ],
  );
  if (r.rows[0]) return { payment: r.rows[0], created: true };
  const existing = await db.query<TpPayment>(`SELECT ${PAYMENT_COLS} FROM tp_payments WHERE idempotency_key = $1`, [
    p.idempotencyKey,
  ]);
  return { payment: existing.rows[0]!, created: false };
}

export async function findPayment(db: Db, id: string, forUpdate = false): Promise<TpPayment | null> {
  const r = await db.query<TpPayment>(
    `SELECT ${PAYMENT_COLS} FROM tp_payments WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return r.rows[0] ?? null;
}

export async function findPaymentByMerchantId(db: Db, merchantPaymentId: string): Promise<TpPayment | null> {
  const r = await db.query<TpPayment>(
    `SELECT ${PAYMENT_COLS} FROM tp_payments WHERE merchant_payment_id = $1 ORDER BY created_at DESC LIMIT 1`,
    [merchantPaymentId],
  );
  return r.rows[0] ?? null;
}

export async function updatePayment(
  db: Db,
  id: string,
  change: Partial<
    Pick<TpPayment, 'status' | 'failureReason' | 'capturedAmount' | 'refundedAmount' | 'challengeAttempts'>
  >,
  now: Date,
): Promise<TpPayment> {
  const r = await db.query<TpPayment>(
    `UPDATE tp_payments SET
       status = COALESCE($2, status),
       failure_reason = CASE WHEN $3::boolean THEN $4 ELSE failure_reason END,
       captured_amount = COALESCE($5, captured_amount),
       refunded_amount = COALESCE($6, refunded_amount),
       challenge_attempts = COALESCE($7, challenge_attempts),
       version = version + 1,
       updated_at = $8
     WHERE id = $1
     RETURNING ${PAYMENT_COLS}`,
    [
      id,
      change.status ?? null,
      'failureReason' in change,
      change.failureReason ?? null,
      change.capturedAmount ?? null,
      change.refundedAmount ?? null,
      change.challengeAttempts ?? null,
      now,
    ],
  );
  return r.rows[0]!;
}

/** Records an operation by its key; false when that key was already used on this payment. */
export async function insertOperation(
  db: Db,
  o: { paymentId: string; idempotencyKey: string; kind: string; amount: number; now: Date },
): Promise<boolean> {
  const r = await db.query(
    `INSERT INTO tp_operations (payment_id, idempotency_key, kind, amount, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT DO NOTHING`,
    [o.paymentId, o.idempotencyKey, o.kind, o.amount, o.now],
  );
  return r.rowCount === 1;
}

export async function insertDelivery(
  db: Db,
  d: { id: string; eventType: string; payload: unknown; delayMs: number },
): Promise<void> {
  await db.query(
    `INSERT INTO tp_webhook_deliveries (id, event_type, payload, next_attempt_at)
     VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond')`,
    [d.id, d.eventType, JSON.stringify(d.payload), d.delayMs],
  );
}

/**
 * Takes a due delivery for one attempt: the attempt is counted and the row
 * pushed a minute ahead first, so another node's sweep does not send it at the
 * same moment, and a crash mid-attempt still leads to a retry. The processor's
 * own wall clock (the database's) decides what is due.
 */
export async function claimDelivery(
  db: Db,
  id: string,
  maxAttempts: number,
): Promise<{ id: string; payload: unknown; attempts: number } | null> {
  const r = await db.query<{ id: string; payload: unknown; attempts: number }>(
    `UPDATE tp_webhook_deliveries SET attempts = attempts + 1, next_attempt_at = now() + interval '60 seconds'
     WHERE id = $1 AND delivered_at IS NULL AND attempts < $2 AND next_attempt_at <= now() + interval '1 second'
     RETURNING id, payload, attempts`,
    [id, maxAttempts],
  );
  return r.rows[0] ?? null;
}

export async function markDelivered(db: Db, id: string): Promise<void> {
  await db.query(`UPDATE tp_webhook_deliveries SET delivered_at = now(), last_error = NULL WHERE id = $1`, [id]);
}

export async function scheduleRetry(db: Db, id: string, afterMs: number, error: string): Promise<void> {
  await db.query(
    `UPDATE tp_webhook_deliveries SET next_attempt_at = now() + $2 * interval '1 millisecond', last_error = $3
     WHERE id = $1`,
    [id, afterMs, error.slice(0, 500)],
  );
}

export async function dueDeliveries(db: Db, maxAttempts: number, limit: number): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    `SELECT id FROM tp_webhook_deliveries
     WHERE delivered_at IS NULL AND attempts < $1 AND next_attempt_at <= now()
     ORDER BY next_attempt_at LIMIT $2`,
    [maxAttempts, limit],
  );
  return r.rows.map((x) => x.id);
}
