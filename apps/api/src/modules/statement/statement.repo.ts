import type { IsoDate } from '@yado/contract/civil-date';
import type { StatementCycleValue } from '@yado/contract/statement.contract';
import type { Db } from '../../platform/db/pool.js';

export type Names = { en: string; ja: string };

export type PeriodRow = {
  id: string;
  cycle: StatementCycleValue;
  periodFrom: IsoDate;
  periodTo: IsoDate;
  closedBy: string;
  closedAt: Date;
  completedAt: Date | null;
  statementCount: number;
};

type PeriodDbRow = {
  id: string;
  cycle: StatementCycleValue;
  period_from: string;
  period_to: string;
  closed_by: string;
  closed_at: Date;
  completed_at: Date | null;
  statement_count?: number;
};

const PERIOD_COLUMNS = `p.id, p.cycle, to_char(p.period_from, 'YYYY-MM-DD') AS period_from,
  to_char(p.period_to, 'YYYY-MM-DD') AS period_to, p.closed_by, p.closed_at, p.completed_at`;

const toPeriod = (r: PeriodDbRow): PeriodRow => ({
  id: r.id,
  cycle: r.cycle,
  periodFrom: r.period_from,
  periodTo: r.period_to,
  closedBy: r.closed_by,
  closedAt: r.closed_at,
  completedAt: r.completed_at,
  statementCount: r.statement_count ?? 0,
});

/** Writes the period's close; a period already closed is left as it was (`inserted` false). */
export async function insertPeriod(
  db: Db,
  p: { id: string; cycle: StatementCycleValue; from: IsoDate; to: IsoDate; closedBy: string; closedAt: Date },
): Promise<{ period: PeriodRow; inserted: boolean }> {
  const ins = await db.query<PeriodDbRow>(
    `INSERT INTO owner_statement_periods AS p (id, cycle, period_from, period_to, closed_by, closed_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (cycle, period_from) DO NOTHING RETURNING ${PERIOD_COLUMNS}`,
    [p.id, p.cycle, p.from, p.to, p.closedBy, p.closedAt],
  );
  if (ins.rows[0]) return { period: toPeriod(ins.rows[0]), inserted: true };
  const found = await findPeriod(db, p.id);
  return { period: found!, inserted: false };
}

export async function findPeriod(db: Db, id: string): Promise<PeriodRow | null> {
  const r = await db.query<PeriodDbRow>(
    `SELECT ${PERIOD_COLUMNS}, (SELECT count(*)::int FROM owner_statements s WHERE s.period_id = p.id) AS statement_count
       FROM owner_statement_periods p WHERE p.id = $1`,
    [id],
  );
  return r.rows[0] ? toPeriod(r.rows[0]) : null;
}

/** Every closed period, newest first, with how many statements it issued. */
export async function listPeriods(db: Db): Promise<PeriodRow[]> {
  const r = await db.query<PeriodDbRow>(
    `SELECT ${PERIOD_COLUMNS}, (SELECT count(*)::int FROM owner_statements s WHERE s.period_id = p.id) AS statement_count
       FROM owner_statement_periods p ORDER BY p.period_from DESC, p.cycle`,
  );
  return r.rows.map(toPeriod);
}

/** Periods closed but not every statement issued yet (a close cut short): the job finishes them. */
export async function unfinishedPeriods(db: Db): Promise<PeriodRow[]> {
  const r = await db.query<PeriodDbRow>(
    `SELECT ${PERIOD_COLUMNS} FROM owner_statement_periods p WHERE p.completed_at IS NULL ORDER BY p.period_from`,
  );
  return r.rows.map(toPeriod);
}

export async function markPeriodCompleted(db: Db, id: string, at: Date): Promise<void> {
  await db.query('UPDATE owner_statement_periods SET completed_at = $2 WHERE id = $1 AND completed_at IS NULL', [
    id,
    at,
  ]);
}

/** When the cycle's period before this one was closed (its later payments are this one's adjustments). */
export async function previousClosedAt(db: Db, cycle: StatementCycleValue, from: IsoDate): Promise<Date | null> {
  const r = await db.query<{ closed_at: Date }>(
    `SELECT closed_at FROM owner_statement_periods WHERE cycle = $1 AND period_from < $2
      ORDER BY period_from DESC LIMIT 1`,
    [cycle, from],
  );
  return r.rows[0]?.closed_at ?? null;
}

