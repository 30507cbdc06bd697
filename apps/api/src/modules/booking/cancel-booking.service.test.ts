import { describe, expect, it } from 'vitest';
import type { BillingForUpdate } from '../billing/billing.service.js';
import { planRefunds, proportionalShares } from './cancel-booking.service.js';

const billing = (o: Partial<BillingForUpdate> & { billingId: string }): BillingForUpdate => ({
  billingNumber: `B-${o.billingId}`,
  bookingId: 'bk',
  accountId: 'acc',
  billingType: 'DEFAULT',
  billingStatus: 'PAID',
  totalAmount: 0,
  billedAmount: 0,
  pointPaymentAmount: 0,
  paymentId: null,
  paymentMethodId: null,
  fiatAmount: 0,
  nacPaymentAmountJpy: 0,
  accommodationAmount: 0,
  isSplitSource: false,
  splitSourceBillingId: null,
  ...o,
});

describe('planRefunds: what a cancellation gives back', () => {
  it('counts NAC as paid: a billing paid with NAC and a card goes back whole (card refunded, NAC with it)', () => {
    const b = billing({ billingId: 'a', fiatAmount: 20_000, nacPaymentAmountJpy: 24_000, paymentId: 'pay-a' });
    expect(planRefunds([b], 44_000)).toEqual({
      refunds: [{ paymentId: 'pay-a', billingId: 'a', amount: 20_000, whole: true }],
      wholePointOnly: [],
    });
  });

  it('gives a billing paid only in NAC back whole without a card refund', () => {
    const b = billing({ billingId: 'n', nacPaymentAmountJpy: 30_000 });
    expect(planRefunds([b], 30_000)).toEqual({ refunds: [], wholePointOnly: ['n'] });
  });

  it('keeps the NAC towards the fee when only part of a billing goes back', () => {
    const b = billing({ billingId: 'p', fiatAmount: 20_000, nacPaymentAmountJpy: 24_000, paymentId: 'pay-p' });
    // A fee of 30,000 on 44,000 paid: 14,000 goes back, all of it from the card.
    expect(planRefunds([b], 14_000)).toEqual({
      refunds: [{ paymentId: 'pay-p', billingId: 'p', amount: 14_000, whole: false }],
      wholePointOnly: [],
    });
  });
});

describe('planRefunds: the parts of a split billing', () => {
  const part = (id: string, fiat: number, o: Partial<BillingForUpdate> = {}) =>
    billing({ billingId: id, fiatAmount: fiat, paymentId: `pay-${id}`, splitSourceBillingId: 'src', ...o });

  it('gives every payer their whole part back when all of it goes back, points and NAC with it', () => {
    const deposit = billing({ billingId: 'd', fiatAmount: 10_000, paymentId: 'pay-d' });
    const parts = [part('p1', 20_000), part('p2', 0, { paymentId: null, pointPaymentAmount: 13_000 })];
    expect(planRefunds([deposit, ...parts], 43_000)).toEqual({
      refunds: [
        { paymentId: 'pay-p1', billingId: 'p1', amount: 20_000, whole: true },
        { paymentId: 'pay-d', billingId: 'd', amount: 10_000, whole: true },
      ],
      wholePointOnly: ['p2'],
    });
  });

  it('shares a partial refund between the payers in proportion to what each paid', () => {
    // 40,000 paid as 10,000 + 10,000 + 20,000; a fee of 20,000 leaves 20,000 to give back.
    const parts = [part('a', 10_000), part('b', 10_000), part('c', 20_000)];
    expect(planRefunds(parts, 20_000).refunds).toEqual([
      { paymentId: 'pay-c', billingId: 'c', amount: 10_000, whole: false },
      { paymentId: 'pay-b', billingId: 'b', amount: 5_000, whole: false },
      { paymentId: 'pay-a', billingId: 'a', amount: 5_000, whole: false },
    ]);
  });

  it('moves a share a payer paid in NAC (no card to refund) to the others, and what is left to older billings', () => {
    const deposit = billing({ billingId: 'd', fiatAmount: 10_000, paymentId: 'pay-d' });
    const parts = [part('a', 0, { paymentId: null, nacPaymentAmountJpy: 10_000 }), part('b', 10_000)];
    // 15,000 to give back: the split group (20,000) only in part; b's card takes what a's NAC cannot.
    expect(planRefunds([deposit, ...parts], 15_000).refunds).toEqual([
      { paymentId: 'pay-b', billingId: 'b', amount: 10_000, whole: false },
      { paymentId: 'pay-d', billingId: 'd', amount: 5_000, whole: false },
    ]);
  });
});

describe('proportionalShares', () => {
  it('adds up to the total in whole yen, the remainder to the largest fractions', () => {
    expect(proportionalShares(100, [1, 1, 1], [100, 100, 100])).toEqual([34, 33, 33]);
    expect(proportionalShares(10, [3, 7], [10, 10])).toEqual([3, 7]);
  });

  it('never exceeds a cap; what a capped share cannot take goes to the others', () => {
    expect(proportionalShares(90, [1, 1, 1], [10, 100, 100])).toEqual([10, 40, 40]);
    expect(proportionalShares(500, [1, 1], [100, 200])).toEqual([100, 200]);
    expect(proportionalShares(50, [0, 1], [100, 100])).toEqual([0, 50]);
  });
});
