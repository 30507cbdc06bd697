import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { listSplitBillings, payBilling, splitBilling } from '@yado/contract/billing.contract';
import {
  cancelBooking,
  confirmBooking,
  createGuestUseTentativeBooking,
  getCancellationFee,
} from '@yado/contract/booking.contract';
import type { MethodInput } from '@yado/contract/method';
import { getPointBalance } from '@yado/contract/point.contract';
import { withTx } from '../../platform/db/pool.js';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { createBilling } from '../billing/billing.service.js';
import { accommodationLine } from '../billing/billing.test-factory.js';
import { recordManualAction } from '../point/point.service.js';
import { bookableHouseGroup, guestWithCard, stayRequest } from './booking.test-factory.js';

/**
 * Cancelling a booking whose billing was split between the people of the stay: every payer gets
 * their own part back, by the card, points or NAC they paid it with (docs/decisions/0053).
 */

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
});

type Guest = Awaited<ReturnType<typeof guestWithCard>>;

const key = () => ({ headers: { 'idempotency-key': randomUUID() } });

async function bookedStay(g: Guest, fromToday: number) {
  const { houseGroupId, today } = await bookableHouseGroup(t);
  const held = await t.call(createGuestUseTentativeBooking, stayRequest(houseGroupId, today, fromToday), {
    token: g.token,
  });
  const bookingId = held.body.bookingId as string;
  const res = await t.call(
    confirmBooking,
    { bookingId, paymentMethodId: g.paymentMethodId, pointPaymentAmount: 0, returnPath: '/en/bookings/confirm' },
    { token: g.token },
  );
  expect(res.body).toMatchObject({ status: 'PAID', bookingStatus: 'BOOKED' });
  return bookingId;
}

/** The rest of the stay as a billing of its own (33,000 with tax), split between the payers. */
async function splitRest(booker: Guest, bookingId: string, parts: { amount: number; payer: Guest }[]) {
  const billing = await withTx(t.pool, (tx) =>
    createBilling(tx, {
      bookingId,
      accountId: booker.accountId,
      billingType: 'DEFAULT',
      lines: [accommodationLine(30_000)],
      serviceChargePercentage: '0',
      accommodationTax: 0,
      paymentDeadline: new Date(t.clock.now().getTime() + 86_400_000),
    }),
  );
  const res = await t.call(
    splitBilling,
    {
      billingId: billing.billingId,
      parts: parts.map((p) =>
        p.payer === booker ? { amount: p.amount } : { amount: p.amount, payerEmail: p.payer.email },
      ),
    },
    { token: booker.token, ...key() },
  );
  expect(res.status).toBe(200);
  const partIds = (res.body.ownSplitBillings as { billing: { billingId: string } }[]).map((p) => p.billing.billingId);
  return { sourceId: billing.billingId, partIds };
}

const pay = (g: Guest, body: MethodInput<typeof payBilling>) => t.call(payBilling, body, { token: g.token, ...key() });

const statusOf = async (billingId: string) =>
  (await t.pool.query<{ status: string }>('SELECT status FROM billings WHERE id = $1', [billingId])).rows[0]!.status;

const cardRefunded = async (billingId: string) =>
  Number(
    (
      await t.pool.query<{ refunded_amount: string }>(
        'SELECT p.refunded_amount FROM payments p JOIN billings b ON b.payment_id = p.id WHERE b.id = $1',
        [billingId],
      )
    ).rows[0]?.refunded_amount ?? 0,
  );

const pointBalance = async (g: Guest) => (await t.call(getPointBalance, {}, { token: g.token })).body.balance as number;

async function givePoints(accountId: string, points: number) {
  await withTx(t.pool, (tx) =>
    recordManualAction(tx, { accountId, reason: 'CONFIRM_MANUAL', points, note: 't', at: t.clock.now(), actor: 't' }),
  );
}

