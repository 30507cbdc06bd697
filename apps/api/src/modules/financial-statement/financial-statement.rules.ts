import { addDays, addMonths, firstOfMonth, monthOf, type IsoDate } from '@yado/contract/civil-date';
import type {
  DailySummary,
  FinancialLineTypeValue,
  FinancialPaymentMethodValue,
  FinancialPeriodTypeValue,
} from '@yado/contract/financial-statement.contract';
import { formatNac, nacToYen } from '../nac/nac.service.js';

/*
 * The arithmetic of a financial statement (decision 0048), as plain functions: civil periods in
 * Japan, the lines a billing's facts make, and the totals and summaries of a period's lines. Yen are
 * integers and NAC bigint units of 10^-8, so every sum is exact.
 */

// Periods -------------------------------------------------------------------------------------------

export type Period = { type: FinancialPeriodTypeValue; start: IsoDate; /** inclusive */ end: IsoDate };

const MONTHS: Record<FinancialPeriodTypeValue, number> = { QUARTER: 3, SEMESTER: 6 };

/** The period of a type starting on a date, or null when none starts then (quarters: Jan/Apr/Jul/Oct 1; half years: Jan/Jul 1). */
export function periodStarting(type: FinancialPeriodTypeValue, start: IsoDate): Period | null {
  const ym = monthOf(start);
  if (firstOfMonth(ym) !== start || (ym.month - 1) % MONTHS[type] !== 0) return null;
  return { type, start, end: addDays(firstOfMonth(addMonths(ym, MONTHS[type])), -1) };
}

/** The period of a type a date falls in. */
export function periodOf(type: FinancialPeriodTypeValue, date: IsoDate): Period {
  const ym = monthOf(date);
  const month = ym.month - ((ym.month - 1) % MONTHS[type]);
  return periodStarting(type, firstOfMonth({ year: ym.year, month }))!;
}

/** The period has ended by `today` (its last day is over in Japan). */
export const periodClosed = (p: Period, today: IsoDate) => p.end < today;

// Lines ---------------------------------------------------------------------------------------------

export type Line = {
  date: IsoDate;
  billingNumber: string;
  method: FinancialPaymentMethodValue;
  type: FinancialLineTypeValue;
  /** Yen, negative for a refund. */
  amount: number;
  /** NAC units (10^-8), negative for a refund; null for other methods. */
  nacUnits: bigint | null;
  rateUnits: bigint | null;
  /** The instant, to order lines of a day. */
  at: Date;
};

/** What NAC given back is worth in yen: the yen it paid when all of it comes back, else its value at the paid rate, never more than was paid. */
export function nacRefundYen(refundUnits: bigint, paid: { units: bigint; yen: number; rateUnits: bigint }): number {
  if (refundUnits >= paid.units) return paid.yen;
  return Math.min(nacToYen(refundUnits, paid.rateUnits), paid.yen);
}

const METHOD_ORDER: FinancialPaymentMethodValue[] = ['CARD', 'NAC', 'POINT'];

/** Lines in statement order: by instant, then billing, payments before refunds, card, NAC, points. */
export function sortLines(lines: Line[]): Line[] {
  return lines.sort(
    (a, b) =>
      a.at.getTime() - b.at.getTime() ||
      a.billingNumber.localeCompare(b.billingNumber) ||
      (a.type === b.type ? 0 : a.type === 'PAYMENT' ? -1 : 1) ||
      METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
  );
}

// Totals and summaries ------------------------------------------------------------------------------

export type YenTotals = { paid: number; refunded: number; net: number };

function yenTotals(lines: readonly Line[]): YenTotals {
  let paid = 0;
  let refunded = 0;
  for (const l of lines) {
    if (l.type === 'PAYMENT') paid += l.amount;
    else refunded += l.amount;
  }
  return { paid, refunded, net: paid + refunded };
}

export function methodTotals(lines: readonly Line[]) {
  const of = (m: FinancialPaymentMethodValue) => lines.filter((l) => l.method === m);
  const nac = of('NAC');
  let nacPaid = 0n;
  let nacRefunded = 0n;
  for (const l of nac) {
    if (l.type === 'PAYMENT') nacPaid += l.nacUnits ?? 0n;
    else nacRefunded += l.nacUnits ?? 0n;
  }
  return {
    card: yenTotals(of('CARD')),
    nac: {
      ...yenTotals(nac),
      nacPaid: formatNac(nacPaid),
      nacRefunded: formatNac(nacRefunded),
      nacNet: formatNac(nacPaid + nacRefunded),
    },
    point: yenTotals(of('POINT')),
    total: yenTotals(lines),
  };
}

type IsoDaily = Omit<DailySummary, 'date'> & { date: IsoDate };

/** Per date: one entry for its payments and one for its refunds (when it has them), numbered within the date. */
export function dailySummaries(lines: readonly Line[]): IsoDaily[] {
  const byDate = new Map<IsoDate, { PAYMENT: number | null; REFUND: number | null }>();
  for (const l of lines) {
    const d = byDate.get(l.date) ?? { PAYMENT: null, REFUND: null };
    d[l.type] = (d[l.type] ?? 0) + l.amount;
    byDate.set(l.date, d);
  }
  const out: IsoDaily[] = [];
  for (const date of [...byDate.keys()].sort()) {
    const d = byDate.get(date)!;
    let dateSeq = 0;
    for (const type of ['PAYMENT', 'REFUND'] as const) {
      const amount = d[type];
      if (amount !== null) out.push({ date, dateSeq: ++dateSeq, amount, type });
    }
  }
  return out;
}

export type Monthly = {
  year: number;
  month: number;
  card: number;
  nac: number;
  point: number;
} & YenTotals;

/** Per month of the period (every month, so a quiet month shows as zero): net yen per method and in all. */
export function monthlySummaries(period: Period, lines: readonly Line[]): Monthly[] {
  const out: Monthly[] = [];
  for (let ym = monthOf(period.start); firstOfMonth(ym) <= period.end; ym = addMonths(ym, 1)) {
    const key = firstOfMonth(ym).slice(0, 7);
    const ofMonth = lines.filter((l) => l.date.startsWith(key));
    const net = (m: FinancialPaymentMethodValue) =>
      ofMonth.filter((l) => l.method === m).reduce((s, l) => s + l.amount, 0);
    out.push({
      year: ym.year,
      month: ym.month,
      card: net('CARD'),
      nac: net('NAC'),
      point: net('POINT'),
      ...yenTotals(ofMonth),
    });
  }
  return out;
}

/** The periods of a type that have lines, newest first, with their totals and line counts. */
export function periodsWithLines(type: FinancialPeriodTypeValue, lines: readonly Line[]) {
  const byStart = new Map<IsoDate, Line[]>();
  for (const l of lines) {
    const p = periodOf(type, l.date);
    const list = byStart.get(p.start);
    if (list) list.push(l);
    else byStart.set(p.start, [l]);
  }
  return [...byStart.keys()]
    .sort()
    .reverse()
    .map((start) => {
      const ofPeriod = byStart.get(start)!;
      return { period: periodStarting(type, start)!, ...yenTotals(ofPeriod), lineCount: ofPeriod.length };
    });
}
