import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatYen } from './format-yen';

describe('formatYen', () => {
  it('writes yen as Intl.NumberFormat does in both languages', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), fc.constantFrom('en', 'ja'), (n, lang) => {
        expect(formatYen(n, lang)).toBe(new Intl.NumberFormat(lang, { style: 'currency', currency: 'JPY' }).format(n));
      }),
    );
  });

  it('groups thousands and marks negative amounts', () => {
    expect(formatYen(42_000, 'en')).toBe('¥42,000');
    expect(formatYen(-1_500, 'ja')).toBe('-￥1,500');
    expect(formatYen(0, 'en')).toBe('¥0');
  });
});
