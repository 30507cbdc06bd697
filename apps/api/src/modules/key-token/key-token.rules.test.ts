import { todayIn } from '@yado/contract/civil-date';
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

// Token years at the calendar's edges. Every "today" is the house group's day (Tokyo) of an explicit
// instant, as the service reads it, never the machine's day or zone.
describe('key-token years at the year end', () => {
  it('draws every night of a stay over the new year from the year of its check-in', () => {
    // Check-in 30 December 2026, check-out 2 January 2027: three nights, all from 2026.
    expect(entitlementYear('2026-12-30')).toBe(2026);
    expect(entitlementYear('2027-01-01')).toBe(2027);
    expect(entitlementYear('2028-02-29')).toBe(2028);
  });

  it('is already next year in Japan at 15:30 UTC on 31 December', () => {
    expect(entitlementYear(todayIn('Asia/Tokyo', new Date('2026-12-31T14:59:59Z')))).toBe(2026);
    expect(entitlementYear(todayIn('Asia/Tokyo', new Date('2026-12-31T15:30:00Z')))).toBe(2027);
  });

  it('accepts a master-key stay over the new year only when each night is a fixed date', () => {
    expect(onFixedDates(['12-30', '12-31', '01-01'], '2026-12-30', '2027-01-02')).toBe(true);
    expect(onFixedDates(['12-30', '12-31'], '2026-12-30', '2027-01-02')).toBe(false);
  });

  it('counts the leap day as a night of its own in 2028 only', () => {
    expect(onFixedDates(['02-28', '03-01'], '2027-02-28', '2027-03-02')).toBe(true);
    expect(onFixedDates(['02-28', '03-01'], '2028-02-28', '2028-03-02')).toBe(false);
    expect(onFixedDates(['02-28', '02-29', '03-01'], '2028-02-28', '2028-03-02')).toBe(true);
  });

  it('lists from the Tokyo day on, through the end of next year', () => {
    expect(fixedDatesAhead(['01-01', '12-31'], '2027-12-31')).toEqual(['2027-12-31', '2028-01-01', '2028-12-31']);
    // 00:30 on 1 January 2027 in Tokyo: 31 December 2026 has passed, and 2028 is "next year".
    expect(fixedDatesAhead(['01-01', '12-31'], todayIn('Asia/Tokyo', new Date('2026-12-31T15:30:00Z')))).toEqual([
      '2027-01-01',
      '2027-12-31',
      '2028-01-01',
      '2028-12-31',
    ]);
    // From the leap day itself: 2029 has no 29 February.
    expect(fixedDatesAhead(['02-29', '04-30'], '2028-02-29')).toEqual(['2028-02-29', '2028-04-30', '2029-04-30']);
  });
});
