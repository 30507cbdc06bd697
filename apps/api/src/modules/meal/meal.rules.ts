import type { ConsumptionTaxRateTypeValue } from '@yado/contract/billing.contract';
import { addDays, civilFromIso, daysBetween, realIsoFromCivil, type IsoDate } from '@yado/contract/civil-date';
import type { CivilDate } from '@yado/contract/common.schema';
import { inclusiveOf } from '@yado/contract/consumption-tax';
import { mealAgeBand, type MealQuantity } from '@yado/contract/meal.contract';
import { AppError } from '../../platform/app-error.js';

export type TaxRateType = ConsumptionTaxRateTypeValue;
export type MealKind = 'BREAKFAST' | 'DINNER';
export type ChargeBasis = 'PER_NIGHT' | 'PER_STAY';

/**
 * A line the billing module bills, in the billing module's BillingLineInput
 * shape (kept here as its own type so this module needs nothing but the
 * billing service at run time; TypeScript checks the two agree where the
 * booking module hands these lines to createBilling).
 */
export type OrderBillingLine = {
  subject: 'MEAL' | 'OPTION';
  category: 'MEAL' | 'EXTRA_OPTION';
  titleEn: string;
  titleJa: string;
  date: string | null;
  quantity: number;
  mealQuantities?: MealQuantity[];
  amount: number;
  taxRateType: TaxRateType;
  serviceChargeApplicable: boolean;
  orderId?: string | null;
  source?: 'CHECKIN' | 'CHECKOUT' | 'CANCEL' | null;
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The date as `YYYY-MM-DD`; a day the calendar lacks is refused, naming the field. */
export function realIsoDateOf(d: CivilDate, field = 'date'): IsoDate {
  const iso = realIsoFromCivil(d);
  if (iso === null) throw new AppError('CodeInvalidArgument', { fields: [{ field, description: 'not a real date' }] });
  return iso;
}

export function assertIsoDate(iso: string, field: string): IsoDate {
  if (!ISO_DATE.test(iso))
    throw new AppError('CodeInvalidArgument', { fields: [{ field, description: 'YYYY-MM-DD' }] });
  return realIsoDateOf(civilFromIso(iso), field);
}

// Meals -------------------------------------------------------------------------

export type AgePrices = { adultPrice: number; childPrice: number; infantPrice: number };

/** The price of one portion for a guest of this age. */
export function priceForAge(prices: AgePrices, age: number): number {
  const band = mealAgeBand(age);
  return band === 'ADULT' ? prices.adultPrice : band === 'CHILD' ? prices.childPrice : prices.infantPrice;
}

/**
 * Quantities as they are kept and billed: one entry per age, in age order,
 * without zero counts. Refuses an order of no portions at all.
 */
export function normaliseQuantities(quantities: readonly MealQuantity[], field = 'quantities'): MealQuantity[] {
  const byAge = new Map<number, number>();
  for (const q of quantities) {
    if (!Number.isInteger(q.age) || q.age < 0 || !Number.isInteger(q.number) || q.number < 0) {
      throw new AppError('CodeInvalidArgument', {
        fields: [{ field, description: 'ages and numbers are whole, not negative' }],
      });
    }
    if (q.number > 0) byAge.set(q.age, (byAge.get(q.age) ?? 0) + q.number);
  }
  if (byAge.size === 0) {
    throw new AppError('CodeInvalidArgument', { fields: [{ field, description: 'at least one portion' }] });
  }
  return [...byAge.entries()].sort((a, b) => b[0] - a[0]).map(([age, number]) => ({ age, number }));
}

export function portions(quantities: readonly MealQuantity[]): number {
  return quantities.reduce((n, q) => n + q.number, 0);
}

/** Σ portions × the price of their age band (yen, tax-exclusive, before service charge). */
export function mealSubtotal(prices: AgePrices, quantities: readonly MealQuantity[]): number {
  return quantities.reduce((sum, q) => sum + q.number * priceForAge(prices, q.age), 0);
}

/**
 * The dates of a stay a meal can be served on: dinner on each night's date
 * (check-in up to the night before check-out), breakfast on each morning
 * after a night (the day after check-in up to check-out).
 */
export function servableDates(type: MealKind, checkinDate: IsoDate, checkoutDate: IsoDate): IsoDate[] {
  const nights = daysBetween(checkinDate, checkoutDate);
  const first = type === 'DINNER' ? checkinDate : addDays(checkinDate, 1);
  return Array.from({ length: Math.max(0, nights) }, (_, i) => addDays(first, i));
}

export function isServable(type: MealKind, date: IsoDate, checkinDate: IsoDate, checkoutDate: IsoDate): boolean {
  return type === 'DINNER' ? date >= checkinDate && date < checkoutDate : date > checkinDate && date <= checkoutDate;
}

/** "+09:00" → minutes east of UTC. */
function offsetMinutes(utcOffset: string): number {
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(utcOffset);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

/**
 * The instant orders and cancellations of a meal close: `daysBefore` days
 * before the providing date at `time` ("HH:MM") in the house group's zone.
 * Orders are taken while now is strictly before it.
 */
export function orderDeadline(
  providingDate: IsoDate,
  deadline: { daysBefore: number; time: string },
  utcOffset: string,
): Date {
  const day = addDays(providingDate, -deadline.daysBefore);
  const [h, min] = deadline.time.split(':').map(Number);
  return new Date(
    Date.parse(`${day}T00:00:00Z`) + ((h ?? 0) * 60 + (min ?? 0)) * 60_000 - offsetMinutes(utcOffset) * 60_000,
  );
}

export function deadlinePassed(deadline: Date, now: Date): boolean {
  return now.getTime() >= deadline.getTime();
}

// Money for display ------------------------------------------------------------------

/** "10.00" → 1000 (hundredths of a percent), read without floating point. */
export function hundredthsOfPercent(percentage: string): number {
  const m = /^(\d+)(?:\.(\d{1,2}))?/.exec(percentage.trim());
  if (!m) return 0;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/**
 * An amount with the service charge and then consumption tax added, each
 * rounded down. For showing one order only: an invoice adds tax once per rate
 * over all its lines (docs/domain.md, Money), which can differ by a yen.
 */
export function serviceChargeAndTaxInclusive(
  amount: number,
  taxRateType: TaxRateType,
  serviceChargePercentage: string,
  serviceChargeApplicable = true,
): number {
  const serviceCharge = serviceChargeApplicable
    ? Math.floor((amount * hundredthsOfPercent(serviceChargePercentage)) / 10_000)
    : 0;
  return inclusiveOf(amount + serviceCharge, taxRateType);
}

// Extra options ------------------------------------------------------------------------

export type OptionTerms = {
  unitAmount: number;
  chargeBasis: ChargeBasis;
  freeQuantity: number;
  maxQuantity: number;
  isQuantityChangeable: boolean;
};

/**
 * Whether a stay may take this many units: never more than the maximum, and
 * an option whose quantity cannot be chosen is taken once or not at all.
 */
export function assertOptionQuantity(terms: OptionTerms, quantity: number): void {
  const max = terms.isQuantityChangeable ? terms.maxQuantity : Math.min(1, terms.maxQuantity);
  if (!Number.isInteger(quantity) || quantity < 0 || quantity > max)
    throw new AppError('CodeExtraOptionQuantityInvalid');
}

/** The units charged: those beyond the free ones, once per night when the option is charged per night. */
export function chargedUnits(terms: OptionTerms, quantity: number, nights: number): number {
  const paid = Math.max(0, quantity - terms.freeQuantity);
  return terms.chargeBasis === 'PER_NIGHT' ? paid * Math.max(0, nights) : paid;
}

export function optionAmount(terms: OptionTerms, quantity: number, nights: number): number {
  return chargedUnits(terms, quantity, nights) * terms.unitAmount;
}

// Billing lines --------------------------------------------------------------------------

export function mealLine(o: {
  nameEn: string;
  nameJa: string;
  date: IsoDate;
  quantities: MealQuantity[];
  subtotal: number;
  taxRateType: TaxRateType;
  orderId?: string | null;
}): OrderBillingLine {
  return {
    subject: 'MEAL',
    category: 'MEAL',
    titleEn: o.nameEn,
    titleJa: o.nameJa,
    date: o.date,
    quantity: portions(o.quantities),
    mealQuantities: o.quantities,
    amount: o.subtotal,
    taxRateType: o.taxRateType,
    serviceChargeApplicable: true,
    orderId: o.orderId ?? null,
  };
}

export function optionLine(o: {
  captionEn: string;
  captionJa: string;
  quantity: number;
  nights: number;
  chargeBasis: ChargeBasis;
  amount: number;
  taxRateType: TaxRateType;
  orderId?: string | null;
}): OrderBillingLine {
  const perNight = o.chargeBasis === 'PER_NIGHT';
  return {
    subject: 'OPTION',
    category: 'EXTRA_OPTION',
    titleEn: perNight ? `${o.captionEn} (${o.nights} ${o.nights === 1 ? 'night' : 'nights'})` : o.captionEn,
    titleJa: perNight ? `${o.captionJa}（${o.nights}泊）` : o.captionJa,
    date: null,
    quantity: o.quantity,
    amount: o.amount,
    taxRateType: o.taxRateType,
    serviceChargeApplicable: true,
    orderId: o.orderId ?? null,
  };
}
