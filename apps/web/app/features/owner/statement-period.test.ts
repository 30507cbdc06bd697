import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../lib/i18n';
import { japanDateOf, statementPdfHref, statementPeriodLabel, unitDetailLabel } from './statement-period';

describe('owner statement labels', () => {
  it('names a month and a semester in both languages', () => {
    const october = {
      cycle: 'MONTHLY' as const,
      periodFrom: { year: 2026, month: 10, day: 1 },
      periodTo: { year: 2026, month: 10, day: 31 },
    };
    const half = {
      cycle: 'SEMESTER' as const,
      periodFrom: { year: 2026, month: 7, day: 1 },
      periodTo: { year: 2026, month: 12, day: 31 },
    };
    expect(statementPeriodLabel(october, 'en')).toBe('Oct 2026');
    expect(statementPeriodLabel(october, 'ja')).toBe('2026/10');
    expect(statementPeriodLabel(half, 'en')).toBe('Jul 2026 – Dec 2026');
    expect(statementPeriodLabel(half, 'ja')).toBe('2026/7 – 2026/12');
  });

  it('says a unit detail as the statement bills it', () => {
    const en = getTranslator('en');
    const ja = getTranslator('ja');
    const whole = { unitPrice: 15_000, unit: 'MONTHLY' as const, months: 1, days: 0, period: { months: 1, days: 0 } };
    expect(unitDetailLabel(whole, en.t, 'en')).toBe('¥15,000 / month × 1 month');
    expect(unitDetailLabel(whole, ja.t, 'ja')).toBe('￥15,000 / 月 × 1か月');
    const part = {
      unitPrice: 15_000,
      unit: 'MONTHLY' as const,
      months: 4,
      days: 12,
      totalAndBilled: { totalDays: 31, billedDays: 12 },
    };
    expect(unitDetailLabel(part, en.t, 'en')).toBe('¥15,000 / month × 4 months + 12 of 31 days');
    const nights = { unitPrice: 3_335, unit: 'DAILY' as const, months: 0, days: 3, period: { months: 0, days: 3 } };
    expect(unitDetailLabel(nights, en.t, 'en')).toBe('¥3,335 / night × 3 days');
  });

  it('reads an issue time as the date in Japan and links the PDF in the page’s language', () => {
    // 2026-10-31 20:00 UTC is November 1 in Japan.
    const dt = { year: 2026, month: 10, day: 31, hours: 20, minutes: 0, seconds: 0, nanos: 0, utcOffset: '+00:00' };
    expect(japanDateOf(dt)).toEqual({ year: 2026, month: 11, day: 1 });
    expect(statementPdfHref('os_1', 'en', 'ja')).toBe('/ja/owner/statements/os_1/pdf?lang=en');
    expect(statementPdfHref('os_1', 'ja', 'en')).toBe('/owner/statements/os_1/pdf?lang=ja');
  });
});
