import { describe, expect, it } from 'vitest';
import {
  annualYieldPercent,
  bookingDaysRemaining,
  cancelOutcome,
  dueTransition,
  lendingAmount,
  lendingPeriod,
  paymentSchedule,
} from './lending.rules.js';

/** A NAC amount in 10^-8 NAC (the ledger's unit). */
const nac = (s: string) => {
  const [whole, fraction = ''] = s.split('.');
  return BigInt(whole!) * 10n ** 8n + BigInt(fraction.padEnd(8, '0'));
};

describe('lendingAmount', () => {
  it('multiplies exactly, with no binary rounding', () => {
    expect(lendingAmount(nac('0.1'), 3)).toBe(nac('0.3'));
    expect(lendingAmount(nac('123.45678901'), 7)).toBe(nac('864.19752307'));
    expect(lendingAmount(nac('0.00000001'), 10_000)).toBe(nac('0.0001'));
  });
  it('refuses a unit count that is not a positive integer', () => {
    expect(() => lendingAmount(nac('1'), 0)).toThrow();
    expect(() => lendingAmount(nac('1'), 1.5)).toThrow();
  });
});

describe('annualYieldPercent', () => {
  it.each([
    // principal, reward, days, yield
    ['100', '5', 365, '5'],
    ['100', '2.5', 182, '5.0137'],
    ['1000', '12', 90, '4.8666'],
    ['0.3', '0.1', 365, '33.3333'],
    ['100', '0', 30, '0'],
  ])('%s NAC earning %s over %i days is %s%% a year (rounded down)', (principal, reward, days, y) => {
    expect(annualYieldPercent(nac(principal), nac(reward), days)).toBe(y);
  });
  it('is the same for one unit and for many (a yield does not depend on the count)', () => {
    expect(annualYieldPercent(nac('1000') * 7n, nac('12') * 7n, 90)).toBe(
      annualYieldPercent(nac('1000'), nac('12'), 90),
    );
  });
});

describe('lendingPeriod', () => {
  it('starts on the confirmation day and ends after the investment period', () => {
    expect(lendingPeriod('2026-12-01', 90, '2027-03-15')).toEqual({
      startDate: '2026-12-01',
      endDate: '2027-03-01',
      nacReturnDate: '2027-03-15',
    });
  });
  it('moves the return date to the end date when a late confirmation pushes the end past it', () => {
    expect(lendingPeriod('2027-01-01', 90, '2027-03-15').nacReturnDate).toBe('2027-04-01');
  });
});

describe('paymentSchedule', () => {
  const base = {
    appliedOn: '2026-11-26',
    transferDeadline: '2026-12-03',
    investmentPeriodDays: 30,
    nacUnits: nac('250.5'),
    amountInJpy: 37_575,
  };
  it('plans the period from the day after the transfer deadline until staff confirm', () => {
    expect(paymentSchedule({ ...base, startDate: null, endDate: null })).toEqual({
      paymentWindowMonth: { year: 2026, month: 12 },
      withdrawalStartDate: '2026-11-26',
      withdrawalEndDate: '2026-12-03',
      startDate: '2026-12-04',
      endDate: '2027-01-03',
      amountInJpy: 37_575,
      nacUnits: nac('250.5'),
    });
  });
  it('shows the confirmed period once set', () => {
    const s = paymentSchedule({ ...base, startDate: '2026-11-28', endDate: '2026-12-28' });
    expect([s.startDate, s.endDate]).toEqual(['2026-11-28', '2026-12-28']);
  });
});

describe('bookingDaysRemaining', () => {
  it('counts the expiry day and never goes below zero', () => {
    expect(bookingDaysRemaining('2026-11-26', '2026-11-26')).toBe(1);
    expect(bookingDaysRemaining('2026-11-26', '2026-12-25')).toBe(30);
    expect(bookingDaysRemaining('2026-12-01', '2026-11-26')).toBe(0);
  });
});

describe('cancelOutcome', () => {
  it.each([
    ['AWAITING_TRANSFER', false, false, 'RELEASE'],
    ['AWAITING_TRANSFER', true, false, 'RELEASE_AND_REFUND'],
    ['AWAITING_TRANSFER', true, true, 'RELEASE_AND_REFUND'],
    ['ACTIVE_LENDING', true, false, 'AWAIT_REFUND'],
    ['ACTIVE_LENDING', true, true, 'REFUSED'],
    ['COMPLETED_AWAITING_REFUND', true, false, 'REFUSED'],
    ['COMPLETED_REFUNDED', true, false, 'REFUSED'],
    ['CANCELLED_AWAITING_REFUND', true, false, 'REFUSED'],
    ['CANCELLED_REFUNDED', false, false, 'REFUSED'],
  ] as const)('%s (paid %s, staff %s) → %s', (status, paid, byStaff, outcome) => {
    expect(cancelOutcome(status, paid, byStaff)).toBe(outcome);
  });
});

describe('dueTransition', () => {
  const a = { paid: true, endDate: '2027-01-10', nacReturnDate: '2027-01-20', transferDeadline: '2026-12-03' };
  it.each([
    ['AWAITING_TRANSFER', { paid: false }, '2026-12-03', null],
    ['AWAITING_TRANSFER', { paid: false }, '2026-12-04', 'LAPSE'],
    ['AWAITING_TRANSFER', { paid: true }, '2026-12-04', null],
    ['ACTIVE_LENDING', {}, '2027-01-09', null],
    ['ACTIVE_LENDING', {}, '2027-01-10', 'END'],
    ['ACTIVE_LENDING', {}, '2027-01-20', 'RETURN'],
    ['COMPLETED_AWAITING_REFUND', {}, '2027-01-19', null],
    ['COMPLETED_AWAITING_REFUND', {}, '2027-01-20', 'RETURN'],
    ['CANCELLED_AWAITING_REFUND', {}, '2026-12-10', 'REFUND'],
    ['COMPLETED_REFUNDED', {}, '2027-02-01', null],
    ['CANCELLED_REFUNDED', {}, '2027-02-01', null],
  ] as const)('%s %j on %s → %s', (status, over, today, due) => {
    expect(dueTransition({ ...a, ...over, status }, today)).toBe(due);
  });
});
