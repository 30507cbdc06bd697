import {
  addDays,
  addMonths,
  daysBetween,
  daysInMonth,
  firstOfMonth,
  monthOf,
  type IsoDate,
} from '@yado/contract/civil-date';
import { CONSUMPTION_TAX_PERCENT, consumptionTaxRateOf, exclusiveOf, invoiceTax } from '@yado/contract/consumption-tax';
import type {
  SettlementSubjectValue,
  StatementCycleValue,
  StatementSubjectValue,
  SummaryTypeValue,
  TaxLine,
  UnitDetail,
} from '@yado/contract/statement.contract';
import { shareOf, type Fraction } from '../owner-area/owner-area.service.js';

/*
 * The arithmetic of an owner statement (decision 0035), as plain functions over yen integers. Every
 * amount of an item is tax-exclusive; a section's consumption tax is computed once per rate on the
 * sum of that rate's items and rounded down (toward zero for a negative sum), never item by item —
 * the qualified invoice rule, by the contract's consumption-tax module (decision 0061).
 * docs/owner-statement-example.md works one statement through by hand and statement.rules.test.ts
 * checks these functions against it.
 */

export type { Fraction };

export type Item = {
  subject: StatementSubjectValue;
  summaryType: SummaryTypeValue;
  amount: number;
  /** Percent; 0 for an item no consumption tax applies to. */
  taxRate: number;
  unitDetails: UnitDetail | null;
  bookingNumber: string | null;
  date: IsoDate | null;
};

export type Section = { subtotal: number; consumptionTaxes: TaxLine[]; total: number; items: Item[] };
export type ExpenditureSection = Section & { nonTaxable: { targetAmount: number } };

export type SimpleItem = { subject: SettlementSubjectValue; amount: number; consumptionTaxApplicable: boolean };
export type MonthlySettlement = { total: number; items: SimpleItem[]; consumptionTax: number };
export type SemesterSettlement = {
  exclusion: number;
  exclusionItems: SimpleItem[];
  exclusionConsumptionTax: number;
  transferAmount: number;
};

export type HouseStatementDoc = {
  total: number;
  revenue: Section;
  expenditure: ExpenditureSection;
  monthlyReportSettlement?: MonthlySettlement;
  semesterReportSettlement?: SemesterSettlement;
};

/** One line per rate of the taxable items (highest rate first), the tax computed once on each sum. */
export function taxLines(items: readonly Item[]): TaxLine[] {
  const taxable = items
    .filter((it) => it.taxRate > 0)
    .map((it) => ({ amount: it.amount, rate: consumptionTaxRateOf(it.taxRate) }));
  return invoiceTax(taxable).byRate.map((r) => ({
    targetAmount: r.subtotal,
    percentage: r.percent,
    taxAmount: r.tax,
  }));
}

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

/** A section of a house statement: the items, their subtotal, tax per rate and total (tax included). */
export function section(items: readonly Item[]): Section {
  const consumptionTaxes = taxLines(items);
  const subtotal = sum(items.map((i) => i.amount));
  return {
    subtotal,
    consumptionTaxes,
    total: subtotal + sum(consumptionTaxes.map((t) => t.taxAmount)),
    items: [...items],
  };
}

export function expenditureSection(items: readonly Item[]): ExpenditureSection {
  return {
    ...section(items),
    nonTaxable: { targetAmount: sum(items.filter((i) => i.taxRate === 0).map((i) => i.amount)) },
  };
}

/**
 * The settlement of a house: monthly, revenue against expenditure with the net consumption tax;
 * semester, the expenditure (with its tax) withheld from the transfer of the revenue (with its tax).
 */
