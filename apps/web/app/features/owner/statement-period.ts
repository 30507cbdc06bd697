import type { Language } from '@yado/contract/headers';
import type { DateTime } from '@yado/contract/common.schema';
import { dateFromDateTime } from '@yado/contract/date-time';
import { wallClockIn } from '@yado/contract/civil-date';
import { OPERATOR_TIME_ZONE } from '@yado/contract/operator-zone';
import type { StatementCycleValue, UnitDetail } from '@yado/contract/statement.contract';
import { formatDate, type DateParts } from '../../lib/format-date';
import { formatYen } from '../../lib/format-yen';

type T = (key: string, options?: Record<string, unknown>) => string;

/** A statement's period as people name it: "Oct 2026" for a month, "Jul 2026 – Dec 2026" for a semester. */
export function statementPeriodLabel(
  s: { cycle: StatementCycleValue | 'UNRECOGNIZED'; periodFrom: DateParts; periodTo: DateParts },
  language: Language,
): string {
  const from = formatDate(s.periodFrom, 'yearMonth', language);
  return s.cycle === 'MONTHLY' ? from : `${from} – ${formatDate(s.periodTo, 'yearMonth', language)}`;
}

/** An item's unit detail in words: "¥15,000 / month × 4 month(s) + 12 of 31 days". */
export function unitDetailLabel(u: UnitDetail, t: T, language: Language): string {
  const price = formatYen(u.unitPrice, language);
  const head = u.unit === 'MONTHLY' ? t('statement:unit.monthly', { price }) : t('statement:unit.daily', { price });
  const parts: string[] = [];
  if (u.period) {
    if (u.period.months > 0) parts.push(t('statement:unit.months', { count: u.period.months }));
    if (u.period.days > 0) parts.push(t('statement:unit.days', { count: u.period.days }));
  } else {
    if (u.months > 0) parts.push(t('statement:unit.months', { count: u.months }));
    if (u.totalAndBilled)
      parts.push(
        t('statement:unit.billed', { billed: u.totalAndBilled.billedDays, total: u.totalAndBilled.totalDays }),
      );
  }
  return `${head} × ${parts.join(' + ')}`;
}

/** The web address of a statement's PDF in a language (a download streamed from the API). */
export function statementPdfHref(ownerStatementId: string, pdfLanguage: Language, pageLanguage: Language): string {
  const path = `/owner/statements/${encodeURIComponent(ownerStatementId)}/pdf?lang=${pdfLanguage}`;
  return pageLanguage === 'ja' ? `/ja${path}` : path;
}

/** The date in the operator's zone of an instant the API sends (in UTC): the operator issues statements there. */
export function japanDateOf(dt: DateTime): DateParts {
  const { year, month, day } = wallClockIn(OPERATOR_TIME_ZONE, dateFromDateTime(dt));
  return { year, month, day };
}
