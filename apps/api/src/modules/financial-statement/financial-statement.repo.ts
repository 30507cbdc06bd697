import type { IsoDate } from '@yado/contract/civil-date';
import { OPERATOR_TIME_ZONE } from '@yado/contract/operator-zone';
import type {
  FinancialLineTypeValue,
  FinancialPaymentMethodValue,
  FinancialPeriodTypeValue,
} from '@yado/contract/financial-statement.contract';
import type { Db } from '../../platform/db/pool.js';

/** A movement's date is its civil date in the operator's zone. */
const ZONE = OPERATOR_TIME_ZONE;

/** One movement of money of a billing, as the billings, the points ledger and the NAC ledger record it. */
export type MovementRow = {
  billingNumber: string;
  method: FinancialPaymentMethodValue;
  type: FinancialLineTypeValue;
  date: IsoDate;
  at: Date;
  /** Yen (card and points; for NAC the yen it paid), positive; refunds are made negative by the service. */
  yen: number;
  /** NAC of the movement (NAC lines): the payment's or the refund's. */
  nacAmount: string | null;
  /** The billing's NAC payment: what it paid in NAC and yen, and at what rate (NAC lines). */
  nacPaid: string | null;
  nacPaidYen: number;
  nacRate: string | null;
};

/*
 * Every payment and refund of an account's billings, optionally within [from, toExclusive) (civil
 * dates in Japan). A billing split into parts is paid through its parts, so the source is left out.
 * Card and point payments are dated when the billing was paid, a NAC payment when its NAC was taken;
 * a card refund when the billing was refunded, points and NAC when their ledgers gave them back.
 */
export async function movementsOfAccount(
  db: Db,
  accountId: string,
  range: { from: IsoDate; toExclusive: IsoDate } | null,
): Promise<MovementRow[]> {
  const r = await db.query<{
    billing_number: string;
    method: FinancialPaymentMethodValue;
    type: FinancialLineTypeValue;
    at: Date;
    day: string;
    yen: string;
    nac_amount: string | null;
    nac_paid: string | null;
    nac_paid_yen: string;
    nac_rate: string | null;
  }>(
    // Each branch carries its billing's NAC payment, so the lines need no join back to the billings
    // (a join the planner ran as a nested loop once the date filter made it expect few rows).
    `WITH b AS (
       SELECT id, billing_number, paid_at, fiat_amount, point_payment_amount, nac_payment_amount, nac_to_jpy_rate,
              nac_payment_amount_jpy, COALESCE(nac_paid_at, paid_at) AS nac_at, refunded_amount, updated_at
         FROM billings
        WHERE account_id = $1 AND NOT is_split_source AND (paid_at IS NOT NULL OR nac_paid_at IS NOT NULL)
     ), m AS (
       SELECT billing_number, 'CARD' AS method, 'PAYMENT' AS type, paid_at AS at, fiat_amount AS yen,
              NULL::numeric AS nac_amount, nac_payment_amount, nac_payment_amount_jpy, nac_to_jpy_rate
         FROM b WHERE paid_at IS NOT NULL AND fiat_amount > 0
       UNION ALL
       SELECT billing_number, 'POINT', 'PAYMENT', paid_at, point_payment_amount, NULL, nac_payment_amount,
              nac_payment_amount_jpy, nac_to_jpy_rate
         FROM b WHERE paid_at IS NOT NULL AND point_payment_amount > 0
       UNION ALL
       SELECT billing_number, 'NAC', 'PAYMENT', nac_at, nac_payment_amount_jpy, nac_payment_amount, nac_payment_amount,
              nac_payment_amount_jpy, nac_to_jpy_rate
         FROM b WHERE nac_payment_amount IS NOT NULL AND nac_at IS NOT NULL
       UNION ALL
       SELECT billing_number, 'CARD', 'REFUND',
              COALESCE((SELECT max(e.at) FROM billing_status_events e WHERE e.billing_id = b.id AND e.to_status = 'REFUNDED'),
                       updated_at),
              refunded_amount, NULL, nac_payment_amount, nac_payment_amount_jpy, nac_to_jpy_rate
         FROM b WHERE refunded_amount > 0
       UNION ALL
       SELECT billing_number, 'POINT', 'REFUND', p.logged_at, p.points, NULL, nac_payment_amount,
              nac_payment_amount_jpy, nac_to_jpy_rate
         FROM b JOIN point_actions p ON p.billing_id = b.id AND p.reason = 'REFUND_BILLING' AND p.logged_at >= b.paid_at
       UNION ALL
       SELECT billing_number, 'NAC', 'REFUND', n.logged_at, 0, n.amount, nac_payment_amount,
              nac_payment_amount_jpy, nac_to_jpy_rate
         FROM b JOIN nac_ledger n ON n.reference = 'billing:' || b.id AND n.kind = 'PAYMENT_REFUND'
     )
     SELECT billing_number, method, type, at, to_char(at AT TIME ZONE '${ZONE}', 'YYYY-MM-DD') AS day,
            yen::text, nac_amount::text, nac_payment_amount::text AS nac_paid,
            nac_payment_amount_jpy::text AS nac_paid_yen, nac_to_jpy_rate::text AS nac_rate
       FROM m
      WHERE $2::date IS NULL
         OR (at >= ($2::date::timestamp AT TIME ZONE '${ZONE}') AND at < ($3::date::timestamp AT TIME ZONE '${ZONE}'))
      ORDER BY at, billing_number`,
    [accountId, range?.from ?? null, range?.toExclusive ?? null],
  );
  return r.rows.map((x) => ({
    billingNumber: x.billing_number,
    method: x.method,
    type: x.type,
    date: x.day,
    at: x.at,
    yen: Number(x.yen),
    nacAmount: x.nac_amount,
    nacPaid: x.method === 'NAC' ? x.nac_paid : null,
    nacPaidYen: Number(x.nac_paid_yen),
    nacRate: x.method === 'NAC' ? x.nac_rate : null,
  }));
}

