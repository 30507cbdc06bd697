import { addDays, realIsoFromCivil } from '@yado/contract/civil-date';
import type { CivilDate } from '@yado/contract/common.schema';
import type { CouponDiscount } from '@yado/contract/coupon.contract';
import { AppError, type FieldIssue } from '../../platform/app-error.js';

/** The parts of a coupon the rules look at. Civil dates are ISO strings (YYYY-MM-DD). */
export type CouponTerms = {
  discount: CouponDiscount;
  validFrom: Date;
  /** Exclusive: at validTo the coupon has expired. */
  validTo: Date;
  stayDateFrom: string | null;
  /** Inclusive: the last night a stay may use the coupon for. */
  stayDateTo: string | null;
  allHouseGroups: boolean;
  houseGroupIds: readonly string[];
  limitPerUser: number | null;
  limitTotal: number | null;
};

export type TimeStatus = 'NOT_YET_VALID' | 'VALID' | 'EXPIRED';

export function timeStatus(terms: Pick<CouponTerms, 'validFrom' | 'validTo'>, now: Date): TimeStatus {
  if (now.getTime() < terms.validFrom.getTime()) return 'NOT_YET_VALID';
  if (now.getTime() >= terms.validTo.getTime()) return 'EXPIRED';
  return 'VALID';
}

/**
 * The yen a coupon takes off an accommodation amount. A percentage is rounded
 * down, so the guest is never promised a yen the rounding did not give; a yen
 * discount never exceeds the amount, so nothing is ever owed back.
 */
export function discountFor(discount: CouponDiscount, amount: number): { discountAmount: number; finalAmount: number } {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError('amount must be a non-negative integer');
  const off = discount.type === 'PERCENTAGE' ? Math.floor((amount * discount.percent) / 100) : discount.amountYen;
  const discountAmount = Math.min(amount, off);
  return { discountAmount, finalAmount: amount - discountAmount };
}

export type LimitStatus = 'OK' | 'EXHAUSTED' | 'USER_LIMIT_REACHED';

/** Whether one more redemption fits both limits, given the redemptions that count so far. */
export function limitStatus(
  terms: Pick<CouponTerms, 'limitPerUser' | 'limitTotal'>,
  counts: { total: number; byUser: number },
): LimitStatus {
  if (terms.limitTotal !== null && counts.total >= terms.limitTotal) return 'EXHAUSTED';
  if (terms.limitPerUser !== null && counts.byUser >= terms.limitPerUser) return 'USER_LIMIT_REACHED';
  return 'OK';
}

/** The nights of a stay run from check-in up to the day before check-out. */
export function isApplicable(
  terms: Pick<CouponTerms, 'allHouseGroups' | 'houseGroupIds' | 'stayDateFrom' | 'stayDateTo'>,
  stay: { houseGroupId: string; checkinDate: string; checkoutDate: string },
): boolean {
  if (!terms.allHouseGroups && !terms.houseGroupIds.includes(stay.houseGroupId)) return false;
  if (terms.stayDateFrom !== null && stay.checkinDate < terms.stayDateFrom) return false;
  if (terms.stayDateTo !== null && addDays(stay.checkoutDate, -1) > terms.stayDateTo) return false;
  return true;
}

/**
 * Every check a coupon must pass before it is used, in the order a guest can
 * act on: first whether it exists and is valid now, then whether it fits this
 * stay, then whether any are left. Returns the discount or throws the reason.
 */
export function assertUsable(
  terms: CouponTerms,
  input: {
    now: Date;
    houseGroupId: string;
    checkinDate: string;
    checkoutDate: string;
    amount: number;
    counts: { total: number; byUser: number };
  },
): { discountAmount: number; finalAmount: number } {
  const time = timeStatus(terms, input.now);
  if (time === 'NOT_YET_VALID') throw new AppError('CodeCouponNotYetValid');
  if (time === 'EXPIRED') throw new AppError('CodeCouponExpired');
  if (!isApplicable(terms, input)) throw new AppError('CodeCouponNotApplicable');
  const limits = limitStatus(terms, input.counts);
  if (limits === 'EXHAUSTED') throw new AppError('CodeCouponExhausted');
  if (limits === 'USER_LIMIT_REACHED') throw new AppError('CodeCouponUserLimitReached');
  return discountFor(terms.discount, input.amount);
}

/** The stay itself must make sense before any coupon is weighed against it. */
export function checkStayDates(checkinDate: string, checkoutDate: string): void {
  if (checkoutDate <= checkinDate) {
    throw new AppError('CodeInvalidArgument', {
      fields: [{ field: 'checkoutDate', description: 'must be after the check-in date' }],
    });
  }
}

/** A coupon definition staff can save: windows in order, and a list when not every house group. */
export function checkDefinition(terms: CouponTerms): void {
  const issues: FieldIssue[] = [];
  if (terms.validTo.getTime() <= terms.validFrom.getTime()) {
    issues.push({ field: 'validTo', description: 'must be after validFrom' });
  }
  if (terms.stayDateFrom !== null && terms.stayDateTo !== null && terms.stayDateTo < terms.stayDateFrom) {
    issues.push({ field: 'stayDateTo', description: 'must not be before stayDateFrom' });
  }
  if (!terms.allHouseGroups && terms.houseGroupIds.length === 0) {
    issues.push({ field: 'houseGroupIds', description: 'name at least one house group, or choose all' });
  }
  if (terms.allHouseGroups && terms.houseGroupIds.length > 0) {
    issues.push({ field: 'houseGroupIds', description: 'must be empty when every house group is eligible' });
  }
  if (terms.limitPerUser !== null && terms.limitTotal !== null && terms.limitPerUser > terms.limitTotal) {
    issues.push({ field: 'limitPerUser', description: 'must not exceed limitTotal' });
  }
  if (issues.length) throw new AppError('CodeInvalidArgument', { fields: issues });
}

/** A contract date as ISO text; a day the calendar does not have (31 February) is refused, naming the field. */
export function isoDate(d: CivilDate, field: string): string {
  const iso = realIsoFromCivil(d);
  if (iso === null) {
    throw new AppError('CodeInvalidArgument', { fields: [{ field, description: 'not a date of the calendar' }] });
  }
  return iso;
}
