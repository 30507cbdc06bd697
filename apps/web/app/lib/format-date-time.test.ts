import { describe, expect, it } from 'vitest';
import { formatDateTime, zonedParts } from './format-date-time';
import { formatYen } from './format-yen';

describe('date-times on the house clock', () => {
  const utc = { year: 2027, month: 1, day: 4, hours: 23, minutes: 30, seconds: 0, nanos: 0, utcOffset: '+00:00' };

  it('shows a UTC moment in Japan time by default, and in another zone when named', () => {
    expect(zonedParts(utc)).toEqual({ year: 2027, month: 1, day: 5, hours: 8, minutes: 30 });
    expect(zonedParts(utc, 'UTC')).toEqual({ year: 2027, month: 1, day: 4, hours: 23, minutes: 30 });
  });

  it('writes the date in the page language and the time in 24 hours', () => {
    expect(formatDateTime(utc, 'en')).toBe('Jan 5, 2027 08:30');
    expect(formatDateTime(utc, 'ja')).toBe('2027/1/5 08:30');
  });
});

describe('yen', () => {
  it('writes whole yen with the sign and thousands separators', () => {
    expect(formatYen(42000, 'en')).toBe('¥42,000');
    expect(formatYen(42000, 'ja')).toMatch(/^[¥￥]42,000$/);
  });
});
