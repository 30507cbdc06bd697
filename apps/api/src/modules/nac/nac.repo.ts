import type { NacLedgerEntryKindValue } from '@yado/contract/nac.contract';
import type { Db } from '../../platform/db/pool.js';

export type TransferRecord = {
  id: string;
  accountId: string;
  direction: 'DEPOSIT' | 'WITHDRAWAL';
  /** NUMERIC as PostgreSQL prints it ("12.50000000"). */
  amount: string;
  status: 'PENDING' | 'COMPLETED' | 'FAILED';
  failureReason: 'INSUFFICIENT_FUNDS' | 'TRANSFER_LIMIT' | 'NOT_RECEIVED' | null;
  exchangeTransferId: string | null;
  exchangeVersion: number;
  createdAt: Date;
  updatedAt: Date;
};

type TransferRow = {
  id: string;
  account_id: string;
  direction: TransferRecord['direction'];
  amount: string;
  status: TransferRecord['status'];
  failure_reason: TransferRecord['failureReason'];
  exchange_transfer_id: string | null;
  exchange_version: number;
  created_at: Date;
  updated_at: Date;
};

const TRANSFER_COLUMNS =
  'id, account_id, direction, amount, status, failure_reason, exchange_transfer_id, exchange_version, created_at, updated_at';