export function houseStatement(cycle: StatementCycleValue, revenueItems: Item[], expenditureItems: Item[]) {
  const revenue = section(revenueItems);
  const expenditure = expenditureSection(expenditureItems);
  const revenueTax = sum(revenue.consumptionTaxes.map((t) => t.taxAmount));
  const expenditureTax = sum(expenditure.consumptionTaxes.map((t) => t.taxAmount));
  const total = revenue.total - expenditure.total;
  const doc: HouseStatementDoc = { total, revenue, expenditure };
  if (cycle === 'MONTHLY') {
    const items: SimpleItem[] = [
      { subject: 'REVENUE', amount: revenue.subtotal, consumptionTaxApplicable: true },
      {
        subject: 'TAXABLE_EXPENDITURE',
        amount: -(expenditure.subtotal - expenditure.nonTaxable.targetAmount),
        consumptionTaxApplicable: true,
      },
      {
        subject: 'NON_TAXABLE_EXPENDITURE',
        amount: -expenditure.nonTaxable.targetAmount,
        consumptionTaxApplicable: false,
      },
    ];
    doc.monthlyReportSettlement = { total, items, consumptionTax: revenueTax - expenditureTax };
  } else {
    const bySubject = new Map<StatementSubjectValue, SimpleItem>();
    for (const it of expenditure.items) {
      const line = bySubject.get(it.subject) ?? {
        subject: it.subject as SettlementSubjectValue,
        amount: 0,
        consumptionTaxApplicable: it.taxRate > 0,
      };
      line.amount += it.amount;
      bySubject.set(it.subject, line);
    }
    doc.semesterReportSettlement = {
      exclusion: expenditure.total,
      exclusionItems: [...bySubject.values()],
      exclusionConsumptionTax: expenditureTax,
      transferAmount: revenue.total - expenditure.total,
    };
  }
  return doc;
}

/** The statement's totals: revenue and expenditure of every house, tax included, and their difference. */
export function statementTotals(houses: readonly HouseStatementDoc[]) {
  const totalRevenue = sum(houses.map((h) => h.revenue.total));
  const totalExpenditure = sum(houses.map((h) => h.expenditure.total));
  return { totalRevenue, totalExpenditure, total: totalRevenue - totalExpenditure };
}

// Periods -------------------------------------------------------------------------------------------

export type Period = { cycle: StatementCycleValue; from: IsoDate; /** inclusive */ to: IsoDate; months: number };

/** The period starting on a date, or null when no period of the cycle starts then. */
export function periodStarting(cycle: StatementCycleValue, from: IsoDate): Period | null {
  const ym = monthOf(from);
  if (firstOfMonth(ym) !== from) return null;
  if (cycle === 'SEMESTER' && ym.month !== 1 && ym.month !== 7) return null;
  const months = cycle === 'MONTHLY' ? 1 : 6;
  return { cycle, from, to: addDays(firstOfMonth(addMonths(ym, months)), -1), months };
}

/** The id of a period: "MONTHLY-2026-10", "SEMESTER-2026-07". */
export const periodIdOf = (p: Pick<Period, 'cycle' | 'from'>) => `${p.cycle}-${p.from.slice(0, 7)}`;

/** The latest period of a cycle that has ended by `today` (the day after its last day or later). */
export function lastEndedPeriod(cycle: StatementCycleValue, today: IsoDate): Period {
  const ym = monthOf(today);
  const start =
    cycle === 'MONTHLY'
      ? addMonths(ym, -1)
      : ym.month <= 6
        ? { year: ym.year - 1, month: 7 }
        : { year: ym.year, month: 1 };
  return periodStarting(cycle, firstOfMonth(start))!;
}

// Items ---------------------------------------------------------------------------------------------

/**
 * The management fee of one share at one house for the period. The owner's monthly fee is their
 * share's part of the house's fee (rounded down); a share held the whole period pays it per month
 * (`period`), one held from inside the period pays the whole months it held and, for the month it
 * started in, the days it held of that month's days (`totalAndBilled`, rounded down).
 */
export function managementFeeItem(input: {
  feePerMonth: number;
  fraction: Fraction;
  period: Period;
  /** The first day the share counts (its grant date in the house group's zone). */
  heldFrom: IsoDate;
}): Item | null {
  const unitPrice = shareOf(input.feePerMonth, input.fraction);
  const { period } = input;
  if (unitPrice === 0 || input.heldFrom > period.to) return null;
  const base = {
    subject: 'MANAGEMENT_FEE' as const,
    summaryType: 'DEFAULT' as const,
    taxRate: CONSUMPTION_TAX_PERCENT.STANDARD,
    bookingNumber: null,
    date: null,
  };
  const heldFrom = input.heldFrom < period.from ? period.from : input.heldFrom;
  if (firstOfMonth(monthOf(heldFrom)) === heldFrom) {
    const months = monthsFrom(heldFrom, period.to);
    return {
      ...base,
      amount: unitPrice * months,
      unitDetails: { unitPrice, unit: 'MONTHLY', months, days: 0, period: { months, days: 0 } },
    };
  }
  // The month the share started in is billed by its days; every later month of the period in full.
  const startMonth = monthOf(heldFrom);
  const totalDays = daysInMonth(startMonth);
  const nextMonth = firstOfMonth(addMonths(startMonth, 1));
  const billedDays = daysBetween(heldFrom, nextMonth);
  const fullMonths = nextMonth > period.to ? 0 : monthsFrom(nextMonth, period.to);
  return {
    ...base,
    amount: unitPrice * fullMonths + Math.floor((unitPrice * billedDays) / totalDays),
    unitDetails: {
      unitPrice,
      unit: 'MONTHLY',
      months: fullMonths,
      days: billedDays,
      totalAndBilled: { totalDays, billedDays },
    },
  };
}

