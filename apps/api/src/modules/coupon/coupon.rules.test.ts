import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/app-error.js';
import {
  assertUsable,
  checkDefinition,
  discountFor,
  isApplicable,
  isoDate,
  limitStatus,
  timeStatus,
  type CouponTerms,
} from './coupon.rules.js';

const terms = (o: Partial<CouponTerms> = {}): CouponTerms => ({
  discount: { type: 'PERCENTAGE', percent: 10 },
  validFrom: new Date('2026-01-01T00:00:00Z'),
  validTo: new Date('2026-02-01T00:00:00Z'),
  stayDateFrom: null,
  stayDateTo: null,
  allHouseGroups: true,
  houseGroupIds: [],
  limitPerUser: null,
  limitTotal: null,
  ...o,
});

const reason = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err.reason;
    throw err;
  }
  return 'none';
};

const discountArb = fc.oneof(
  fc.record({ type: fc.constant('PERCENTAGE' as const), percent: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ type: fc.constant('AMOUNT' as const), amountYen: fc.integer({ min: 1, max: 10_000_000 }) }),
);
const amountArb = fc.integer({ min: 0, max: 1_000_000_000 });

describe('discountFor', () => {
  it('rounds a percentage down to the yen', () => {
    expect(discountFor({ type: 'PERCENTAGE', percent: 15 }, 12_345)).toEqual({
      discountAmount: 1_851,
      finalAmount: 10_494,
    });
    expect(discountFor({ type: 'PERCENTAGE', percent: 100 }, 9_999)).toEqual({ discountAmount: 9_999, finalAmount: 0 });
    expect(discountFor({ type: 'PERCENTAGE', percent: 1 }, 99)).toEqual({ discountAmount: 0, finalAmount: 99 });
  });

  it('takes at most the amount off with a yen discount', () => {
    expect(discountFor({ type: 'AMOUNT', amountYen: 3_000 }, 20_000)).toEqual({
      discountAmount: 3_000,
      finalAmount: 17_000,
    });
    expect(discountFor({ type: 'AMOUNT', amountYen: 3_000 }, 2_000)).toEqual({ discountAmount: 2_000, finalAmount: 0 });
  });

  it('never exceeds the amount, never goes negative, and adds back up (property)', () => {
    fc.assert(
      fc.property(discountArb, amountArb, (discount, amount) => {
        const { discountAmount, finalAmount } = discountFor(discount, amount);
        expect(Number.isInteger(discountAmount)).toBe(true);
        expect(discountAmount).toBeGreaterThanOrEqual(0);
        expect(discountAmount).toBeLessThanOrEqual(amount);
        expect(finalAmount).toBe(amount - discountAmount);
      }),
    );
  });

  it('gives a percentage no more than the exact share, and less than a yen below it (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), amountArb, (percent, amount) => {
        const { discountAmount } = discountFor({ type: 'PERCENTAGE', percent }, amount);
        const exact = (amount * percent) / 100;
        expect(discountAmount).toBeLessThanOrEqual(exact);
        expect(exact - discountAmount).toBeLessThan(1);
      }),
    );
  });

  it('never lowers the discount when the amount grows (property)', () => {
    fc.assert(
      fc.property(discountArb, amountArb, amountArb, (discount, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(discountFor(discount, lo).discountAmount).toBeLessThanOrEqual(discountFor(discount, hi).discountAmount);
      }),
    );
  });

  it('refuses amounts that are not whole non-negative yen', () => {
    expect(() => discountFor({ type: 'AMOUNT', amountYen: 1 }, -1)).toThrow(RangeError);
    expect(() => discountFor({ type: 'AMOUNT', amountYen: 1 }, 1.5)).toThrow(RangeError);
  });
});

describe('timeStatus', () => {
  it('is valid from validFrom up to, not including, validTo', () => {
    const t = terms();
    expect(timeStatus(t, new Date('2025-12-31T23:59:59.999Z'))).toBe('NOT_YET_VALID');
    expect(timeStatus(t, new Date('2026-01-01T00:00:00Z'))).toBe('VALID');
    expect(timeStatus(t, new Date('2026-01-31T23:59:59.999Z'))).toBe('VALID');
    expect(timeStatus(t, new Date('2026-02-01T00:00:00Z'))).toBe('EXPIRED');
  });

  it('places every instant in exactly one period, in time order (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4e12 }),
        fc.integer({ min: 1, max: 1e11 }),
        fc.integer({ min: 0, max: 4.2e12 }),
        (from, length, at) => {
          const t = terms({ validFrom: new Date(from), validTo: new Date(from + length) });
          const status = timeStatus(t, new Date(at));
          expect(status).toBe(at < from ? 'NOT_YET_VALID' : at >= from + length ? 'EXPIRED' : 'VALID');
        },
      ),
    );
  });
});

