import { describe, expect, it } from 'vitest';
import { guaranteedDiscount, nacReference, nacRefundUnits, splitPayment } from './nac-payment.rules.js';
import { checkSplit, MAX_SPLIT_PARTS } from './split-billing.rules.js';

describe('splitPayment', () => {
  it('leaves the card what points and NAC do not pay', () => {
    expect(splitPayment(44_000, 1_000, 20_000)).toEqual({ ok: true, fiat: 23_000 });
    expect(splitPayment(44_000, 4_000, 40_000)).toEqual({ ok: true, fiat: 0 });
    expect(splitPayment(44_000, 0, 0)).toEqual({ ok: true, fiat: 44_000 });
  });

  it('refuses points above the amount, then points and NAC together above it', () => {
    expect(splitPayment(1_000, 1_001, 0)).toEqual({ ok: false, problem: 'POINTS_EXCEED' });
    expect(splitPayment(1_000, 500, 501)).toEqual({ ok: false, problem: 'NAC_EXCEEDS' });
  });
});

describe('guaranteedDiscount', () => {
  it('is what the quoted rate credits above the market value, never negative', () => {
    expect(guaranteedDiscount(10_000, 9_100)).toBe(900);
    expect(guaranteedDiscount(10_000, 10_400)).toBe(0);
    expect(guaranteedDiscount(10_000, null)).toBe(0);
  });
});

describe('nacRefundUnits', () => {
  it('returns every unit on a whole refund, or when the card paid nothing', () => {
    expect(nacRefundUnits(15_496_482_651n, 22_000, 22_000)).toBe(15_496_482_651n);
    expect(nacRefundUnits(15_496_482_651n, 0, 0)).toBe(15_496_482_651n);
  });

  it("returns the card refund's share, rounded down to the smallest unit", () => {
    // 3 units, a third refunded: exactly 1; 10 units, a third: 3 (never 3.33).
    expect(nacRefundUnits(3n, 300, 100)).toBe(1n);
    expect(nacRefundUnits(10n, 300, 100)).toBe(3n);
    expect(nacRefundUnits(10n, 300, 0)).toBe(0n);
    expect(nacRefundUnits(0n, 300, 300)).toBe(0n);
  });
});

describe('nacReference', () => {
  it('names the first attempt by the billing alone and later ones by their number', () => {
    expect(nacReference('bil_1', 1)).toBe('billing:bil_1');
    expect(nacReference('bil_1', 3)).toBe('billing:bil_1#3');
  });
});

describe('checkSplit', () => {
  it('accepts 2 to MAX_SPLIT_PARTS whole parts adding up to the amount', () => {
    expect(checkSplit(10_000, [5_000, 5_000])).toBeNull();
    expect(
      checkSplit(
        10,
        Array.from({ length: MAX_SPLIT_PARTS }, () => 1),
      ),
    ).toBeNull();
  });

  it('refuses one part or too many, a zero, negative or fractional part, and a wrong total', () => {
    expect(checkSplit(10_000, [10_000])).toBe('TOO_MANY_PARTS');
    expect(
      checkSplit(
        11,
        Array.from({ length: MAX_SPLIT_PARTS + 1 }, () => 1),
      ),
    ).toBe('TOO_MANY_PARTS');
    expect(checkSplit(10_000, [10_000, 0])).toBe('PART_INVALID');
    expect(checkSplit(10_000, [11_000, -1_000])).toBe('PART_INVALID');
    expect(checkSplit(10_000, [5_000.5, 4_999.5])).toBe('PART_INVALID');
    expect(checkSplit(10_000, [5_000, 4_999])).toBe('TOTAL_MISMATCH');
  });
});