/** Whole months from a first of month through a month's last day. */
function monthsFrom(first: IsoDate, lastDay: IsoDate): number {
  const a = monthOf(first);
  const b = monthOf(lastDay);
  return (b.year - a.year) * 12 + (b.month - a.month) + 1;
}

/** The owner's part of a house's guest accommodation revenue (tax-exclusive), as the owner area counts it. */
export function revenueItem(houseAmount: number, fraction: Fraction, summaryType: SummaryTypeValue): Item | null {
  // A correction taking revenue back (a refund) is rounded toward zero, the mirror of a positive one.
  const amount = houseAmount < 0 ? -shareOf(-houseAmount, fraction) : shareOf(houseAmount, fraction);
  if (amount === 0) return null;
  return {
    subject: 'ACCOMMODATION',
    summaryType,
    amount,
    taxRate: CONSUMPTION_TAX_PERCENT.STANDARD,
    unitDetails: null,
    bookingNumber: null,
    date: null,
  };
}

/**
 * A fee of one booking from the expenditure ledger (the sum of its entries of one subject and rate,
 * tax-inclusive), as a tax-exclusive item. An entry of a date before the period (it reached the ledger
 * after its own period closed) is an ADJUSTMENT. A mutual-use charge shows its nightly price when the
 * nights divide it.
 */
export function feeItem(input: {
  subject: 'OWN_USE_FEE' | 'MUTUAL_USE_EXTRA_CHARGE' | 'CANCELLATION_FEE';
  inclusiveAmount: number;
  taxRate: number;
  incurredOn: IsoDate;
  periodFrom: IsoDate;
  bookingNumber: string;
  nights: number;
}): Item | null {
  // The ledger keeps fees tax-inclusive, as inclusiveOf wrote them; exclusiveOf gives them back exactly.
  const amount = exclusiveOf(input.inclusiveAmount, consumptionTaxRateOf(input.taxRate));
  if (amount === 0) return null;
  let unitDetails: UnitDetail | null = null;
  if (input.subject === 'MUTUAL_USE_EXTRA_CHARGE' && input.nights > 0 && amount % input.nights === 0) {
    unitDetails = {
      unitPrice: amount / input.nights,
      unit: 'DAILY',
      months: 0,
      days: input.nights,
      period: { months: 0, days: input.nights },
    };
  }
  return {
    subject: input.subject,
    summaryType: input.incurredOn < input.periodFrom ? 'ADJUSTMENT' : 'DEFAULT',
    amount,
    taxRate: input.taxRate,
    unitDetails,
    bookingNumber: input.bookingNumber,
    date: input.incurredOn,
  };
}

const SUBJECT_ORDER: StatementSubjectValue[] = [
  'ACCOMMODATION',
  'MANAGEMENT_FEE',
  'OWN_USE_FEE',
  'MUTUAL_USE_EXTRA_CHARGE',
  'CANCELLATION_FEE',
];

/** Items in the order a statement lists them: by subject, the period's before adjustments, then by date. */
export function sortItems(items: Item[]): Item[] {
  return items.sort(
    (a, b) =>
      SUBJECT_ORDER.indexOf(a.subject) - SUBJECT_ORDER.indexOf(b.subject) ||
      (a.summaryType === b.summaryType ? 0 : a.summaryType === 'DEFAULT' ? -1 : 1) ||
      (a.date ?? '').localeCompare(b.date ?? '') ||
      (a.bookingNumber ?? '').localeCompare(b.bookingNumber ?? ''),
  );
}