/** Serialises the batches of one period's close across callers (in the batch's transaction). */
export async function lockPeriod(tx: Db, periodId: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(7319200, hashtext($1))`, [periodId]);
}

// The owners of a cycle: users holding a share of a house group settled by that cycle, granted by the
// period's last day (in the house group's zone). A house group without settings is settled monthly.
const SHARES_OF_CYCLE = `owner_shares s
  JOIN house_groups hg ON hg.id = s.house_group_id
  LEFT JOIN house_group_owner_settings os ON os.house_group_id = s.house_group_id
  WHERE coalesce(os.statement_cycle, 'MONTHLY') = $1
    AND (s.granted_at AT TIME ZONE hg.timezone)::date <= $2::date`;

/**
 * The next owners (by user id, after `afterUserId`) of the period who have no statement of it yet,
 * with their names: a batch of the close.
 */
export async function nextOwners(
  tx: Db,
  p: { periodId: string; cycle: StatementCycleValue; to: IsoDate },
  afterUserId: string,
  limit: number,
): Promise<{ userId: string; name: Names }[]> {
  const r = await tx.query<{
    id: string;
    first_name: string;
    last_name: string;
    romanized_first_name: string;
    romanized_last_name: string;
  }>(
    `SELECT u.id, u.first_name, u.last_name, u.romanized_first_name, u.romanized_last_name
       FROM users u
      WHERE u.id IN (SELECT s.user_id FROM ${SHARES_OF_CYCLE} AND s.user_id > $3)
        AND NOT EXISTS (SELECT 1 FROM owner_statements st WHERE st.period_id = $4 AND st.user_id = u.id)
      ORDER BY u.id LIMIT $5`,
    [p.cycle, p.to, afterUserId, p.periodId, limit],
  );
  return r.rows.map((u) => ({
    userId: u.id,
    name: {
      en: `${u.romanized_first_name} ${u.romanized_last_name}`.trim(),
      ja: `${u.last_name} ${u.first_name}`.trim(),
    },
  }));
}

export type ShareOfPeriod = {
  shareId: string;
  userId: string;
  houseGroupId: string;
  houseGroupName: Names;
  numerator: number;
  denominator: number;
  /** The grant date in the house group's zone: the first day the share counts. */
  heldFrom: IsoDate;
  managementFeePerMonth: number;
};

/** The shares of these owners that the period settles. */
export async function sharesOfOwners(
  db: Db,
  userIds: readonly string[],
  cycle: StatementCycleValue,
  to: IsoDate,
): Promise<ShareOfPeriod[]> {
  const r = await db.query<{
    id: string;
    user_id: string;
    house_group_id: string;
    name_en: string;
    name_ja: string;
    numerator: number;
    denominator: number;
    held_from: string;
    management_fee_per_month: number | null;
  }>(
    `SELECT s.id, s.user_id, s.house_group_id, hg.name_en, hg.name_ja, s.numerator, s.denominator,
            to_char((s.granted_at AT TIME ZONE hg.timezone)::date, 'YYYY-MM-DD') AS held_from,
            os.management_fee_per_month
       FROM ${SHARES_OF_CYCLE} AND s.user_id = ANY($3::text[])
      ORDER BY s.user_id, s.granted_at, s.id`,
    [cycle, to, userIds],
  );
  return r.rows.map((x) => ({
    shareId: x.id,
    userId: x.user_id,
    houseGroupId: x.house_group_id,
    houseGroupName: { en: x.name_en, ja: x.name_ja },
    numerator: x.numerator,
    denominator: x.denominator,
    heldFrom: x.held_from,
    managementFeePerMonth: x.management_fee_per_month ?? 0,
  }));
}

export type HouseLabel = { houseId: string; houseGroupId: string; name: Names; houseGroupName: Names };

/** The houses of house groups, or the houses of ids, with their and their group's names. */
export async function houseLabels(
  db: Db,
  by: { houseGroupIds: readonly string[]; houseIds: readonly string[] },
): Promise<HouseLabel[]> {
  const r = await db.query<{
    id: string;
    house_group_id: string;
    name_en: string;
    name_ja: string;
    group_en: string;
    group_ja: string;
  }>(
    `SELECT h.id, h.house_group_id, h.name_en, h.name_ja, hg.name_en AS group_en, hg.name_ja AS group_ja
       FROM houses h JOIN house_groups hg ON hg.id = h.house_group_id
      WHERE h.house_group_id = ANY($1::text[]) OR h.id = ANY($2::text[])
      ORDER BY h.house_group_id, h.floor, h.id`,
    [by.houseGroupIds, by.houseIds],
  );
  return r.rows.map((x) => ({
    houseId: x.id,
    houseGroupId: x.house_group_id,
    name: { en: x.name_en, ja: x.name_ja },
    houseGroupName: { en: x.group_en, ja: x.group_ja },
  }));
}

export type ShareRevenue = { shareId: string; houseId: string; adjustment: boolean; amount: number };

/**
 * Per share and house, the tax-exclusive accommodation of guest stays (the owner area's revenue rule:
 * PAID billings' ACCOMMODATION lines by the night each is for) counted for the share from its first
 * day: the period's nights paid by the close (DEFAULT), and earlier nights paid after the cycle's
 * previous close up to this one, less those paid before it and refunded since (ADJUSTMENT, a
 * correction of a statement already issued: a refunded billing counts nothing, as in the owner
 * area). The
 * amounts are summed per house and night once for the house groups, then taken per share.
 */
export async function revenueOfShares(
  db: Db,
  p: {
    shareIds: readonly string[];
    houseGroupIds: readonly string[];
    from: IsoDate;
    toExclusive: IsoDate;
    closedAt: Date;
    previousClosedAt: Date | null;
    guestTypes: readonly string[];
  },
): Promise<ShareRevenue[]> {
  const r = await db.query<{ share_id: string; house_id: string; adjustment: boolean; amount: number }>(
    `WITH nights AS (
       SELECT b.house_group_id, b.house_id, l.date, sum(l.amount + l.adjustment_amount) AS amount
         FROM bookings b
         JOIN billings bl ON bl.booking_id = b.id AND bl.status = 'PAID' AND bl.paid_at <= $5
         JOIN billing_lines l ON l.billing_id = bl.id AND l.subject = 'ACCOMMODATION'
        WHERE b.house_group_id = ANY($2::text[]) AND b.booking_type = ANY($7::text[])
          AND b.checkin_date < $4::date AND b.checkout_date > $3::date
          AND l.date >= $3::date AND l.date < $4::date
        GROUP BY 1, 2, 3
       UNION ALL
       SELECT b.house_group_id, b.house_id, l.date, sum(l.amount + l.adjustment_amount) AS amount
         FROM billings bl
         JOIN bookings b ON b.id = bl.booking_id
         JOIN billing_lines l ON l.billing_id = bl.id AND l.subject = 'ACCOMMODATION'
        WHERE $6::timestamptz IS NOT NULL AND bl.status = 'PAID' AND bl.paid_at > $6 AND bl.paid_at <= $5
          AND b.house_group_id = ANY($2::text[]) AND b.booking_type = ANY($7::text[])
          AND l.date < $3::date
        GROUP BY 1, 2, 3
       UNION ALL
       -- Refunded since the previous close, paid before it: counted by an earlier statement, taken back.
       SELECT b.house_group_id, b.house_id, l.date, -sum(l.amount + l.adjustment_amount) AS amount
         FROM billing_status_events ev
         JOIN billings bl ON bl.id = ev.billing_id
         JOIN bookings b ON b.id = bl.booking_id
         JOIN billing_lines l ON l.billing_id = bl.id AND l.subject = 'ACCOMMODATION'
        WHERE $6::timestamptz IS NOT NULL AND ev.to_status = 'REFUNDED' AND ev.at > $6 AND ev.at <= $5
          AND bl.status = 'REFUNDED' AND bl.paid_at <= $6
          AND b.house_group_id = ANY($2::text[]) AND b.booking_type = ANY($7::text[])
          AND l.date < $3::date
        GROUP BY 1, 2, 3
     )
     SELECT s.id AS share_id, n.house_id, n.date < $3::date AS adjustment, sum(n.amount)::bigint AS amount
       FROM owner_shares s
       JOIN house_groups hg ON hg.id = s.house_group_id
       JOIN nights n ON n.house_group_id = s.house_group_id
      WHERE s.id = ANY($1::text[]) AND n.date >= (s.granted_at AT TIME ZONE hg.timezone)::date
      GROUP BY 1, 2, 3`,
    [p.shareIds, p.houseGroupIds, p.from, p.toExclusive, p.closedAt, p.previousClosedAt, p.guestTypes],
  );
  return r.rows.map((x) => ({
    shareId: x.share_id,
    houseId: x.house_id,
    adjustment: x.adjustment,
    amount: Number(x.amount),
  }));
}

export type OpenFee = {
  userId: string;
  bookingId: string;
  bookingNumber: string;
  houseId: string;
  subject: 'OWN_USE_FEE' | 'MUTUAL_USE_EXTRA_CHARGE' | 'CANCELLATION_FEE';
  taxRate: number;
  adjustment: boolean;
  /** The latest date of the entries summed. */
  incurredOn: IsoDate;
  amount: number;
  nights: number;
  entryIds: string[];
};

/**
 * The expenditure ledger's entries of these owners up to the period's last day that no statement
 * settled yet, of shares settled by the cycle, summed per booking, subject, rate and whether they
 * belong to an earlier period (entries that reached the ledger after their period closed).
 */
export async function openFeesOfOwners(
  db: Db,
  p: { userIds: readonly string[]; cycle: StatementCycleValue; from: IsoDate; to: IsoDate },
): Promise<OpenFee[]> {
  const r = await db.query<{
    user_id: string;
    booking_id: string;
    booking_number: string;
    house_id: string;
    subject: OpenFee['subject'];
    tax_rate: number;
    adjustment: boolean;
    incurred_on: string;
    amount: number;
    nights: number;
    ids: string[];
  }>(
    `SELECT e.user_id, e.booking_id, b.booking_number, b.house_id, e.subject, e.tax_rate,
            e.incurred_on < $3::date AS adjustment, to_char(max(e.incurred_on), 'YYYY-MM-DD') AS incurred_on,
            sum(e.amount)::bigint AS amount, (b.checkout_date - b.checkin_date) AS nights,
            array_agg(e.id::text ORDER BY e.id) AS ids
       FROM owner_expenditures e
       JOIN owner_shares s ON s.id = e.share_id
       LEFT JOIN house_group_owner_settings os ON os.house_group_id = s.house_group_id
       JOIN bookings b ON b.id = e.booking_id
      WHERE e.user_id = ANY($1::text[]) AND e.incurred_on <= $4::date
        AND coalesce(os.statement_cycle, 'MONTHLY') = $2
        AND NOT EXISTS (SELECT 1 FROM owner_statement_settled_expenditures x WHERE x.expenditure_id = e.id)
      GROUP BY e.user_id, e.booking_id, b.booking_number, b.house_id, e.subject, e.tax_rate,
               e.incurred_on < $3::date, b.checkout_date, b.checkin_date`,
    [p.userIds, p.cycle, p.from, p.to],
  );
  return r.rows.map((x) => ({
    userId: x.user_id,
    bookingId: x.booking_id,
    bookingNumber: x.booking_number,
    houseId: x.house_id,
    subject: x.subject,
    taxRate: x.tax_rate,
    adjustment: x.adjustment,
    incurredOn: x.incurred_on,
    amount: Number(x.amount),
    nights: x.nights,
    entryIds: x.ids,
  }));
}

export async function statementCountOfPeriod(tx: Db, periodId: string): Promise<number> {
  const r = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM owner_statements WHERE period_id = $1', [
    periodId,
  ]);
  return r.rows[0]?.n ?? 0;
}

export type NewStatement = {
  id: string;
  statementNumber: string;
  periodId: string;
  userId: string;
  periodFrom: IsoDate;
  periodTo: IsoDate;
  totalRevenue: number;
  totalExpenditure: number;
  total: number;
  houseCount: number;
  document: unknown;
  issuedAt: Date;
  settledEntryIds: string[];
};

/**
 * Inserts a batch of statements and the ledger entries each settles, in one statement each. An owner
 * who already has a statement of the period keeps it (and its entries stay settled by it): the ones
 * returned are those inserted now.
 */
export async function insertStatements(tx: Db, rows: readonly NewStatement[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const ins = await tx.query<{ id: string }>(
    `INSERT INTO owner_statements (id, statement_number, period_id, user_id, period_from, period_to, total_revenue,
       total_expenditure, total, house_count, document, issued_at)
     SELECT x.id, x.statement_number, x.period_id, x.user_id, x.period_from, x.period_to, x.total_revenue,
            x.total_expenditure, x.total, x.house_count, x.document, x.issued_at
       FROM jsonb_to_recordset($1::jsonb) AS x(id text, statement_number text, period_id text, user_id text,
            period_from date, period_to date, total_revenue bigint, total_expenditure bigint, total bigint,
            house_count int, document jsonb, issued_at timestamptz)
     ON CONFLICT (period_id, user_id) DO NOTHING RETURNING id`,
    [
      JSON.stringify(
        rows.map((s) => ({
          id: s.id,
          statement_number: s.statementNumber,
          period_id: s.periodId,
          user_id: s.userId,
          period_from: s.periodFrom,
          period_to: s.periodTo,
          total_revenue: s.totalRevenue,
          total_expenditure: s.totalExpenditure,
          total: s.total,
          house_count: s.houseCount,
          document: s.document,
          issued_at: s.issuedAt.toISOString(),
        })),
      ),
    ],
  );
  const inserted = new Set(ins.rows.map((r) => r.id));
  const settled = rows.filter((s) => inserted.has(s.id)).flatMap((s) => s.settledEntryIds.map((e) => [e, s.id]));
  if (settled.length > 0) {
    await tx.query(
      `INSERT INTO owner_statement_settled_expenditures (expenditure_id, statement_id)
       SELECT unnest($1::bigint[]), unnest($2::text[])`,
      [settled.map((x) => x[0]), settled.map((x) => x[1])],
    );
  }
  return [...inserted];
}

export type StatementRow = {
  id: string;
  statementNumber: string;
  periodId: string;
  cycle: StatementCycleValue;
  userId: string;
  periodFrom: IsoDate;
  periodTo: IsoDate;
  totalRevenue: number;
  totalExpenditure: number;
  total: number;
  houseCount: number;
  issuedAt: Date;
};

type StatementDbRow = {
  id: string;
  statement_number: string;
  period_id: string;
  cycle: StatementCycleValue;
  user_id: string;
  period_from: string;
  period_to: string;
  total_revenue: number;
  total_expenditure: number;
  total: number;
  house_count: number;
  issued_at: Date;
};

const STATEMENT_COLUMNS = `st.id, st.statement_number, st.period_id, p.cycle, st.user_id,
  to_char(st.period_from, 'YYYY-MM-DD') AS period_from, to_char(st.period_to, 'YYYY-MM-DD') AS period_to,
  st.total_revenue, st.total_expenditure, st.total, st.house_count, st.issued_at`;

const toStatement = (r: StatementDbRow): StatementRow => ({
  id: r.id,
  statementNumber: r.statement_number,
  periodId: r.period_id,
  cycle: r.cycle,
  userId: r.user_id,
  periodFrom: r.period_from,
  periodTo: r.period_to,
  totalRevenue: Number(r.total_revenue),
  totalExpenditure: Number(r.total_expenditure),
  total: Number(r.total),
  houseCount: r.house_count,
  issuedAt: r.issued_at,
});

export async function statementsOfUser(db: Db, userId: string): Promise<StatementRow[]> {
  const r = await db.query<StatementDbRow>(
    `SELECT ${STATEMENT_COLUMNS} FROM owner_statements st JOIN owner_statement_periods p ON p.id = st.period_id
      WHERE st.user_id = $1 ORDER BY st.period_from DESC, p.cycle, st.id`,
    [userId],
  );
  return r.rows.map(toStatement);
}

/** A statement with its document. */
export async function findStatement(db: Db, id: string): Promise<(StatementRow & { document: unknown }) | null> {
  const r = await db.query<StatementDbRow & { document: unknown }>(
    `SELECT ${STATEMENT_COLUMNS}, st.document FROM owner_statements st
       JOIN owner_statement_periods p ON p.id = st.period_id WHERE st.id = $1`,
    [id],
  );
  return r.rows[0] ? { ...toStatement(r.rows[0]), document: r.rows[0].document } : null;
}

/** A page of a period's statements with the owners' names, by owner name. */
export async function statementsOfPeriod(
  db: Db,
  periodId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: (StatementRow & { ownerName: Names })[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.query<StatementDbRow & { first_name: string; last_name: string; rf: string; rl: string }>(
      `SELECT ${STATEMENT_COLUMNS}, u.first_name, u.last_name, u.romanized_first_name AS rf,
              u.romanized_last_name AS rl
         FROM owner_statements st JOIN owner_statement_periods p ON p.id = st.period_id
         JOIN users u ON u.id = st.user_id
        WHERE st.period_id = $1 ORDER BY u.romanized_last_name, u.romanized_first_name, st.id
        OFFSET $2 LIMIT $3`,
      [periodId, page.offset, page.limit],
    ),
    statementCountOfPeriod(db, periodId),
  ]);
  return {
    rows: rows.rows.map((r) => ({
      ...toStatement(r),
      ownerName: { en: `${r.rf} ${r.rl}`.trim(), ja: `${r.last_name} ${r.first_name}`.trim() },
    })),
    total,
  };
}
