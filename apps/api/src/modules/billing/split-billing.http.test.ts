import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  getBillingDetail,
  listBillings,
  listSplitBillings,
  payBilling,
  splitBilling,
} from '@yado/contract/billing.contract';
import { createCardRegistration, completeCardRegistration } from '@yado/contract/payment.contract';
import type { MethodInput } from '@yado/contract/method';
import { withTx } from '../../platform/db/pool.js';
import { accommodationLine } from './billing.test-factory.js';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { registeredUser } from '../../test-support/user-factory.js';
import { recordManualAction } from '../point/point.service.js';
import { cancelBilling, createBilling, type BillingLineInput } from './billing.service.js';

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
});

type Guest = { token: string; accountId: string; email: string };

async function guest(): Promise<Guest> {
  const u = await registeredUser(t, { lastName: 'Sato', firstName: 'Hana' });
  const principal = await t.api.verifyIdToken(u.token);
  return { token: u.token, accountId: principal.accountId, email: u.email };
}

const LINES: BillingLineInput[] = [accommodationLine(30_000)];
const TOTAL = 33_000;

async function newBilling(accountId: string) {
  const bookingId = `bk-${randomUUID()}`;
  const b = await withTx(t.pool, (tx) =>
    createBilling(tx, {
      bookingId,
      accountId,
      billingType: 'DEFAULT',
      lines: LINES,
      serviceChargePercentage: '0',
      accommodationTax: 0,
      paymentDeadline: new Date(t.clock.now().getTime() + 3 * 86_400_000),
    }),
  );
  return { ...b, bookingId };
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

async function addCard(g: Guest, number = '4242424242424242'): Promise<string> {
  const reg = await t.call(createCardRegistration, { returnUrl: '/en/mypage' }, { token: g.token });
  await t.raw(reg.body.registrationUrl, form({ action: 'card', number, expiry: '12/39', cvc: '123', name: '' }));
  const done = await t.call(completeCardRegistration, { registrationId: reg.body.registrationId }, { token: g.token });
  return done.body.creditCard.paymentMethodId as string;
}

const split = (g: Guest, billingId: string, parts: { amount: number; payerEmail?: string }[]) =>
  t.call(splitBilling, { billingId, parts }, { token: g.token, headers: { 'idempotency-key': randomUUID() } });

const pay = (g: Guest, body: MethodInput<typeof payBilling>) =>
  t.call(payBilling, body, { token: g.token, headers: { 'idempotency-key': randomUUID() } });

describe('split_billing', () => {
  it('splits a billing between the booker and a companion, each paying their part; the source is paid by the last', async () => {
    const booker = await guest();
    const friend = await guest();
    const b = await newBilling(booker.accountId);
    const res = await split(booker, b.billingId, [
      { amount: 20_000 },
      { amount: 13_000, payerEmail: friend.email.toUpperCase() },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.billing).toMatchObject({ billingId: b.billingId, isSplitSource: true, billingStatus: 'REQUESTED' });
    expect(
      res.body.ownSplitBillings.map((p: { billing: { totalBillingAmount: number } }) => p.billing.totalBillingAmount),
    ).toEqual([20_000, 13_000]);
    expect(res.body.ownSplitBillings.map((p: { payerName: string }) => p.payerName)).toEqual([
      'Sato Hana',
      'Sato Hana',
    ]);

    // The companion is told of their part, once; the booker, who split it, is not.
    const told = async (g: Guest) =>
      (
        await t.pool.query(
          `SELECT n.link, n.params FROM notifications n JOIN users u ON u.id = n.user_id
            WHERE u.identity_id::text = $1 AND n.kind = 'SPLIT_BILLING_REQUESTED'`,
          [g.accountId],
        )
      ).rows;
    expect(await told(friend)).toEqual([
      {
        link: '/mypage/split-billings',
        params: { bookerName: 'Sato Hana', amount: 13_000, billingNumber: b.billingNumber },
      },
    ]);
    expect(await told(booker)).toEqual([]);

    const listed = await t.call(listBillings, { bookingId: b.bookingId }, { token: booker.token });
    expect(listed.body.billings).toHaveLength(1);
    expect(listed.body.billingWithDetails[0]!.ownSplitBillings).toHaveLength(2);

    const friendParts = await t.call(listSplitBillings, {}, { token: friend.token });
    expect(friendParts.body.splitBillings).toHaveLength(1);
    expect(friendParts.body.splitBillings[0]).toMatchObject({
      sourceBillingNumber: b.billingNumber,
      bookerName: 'Sato Hana',
      // This billing belongs to no booking of a house.
      houseGroupName: null,
      checkinDate: null,
      billing: { totalBillingAmount: 13_000, billingStatus: 'REQUESTED', isSplitSource: false },
    });
    const friendPartId = friendParts.body.splitBillings[0]!.billing.billingId as string;
    const bookerPartId = res.body.ownSplitBillings[0]!.billing.billingId as string;

    // The source is not paid directly; a part is only its payer's.
    const direct = await pay(booker, { billingId: b.billingId, paymentMethodId: await addCard(booker) });
    expect(direct.error.errorInfo.reason).toBe('CodeBillingIsSplit');
    const stolen = await pay(booker, { billingId: friendPartId, paymentMethodId: await addCard(booker) });
    expect(stolen.error.errorInfo.reason).toBe('CodeBillingNotFound');
    expect((await t.call(getBillingDetail, { billingId: friendPartId }, { token: friend.token })).status).toBe(200);

    const friendPaid = await pay(friend, { billingId: friendPartId, paymentMethodId: await addCard(friend) });
    expect(friendPaid.body.payment).toEqual({ status: 'PAID' });
    const half = await t.call(listBillings, { bookingId: b.bookingId }, { token: booker.token });
    expect(half.body.billings[0]!.billingStatus).toBe('REQUESTED');

    await withTx(t.pool, (tx) =>
      recordManualAction(tx, {
        accountId: booker.accountId,
        reason: 'CONFIRM_MANUAL',
        points: 20_000,
        note: 't',
        at: t.clock.now(),
        actor: 't',
      }),
    );
    const bookerPaid = await pay(booker, { billingId: bookerPartId, pointPaymentAmount: 20_000 });
    expect(bookerPaid.body.payment).toEqual({ status: 'PAID' });
    const done = await t.call(listBillings, { bookingId: b.bookingId }, { token: booker.token });
    expect(done.body.billings[0]!.billingStatus).toBe('PAID');
    expect(
      done.body.billingWithDetails[0]!.ownSplitBillings.map(
        (p: { billing: { billingStatus: string } }) => p.billing.billingStatus,
      ),
    ).toEqual(['PAID', 'PAID']);
  });

  it('refuses parts that do not add up, a zero part, one part or too many, and a payer who is not a member', async () => {
    const booker = await guest();
    const b = await newBilling(booker.accountId);
    const reasonOf = async (parts: { amount: number; payerEmail?: string }[]) =>
      (await split(booker, b.billingId, parts)).error.errorInfo.reason;
    expect(await reasonOf([{ amount: 20_000 }, { amount: 12_999 }])).toBe('CodeBillingSplitTotalMismatch');
    expect(await reasonOf([{ amount: TOTAL }, { amount: 0 }])).toBe('CodeBillingSplitPartInvalid');
    expect(await reasonOf([{ amount: TOTAL + 1 }, { amount: -1 }])).toBe('CodeBillingSplitPartInvalid');
    expect(await reasonOf([{ amount: TOTAL }])).toBe('CodeBillingSplitTooManyParts');
    expect(await reasonOf(Array.from({ length: 11 }, () => ({ amount: 3_000 })))).toBe('CodeBillingSplitTooManyParts');
    expect(await reasonOf([{ amount: 3_000 }, { amount: 30_000, payerEmail: 'nobody-here@example.com' }])).toBe(
      'CodeBillingSplitPayerNotFound',
    );
    // Signed up, but never registered as a user: not someone a part can be sent to.
    const unregistered = `unregistered-${randomUUID()}@example.com`;
    await t.signUp(unregistered);
    expect(await reasonOf([{ amount: 3_000 }, { amount: 30_000, payerEmail: unregistered }])).toBe(
      'CodeBillingSplitPayerNotFound',
    );
    const other = await guest();
    expect((await split(other, b.billingId, [{ amount: 3_000 }, { amount: 30_000 }])).error.errorInfo.reason).toBe(
      'CodeBillingNotFound',
    );
  });

  it('refuses to split a paid, partly paid, cancelled or already split billing', async () => {
    const booker = await guest();
    const card = await addCard(booker);
    const paid = await newBilling(booker.accountId);
    await pay(booker, { billingId: paid.billingId, paymentMethodId: card });
    const parts = [{ amount: 3_000 }, { amount: 30_000 }];
    expect((await split(booker, paid.billingId, parts)).error.errorInfo.reason).toBe('CodeBillingSplitNotAllowed');

    const underway = await newBilling(booker.accountId);
    await pay(booker, { billingId: underway.billingId, paymentMethodId: await addCard(booker, '4000000000003220') });
    expect((await split(booker, underway.billingId, parts)).error.errorInfo.reason).toBe('CodeBillingSplitNotAllowed');

    const twice = await newBilling(booker.accountId);
    expect((await split(booker, twice.billingId, parts)).status).toBe(200);
    expect((await split(booker, twice.billingId, parts)).error.errorInfo.reason).toBe('CodeBillingSplitNotAllowed');

    const cancelled = await newBilling(booker.accountId);
    await withTx(t.pool, (tx) => cancelBilling(tx, cancelled.billingId, { at: t.clock.now() }));
    expect((await split(booker, cancelled.billingId, parts)).error.errorInfo.reason).toBe('CodeBillingSplitNotAllowed');
  });

  it('cancels the unpaid parts with their source', async () => {
    const booker = await guest();
    const friend = await guest();
    const b = await newBilling(booker.accountId);
    await split(booker, b.billingId, [{ amount: 3_000 }, { amount: 30_000, payerEmail: friend.email }]);
    await withTx(t.pool, (tx) => cancelBilling(tx, b.billingId, { at: t.clock.now() }));
    const parts = await t.call(listSplitBillings, {}, { token: friend.token });
    expect(parts.body.splitBillings[0]!.billing.billingStatus).toBe('CANCELLED');
  });
});
