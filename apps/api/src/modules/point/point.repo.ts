import type { PointActionReasonValue } from '@yado/contract/point.contract';
import type { Db } from '../../platform/db/pool.js';
import { POINT_LIFETIME_DAYS, type LedgerEntry } from './point.rules.js';

export type PointActionRecord = {
  id: string;
  accountId: string;
  points: number;
  reason: PointActionReasonValue;
  billingId: string | null;
  bookingId: string | null;
  lotId: string | null;
  expiresAt: Date | null;
  note: string;
  loggedAt: Date;
  createdBy: string;
};

type Row = {
  id: string;
  account_id: string;
  points: number;
  reason: PointActionReasonValue;
  billing_id: string | null;
  booking_id: string | null;
  lot_id: string | null;
  expires_at: Date | null;
  note: string;
  logged_at: Date;
  created_by: string;
};

const toRecord = (r: Row): PointActionRecord => ({
  id: r.id,
  accountId: r.account_id,
  points: r.points,
  reason: r.reason,
  billingId: r.billing_id,
  bookingId: r.booking_id,
  lotId: r.lot_id,
  expiresAt: r.expires_at,
  note: r.note,
  loggedAt: r.logged_at,
  createdBy: r.created_by,
});

const COLUMNS =
  'id, account_id, points, reason, billing_id, booking_id, lot_id, expires_at, note, logged_at, created_by';

/**
 * Serialises every change to one account's points for the rest of the
 * transaction, so two spends can never both see the same balance.
 */
export async function lockAccount(tx: Db, accountId: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('point_actions:' || $1))", [accountId]);
}

export async function balance(db: Db, accountId: string): Promise<number> {
  const r = await db.query<{ balance: number }>(
    'SELECT COALESCE(SUM(points), 0)::bigint AS balance FROM point_actions WHERE account_id = $1',
    [accountId],
  );
  return r.rows[0]?.balance ?? 0;
}

export type NewPointAction = {
  id: string;
  accountId: string;
  points: number;
  reason: PointActionReasonValue;
  billingId?: string | null;
  bookingId?: string | null;
  lotId?: string | null;
  note?: string;
  /** null: the transaction's time. */
  at: Date | null;
  createdBy: string;
};

/** Appends an entry; a positive one (a lot) lapses POINT_LIFETIME_DAYS after it is logged. */
export async function insertAction(tx: Db, a: NewPointAction): Promise<PointActionRecord> {
  const r = await tx.query<Row>(
    `INSERT INTO point_actions (id, account_id, points, reason, billing_id, booking_id, lot_id, note, logged_at,
                                expires_at, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, COALESCE($9::timestamptz, now()),
             CASE WHEN $3::integer > 0 THEN COALESCE($9::timestamptz, now()) + make_interval(days => $10) END, $11)
     RETURNING ${COLUMNS}`,
    [
      a.id,
      a.accountId,
      a.points,
      a.reason,
      a.billingId ?? null,
      a.bookingId ?? null,
      a.lotId ?? null,
      a.note ?? '',
      a.at,
      POINT_LIFETIME_DAYS,
      a.createdBy,
    ],
  );
  return toRecord(r.rows[0] as Row);
}

export async function ledger(db: Db, accountId: string): Promise<LedgerEntry[]> {
  const r = await db.query<{
    id: string;
    points: number;
    reason: string;
    expires_at: Date | null;
    lot_id: string | null;
  }>('SELECT id, points, reason, expires_at, lot_id FROM point_actions WHERE account_id = $1', [accountId]);
  return r.rows.map((x) => ({
    id: x.id,
    points: x.points,
    reason: x.reason,
    expiresAt: x.expires_at,
    lotId: x.lot_id,
  }));
}

/** Newest first; `after` is the last entry of the previous page. */
export async function listActions(
  db: Db,
  accountId: string,
  limit: number,
  after: { loggedAt: Date; id: string } | null,
): Promise<PointActionRecord[]> {
  const r = await db.query<Row>(
    `SELECT ${COLUMNS} FROM point_actions
      WHERE account_id = $1 AND ($2::timestamptz IS NULL OR (logged_at, id) < ($2::timestamptz, $3::text))
      ORDER BY logged_at DESC, id DESC LIMIT $4`,
    [accountId, after?.loggedAt ?? null, after?.id ?? '', limit],
  );
  return r.rows.map(toRecord);
}

/** What a billing has taken from and given back to its account's points. */
export async function billingPoints(
  db: Db,
  billingId: string,
): Promise<{ accountId: string; consumed: number; refunded: number } | null> {
  const r = await db.query<{ account_id: string; consumed: number; refunded: number }>(
    `SELECT account_id,
            COALESCE(-SUM(points) FILTER (WHERE reason = 'CONSUME_BILLING'), 0)::bigint AS consumed,
            COALESCE(SUM(points) FILTER (WHERE reason = 'REFUND_BILLING'), 0)::bigint AS refunded
       FROM point_actions WHERE billing_id = $1 GROUP BY account_id`,
    [billingId],
  );
  return r.rows[0]
    ? { accountId: r.rows[0].account_id, consumed: r.rows[0].consumed, refunded: r.rows[0].refunded }
    : null;
}

export async function findCheckoutAction(db: Db, bookingId: string): Promise<PointActionRecord | null> {
  const r = await db.query<Row>(
    `SELECT ${COLUMNS} FROM point_actions WHERE booking_id = $1 AND reason = 'CONFIRM_CHECK_OUT'`,
    [bookingId],
  );
  return r.rows[0] ? toRecord(r.rows[0]) : null;
}

/** Accounts with a lot that has lapsed and whose expiry has not been settled yet. */
export async function accountsWithLapsedLots(db: Db, now: Date, limit: number): Promise<string[]> {
  const r = await db.query<{ account_id: string }>(
    `SELECT DISTINCT p.account_id FROM point_actions p
      WHERE p.expires_at <= $1 AND NOT EXISTS (SELECT 1 FROM point_lot_closures c WHERE c.lot_id = p.id)
      LIMIT $2`,
    [now, limit],
  );
  return r.rows.map((x) => x.account_id);
}

export async function lapsedOpenLots(db: Db, accountId: string, now: Date): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    `SELECT p.id FROM point_actions p
      WHERE p.account_id = $1 AND p.expires_at <= $2
        AND NOT EXISTS (SELECT 1 FROM point_lot_closures c WHERE c.lot_id = p.id)`,
    [accountId, now],
  );
  return r.rows.map((x) => x.id);
}

export async function closeLots(tx: Db, lotIds: readonly string[], at: Date): Promise<void> {
  if (lotIds.length === 0) return;
  await tx.query(
    'INSERT INTO point_lot_closures (lot_id, closed_at) SELECT unnest($1::text[]), $2 ON CONFLICT DO NOTHING',
    [lotIds, at],
  );
}
