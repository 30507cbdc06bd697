import { addDays, daysBetween, monthOf, type IsoDate, type YearMonth } from '@yado/contract/civil-date';
import { OPERATOR_TIME_ZONE } from '@yado/contract/operator-zone';
import type { LendingApplicationStatusValue } from '@yado/contract/lending.contract';

/** Lending runs on the operator's business calendar: dates are days in its zone. */
export const LENDING_TIME_ZONE = OPERATOR_TIME_ZONE;
/** Days the user has, from the day they apply, to transfer the NAC; an unpaid application lapses after. */
export const TRANSFER_WINDOW_DAYS = 7;
/** Places of an expected yield (percent). */
export const YIELD_DECIMALS = 4;

/** NAC lent for `units` units (or nights) at `unitUnits` each, in 10^-8 NAC: exact. */
export function lendingAmount(unitUnits: bigint, units: number): bigint {
  if (!Number.isSafeInteger(units) || units <= 0) throw new Error(`not a unit count: ${units}`);
  return unitUnits * BigInt(units);
}

/**
 * The annual yield in percent of lending `principal` for `days` to earn `reward`, rounded DOWN to
 * YIELD_DECIMALS places (a yield is never shown higher than it is): reward / principal * 365 / days
 * * 100, computed in integers.
 */
export function annualYieldPercent(principal: bigint, reward: bigint, days: number): string {
  if (principal <= 0n || days <= 0 || reward < 0n) throw new Error('principal and days must be positive');
  const scale = 10n ** BigInt(YIELD_DECIMALS);
  const scaled = (reward * 365n * 100n * scale) / (principal * BigInt(days));
  const whole = scaled / scale;
  const fraction = (scaled % scale).toString().padStart(YIELD_DECIMALS, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

/**
 * The lending period of an application confirmed on `confirmedOn`: it starts that day and ends
 * `investmentPeriodDays` later. The NAC comes back on the product's return date, or on the end date
 * if a late confirmation pushes the end past it (a lender never gets their NAC back early with a
 * full reward, nor later than their period allows).
 */
export function lendingPeriod(
  confirmedOn: IsoDate,
  investmentPeriodDays: number,
  productReturnDate: IsoDate,
): { startDate: IsoDate; endDate: IsoDate; nacReturnDate: IsoDate } {
  const endDate = addDays(confirmedOn, investmentPeriodDays);
  return {
    startDate: confirmedOn,
    endDate,
    nacReturnDate: productReturnDate < endDate ? endDate : productReturnDate,
  };
}

export type PaymentSchedule = {
  paymentWindowMonth: YearMonth;
  withdrawalStartDate: IsoDate;
  withdrawalEndDate: IsoDate;
  startDate: IsoDate;
  endDate: IsoDate;
  amountInJpy: number;
  nacUnits: bigint;
};

/**
 * The application's payment schedule: the NAC is transferred between the day of applying and the
 * transfer deadline (the payment window's month is the deadline's), and is lent from the planned
 * start (the day after the deadline, until staff confirm a real start) for the investment period.
 */
export function paymentSchedule(a: {
  appliedOn: IsoDate;
  transferDeadline: IsoDate;
  startDate: IsoDate | null;
  endDate: IsoDate | null;
  investmentPeriodDays: number;
  nacUnits: bigint;
  amountInJpy: number;
}): PaymentSchedule {
  const plannedStart = a.startDate ?? addDays(a.transferDeadline, 1);
  return {
    paymentWindowMonth: monthOf(a.transferDeadline),
    withdrawalStartDate: a.appliedOn,
    withdrawalEndDate: a.transferDeadline,
    startDate: plannedStart,
    endDate: a.endDate ?? addDays(plannedStart, a.investmentPeriodDays),
    amountInJpy: a.amountInJpy,
    nacUnits: a.nacUnits,
  };
}

/** Days left until a voucher product's booking expiry (the expiry day itself counts; 0 once passed). */
export function bookingDaysRemaining(today: IsoDate, bookingExpireDate: IsoDate): number {
  return Math.max(0, daysBetween(today, bookingExpireDate) + 1);
}

export type CancelOutcome =
  /** Nothing was paid: stock released, CANCELLED_REFUNDED. */
  | 'RELEASE'
  /** Paid but not yet lent: stock released, NAC returned at once, CANCELLED_REFUNDED. */
  | 'RELEASE_AND_REFUND'
  /** Lent: CANCELLED_AWAITING_REFUND; the principal returns on the task's next run. */
  | 'AWAIT_REFUND'
  | 'REFUSED';

/** What cancelling (by the user, or staff rejecting) does to an application in this status. */
export function cancelOutcome(status: LendingApplicationStatusValue, paid: boolean, byStaff: boolean): CancelOutcome {
  if (status === 'AWAITING_TRANSFER') return paid ? 'RELEASE_AND_REFUND' : 'RELEASE';
  if (status === 'ACTIVE_LENDING' && !byStaff) return 'AWAIT_REFUND';
  return 'REFUSED';
}

/** What the lending task does to an application today, if anything. */
export function dueTransition(
  a: {
    status: LendingApplicationStatusValue;
    paid: boolean;
    endDate: IsoDate | null;
    nacReturnDate: IsoDate;
    transferDeadline: IsoDate;
  },
  today: IsoDate,
): 'LAPSE' | 'END' | 'RETURN' | 'REFUND' | null {
  switch (a.status) {
    case 'AWAITING_TRANSFER':
      return !a.paid && today > a.transferDeadline ? 'LAPSE' : null;
    case 'ACTIVE_LENDING':
      if (a.endDate !== null && today >= a.endDate) return today >= a.nacReturnDate ? 'RETURN' : 'END';
      return null;
    case 'COMPLETED_AWAITING_REFUND':
      return today >= a.nacReturnDate ? 'RETURN' : null;
    case 'CANCELLED_AWAITING_REFUND':
      return 'REFUND';
    default:
      return null;
  }
}
