import { randomBytes, randomUUID } from 'node:crypto';
import type { TestApi } from '../../test-support/test-api.js';

/**
 * A paid billing written directly, as the payment paths leave it: the card, point and NAC parts (the
 * NAC at its rate, and the yen it paid) adding up to the total. Its id and number.
 */
export async function paidBilling(
  t: TestApi,
  accountId: string,
  b: {
    paidAt: Date;
    card?: number;
    points?: number;
    nac?: { amount: string; rate: string; yen: number; paidAt?: Date };
    splitSource?: boolean;
  },
): Promise<{ id: string; number: string }> {
  const id = `bil_${randomUUID()}`;
  const number = `B-T-${randomBytes(4).toString('hex').toUpperCase()}`;
  const card = b.card ?? 0;
  const points = b.points ?? 0;
  const nacYen = b.nac?.yen ?? 0;
  const total = card + points + nacYen;
  await t.pool.query(
    `INSERT INTO billings (id, billing_number, booking_id, account_id, billing_type, status, service_charge_percentage,
       total_amount, point_payment_amount, fiat_amount, totals, billed_at, paid_at,
       nac_payment_amount, nac_to_jpy_rate, nac_payment_amount_jpy, nac_paid_at, is_split_source)
     VALUES ($1, $2, $3, $4, 'DEFAULT', 'PAID', 0, $5, $6, $7, '{}', $8, $8, $9, $10, $11, $12, $13)`,
    [
      id,
      number,
      `bkg_test_${randomBytes(4).toString('hex')}`,
      accountId,
      total,
      points,
      card,
      b.paidAt,
      b.nac?.amount ?? null,
      b.nac?.rate ?? null,
      nacYen,
      b.nac ? (b.nac.paidAt ?? b.paidAt) : null,
      b.splitSource ?? false,
    ],
  );
  await t.pool.query(
    `INSERT INTO billing_status_events (billing_id, from_status, to_status, actor, at) VALUES ($1, 'REQUESTED', 'PAID', 'test', $2)`,
    [id, b.paidAt],
  );
  return { id, number };
}

/**
 * The billing refunded at a time: the card part (all of it unless said), the points it spent back
 * to the points ledger, and the NAC given back to the NAC ledger when `nac` is named.
 */
export async function refundedBilling(
  t: TestApi,
  billingId: string,
  r: { at: Date; card?: number; nac?: string },
): Promise<void> {
  const b = await t.pool.query<{ account_id: string; fiat_amount: string; point_payment_amount: number }>(
    `UPDATE billings SET status = 'REFUNDED', refunded_amount = COALESCE($2, fiat_amount), updated_at = $3
      WHERE id = $1 RETURNING account_id, fiat_amount::text, point_payment_amount`,
    [billingId, r.card ?? null, r.at],
  );
  const row = b.rows[0]!;
  await t.pool.query(
    `INSERT INTO billing_status_events (billing_id, from_status, to_status, actor, at) VALUES ($1, 'PAID', 'REFUNDED', 'test', $2)`,
    [billingId, r.at],
  );
  if (row.point_payment_amount > 0) {
    await t.pool.query(
      `INSERT INTO point_actions (id, account_id, points, reason, billing_id, expires_at, logged_at, created_by)
       VALUES ($1, $2, $3, 'REFUND_BILLING', $4, $5::timestamptz + interval '1 year', $5, 'test')`,
      [`pa_${randomUUID()}`, row.account_id, row.point_payment_amount, billingId, r.at],
    );
  }
  if (r.nac) {
    await t.pool.query(
      `INSERT INTO nac_ledger (account_id, amount, kind, reference, logged_at) VALUES ($1, $2, 'PAYMENT_REFUND', $3, $4)`,
      [row.account_id, r.nac, `billing:${billingId}`, r.at],
    );
  }
}
