import type { Db } from '../../platform/db/pool.js';

// The test-mode exchange's own tables (test_exchange_*): only the test exchange reads and writes them.

export type TeTransfer = {
  id: string;
  merchantTransferId: string | null;
  customerRef: string;
  direction: 'DEPOSIT' | 'WITHDRAWAL';
  amount: string;
  status: 'PENDING' | 'COMPLETED' | 'FAILED';
  failureReason: string | null;
  settleAt: Date;
  version: number;
  createdAt: Date;
  updatedAt: Date;
};

type TransferRow = {
  id: string;
  merchant_transfer_id: string | null;
  customer_ref: string;
  direction: TeTransfer['direction'];
  amount: string;
  status: TeTransfer['status'];
  failure_reason: string | null;
  settle_at: Date;
  version: number;
  created_at: Date;
  updated_at: Date;
};

const TRANSFER_COLUMNS =
  'id, merchant_transfer_id, customer_ref, direction, amount, status, failure_reason, settle_at, version, created_at, updated_at';

const toTransfer = (r: TransferRow): TeTransfer => ({
  id: r.id,
  merchantTransferId: r.merchant_transfer_id,
  customerRef: r.customer_ref,
  direction: r.direction,
  amount: r.amount,
  status: r.status,
  failureReason: r.failure_reason,
  settleAt: r.settle_at,
  version: r.version,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** Opens the customer's account on first use, with the test funds every new account gets. */
export async function ensureAccount(db: Db, customerRef: string, startingBalance: string, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO test_exchange_accounts (customer_ref, balance, created_at) VALUES ($1, $2, $3)
     ON CONFLICT (customer_ref) DO NOTHING`,
    [customerRef, startingBalance, now],
  );
}

export async function accountBalance(db: Db, customerRef: string, lock = false): Promise<string | null> {
  const r = await db.query<{ balance: string }>(
    `SELECT balance FROM test_exchange_accounts WHERE customer_ref = $1${lock ? ' FOR UPDATE' : ''}`,
    [customerRef],
  );
  return r.rows[0]?.balance ?? null;
}

export async function addToBalance(db: Db, customerRef: string, delta: string): Promise<void> {
  await db.query('UPDATE test_exchange_accounts SET balance = balance + $2::numeric WHERE customer_ref = $1', [
    customerRef,
    delta,
  ]);
}

export async function insertLink(
  db: Db,
  link: { id: string; customerRef: string; returnUrl: string; expiresAt: Date },
): Promise<void> {
  await db.query('INSERT INTO test_exchange_links (id, customer_ref, return_url, expires_at) VALUES ($1, $2, $3, $4)', [
    link.id,
    link.customerRef,
    link.returnUrl,
    link.expiresAt,
  ]);
}

export async function findLink(
  db: Db,
  id: string,
): Promise<{ customerRef: string; returnUrl: string; expiresAt: Date } | null> {
  const r = await db.query<{ customer_ref: string; return_url: string; expires_at: Date }>(
    'SELECT customer_ref, return_url, expires_at FROM test_exchange_links WHERE id = $1',
    [id],
  );
  const row = r.rows[0];
  return row ? { customerRef: row.customer_ref, returnUrl: row.return_url, expiresAt: row.expires_at } : null;
}

/** Inserts a transfer; a repeated merchant id answers the first one (created: false). */
export async function insertTransfer(
  db: Db,
  t: {
    id: string;
    merchantTransferId: string | null;
    customerRef: string;
    direction: TeTransfer['direction'];
    amount: string;
    settleAt: Date;
    now: Date;
  },
): Promise<{ transfer: TeTransfer; created: boolean }> {
  const r = await db.query<TransferRow>(
    `INSERT INTO test_exchange_transfers
       (id, merchant_transfer_id, customer_ref, direction, amount, status, settle_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, 'PENDING', $6, $7, $7)
     ON CONFLICT (merchant_transfer_id) DO NOTHING
     RETURNING ${TRANSFER_COLUMNS}`,
    [t.id, t.merchantTransferId, t.customerRef, t.direction, t.amount, t.settleAt, t.now],
  );
  if (r.rows[0]) return { transfer: toTransfer(r.rows[0]), created: true };
  return { transfer: (await findTransferByMerchantId(db, t.merchantTransferId!))!, created: false };
}

export async function findTransfer(db: Db, id: string, lock = false): Promise<TeTransfer | null> {
  const r = await db.query<TransferRow>(
    `SELECT ${TRANSFER_COLUMNS} FROM test_exchange_transfers WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return r.rows[0] ? toTransfer(r.rows[0]) : null;
}

export async function findTransferByMerchantId(db: Db, merchantTransferId: string): Promise<TeTransfer | null> {
  const r = await db.query<TransferRow>(
    `SELECT ${TRANSFER_COLUMNS} FROM test_exchange_transfers WHERE merchant_transfer_id = $1`,
    [merchantTransferId],
  );
  return r.rows[0] ? toTransfer(r.rows[0]) : null;
}

export async function settleTransfer(
  db: Db,
  id: string,
  outcome: { status: 'COMPLETED' | 'FAILED'; failureReason: string | null },
  now: Date,
): Promise<TeTransfer> {
  const r = await db.query<TransferRow>(
    `UPDATE test_exchange_transfers SET status = $2, failure_reason = $3, version = version + 1, updated_at = $4
     WHERE id = $1 RETURNING ${TRANSFER_COLUMNS}`,
    [id, outcome.status, outcome.failureReason, now],
  );
  return toTransfer(r.rows[0]!);
}

export async function dueTransfers(db: Db, now: Date, limit: number): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    `SELECT id FROM test_exchange_transfers WHERE status = 'PENDING' AND settle_at <= $1 ORDER BY settle_at LIMIT $2`,
    [now, limit],
  );
  return r.rows.map((x) => x.id);
}