// Shares -------------------------------------------------------------------------------------------

export type ShareRow = {
  id: string;
  accountId: string;
  periodType: FinancialPeriodTypeValue;
  periodStart: IsoDate;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  accessCount: number;
  lastAccessedAt: Date | null;
};

/** The columns of a share aliased `s`. */
const SHARE_COLUMNS = `s.id, s.account_id AS "accountId", s.period_type AS "periodType",
  to_char(s.period_start, 'YYYY-MM-DD') AS "periodStart", s.created_at AS "createdAt", s.expires_at AS "expiresAt",
  s.revoked_at AS "revokedAt", s.access_count AS "accessCount", s.last_accessed_at AS "lastAccessedAt"`;

export async function insertShare(
  db: Db,
  s: {
    id: string;
    accountId: string;
    periodType: FinancialPeriodTypeValue;
    periodStart: IsoDate;
    tokenHash: Buffer;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<ShareRow> {
  const r = await db.query<ShareRow>(
    `INSERT INTO financial_statement_shares AS s (id, account_id, period_type, period_start, token_hash, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${SHARE_COLUMNS}`,
    [s.id, s.accountId, s.periodType, s.periodStart, s.tokenHash, s.createdAt, s.expiresAt],
  );
  return r.rows[0]!;
}

export async function sharesOfAccount(
  db: Db,
  accountId: string,
  of: { periodType: FinancialPeriodTypeValue; periodStart: IsoDate } | null,
): Promise<ShareRow[]> {
  const r = await db.query<ShareRow>(
    `SELECT ${SHARE_COLUMNS} FROM financial_statement_shares s
      WHERE s.account_id = $1 AND ($2::text IS NULL OR (s.period_type = $2 AND s.period_start = $3::date))
      ORDER BY s.created_at DESC, s.id DESC`,
    [accountId, of?.periodType ?? null, of?.periodStart ?? null],
  );
  return r.rows;
}

/** Revokes a share of the account (a revoked one keeps its first revocation; `newly` says whether this call did it); null when it is not theirs. */
export async function revokeShare(
  db: Db,
  accountId: string,
  id: string,
  now: Date,
): Promise<(ShareRow & { newly: boolean }) | null> {
  const r = await db.query<ShareRow & { newly: boolean }>(
    `UPDATE financial_statement_shares s SET revoked_at = COALESCE(s.revoked_at, $3)
       FROM (SELECT id, revoked_at FROM financial_statement_shares WHERE id = $1 AND account_id = $2 FOR UPDATE) old
      WHERE s.id = old.id
      RETURNING ${SHARE_COLUMNS}, old.revoked_at IS NULL AS newly`,
    [id, accountId, now],
  );
  return r.rows[0] ?? null;
}

export async function findShareByHash(db: Db, tokenHash: Buffer): Promise<ShareRow | null> {
  const r = await db.query<ShareRow>(
    `SELECT ${SHARE_COLUMNS} FROM financial_statement_shares s WHERE s.token_hash = $1`,
    [tokenHash],
  );
  return r.rows[0] ?? null;
}

/** Counts one opening of a live share, in one statement so concurrent openings all count. */
export async function recordShareAccess(db: Db, id: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE financial_statement_shares SET access_count = access_count + 1,
            last_accessed_at = GREATEST(COALESCE(last_accessed_at, $2), $2)
      WHERE id = $1`,
    [id, now],
  );
}