describe('limitStatus', () => {
  it('checks the total before the user’s own limit', () => {
    const t = terms({ limitTotal: 5, limitPerUser: 1 });
    expect(limitStatus(t, { total: 4, byUser: 0 })).toBe('OK');
    expect(limitStatus(t, { total: 4, byUser: 1 })).toBe('USER_LIMIT_REACHED');
    expect(limitStatus(t, { total: 5, byUser: 1 })).toBe('EXHAUSTED');
    expect(limitStatus(terms(), { total: 1e6, byUser: 1e6 })).toBe('OK');
  });

  it('never lets redemptions made one after another exceed either limit (property)', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
        fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
        fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 60 }),
        (limitTotal, limitPerUser, attempts) => {
          const t = terms({ limitTotal, limitPerUser });
          const byUser = new Map<number, number>();
          let total = 0;
          for (const user of attempts) {
            const mine = byUser.get(user) ?? 0;
            if (limitStatus(t, { total, byUser: mine }) === 'OK') {
              total += 1;
              byUser.set(user, mine + 1);
            }
          }
          if (limitTotal !== null) expect(total).toBeLessThanOrEqual(limitTotal);
          if (limitPerUser !== null) for (const n of byUser.values()) expect(n).toBeLessThanOrEqual(limitPerUser);
          // Nobody is refused while both limits still have room.
          if (limitTotal === null && limitPerUser === null) expect(total).toBe(attempts.length);
        },
      ),
    );
  });
});

describe('isApplicable', () => {
  const stay = { houseGroupId: 'hg-1', checkinDate: '2026-08-10', checkoutDate: '2026-08-12' };

  it('holds for listed house groups only, unless every house group is eligible', () => {
    expect(isApplicable(terms(), stay)).toBe(true);
    expect(isApplicable(terms({ allHouseGroups: false, houseGroupIds: ['hg-1'] }), stay)).toBe(true);
    expect(isApplicable(terms({ allHouseGroups: false, houseGroupIds: ['hg-2'] }), stay)).toBe(false);
  });

  it('bounds the nights: the check-out day itself is not a night', () => {
    expect(isApplicable(terms({ stayDateFrom: '2026-08-10', stayDateTo: '2026-08-11' }), stay)).toBe(true);
    expect(isApplicable(terms({ stayDateFrom: '2026-08-11' }), stay)).toBe(false);
    expect(isApplicable(terms({ stayDateTo: '2026-08-10' }), stay)).toBe(false);
  });
});

describe('assertUsable', () => {
  const base = {
    now: new Date('2026-01-15T00:00:00Z'),
    houseGroupId: 'hg-1',
    checkinDate: '2026-03-01',
    checkoutDate: '2026-03-03',
    amount: 50_000,
    counts: { total: 0, byUser: 0 },
  };

  it('names the first thing a guest can act on', () => {
    expect(assertUsable(terms(), base)).toEqual({ discountAmount: 5_000, finalAmount: 45_000 });
    expect(reason(() => assertUsable(terms(), { ...base, now: new Date('2025-06-01T00:00:00Z') }))).toBe(
      'CodeCouponNotYetValid',
    );
    expect(
      reason(() =>
        assertUsable(terms({ limitTotal: 1 }), {
          ...base,
          now: new Date('2026-03-01T00:00:00Z'),
          counts: { total: 1, byUser: 0 },
        }),
      ),
    ).toBe('CodeCouponExpired');
    expect(
      reason(() =>
        assertUsable(terms({ allHouseGroups: false, houseGroupIds: ['hg-2'], limitTotal: 1 }), {
          ...base,
          counts: { total: 1, byUser: 0 },
        }),
      ),
    ).toBe('CodeCouponNotApplicable');
    expect(reason(() => assertUsable(terms({ limitTotal: 1 }), { ...base, counts: { total: 1, byUser: 0 } }))).toBe(
      'CodeCouponExhausted',
    );
    expect(reason(() => assertUsable(terms({ limitPerUser: 2 }), { ...base, counts: { total: 7, byUser: 2 } }))).toBe(
      'CodeCouponUserLimitReached',
    );
  });
});

describe('checkDefinition', () => {
  it('accepts a sound definition', () => {
    expect(() => checkDefinition(terms({ limitPerUser: 1, limitTotal: 10 }))).not.toThrow();
  });

  it('names every field that is wrong', () => {
    try {
      checkDefinition(
        terms({
          validTo: new Date('2025-01-01T00:00:00Z'),
          stayDateFrom: '2026-05-02',
          stayDateTo: '2026-05-01',
          allHouseGroups: false,
          houseGroupIds: [],
          limitPerUser: 3,
          limitTotal: 2,
        }),
      );
      expect.unreachable();
    } catch (err) {
      expect((err as AppError).reason).toBe('CodeInvalidArgument');
      expect((err as AppError).options.fields?.map((f) => f.field)).toEqual([
        'validTo',
        'stayDateTo',
        'houseGroupIds',
        'limitPerUser',
      ]);
    }
  });

  it('refuses a list beside "every house group"', () => {
    expect(reason(() => checkDefinition(terms({ houseGroupIds: ['hg-1'] })))).toBe('CodeInvalidArgument');
  });
});

describe('isoDate', () => {
  it('refuses days the calendar does not have', () => {
    expect(isoDate({ year: 2028, month: 2, day: 29 }, 'd')).toBe('2028-02-29');
    expect(reason(() => isoDate({ year: 2026, month: 2, day: 29 }, 'd'))).toBe('CodeInvalidArgument');
  });
});
