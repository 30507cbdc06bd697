import { describe, expect, it } from 'vitest';
import { parsePeriodSlug, periodLabel, periodSlug, statementPdfHref } from './financial-period';

const t = (key: string, o: Record<string, unknown> = {}) => `${key} ${JSON.stringify(o)}`;

describe('financial periods in addresses and words', () => {
  it('writes and reads a period in an address', () => {
    expect(periodSlug('QUARTER', { year: 2026, month: 7, day: 1 })).toBe('QUARTER-2026-07-01');
    expect(parsePeriodSlug('SEMESTER-2026-01-01')).toEqual({
      periodType: 'SEMESTER',
      periodStart: { year: 2026, month: 1, day: 1 },
    });
    expect(parsePeriodSlug('MONTH-2026-01-01')).toBeNull();
    expect(parsePeriodSlug('QUARTER-2026-1-1')).toBeNull();
  });

  it('names quarters by number and half years by which half, with their months', () => {
    const q = {
      periodType: 'QUARTER',
      periodStart: { year: 2026, month: 7, day: 1 },
      periodEnd: { year: 2026, month: 9, day: 30 },
    };
    expect(periodLabel(q, t)).toBe('financial:period.quarter {"year":2026,"quarter":3,"from":7,"to":9}');
    const h = {
      periodType: 'SEMESTER',
      periodStart: { year: 2026, month: 1, day: 1 },
      periodEnd: { year: 2026, month: 6, day: 30 },
    };
    expect(periodLabel(h, t)).toBe('financial:period.firstHalf {"year":2026,"from":1,"to":6}');
  });

  it('links the PDF in either language from either language of the page', () => {
    const s = { periodType: 'QUARTER', periodStart: { year: 2026, month: 4, day: 1 } };
    expect(statementPdfHref(s, 'ja', 'en')).toBe('/mypage/financial-statements/QUARTER-2026-04-01/pdf?lang=ja');
    expect(statementPdfHref(s, 'en', 'ja')).toBe('/ja/mypage/financial-statements/QUARTER-2026-04-01/pdf?lang=en');
  });
});
