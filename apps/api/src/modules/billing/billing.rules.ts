import type {
  ConsumptionTaxRateTypeValue,
  OrderCategoryValue,
  TransactionSourceValue,
  TransactionSubjectValue,
} from '@yado/contract/billing.contract';
import { CONSUMPTION_TAX_PERCENT, CONSUMPTION_TAX_RATES, invoiceTax, taxOf } from '@yado/contract/consumption-tax';

/** STANDARD 10%, REDUCED 8%, EXEMPT 0: the rates and their tax are the contract's consumption-tax module. */
export type TaxRateType = ConsumptionTaxRateTypeValue;

export type BillingSubject = Extract<
  TransactionSubjectValue,
  | 'ACCOMMODATION'
  | 'MUTUAL_USE_EXTRA_CHARGE'
  | 'OWN_USE_FEE'
  | 'MEAL'
  | 'BEVERAGE'
  | 'MERCHANDISE'
  | 'OPTION'
  | 'DISCOUNT'
  | 'ACCOMMODATION_CANCEL_FEE'
  | 'ACCOMMODATION_DEPOSIT'
>;

const SUBJECT_ORDER: readonly BillingSubject[] = [
  'ACCOMMODATION',
  'MUTUAL_USE_EXTRA_CHARGE',
  'OWN_USE_FEE',
  'MEAL',
  'BEVERAGE',
  'MERCHANDISE',
  'OPTION',
  'DISCOUNT',
  'ACCOMMODATION_CANCEL_FEE',
  'ACCOMMODATION_DEPOSIT',
];

export type BillingLineInput = {
  subject: BillingSubject;
  category: OrderCategoryValue | null;
  titleEn: string;
  titleJa: string;
  /** ISO 'YYYY-MM-DD', or null for a line that belongs to no one date. */
  date: string | null;
  quantity: number;
  mealQuantities?: { age: number; number: number }[];
  /** Yen, tax-exclusive, before service charge; negative for DISCOUNT. */
  amount: number;
  /** A correction staff made to the line (signed yen, tax-exclusive), added to amount. */
  adjustmentAmount?: number;
  taxRateType: TaxRateType;
  serviceChargeApplicable: boolean;
  orderId?: string | null;
  orderNumber?: string | null;
  source?: TransactionSourceValue | null;
};

/**
 * A deposit is an advance on a later sale and a cancellation fee is
 * compensation, not consideration for a supply: neither is a taxable sale, and
 * neither carries a service charge, whatever the caller passed.
 */
export function effectiveLine(line: BillingLineInput): { rate: TaxRateType; serviceCharge: boolean; amount: number } {
  const amount = line.amount + (line.adjustmentAmount ?? 0);
  if (line.subject === 'ACCOMMODATION_DEPOSIT' || line.subject === 'ACCOMMODATION_CANCEL_FEE') {
    return { rate: 'EXEMPT', serviceCharge: false, amount };
  }
  return { rate: line.taxRateType, serviceCharge: line.serviceChargeApplicable, amount };
}

/** A decimal percentage such as '10.00' as hundredths of a percent (1000), so yen math stays in integers. */
export function percentageHundredths(percentage: string): number {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(percentage.trim());
  if (!m) throw new RangeError(`not a percentage: ${percentage}`);
  const value = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (value > 10_000) throw new RangeError(`percentage above 100: ${percentage}`);
  return value;
}

