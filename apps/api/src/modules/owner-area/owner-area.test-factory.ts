import { randomBytes } from 'node:crypto';
import { civilFromIso, datesBetween, type IsoDate } from '@yado/contract/civil-date';
import { createGuestUseTentativeBooking } from '@yado/contract/booking.contract';
import { staffGrantShare } from '@yado/contract/ownership.contract';
import { withTx } from '../../platform/db/pool.js';
import type { TestApi } from '../../test-support/test-api.js';
import { consumeSlots, returnSlots } from '../ownership/slot-ledger.service.js';

/** A share granted by staff through the API; its id. */
export async function grantedShare(
  t: TestApi,
  staffToken: string,
  input: { accountId: string; houseGroupId: string; numerator: number; denominator: number },
): Promise<string> {
  const res = await t.call(staffGrantShare, input, { token: staffToken });
  if (res.status !== 200) throw new Error(`staff_grant_share failed: ${JSON.stringify(res.body)}`);
  return res.body.share.shareId;
}

export type OwnerStayOptions = {
  houseGroupId: string;
  shareId: string;
  checkin: IsoDate;
  checkout: IsoDate;
  bookingType?: 'OWN_USE' | 'MUTUAL_USE';
  status?: 'BOOKED' | 'CHECKED_OUT' | 'CANCELLED' | 'TENTATIVE';
  familyMember?: boolean;
  debtOption?: 'DEFAULT' | 'NO_DEBT' | null;
};

/**
 * An owner stay: held through the guest booking path (the house is taken by a real stay), then made
 * an owner booking of the share and its nights consumed from the share's slot ledger (standard
 * slots). A CANCELLED stay releases its house and gets its slots back.
 */
export async function ownerStay(t: TestApi, token: string, o: OwnerStayOptions): Promise<string> {
  const res = await t.call(
    createGuestUseTentativeBooking,
    {
      houseGroupId: o.houseGroupId,
      checkinDate: civilFromIso(o.checkin),
      checkoutDate: civilFromIso(o.checkout),
      headcount: { males: 1, females: 1, children: 0, largeDogs: 0, mediumDogs: 0, smallDogs: 0 },
      childrenAge: [],
    },
    { token },
  );
  if (res.status !== 200) throw new Error(`hold failed: ${JSON.stringify(res.body)}`);
  const bookingId = res.body.bookingId;
  const status = o.status ?? 'BOOKED';
  const now = t.clock.now();
  await withTx(t.pool, async (tx) => {
    await tx.query(
      `UPDATE bookings SET booking_type = $2, share_id = $3, status = $4, booked_by_family_member = $5,
              debt_option = $6, cancelled_at = CASE WHEN $4 = 'CANCELLED' THEN $7::timestamptz END
        WHERE id = $1`,
      [
        bookingId,
        o.bookingType ?? 'OWN_USE',
        o.shareId,
        status,
        o.familyMember ?? false,
        o.debtOption === undefined ? 'DEFAULT' : o.debtOption,
        now,
      ],
    );
    await consumeSlots(tx, {
      shareId: o.shareId,
      bookingId,
      nights: datesBetween(o.checkin, o.checkout).map((date) => ({ date, priceType: 'STANDARD' as const })),
      allowHighSubstitute: false,
      actor: 'test',
      at: now,
    });
    if (status === 'CANCELLED') {
      await tx.query(`UPDATE stays SET status = 'RELEASED', released_at = $2 WHERE booking_id = $1`, [bookingId, now]);
      await returnSlots(tx, { bookingId, actor: 'test', at: now });
    }
  });
  return bookingId;
}

/** Moves a booking and its stay to other dates (a stay in the past, which the booking path refuses). */
export async function moveStay(t: TestApi, bookingId: string, checkin: IsoDate, checkout: IsoDate): Promise<void> {
  await t.pool.query(`UPDATE stays SET checkin_date = $2, checkout_date = $3 WHERE booking_id = $1`, [
    bookingId,
    checkin,
    checkout,
  ]);
  await t.pool.query(`UPDATE bookings SET checkin_date = $2, checkout_date = $3 WHERE id = $1`, [
    bookingId,
    checkin,
    checkout,
  ]);
}

/** A stay that no booking holds: staff block a house for maintenance. */
export async function blockedStay(
  t: TestApi,
  o: { houseGroupId: string; houseId: string; checkin: IsoDate; checkout: IsoDate },
): Promise<void> {
  await t.pool.query(
    `INSERT INTO stays (id, house_id, house_group_id, checkin_date, checkout_date, booking_id)
     VALUES ($1, $2, $3, $4, $5, 'maintenance')`,
    [`stay-block-${randomBytes(4).toString('hex')}`, o.houseId, o.houseGroupId, o.checkin, o.checkout],
  );
}

/** An entry of the owner expenditure ledger (what a DEFAULT-option booking owes). */
export async function expenditure(
  t: TestApi,
  e: {
    userId: string;
    shareId: string;
    houseGroupId: string;
    bookingId: string;
    subject: 'OWN_USE_FEE' | 'MUTUAL_USE_EXTRA_CHARGE' | 'CANCELLATION_FEE';
    amount: number;
    incurredOn: IsoDate;
  },
): Promise<void> {
  await t.pool.query(
    `INSERT INTO owner_expenditures (user_id, share_id, house_group_id, booking_id, subject, amount, tax_rate,
       incurred_on, reference, actor, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, 10, $7, $8, 'test', $9)`,
    [
      e.userId,
      e.shareId,
      e.houseGroupId,
      e.bookingId,
      e.subject,
      e.amount,
      e.incurredOn,
      `test:${randomBytes(6).toString('hex')}`,
      t.clock.now(),
    ],
  );
}