describe('cancel_booking with a split billing', () => {
  it('gives every payer their whole part back when the cancellation is free: cards refunded, points returned', async () => {
    const booker = await guestWithCard(t);
    const friend = await guestWithCard(t);
    const bookingId = await bookedStay(booker, 30);
    const { sourceId, partIds } = await splitRest(booker, bookingId, [
      { amount: 20_000, payer: booker },
      { amount: 13_000, payer: friend },
    ]);
    await givePoints(booker.accountId, 20_000);
    const before = await pointBalance(booker);
    expect((await pay(booker, { billingId: partIds[0]!, pointPaymentAmount: 20_000 })).body.payment).toEqual({
      status: 'PAID',
    });
    const friendPart = (await t.call(listSplitBillings, {}, { token: friend.token })).body.splitBillings[0]!.billing
      .billingId as string;
    expect(friendPart).toBe(partIds[1]);
    expect(
      (await pay(friend, { billingId: friendPart, paymentMethodId: friend.paymentMethodId })).body.payment,
    ).toEqual({ status: 'PAID' });
    expect(await statusOf(sourceId)).toBe('PAID');

    const fee = await t.call(getCancellationFee, { bookingId }, { token: booker.token });
    // The deposit (14,520) and both parts (33,000) count as paid.
    expect(fee.body).toMatchObject({ totalFee: 0, paidAmount: 14_520 + 33_000, refundAmount: 14_520 + 33_000 });

    const res = await t.call(cancelBooking, { bookingId }, { token: booker.token });
    expect(res.status).toBe(200);
    expect(await statusOf(friendPart)).toBe('REFUNDED');
    expect(await cardRefunded(friendPart)).toBe(13_000);
    expect(await statusOf(partIds[0]!)).toBe('REFUNDED');
    expect(await pointBalance(booker)).toBe(before);
    // Every part went back, so the source did too.
    expect(await statusOf(sourceId)).toBe('REFUNDED');
    expect(
      (await t.pool.query('SELECT pending_refunds FROM bookings WHERE id = $1', [bookingId])).rows[0].pending_refunds,
    ).toEqual([]);
  });

  it('after the free period, shares what goes back between the payers in proportion to what each paid', async () => {
    const booker = await guestWithCard(t);
    const friend = await guestWithCard(t);
    const bookingId = await bookedStay(booker, 1);
    const { sourceId, partIds } = await splitRest(booker, bookingId, [
      { amount: 11_000, payer: booker },
      { amount: 22_000, payer: friend },
    ]);
    await pay(booker, { billingId: partIds[0]!, paymentMethodId: booker.paymentMethodId });
    await pay(friend, { billingId: partIds[1]!, paymentMethodId: friend.paymentMethodId });

    const fee = (await t.call(getCancellationFee, { bookingId }, { token: booker.token })).body;
    const refund = fee.refundAmount as number;
    // The fee is more than the first billing paid, so the split billing goes back only in part.
    expect(fee.paidAmount - 33_000).toBeLessThan(fee.totalFee);
    expect(refund).toBeGreaterThan(0);
    expect(refund).toBeLessThan(33_000);

    await t.call(cancelBooking, { bookingId }, { token: booker.token });
    const bookerBack = await cardRefunded(partIds[0]!);
    const friendBack = await cardRefunded(partIds[1]!);
    expect(bookerBack + friendBack).toBe(refund);
    // 1 : 2, as they paid, to the yen.
    expect(Math.abs(friendBack - 2 * bookerBack)).toBeLessThanOrEqual(2);
    // Paid in part only: the parts and their source stay paid, the fee kept from them.
    expect([await statusOf(partIds[0]!), await statusOf(partIds[1]!), await statusOf(sourceId)]).toEqual([
      'PAID',
      'PAID',
      'PAID',
    ]);
  });

  it('refunds the parts already paid when the rest of a split billing was never paid, and cancels the rest', async () => {
    const booker = await guestWithCard(t);
    const friend = await guestWithCard(t);
    const bookingId = await bookedStay(booker, 30);
    const { sourceId, partIds } = await splitRest(booker, bookingId, [
      { amount: 3_000, payer: booker },
      { amount: 30_000, payer: friend },
    ]);
    await pay(friend, { billingId: partIds[1]!, paymentMethodId: friend.paymentMethodId });
    const fee = await t.call(getCancellationFee, { bookingId }, { token: booker.token });
    expect(fee.body.paidAmount).toBe(14_520 + 30_000);

    await t.call(cancelBooking, { bookingId }, { token: booker.token });
    expect(await statusOf(partIds[1]!)).toBe('REFUNDED');
    expect(await cardRefunded(partIds[1]!)).toBe(30_000);
    expect(await statusOf(partIds[0]!)).toBe('CANCELLED');
    expect(await statusOf(sourceId)).toBe('CANCELLED');
  });
});