const toTransfer = (r: TransferRow): TransferRecord => ({
  id: r.id,
  accountId: r.account_id,
  direction: r.direction,
  amount: r.amount,
  status: r.status,
  failureReason: r.failure_reason,
  exchangeTransferId: r.exchange_transfer_id,
  exchangeVersion: r.exchange_version,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export type LedgerRecord = {
  id: string;
  accountId: string;
  amount: string;
  kind: NacLedgerEntryKindValue;
  transferId: string | null;
  reference: string | null;
  loggedAt: Date;
};

/** The sum of the account's ledger, exactly, as PostgreSQL's NUMERIC adds it. */
export async function balance(db: Db, accountId: string): Promise<string> {
  const r = await db.query<{ balance: string }>(
    'SELECT COALESCE(SUM(amount), 0)::text AS balance FROM nac_ledger WHERE account_id = $1',
    [accountId],
  );
  return r.rows[0]?.balance ?? '0';
}

/** Inserts a transfer the product starts; a repeated id (a retried request) keeps the first (created: false). */
export async function insertTransfer(
  db: Db,
  t: { id: string; accountId: string; direction: TransferRecord['direction']; amount: string; now: Date },
): Promise<{ transfer: TransferRecord; created: boolean }> {
  const r = await db.query<TransferRow>(
    `INSERT INTO nac_transfers (id, account_id, direction, amount, status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 'PENDING', $5, $5)
     ON CONFLICT (id) DO NOTHING RETURNING ${TRANSFER_COLUMNS}`,
    [t.id, t.accountId, t.direction, t.amount, t.now],
  );
  if (r.rows[0]) return { transfer: toTransfer(r.rows[0]), created: true };
  return { transfer: (await findTransfer(db, t.id))!, created: false };
}

/**
 * Records a transfer first heard of from the exchange (the customer started it on the exchange's
 * page), keyed by the exchange's id so two notifications of it make one row.
 */
export async function insertExchangeTransfer(
  db: Db,
  t: {
    id: string;
    accountId: string;
    direction: TransferRecord['direction'];
    amount: string;
    exchangeTransferId: string;
    now: Date;
  },
): Promise<'RECORDED' | 'UNKNOWN_ACCOUNT'> {
  try {
    await db.query(
      `INSERT INTO nac_transfers (id, account_id, direction, amount, status, exchange_transfer_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 'PENDING', $5, $6, $6)
       ON CONFLICT DO NOTHING`,
      [t.id, t.accountId, t.direction, t.amount, t.exchangeTransferId, t.now],
    );
    return 'RECORDED';
  } catch (err) {
    // The exchange names a customer the product does not know (foreign key, or not a uuid at all).
    const code = (err as { code?: string }).code;
    if (code === '23503' || code === '22P02') return 'UNKNOWN_ACCOUNT';
    throw err;
  }
}

export async function findTransfer(db: Db, id: string, lock = false): Promise<TransferRecord | null> {
  const r = await db.query<TransferRow>(
    `SELECT ${TRANSFER_COLUMNS} FROM nac_transfers WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return r.rows[0] ? toTransfer(r.rows[0]) : null;
}

export async function findTransferByExchangeId(
  db: Db,
  exchangeTransferId: string,
  lock = false,
): Promise<TransferRecord | null> {
  const r = await db.query<TransferRow>(
    `SELECT ${TRANSFER_COLUMNS} FROM nac_transfers WHERE exchange_transfer_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [exchangeTransferId],
  );
  return r.rows[0] ? toTransfer(r.rows[0]) : null;
}

export async function updateTransfer(
  db: Db,
  id: string,
  change: {
    status: TransferRecord['status'];
    failureReason: TransferRecord['failureReason'];
    exchangeTransferId: string | null;
    exchangeVersion: number;
    now: Date;
  },
): Promise<TransferRecord> {
  const r = await db.query<TransferRow>(
    `UPDATE nac_transfers SET status = $2, failure_reason = $3,
       exchange_transfer_id = COALESCE(exchange_transfer_id, $4), exchange_version = $5, updated_at = $6
     WHERE id = $1 RETURNING ${TRANSFER_COLUMNS}`,
    [id, change.status, change.failureReason, change.exchangeTransferId, change.exchangeVersion, change.now],
  );
  return toTransfer(r.rows[0]!);
}

/** Transfers still waiting for their outcome, created before `before`, oldest first. */
export async function pendingTransfers(db: Db, before: Date, limit: number): Promise<TransferRecord[]> {
  const r = await db.query<TransferRow>(
    `SELECT ${TRANSFER_COLUMNS} FROM nac_transfers WHERE status = 'PENDING' AND created_at < $1
     ORDER BY created_at LIMIT $2`,
    [before, limit],
  );
  return r.rows.map(toTransfer);
}

/** A page of the account's transfers, newest first, after the (createdAt, id) of the previous page's last. */
export async function listTransfers(
  db: Db,
  accountId: string,
  after: { createdAt: Date; id: string } | null,
  limit: number,
): Promise<TransferRecord[]> {
  const r = await db.query<TransferRow>(
    `SELECT ${TRANSFER_COLUMNS} FROM nac_transfers
     WHERE account_id = $1 AND ($2::timestamptz IS NULL OR (created_at, id) < ($2, $3))
     ORDER BY created_at DESC, id DESC LIMIT $4`,
    [accountId, after?.createdAt ?? null, after?.id ?? '', limit],
  );
  return r.rows.map(toTransfer);
}

/**
 * Appends a ledger entry once per (transfer, kind): false when it was already there. The guard
 * trigger refuses an entry that would overdraw the balance (constraint nac_ledger_balance).
 */
export async function appendEntry(
  db: Db,
  e: { accountId: string; amount: string; kind: NacLedgerEntryKindValue; transferId: string; now: Date },
): Promise<boolean> {
  const r = await db.query(
    `INSERT INTO nac_ledger (account_id, amount, kind, transfer_id, logged_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (transfer_id, kind) DO NOTHING`,
    [e.accountId, e.amount, e.kind, e.transferId, e.now],
  );
  return r.rowCount === 1;
}

/**
 * Appends an entry for NAC moving inside the product (a payment, a loan, a voucher), once per
 * (reference, kind): false when it was already there, so a retried step moves nothing twice. The
 * guard trigger refuses an entry that would overdraw the balance (constraint nac_ledger_balance).
 */
export async function appendReferencedEntry(
  db: Db,
  e: { accountId: string; amount: string; kind: NacLedgerEntryKindValue; reference: string; now: Date },
): Promise<boolean> {
  const r = await db.query(
    `INSERT INTO nac_ledger (account_id, amount, kind, reference, logged_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (reference, kind) WHERE reference IS NOT NULL DO NOTHING`,
    [e.accountId, e.amount, e.kind, e.reference, e.now],
  );
  return r.rowCount === 1;
}

/** A page of the account's ledger, newest first, below the id of the previous page's last entry. */
export async function listEntries(
  db: Db,
  accountId: string,
  beforeId: string | null,
  limit: number,
): Promise<LedgerRecord[]> {
  const r = await db.query<{
    id: string;
    account_id: string;
    amount: string;
    kind: NacLedgerEntryKindValue;
    transfer_id: string | null;
    reference: string | null;
    logged_at: Date;
  }>(
    `SELECT id::text, account_id, amount, kind, transfer_id, reference, logged_at FROM nac_ledger
     WHERE account_id = $1 AND ($2::bigint IS NULL OR id < $2) ORDER BY id DESC LIMIT $3`,
    [accountId, beforeId, limit],
  );
  return r.rows.map((x) => ({
    id: x.id,
    accountId: x.account_id,
    amount: x.amount,
    kind: x.kind,
    transferId: x.transfer_id,
    reference: x.reference,
    loggedAt: x.logged_at,
  }));
}

export async function storeRate(db: Db, rateAt: Date, rate: string): Promise<void> {
  await db.query('INSERT INTO nac_rates (rate_at, rate) VALUES ($1, $2) ON CONFLICT (rate_at) DO NOTHING', [
    rateAt,
    rate,
  ]);
}

export async function latestRate(db: Db, notBefore: Date): Promise<{ rate: string; at: Date } | null> {
  const r = await db.query<{ rate: string; rate_at: Date }>(
    'SELECT rate::text, rate_at FROM nac_rates WHERE rate_at >= $1 ORDER BY rate_at DESC LIMIT 1',
    [notBefore],
  );
  return r.rows[0] ? { rate: r.rows[0].rate, at: r.rows[0].rate_at } : null;
}

export async function reconcileCursor(db: Db): Promise<Date | null> {
  const r = await db.query<{ changed_since: Date }>('SELECT changed_since FROM nac_reconcile_cursor');
  return r.rows[0]?.changed_since ?? null;
}

/** Moves the cursor forward only (two nodes finishing out of order never move it back). */
export async function advanceReconcileCursor(db: Db, to: Date): Promise<void> {
  await db.query(
    `INSERT INTO nac_reconcile_cursor (id, changed_since) VALUES (true, $1)
     ON CONFLICT (id) DO UPDATE SET changed_since = GREATEST(nac_reconcile_cursor.changed_since, EXCLUDED.changed_since)`,
    [to],
  );
}
