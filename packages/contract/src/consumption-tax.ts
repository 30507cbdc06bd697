import type { ConsumptionTaxRateTypeValue } from './billing.contract.js';

/**
 * Japanese consumption tax (docs/domain.md, Money; decision 0061): the one implementation, for the
 * API (invoices, quotes, meal menus, owner fees, owner statements) and the web alike. Amounts are
 * integer yen.
 *
 * The one rounding rule: the tax of an amount is its rate applied to the amount's magnitude, rounded
 * down to the yen, and carries the amount's sign. For any sale (a non-negative amount) that is plain
 * rounding down, as the billing has always rounded an invoice's tax; a negative amount (a discount
 * line shown alone, an owner statement section that nets to a refund) gets the exact mirror of the
 * positive one, so taking an amount back takes back the very tax it carried.
 *
 * A qualified invoice rounds once per rate per document, never line by line: `invoiceTax` sums each
 * rate's amounts first and calls `taxOf` once on each sum. A tax computed for one line alone is for
 * display only and is never added up into a document's tax.
 */

export type ConsumptionTaxRate = ConsumptionTaxRateTypeValue;

/**
 * Percent per rate type: STANDARD 10% (accommodation, services, meals served in the house), REDUCED
 * 8% (food and non-alcoholic drinks sold as goods), EXEMPT 0 (deposits, cancellation fees: not a
 * taxable sale). Listed highest rate first, the order a document lists its rates in.
 */
export const CONSUMPTION_TAX_PERCENT = { STANDARD: 10, REDUCED: 8, EXEMPT: 0 } as const satisfies Record<
  ConsumptionTaxRate,
  number
>;

export const CONSUMPTION_TAX_RATES = Object.keys(CONSUMPTION_TAX_PERCENT) as readonly ConsumptionTaxRate[];

function percentOf(rate: ConsumptionTaxRate): number {
  const percent = (CONSUMPTION_TAX_PERCENT as Record<string, number | undefined>)[rate];
  // A rate type read from storage or the wire that the table lacks must not turn into NaN yen.
  if (percent === undefined) throw new RangeError(`unknown consumption tax rate: ${String(rate)}`);
  return percent;
}

/** The rate type of a percentage as stored beside an amount (owner ledger, statements): 10, 8 or 0. */
export function consumptionTaxRateOf(percent: number): ConsumptionTaxRate {
  const rate = CONSUMPTION_TAX_RATES.find((r) => CONSUMPTION_TAX_PERCENT[r] === percent);
  if (rate === undefined) throw new RangeError(`not a consumption tax percentage: ${percent}`);
  return rate;
}

function assertYen(amount: number): void {
  // × (100 + rate) must stay exact, so the largest amount is well inside the safe integers.
  if (!Number.isSafeInteger(amount) || !Number.isSafeInteger(amount * 110)) {
    throw new RangeError(`not an amount of yen: ${amount}`);
  }
}

/** The tax on a tax-exclusive amount: the one rounding rule (rounded down, sign mirrored). */
export function taxOf(exclusiveAmount: number, rate: ConsumptionTaxRate): number {
  assertYen(exclusiveAmount);
  const tax = Math.floor((Math.abs(exclusiveAmount) * percentOf(rate)) / 100);
  return exclusiveAmount < 0 && tax !== 0 ? -tax : tax; // never -0
}

/** A tax-exclusive amount with its tax added. */
export function inclusiveOf(exclusiveAmount: number, rate: ConsumptionTaxRate): number {
  return exclusiveAmount + taxOf(exclusiveAmount, rate);
}

/**
 * The tax contained in a tax-inclusive amount, by the same rule: the magnitude × rate / (100 + rate),
 * rounded down, sign mirrored. For an amount made by `inclusiveOf(x)` it is exactly `taxOf(x)`.
 */
export function taxIncluded(inclusiveAmount: number, rate: ConsumptionTaxRate): number {
  assertYen(inclusiveAmount);
  const percent = percentOf(rate);
  const tax = Math.floor((Math.abs(inclusiveAmount) * percent) / (100 + percent));
  return inclusiveAmount < 0 && tax !== 0 ? -tax : tax; // never -0
}

/**
 * The tax-exclusive part of a tax-inclusive amount. Gives back x from `inclusiveOf(x)` exactly, for
 * every x. An inclusive amount no exclusive one rounds to (at 10%, 10 yen: 9 → 9, 10 → 11) gives the
 * exclusive amount whose inclusive one is a yen further from zero.
 */
export function exclusiveOf(inclusiveAmount: number, rate: ConsumptionTaxRate): number {
  return inclusiveAmount - taxIncluded(inclusiveAmount, rate);
}

export type TaxableLine = { amount: number; rate: ConsumptionTaxRate };

export type RateTax = {
  rate: ConsumptionTaxRate;
  percent: number;
  /** The rate's tax-exclusive amounts, summed. */
  subtotal: number;
  /** `taxOf(subtotal)`: once for the rate, never a sum of lines' taxes. */
  tax: number;
  total: number;
};

export type InvoiceTax = { byRate: RateTax[]; subtotal: number; tax: number; total: number };

/**
 * A document's consumption tax as a qualified invoice requires it: the lines summed per rate, the tax
 * computed once on each rate's sum, and the document's figures the sums of the rates'. Rates appear
 * highest first, and only those some line carries (an EXEMPT line gives an EXEMPT rate of 0 tax).
 */
export function invoiceTax(lines: readonly TaxableLine[]): InvoiceTax {
  const byRateSum = new Map<ConsumptionTaxRate, number>();
  for (const l of lines) {
    // Refused here: an unknown rate would otherwise drop out of the rates below, and its amount with it.
    percentOf(l.rate);
    byRateSum.set(l.rate, (byRateSum.get(l.rate) ?? 0) + l.amount);
  }
  const byRate = CONSUMPTION_TAX_RATES.filter((r) => byRateSum.has(r)).map((rate): RateTax => {
    const subtotal = byRateSum.get(rate) ?? 0;
    const tax = taxOf(subtotal, rate);
    return { rate, percent: CONSUMPTION_TAX_PERCENT[rate], subtotal, tax, total: subtotal + tax };
  });
  const sum = (pick: (r: RateTax) => number) => byRate.reduce((s, r) => s + pick(r), 0);
  return { byRate, subtotal: sum((r) => r.subtotal), tax: sum((r) => r.tax), total: sum((r) => r.total) };
}
