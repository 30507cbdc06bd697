import { randomBytes } from 'node:crypto';
import { civilFromIso, type IsoDate } from '@yado/contract/civil-date';
import { createGuestUseTentativeBooking } from '@yado/contract/booking.contract';
import { staffCloseStatementPeriod } from '@yado/contract/statement.contract';
import { withTx } from '../../platform/db/pool.js';
import type { TestApi } from '../../test-support/test-api.js';
import { createBilling, markBillingPaid } from '../billing/billing.service.js';
import { moveStay } from '../owner-area/owner-area.test-factory.js';

/** Backdates a share's grant, so it counts for periods already over. */
export async function grantedOn(t: TestApi, shareId: string, date: IsoDate): Promise<void> {
  await t.pool.query(
    `UPDATE owner_shares SET granted_at = $2::date + time '12:00' AT TIME ZONE 'Asia/Tokyo' WHERE id = $1`,
    [shareId, date],
  );
}

/** A guest's booking at a house group, moved to dates in the past (held through the booking path first). */
export async function pastGuestBooking(
  t: TestApi,
  guestToken: string,
  o: { houseGroupId: string; holdFrom: IsoDate; holdTo: IsoDate; checkin: IsoDate; checkout: IsoDate },
): Promise<{ bookingId: string; accountId: string; houseId: string }> {
  const res = await t.call(
    createGuestUseTentativeBooking,
    {
      houseGroupId: o.houseGroupId,
      checkinDate: civilFromIso(o.holdFrom),
      checkoutDate: civilFromIso(o.holdTo),
      headcount: { males: 1, females: 1, children: 0, largeDogs: 0, mediumDogs: 0, smallDogs: 0 },
      childrenAge: [],
    },
    { token: guestToken },
  );
  if (res.status !== 200) throw new Error(`hold failed: ${JSON.stringify(res.body)}`);
  const bookingId = res.body.bookingId;
  await moveStay(t, bookingId, o.checkin, o.checkout);
  await t.pool.query(`UPDATE bookings SET status = 'CHECKED_OUT' WHERE id = $1`, [bookingId]);
  const r = await t.pool.query<{ account_id: string; house_id: string }>(
    'SELECT account_id, house_id FROM bookings WHERE id = $1',
    [bookingId],
  );
  return { bookingId, accountId: r.rows[0]!.account_id, houseId: r.rows[0]!.house_id };
}

/** A billing of accommodation nights (tax-exclusive yen per night), paid at a given time. */
export async function paidAccommodation(
  t: TestApi,
  b: { bookingId: string; accountId: string },
  nights: { date: IsoDate; amount: number }[],
  paidAt: Date,
): Promise<string> {
  return withTx(t.pool, async (tx) => {
    const { billingId } = await createBilling(tx, {
      bookingId: b.bookingId,
      accountId: b.accountId,
      billingType: 'DEFAULT',
      lines: nights.map((n) => ({
        subject: 'ACCOMMODATION',
        category: null,
        titleEn: 'Accommodation',
        titleJa: '宿泊',
        date: n.date,
        quantity: 1,
        amount: n.amount,
        taxRateType: 'STANDARD',
        serviceChargeApplicable: false,
      })),
      serviceChargePercentage: '0',
      accommodationTax: 0,
      paymentDeadline: null,
      at: paidAt,
    });
    await markBillingPaid(tx, billingId, { paidAt });
    return billingId;
  });
}

/** An entry of the owner expenditure ledger, tax-inclusive at its rate; its id. */
export async function ledgerEntry(
  t: TestApi,
  e: {
    userId: string;
    shareId: string;
    houseGroupId: string;
    bookingId: string;
    subject: 'OWN_USE_FEE' | 'MUTUAL_USE_EXTRA_CHARGE' | 'CANCELLATION_FEE';
    amount: number;
    taxRate: 0 | 10;
    incurredOn: IsoDate;
  },
): Promise<string> {
  const r = await t.pool.query<{ id: string }>(
    `INSERT INTO owner_expenditures (user_id, share_id, house_group_id, booking_id, subject, amount, tax_rate,
       incurred_on, reference, actor, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'test', $10) RETURNING id::text`,
    [
      e.userId,
      e.shareId,
      e.houseGroupId,
      e.bookingId,
      e.subject,
      e.amount,
      e.taxRate,
      e.incurredOn,
      `test:${randomBytes(6).toString('hex')}`,
      t.clock.now(),
    ],
  );
  return r.rows[0]!.id;
}

/** Closes a period as staff; the answer. */
export async function closedPeriod(t: TestApi, staffToken: string, cycle: 'MONTHLY' | 'SEMESTER', periodFrom: IsoDate) {
  const res = await t.call(
    staffCloseStatementPeriod,
    { cycle, periodFrom: civilFromIso(periodFrom) },
    { token: staffToken },
  );
  if (res.status !== 200) throw new Error(`close failed: ${JSON.stringify(res.body)}`);
  return res.body;
}
