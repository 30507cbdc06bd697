import {
  cancelBooking,
  confirmBooking,
  createGuestUseTentativeBooking,
  getBookingQuote,
  getCancellationFee,
} from '@yado/contract/booking.contract';
import {
  cancellationScheduleRows,
  DEFAULT_CANCELLATION_POLICY,
  type CancellationPolicy,
} from '@yado/contract/cancellation-fee';
import { addDays, isoFromCivil } from '@yado/contract/civil-date';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { bookableHouseGroup, freshToken, guestWithCard, stayRequest } from './booking.test-factory.js';

/*
 * One cancellation fee (decision 0060): what the booking form shows before booking (the contract's
 * schedule of the quote's nights), what get_cancellation_fee answers once booked, and what
 * cancel_booking bills are the same yen, for any policy, nights, prices and day of cancelling.
 */

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
});

/** Noon in Japan on a civil date: the house group's calendar day, whatever the machine's zone. */
const setTokyo = (date: string) => t.clock.set(new Date(`${date}T12:00:00+09:00`));

type Case = { policy: CancellationPolicy; prices: number[]; cancelBefore: number };

/** Books the stay 30 days ahead at the case's nightly prices and policy; answers the three fees. */
async function threeFees(c: Case) {
  const g = await guestWithCard(t);
  const hg = await bookableHouseGroup(t);
  await t.pool.query('UPDATE house_groups SET cancellation_policy = $2 WHERE id = $1', [hg.houseGroupId, c.policy]);
  const checkin = addDays(hg.today, 30);
  for (const [i, price] of c.prices.entries()) {
    await t.pool.query('UPDATE house_group_days SET standard_price = $3 WHERE house_group_id = $1 AND date = $2', [
      hg.houseGroupId,
      addDays(checkin, i),
      price,
    ]);
  }
  const req = stayRequest(hg.houseGroupId, hg.today, 30, c.prices.length);
  const quote = (await t.call(getBookingQuote, req, { token: g.token })).body.quote;
  const cancelDay = addDays(checkin, -c.cancelBefore);
  // What the form shows: the row in force on the day of cancelling (none: free).
  const rows = cancellationScheduleRows(
    c.policy,
    quote.nights.map((n) => ({ date: isoFromCivil(n.date), amount: n.amount })),
    hg.today,
  );
  const shown = rows.filter((r) => r.from <= cancelDay).at(-1)?.amount ?? 0;

  const held = await t.call(createGuestUseTentativeBooking, req, { token: g.token });
  const bookingId = held.body.bookingId;
  const confirmed = await t.call(
    confirmBooking,
    { bookingId, paymentMethodId: g.paymentMethodId, pointPaymentAmount: 0, returnPath: '/en/bookings/confirm' },
    { token: g.token },
  );
  expect(confirmed.body).toMatchObject({ bookingStatus: 'BOOKED' });
  setTokyo(cancelDay);
  await freshToken(t, g);
  const answered = (await t.call(getCancellationFee, { bookingId }, { token: g.token })).body.totalFee;
  expect((await t.call(cancelBooking, { bookingId }, { token: g.token })).status).toBe(200);
  const billed = await t.pool.query<{ total: number }>(
    `SELECT coalesce(sum(total_amount), 0)::int AS total FROM billings WHERE booking_id = $1 AND billing_type = 'CANCELLATION'`,
    [bookingId],
  );
  return { shown, answered, billed: billed.rows[0]!.total };
}

describe('the cancellation fee', () => {
  it('is the same shown before booking, answered once booked and billed on cancelling', async () => {
    const policyArb = fc.record({
      tiers: fc.array(
        fc.record({ fromDaysBefore: fc.integer({ min: 0, max: 25 }), percent: fc.integer({ min: 0, max: 100 }) }),
        { maxLength: 3 },
      ),
      noShowPercent: fc.integer({ min: 0, max: 100 }),
    });
    const caseArb = fc.record({
      policy: policyArb,
      prices: fc.array(fc.integer({ min: 1_000, max: 90_000 }), { minLength: 1, maxLength: 4 }),
      cancelBefore: fc.integer({ min: 0, max: 28 }),
    });
    const start = t.clock.now();
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        t.clock.set(start);
        const fees = await threeFees(c);
        expect(fees.answered).toBe(fees.shown);
        expect(fees.billed).toBe(fees.shown);
      }),
      { numRuns: 12 },
    );
    t.clock.set(start);
  });

  it('charges two nights of 42,000 yen cancelled 7 days before check-in 30% of the first night only', async () => {
    const start = t.clock.now();
    const fees = await threeFees({
      // Free until 8 days before, 30% from 7 days, 50% the day before, 80% the same day.
      policy: DEFAULT_CANCELLATION_POLICY,
      prices: [42_000, 42_000],
      cancelBefore: 7,
    });
    t.clock.set(start);
    expect(fees).toEqual({ shown: 12_600, answered: 12_600, billed: 12_600 });
  });
});
