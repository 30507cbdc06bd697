import type { Db } from '../../platform/db/pool.js';

export type ExpenditureSubject = 'OWN_USE_FEE' | 'MUTUAL_USE_EXTRA_CHARGE' | 'CANCELLATION_FEE';

export type Expenditure = {
  userId: string;
  shareId: string;
  houseGroupId: string;
  bookingId: string;
  subject: ExpenditureSubject;
  /** Signed, tax-inclusive yen. */
  amount: number;
  taxRate: number;
  incurredOn: string;
  reference: string;
  actor: string;
  createdAt: Date;
};

/** Appends entries; one whose reference is already there is skipped (a retry adds nothing). */
export async function appendExpenditures(db: Db, entries: readonly Expenditure[]): Promise<number> {
  let added = 0;
  for (const e of entries) {
    const r = await db.query(
      `INSERT INTO owner_expenditures (user_id, share_id, house_group_id, booking_id, subject, amount, tax_rate,
         incurred_on, reference, actor, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (reference) DO NOTHING`,
      [
        e.userId,
        e.shareId,
        e.houseGroupId,
        e.bookingId,
        e.subject,
        e.amount,
        e.taxRate,
        e.incurredOn,
        e.reference,
        e.actor,
        e.createdAt,
      ],
    );
    added += r.rowCount ?? 0;
  }
  return added;
}

/** What a booking still owes per subject under the DEFAULT option: the sum of its entries. */
export async function openAmountsOfBooking(
  db: Db,
  bookingId: string,
): Promise<
  {
    subject: ExpenditureSubject;
    amount: number;
    taxRate: number;
    userId: string;
    shareId: string;
    houseGroupId: string;
  }[]
> {
  const r = await db.query<{
    subject: ExpenditureSubject;
    amount: string;
    tax_rate: number;
    user_id: string;
    share_id: string;
    house_group_id: string;
  }>(
    `SELECT subject, sum(amount) AS amount, tax_rate, user_id, share_id, house_group_id FROM owner_expenditures
     WHERE booking_id = $1 GROUP BY subject, tax_rate, user_id, share_id, house_group_id HAVING sum(amount) <> 0`,
    [bookingId],
  );
  return r.rows.map((x) => ({
    subject: x.subject,
    amount: Number(x.amount),
    taxRate: x.tax_rate,
    userId: x.user_id,
    shareId: x.share_id,
    houseGroupId: x.house_group_id,
  }));
}

/** How many entries refer to a booking (a reversal's reference counts them so each is unique). */
export async function countOfBooking(db: Db, bookingId: string): Promise<number> {
  const r = await db.query<{ n: string }>('SELECT count(*) AS n FROM owner_expenditures WHERE booking_id = $1', [
    bookingId,
  ]);
  return Number(r.rows[0]?.n ?? 0);
}

/** What a user owes under the DEFAULT option, per subject (every entry; statements settle them). */
export async function owedByUser(db: Db, userId: string): Promise<{ subject: ExpenditureSubject; amount: number }[]> {
  const r = await db.query<{ subject: ExpenditureSubject; amount: string }>(
    `SELECT subject, sum(amount) AS amount FROM owner_expenditures WHERE user_id = $1 GROUP BY subject ORDER BY subject`,
    [userId],
  );
  return r.rows.map((x) => ({ subject: x.subject, amount: Number(x.amount) })).filter((x) => x.amount !== 0);
}