/** The percentage as sent on the wire: two decimals, as the house group stores it. */
export function formatPercentage(hundredths: number): string {
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

export type TaxSubtotal = {
  taxRate: number;
  consumptionTaxRateType: TaxRateType;
  /** Tax-exclusive, service charge included. */
  amount: number;
  taxAmount: number;
  taxInclusiveAmount: number;
};

export type BillingTotals = {
  subtotalsBySubject: { subject: BillingSubject; amount: number }[];
  subtotalsByConsumptionTaxRate: TaxSubtotal[];
  preDiscountSubtotalsByConsumptionTaxRate: TaxSubtotal[];
  preDiscountTaxExclusiveSubtotalAmount: number;
  preDiscountTaxInclusiveSubtotalAmount: number;
  serviceChargeAmount: number;
  subtotalByServiceChargePercentage: { percentage: string; amount: number; amountSubject: number };
  /** The discount lines, as a positive amount. */
  discountAmount: number;
  adjustmentAmount: number;
  accommodationAmount: number;
  accommodationTax: number;
  /** Every line with service charge and consumption tax, plus the accommodation tax. */
  taxInclusiveTotalAmount: number;
  /** The same before discount lines. */
  preDiscountTotalAmount: number;
};

/**
 * The service charge on the lines it applies to, rounded down once on their
 * sum, then shared among the tax rates of those lines (largest remainder), so
 * each rate's taxable amount holds its own part and the parts add up exactly.
 */
function serviceChargeByRate(
  baseByRate: Map<TaxRateType, number>,
  hundredths: number,
): { total: number; subject: number; byRate: Map<TaxRateType, number> } {
  const bases = CONSUMPTION_TAX_RATES.map((r) => [r, Math.max(0, baseByRate.get(r) ?? 0)] as const);
  const subject = bases.reduce((s, [, b]) => s + b, 0);
  const total = Math.floor((subject * hundredths) / 10_000);
  const byRate = new Map<TaxRateType, number>();
  if (subject === 0 || total === 0) return { total, subject, byRate };
  let given = 0;
  const shares = bases.map(([r, b]) => {
    const exact = total * b;
    const share = Math.floor(exact / subject);
    given += share;
    return { r, share, rest: exact % subject };
  });
  // Remainders go to the largest fractional parts first; ties by rate order, so the result is deterministic.
  const order = [...shares].sort((a, b) => b.rest - a.rest);
  for (let i = 0; given < total; i += 1, given += 1) {
    const s = order[i % order.length];
    if (s) s.share += 1;
  }
  for (const s of shares) if (s.share !== 0) byRate.set(s.r, s.share);
  return { total, subject, byRate };
}

function taxSubtotals(
  lines: readonly BillingLineInput[],
  hundredths: number,
): { subtotals: TaxSubtotal[]; serviceCharge: ReturnType<typeof serviceChargeByRate> } {
  const amountByRate = new Map<TaxRateType, number>();
  const scBaseByRate = new Map<TaxRateType, number>();
  for (const line of lines) {
    const e = effectiveLine(line);
    amountByRate.set(e.rate, (amountByRate.get(e.rate) ?? 0) + e.amount);
    if (e.serviceCharge) scBaseByRate.set(e.rate, (scBaseByRate.get(e.rate) ?? 0) + e.amount);
  }
  const serviceCharge = serviceChargeByRate(scBaseByRate, hundredths);
  // A discount larger than the sales of its rate leaves nothing taxable, never a negative tax.
  const taxable = [...amountByRate].map(([rate, amount]) => ({
    rate,
    amount: Math.max(0, amount + (serviceCharge.byRate.get(rate) ?? 0)),
  }));
  // Once per rate on the invoice's whole amount, rounded down: the qualified-invoice rule.
  const subtotals = invoiceTax(taxable).byRate.map((r): TaxSubtotal => ({
    taxRate: r.percent,
    consumptionTaxRateType: r.rate,
    amount: r.subtotal,
    taxAmount: r.tax,
    taxInclusiveAmount: r.total,
  }));
  return { subtotals, serviceCharge };
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

function assertLines(lines: readonly BillingLineInput[], accommodationTax: number): void {
  if (!Number.isSafeInteger(accommodationTax) || accommodationTax < 0) {
    throw new RangeError('accommodationTax must be a non-negative integer');
  }
  for (const l of lines) {
    if (!Number.isSafeInteger(l.amount) || !Number.isSafeInteger(l.adjustmentAmount ?? 0)) {
      throw new RangeError(`line amounts must be integers of yen: ${l.titleEn}`);
    }
    if (l.subject === 'DISCOUNT' ? l.amount > 0 : l.amount < 0) {
      throw new RangeError(`only a DISCOUNT line is negative: ${l.titleEn}`);
    }
  }
}

/**
 * Everything an invoice adds up: service charge (before tax, rounded down),
 * consumption tax once per rate for the whole invoice (rounded down), the
 * subtotals per subject, and the same before discounts. The accommodation tax
 * is outside consumption tax and is added on its own line.
 */
export function computeTotals(input: {
  lines: readonly BillingLineInput[];
  serviceChargePercentage: string;
  accommodationTax: number;
}): BillingTotals {
  const { lines, accommodationTax } = input;
  assertLines(lines, accommodationTax);
  const hundredths = percentageHundredths(input.serviceChargePercentage);

  const all = taxSubtotals(lines, hundredths);
  const pre = taxSubtotals(
    lines.filter((l) => l.subject !== 'DISCOUNT'),
    hundredths,
  );

  const bySubject = new Map<BillingSubject, number>();
  for (const l of lines) bySubject.set(l.subject, (bySubject.get(l.subject) ?? 0) + effectiveLine(l).amount);
  const subtotalsBySubject = SUBJECT_ORDER.filter((s) => bySubject.has(s)).map((subject) => ({
    subject,
    amount: bySubject.get(subject) ?? 0,
  }));

  const consumptionTotal = sum(all.subtotals.map((s) => s.taxInclusiveAmount));
  const preDiscountInclusive = sum(pre.subtotals.map((s) => s.taxInclusiveAmount));
  return {
    subtotalsBySubject,
    subtotalsByConsumptionTaxRate: all.subtotals,
    preDiscountSubtotalsByConsumptionTaxRate: pre.subtotals,
    preDiscountTaxExclusiveSubtotalAmount: sum(pre.subtotals.map((s) => s.amount)),
    preDiscountTaxInclusiveSubtotalAmount: preDiscountInclusive,
    serviceChargeAmount: all.serviceCharge.total,
    subtotalByServiceChargePercentage: {
      percentage: formatPercentage(hundredths),
      amount: all.serviceCharge.total,
      amountSubject: all.serviceCharge.subject,
    },
    discountAmount: -sum(lines.filter((l) => l.subject === 'DISCOUNT').map((l) => effectiveLine(l).amount)),
    adjustmentAmount: sum(lines.map((l) => l.adjustmentAmount ?? 0)),
    accommodationAmount: bySubject.get('ACCOMMODATION') ?? 0,
    accommodationTax,
    taxInclusiveTotalAmount: consumptionTotal + accommodationTax,
    preDiscountTotalAmount: preDiscountInclusive + accommodationTax,
  };
}

/** Display fields of one line: its tax rate and a tax computed for it alone (never summed on the invoice). */
export function lineDisplay(line: BillingLineInput): {
  taxRate: number;
  taxRateType: TaxRateType;
  amount: number;
  consumptionTax: number;
  taxInclusiveAmount: number;
} {
  const e = effectiveLine(line);
  // Sign mirrored (taxOf's rule), so a discount line shows the tax it takes off.
  const consumptionTax = taxOf(e.amount, e.rate);
  return {
    taxRate: CONSUMPTION_TAX_PERCENT[e.rate],
    taxRateType: e.rate,
    amount: e.amount,
    consumptionTax,
    taxInclusiveAmount: e.amount + consumptionTax,
  };
}

export type AccommodationTaxBand = { minYen: number; maxYen: number | null; taxPerPersonNight: number };

/** The band a room-only charge per person-night falls in (bands are inclusive at both ends), or none. */
export function accommodationTaxBand(
  bands: readonly AccommodationTaxBand[],
  roomOnlyAmountPerPersonNight: number,
): AccommodationTaxBand | null {
  return (
    bands.find(
      (b) =>
        roomOnlyAmountPerPersonNight >= b.minYen && (b.maxYen === null || roomOnlyAmountPerPersonNight <= b.maxYen),
    ) ?? null
  );
}

/**
 * Local accommodation tax: a fixed yen per person-night by the band of the
 * room-only charge per person-night; none where no band matches (or the
 * municipality levies none).
 */
export function accommodationTaxFor(input: {
  bands: readonly AccommodationTaxBand[];
  roomOnlyAmountPerPersonNight: number;
  persons: number;
  nights: number;
}): number {
  if (input.persons <= 0 || input.nights <= 0) return 0;
  const band = accommodationTaxBand(input.bands, input.roomOnlyAmountPerPersonNight);
  return band ? band.taxPerPersonNight * input.persons * input.nights : 0;
}

/**
 * The accommodation tax of a stay whose nights cost different amounts: each
 * night is banded by its own room-only charge per person (rounded down to the yen).
 */
export function accommodationTaxForNights(input: {
  bands: readonly AccommodationTaxBand[];
  nightAmounts: readonly number[];
  persons: number;
}): number {
  if (input.persons <= 0) return 0;
  return sum(
    input.nightAmounts.map((amount) =>
      accommodationTaxFor({
        bands: input.bands,
        roomOnlyAmountPerPersonNight: Math.floor(amount / input.persons),
        persons: input.persons,
        nights: 1,
      }),
    ),
  );
}

/** The deposit charged at confirmation: 30% of the total, rounded down to the yen (docs/domain.md). */
export function depositAmount(total: number): number {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError('total must be a non-negative integer');
  return Math.floor((total * 30) / 100);
}

export type BillingStatus = 'REQUESTED' | 'PAID' | 'CANCELLED' | 'FAILED' | 'REFUNDED';

/**
 * The only moves a billing makes. A FAILED billing goes back to REQUESTED when
 * the guest tries another card; PAID is left only by a refund. CANCELLED and
 * REFUNDED are final.
 */
export const BILLING_TRANSITIONS: Readonly<Record<BillingStatus, readonly BillingStatus[]>> = {
  REQUESTED: ['PAID', 'FAILED', 'CANCELLED'],
  FAILED: ['REQUESTED'],
  PAID: ['REFUNDED'],
  CANCELLED: [],
  REFUNDED: [],
};

export function canTransition(from: BillingStatus, to: BillingStatus): boolean {
  return BILLING_TRANSITIONS[from].includes(to);
}
