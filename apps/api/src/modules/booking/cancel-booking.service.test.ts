import { describe, expect, it } from 'vitest';
import type { BillingForUpdate } from '../billing/billing.service.js';
import { planRefunds } from './cancel-booking.service.js';

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