export async function transfersChangedSince(db: Db, since: Date, limit: number): Promise<TeTransfer[]> {
  const r = await db.query<TransferRow>(
    `SELECT ${TRANSFER_COLUMNS} FROM test_exchange_transfers WHERE updated_at >= $1 ORDER BY updated_at, id LIMIT $2`,
    [since, limit],
  );
  return r.rows.map(toTransfer);
}

export async function customerTransfers(db: Db, customerRef: string, limit: number): Promise<TeTransfer[]> {
  const r = await db.query<TransferRow>(
    `SELECT ${TRANSFER_COLUMNS} FROM test_exchange_transfers WHERE customer_ref = $1
     ORDER BY created_at DESC, id DESC LIMIT $2`,
    [customerRef, limit],
  );
  return r.rows.map(toTransfer);
}

// Notifications -------------------------------------------------------------------------------

export async function insertDelivery(db: Db, d: { id: string; payload: unknown; nextAttemptAt: Date }): Promise<void> {
  await db.query('INSERT INTO test_exchange_deliveries (id, payload, next_attempt_at) VALUES ($1, $2, $3)', [
    d.id,
    JSON.stringify(d.payload),
    d.nextAttemptAt,
  ]);
}

/**
 * Takes one attempt of a notification: counts it and moves its next attempt out of reach, so two
 * nodes never send the same attempt. null when it was delivered, given up, or is not yet due.
 */
export async function claimDelivery(
  db: Db,
  id: string,
  now: Date,
  maxAttempts: number,
): Promise<{ payload: unknown; attempts: number } | null> {
  const r = await db.query<{ payload: unknown; attempts: number }>(
    `UPDATE test_exchange_deliveries SET attempts = attempts + 1, next_attempt_at = $2::timestamptz + interval '1 hour'
     WHERE id = $1 AND delivered_at IS NULL AND attempts < $3 AND next_attempt_at <= $2
     RETURNING payload, attempts`,
    [id, now, maxAttempts],
  );
  return r.rows[0] ?? null;
}

export async function markDelivered(db: Db, id: string, now: Date): Promise<void> {
  await db.query('UPDATE test_exchange_deliveries SET delivered_at = $2, last_error = NULL WHERE id = $1', [id, now]);
}

export async function scheduleRetry(db: Db, id: string, at: Date, error: string): Promise<void> {
  await db.query('UPDATE test_exchange_deliveries SET next_attempt_at = $2, last_error = $3 WHERE id = $1', [
    id,
    at,
    error.slice(0, 500),
  ]);
}

export async function dueDeliveries(db: Db, now: Date, maxAttempts: number, limit: number): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    `SELECT id FROM test_exchange_deliveries
     WHERE delivered_at IS NULL AND attempts < $2 AND next_attempt_at <= $1 ORDER BY next_attempt_at LIMIT $3`,
    [now, maxAttempts, limit],
  );
  return r.rows.map((x) => x.id);
}
