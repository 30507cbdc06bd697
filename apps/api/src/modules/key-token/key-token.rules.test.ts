import { describe, expect, it } from 'vitest';
import { entitlementYear, fixedDatesAhead, onFixedDates } from './key-token.rules.js';

describe('key-token rules', () => {
  it('draws a stay from the year of its check-in', () => {
    expect(entitlementYear('2026-12-31')).toBe(2026);
  });

  it('accepts a master-key stay only when every night is a fixed date', () => {
    expect(onFixedDates(['08-01', '08-02'], '2026-08-01', '2026-08-03')).toBe(true);
    expect(onFixedDates(['08-01', '08-02'], '2026-08-01', '2026-08-04')).toBe(false);
    expect(onFixedDates(['08-02'], '2026-08-01', '2026-08-03')).toBe(false);
  });

  it('lists the fixed dates from today to the end of next year, skipping a date a year lacks', () => {
    expect(fixedDatesAhead(['02-29', '08-01', '01-05'], '2027-03-01')).toEqual([
      '2027-08-01',
      '2028-01-05',
      '2028-02-29',
      '2028-08-01',
    ]);
  });
});
