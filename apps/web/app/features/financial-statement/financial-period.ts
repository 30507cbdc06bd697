import type { FinancialPeriodTypeValue } from '@yado/contract/financial-statement.contract';
import type { Language } from '@yado/contract/headers';
import type { DateParts } from '../../lib/format-date';
import { localizePath } from '../../lib/language';

type T = (key: string, options?: Record<string, unknown>) => string;

/** A period in an address: "QUARTER-2026-07-01". */
export function periodSlug(periodType: FinancialPeriodTypeValue | string, start: DateParts): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${periodType}-${start.year}-${pad(start.month)}-${pad(start.day)}`;
}

/** The period an address names, or null when it names none. */
export function parsePeriodSlug(slug: string): { periodType: FinancialPeriodTypeValue; periodStart: DateParts } | null {
  const m = /^(QUARTER|SEMESTER)-(\d{4})-(\d{2})-(\d{2})$/.exec(slug);
  if (!m) return null;
  return {
    periodType: m[1] as FinancialPeriodTypeValue,
    periodStart: { year: Number(m[2]), month: Number(m[3]), day: Number(m[4]) },
  };
}

/** "Q3 2026" / "2026年 第3四半期", "H2 2026" / "2026年 下期", with its months. */
export function periodLabel(
  s: { periodType: FinancialPeriodTypeValue | string; periodStart: DateParts; periodEnd: DateParts },
  t: T,
): string {
  const year = s.periodStart.year;
  const from = s.periodStart.month;
  const to = s.periodEnd.month;
  if (s.periodType === 'SEMESTER') {
    return t(from === 1 ? 'financial:period.firstHalf' : 'financial:period.secondHalf', { year, from, to });
  }
  return t('financial:period.quarter', { year, quarter: Math.floor((from - 1) / 3) + 1, from, to });
}

/** The statement's page. */
export const statementHref = (
  s: { periodType: FinancialPeriodTypeValue | string; periodStart: DateParts },
  language: Language,
) => localizePath(`/mypage/financial-statements/${periodSlug(s.periodType, s.periodStart)}`, language);

/** The statement's PDF in a language (a download streamed from the API). */
export const statementPdfHref = (
  s: { periodType: FinancialPeriodTypeValue | string; periodStart: DateParts },
  pdfLanguage: Language,
  pageLanguage: Language,
) =>
  `${localizePath(`/mypage/financial-statements/${periodSlug(s.periodType, s.periodStart)}/pdf`, pageLanguage)}?lang=${pdfLanguage}`;

/** A shared statement's PDF, by the link's token. */
export const sharedPdfHref = (token: string, pdfLanguage: Language, pageLanguage: Language) =>
  `${localizePath(`/financial-statements/shared/${encodeURIComponent(token)}/pdf`, pageLanguage)}?lang=${pdfLanguage}`;
