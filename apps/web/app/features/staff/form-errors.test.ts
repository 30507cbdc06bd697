import { describe, expect, it } from 'vitest';
import { fieldErrorsFrom, toNullableNumber, toNumber } from './form-errors';

describe('server field errors on a form', () => {
  it('puts each path on the longest form key it starts with', () => {
    const { byField, other } = fieldErrorsFrom(
      [
        { field: 'addressEn.city', description: 'too long' },
        { field: 'cancellationPolicy.tiers.1', description: 'out of order' },
        { field: 'discount.percent', description: 'at most 100' },
        { field: 'mystery', description: 'odd' },
      ],
      ['addressEn.city', 'cancellationPolicy.tiers', 'cancellationPolicy.noShowPercent', 'discount'],
    );
    expect(byField).toEqual({
      'addressEn.city': 'too long',
      'cancellationPolicy.tiers': 'out of order',
      discount: 'at most 100',
    });
    expect(other).toEqual([{ field: 'mystery', description: 'odd' }]);
  });

  it('reads numbers strictly', () => {
    expect(toNumber('12,000')).toBe(12000);
    expect(toNumber('12.5')).toBe(12.5);
    expect(toNumber('')).toBeNaN();
    expect(toNumber('1e3')).toBeNaN();
    expect(toNullableNumber(' ')).toBeNull();
  });
});
