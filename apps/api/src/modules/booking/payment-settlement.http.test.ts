import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { confirmBooking, createGuestUseTentativeBooking } from '@yado/contract/booking.contract';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { expireTentativeBookings, reconcilePayments } from './booking-jobs.service.js';
import * as repo from './booking.repo.js';
import { bookableHouseGroup, guestWithCard, stayRequest } from './booking.test-factory.js';

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
});

afterEach(() => {
  t.clock.set(new Date());
});

/**
 * A hold whose deposit the processor captured only after the hold and its
 * grace had ended: card 4000000000000119 answers PENDING and captures a moment
 * later; the clock is then 23 minutes on.
 */
async function lateCapture() {
  const g = await guestWithCard(t, '4000000000000119');
  const { houseGroupId, today } = await bookableHouseGroup(t);
  const created = await t.call(createGuestUseTentativeBooking, stayRequest(houseGroupId, today, 30), {
    token: g.token,
  });
  const bookingId: string = created.body.bookingId;
  const start = t.clock.now();
  const pending = await t.call(
    confirmBooking,
    { bookingId, paymentMethodId: g.paymentMethodId, pointPaymentAmount: 0, returnPath: '/en/bookings' },
    { token: g.token },
  );
  expect(pending.body.status).toBe('PENDING');
  // The clock moves on first: the processor's own notification of the capture then finds the hold ended too.
  t.clock.set(new Date(start.getTime() + 23 * 60_000));
  await new Promise((r) => setTimeout(r, 1_500));
  const { rows } = await t.pool.query<{ billing_id: string }>(
    'SELECT deposit_billing_id AS billing_id FROM bookings WHERE id = $1',
    [bookingId],
  );
  return { bookingId, billingId: rows[0]!.billing_id };
}

async function outcome(bookingId: string) {
  const { rows } = await t.pool.query(
    `SELECT b.status, bl.status AS billing, b.payment_attempt->>'status' AS attempt,
            (SELECT count(*) FROM payments p WHERE p.reference = bl.id)::int AS payments,
            (SELECT sum(p.refunded_amount)::int FROM payments p WHERE p.reference = bl.id) AS refunded,
            (SELECT count(*) FROM booking_events e WHERE e.booking_id = b.id AND e.action = 'PAYMENT_REFUNDED')::int
              AS refund_events
     FROM bookings b JOIN billings bl ON bl.id = b.deposit_billing_id WHERE b.id = $1`,
    [bookingId],
  );
  return rows[0];
}

const stopped: string[] = [];

/** Runs `fn` while inserts into `table` matching `when` fail, as a process stopping at that step would. */
async function failing(table: string, when: string, fn: () => Promise<void>) {
  const name = `stop_${table}`;
  await t.pool.query(`CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN IF ${when} THEN RAISE EXCEPTION 'stopped here'; END IF; RETURN NEW; END $$`);
  await t.pool.query(`CREATE TRIGGER ${name} BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`);
  try {
    await fn();
  } finally {
    await t.pool.query(`DROP TRIGGER ${name} ON ${table}`);
  }
}

const settledUnbooked = {
  status: 'CANCELLED',
  billing: 'REFUNDED',
  attempt: 'REFUNDED',
  payments: 1,
  refunded: 14_520,
  refund_events: 1,
};

describe('a capture for a hold that ended unbooked', () => {
  it('is refunded and recorded once when the expiry sweep and reconciliation settle it at the same moment', async () => {
    const { bookingId } = await lateCapture();
    const runs = await Promise.allSettled([
      expireTentativeBookings(t.api.deps),
      reconcilePayments(t.api.deps),
      reconcilePayments(t.api.deps),
    ]);
    expect(runs.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(await outcome(bookingId)).toEqual(settledUnbooked);
    // The attempt is closed: reconciliation no longer asks about the booking.
    const stale = await repo.staleAttempts(t.pool, t.clock.now(), 10_000);
    expect(stale).not.toContain(bookingId);
  });

  it('is recorded by reconciliation when the refund was sent but the server stopped before recording it', async () => {
    // The record of the refund fails (as a server that stopped would leave it): the money went back, nothing says so.
    await failing('booking_events', `NEW.action = 'PAYMENT_REFUNDED'`, async () => {
      const { bookingId } = await lateCapture();
      await reconcilePayments(t.api.deps).catch(() => undefined);
      expect(await outcome(bookingId)).toMatchObject({ billing: 'PAID', refunded: 14_520, refund_events: 0 });
      stopped.push(bookingId);
    });
    const bookingId = stopped.pop()!;
    await reconcilePayments(t.api.deps);
    expect(await outcome(bookingId)).toEqual(settledUnbooked);
    // A second run changes nothing.
    await reconcilePayments(t.api.deps);
    expect(await outcome(bookingId)).toEqual(settledUnbooked);
  });

  it('is refunded by reconciliation when the server stopped after ending the hold, before the refund', async () => {
    // The refund request fails: the hold has ended with its billing PAID and the money still taken.
    await failing('payment_events', `NEW.kind = 'REFUND_REQUESTED'`, async () => {
      const { bookingId } = await lateCapture();
      await reconcilePayments(t.api.deps).catch(() => undefined);
      expect(await outcome(bookingId)).toMatchObject({ status: 'CANCELLED', billing: 'PAID', refunded: 0 });
      stopped.push(bookingId);
    });
    const bookingId = stopped.pop()!;
    await reconcilePayments(t.api.deps);
    expect(await outcome(bookingId)).toEqual(settledUnbooked);
  });
});
