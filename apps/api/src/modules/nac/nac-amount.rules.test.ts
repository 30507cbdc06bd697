import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatNac,
  formatRate,
  NAC_UNIT,
  nacToYen,
  parseNacAmount,
  parseRate,
  parseSignedNac,
  yenToNac,
} from './nac-amount.rules.js';

const units = (text: string) => {
  const r = parseNacAmount(text);
  if (!r.ok) throw new Error(r.problem);
  return r.units;
};

describe('parsing NAC amounts', () => {
  it('reads whole numbers and up to eight places exactly', () => {
    expect(units('1')).toBe(100_000_000n);
    expect(units('0.00000001')).toBe(1n);
    expect(units('12.5')).toBe(1_250_000_000n);
    expect(units(' 3.14159265 ')).toBe(314_159_265n);
    // Trailing zeros add no precision.
    expect(units('1.5000000000')).toBe(150_000_000n);
    expect(units('+2')).toBe(200_000_000n);
  });

  it('refuses zero, negatives, too many places and anything that is not a decimal', () => {
    expect(parseNacAmount('0')).toEqual({ ok: false, problem: 'NOT_POSITIVE' });
    expect(parseNacAmount('0.000000000')).toEqual({ ok: false, problem: 'NOT_POSITIVE' });
    expect(parseNacAmount('-1')).toEqual({ ok: false, problem: 'NOT_POSITIVE' });
    expect(parseNacAmount('0.000000001')).toEqual({ ok: false, problem: 'TOO_MANY_DECIMALS' });
    expect(parseNacAmount('1.123456789')).toEqual({ ok: false, problem: 'TOO_MANY_DECIMALS' });
    for (const bad of ['', '.5', '1.', '1e3', 'NaN', '1,000', '0x10', 'Infinity', '1 2']) {
      expect(parseNacAmount(bad)).toEqual({ ok: false, problem: 'MALFORMED' });
    }
  });

  it('reads stored signed amounts, as PostgreSQL prints them', () => {
    expect(parseSignedNac('-12.50000000')).toBe(-1_250_000_000n);
    expect(parseSignedNac('0.00000000')).toBe(0n);
    expect(() => parseSignedNac('abc')).toThrow();
  });

  it('formats without trailing zeros, and round-trips every amount', () => {
    expect(formatNac(1_250_000_000n)).toBe('12.5');
    expect(formatNac(1n)).toBe('0.00000001');
    expect(formatNac(-100_000_000n)).toBe('-1');
    expect(formatNac(0n)).toBe('0');
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), (n) => parseSignedNac(formatNac(n)) === n),
    );
  });

  it('adds exactly where binary floating point does not', () => {
    expect(formatNac(units('0.1') + units('0.2'))).toBe('0.3');
  });
});

describe('rates and yen', () => {
  const rate = (text: string) => {
    const r = parseRate(text);
    if (!r.ok) throw new Error(r.problem);
    return r.units;
  };

  it('reads rates with up to eight places', () => {
    expect(formatRate(rate('152.3817'))).toBe('152.3817');
    expect(parseRate('0')).toEqual({ ok: false, problem: 'NOT_POSITIVE' });
    expect(parseRate('1.000000001')).toEqual({ ok: false, problem: 'TOO_MANY_DECIMALS' });
  });

  it('values NAC in whole yen rounded down', () => {
    expect(nacToYen(units('10'), rate('152.3817'))).toBe(1523);
    expect(nacToYen(units('1'), rate('99.99999999'))).toBe(99);
    expect(nacToYen(units('0.00000001'), rate('150'))).toBe(0);
    expect(nacToYen(-units('10'), rate('152.3817'))).toBe(-1523);
  });

  it('converts yen to the NAC that covers it, rounded up to the smallest unit', () => {
    // 1000 / 150 = 6.666666666…: rounded up.
    expect(formatNac(yenToNac(1000, rate('150')))).toBe('6.66666667');
    expect(formatNac(yenToNac(1500, rate('150')))).toBe('10');
    expect(yenToNac(0, rate('150'))).toBe(0n);
  });

  it('never pays less than the yen asked, and never more than one smallest unit too much', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000_000 }),
        fc.bigInt({ min: 1n, max: 10n ** 16n }),
        (yen, rateUnits) => {
          const nac = yenToNac(yen, rateUnits);
          return nacToYen(nac, rateUnits) >= yen && nacToYen(nac - 1n, rateUnits) < yen && nac > 0n;
        },
      ),
    );
  });

  it('keeps large balances exact', () => {
    const big = 123_456_789_012n * NAC_UNIT + 12_345_678n;
    expect(formatNac(big)).toBe('123456789012.12345678');
    expect(nacToYen(big, rate('200'))).toBe(24_691_357_802_424);
  });
});
