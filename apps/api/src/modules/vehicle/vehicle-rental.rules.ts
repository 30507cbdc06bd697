import { computeTotals, type BillingLineInput } from '../billing/billing.service.js';

/** Rentals are priced and booked by the half hour (DOMAIN.md: base + half-hour price × half hours). */
export const HALF_HOUR_MS = 30 * 60_000;
/** The car is made ready (unlocked for pick-up at the location) this long before pick-up. */
export const READY_LEAD_MS = 30 * 60_000;
/** After drop-off the renter may still lock the car from the controller for this long. */
export const CONTROLLABLE_AFTER_USE_MS = 15 * 60_000;
/** An unpaid rental (a 3-D Secure page left open) holds the car this long. */
export const TENTATIVE_HOLD_MS = 15 * 60_000;
/** The longest rental: a week, so a typo in a date never books a car for a year. */
export const MAX_RENTAL_HALF_HOURS = 7 * 48;

/** Only instants on a half hour (…:00 or …:30, no seconds) start or end a rental; every time zone the product serves is a whole or half hour from UTC. */
export const isOnHalfHour = (d: Date): boolean => d.getTime() % HALF_HOUR_MS === 0;

/** Whole half hours between pick-up and drop-off, both on a half hour. */
export function halfHoursBetween(pickup: Date, dropoff: Date): number {
  return Math.round((dropoff.getTime() - pickup.getTime()) / HALF_HOUR_MS);
}

/** Half hours a drop-off is late: any part of a started half hour counts as a whole one. */
export function lateHalfHours(scheduledDropoff: Date, actualDropoff: Date): number {
  const late = actualDropoff.getTime() - scheduledDropoff.getTime();
  return late <= 0 ? 0 : Math.ceil(late / HALF_HOUR_MS);
}

export type RentalPrices = {
  basePrice: number;
  halfHourPrice: number;
  pickupPrice: number;
  dropoffPrice: number;
};

export type RentalLineTitles = {
  orderNumber: string | null;
  /** The pick-up's civil date (the billing line's date). */
  date: string;
};

const line = (
  titleEn: string,
  titleJa: string,
  amount: number,
  quantity: number,
  t: RentalLineTitles,
): BillingLineInput => ({
  // A rental is an extra service of the stay: consumption tax at the standard rate, with service charge.
  subject: 'OPTION',
  category: 'SERVICE',
  titleEn,
  titleJa,
  date: t.date,
  quantity,
  amount,
  taxRateType: 'STANDARD',
  serviceChargeApplicable: true,
  orderNumber: t.orderNumber,
});

/** The billing lines of a rental: base, the half hours, and each location's price when it has one. */
export function rentalLines(p: RentalPrices, halfHours: number, t: RentalLineTitles): BillingLineInput[] {
  const lines = [
    line('Vehicle rental (base)', 'レンタカー基本料金', p.basePrice, 1, t),
    line(
      `Vehicle rental (${halfHours} half hours)`,
      `レンタカー時間料金（${halfHours}×30分）`,
      p.halfHourPrice * halfHours,
      halfHours,
      t,
    ),
  ];
  if (p.pickupPrice > 0) lines.push(line('Vehicle pick-up', 'レンタカー配車料金', p.pickupPrice, 1, t));
  if (p.dropoffPrice > 0) lines.push(line('Vehicle drop-off', 'レンタカー返却料金', p.dropoffPrice, 1, t));
  return lines;
}

/** The extra half hours of a late drop-off, billed on their own (ADDITIONAL). */
export function lateLines(halfHourPrice: number, halfHours: number, t: RentalLineTitles): BillingLineInput[] {
  return [
    line(
      `Late vehicle drop-off (${halfHours} half hours)`,
      `レンタカー延長料金（${halfHours}×30分）`,
      halfHourPrice * halfHours,
      halfHours,
      t,
    ),
  ];
}

export type RentalPrice = {
  halfHours: number;
  basePrice: number;
  /** halfHourPrice × halfHours. */
  timeAmount: number;
  pickupPrice: number;
  dropoffPrice: number;
  /** Before service charge and tax. */
  subtotalAmount: number;
  serviceChargePercentage: string;
  serviceChargeAmount: number;
  /** subtotal + service charge (tax-exclusive). */
  serviceChargeInclusiveAmount: number;
  taxAmount: number;
  /** What the renter pays. */
  taxInclusiveAmount: number;
};

/**
 * The price of a rental through the billing module's own arithmetic (service
 * charge rounded down before tax, tax once per rate rounded down), so the
 * quote and the billing can never disagree by a yen.
 */
export function rentalPrice(
  p: RentalPrices,
  halfHours: number,
  serviceChargePercentage: string,
  t: RentalLineTitles,
): RentalPrice & { lines: BillingLineInput[] } {
  const lines = rentalLines(p, halfHours, t);
  const totals = computeTotals({ lines, serviceChargePercentage, accommodationTax: 0 });
  const subtotalAmount = lines.reduce((s, l) => s + l.amount, 0);
  const serviceChargeInclusiveAmount = subtotalAmount + totals.serviceChargeAmount;
  return {
    halfHours,
    basePrice: p.basePrice,
    timeAmount: p.halfHourPrice * halfHours,
    pickupPrice: p.pickupPrice,
    dropoffPrice: p.dropoffPrice,
    subtotalAmount,
    serviceChargePercentage: totals.subtotalByServiceChargePercentage.percentage,
    serviceChargeAmount: totals.serviceChargeAmount,
    serviceChargeInclusiveAmount,
    taxAmount: totals.taxInclusiveTotalAmount - serviceChargeInclusiveAmount,
    taxInclusiveAmount: totals.taxInclusiveTotalAmount,
    lines,
  };
}

/**
 * What cancelling costs (source RENT_PRICE): free until 24 hours before
 * pick-up, half the rental's price in the last 24 hours, all of it once the
 * pick-up time has passed. Rounded down to the yen.
 */
export function rentalCancellationPercentage(pickup: Date, now: Date): number {
  const left = pickup.getTime() - now.getTime();
  if (left >= 24 * 3_600_000) return 0;
  if (left > 0) return 50;
  return 100;
}

export const rentalCancellationFee = (price: number, percentage: number): number =>
  Math.floor((price * percentage) / 100);

export type UseStatus = 'BEFORE_READY' | 'READY' | 'IN_USE' | 'CONTROLLABLE_AFTER_USE' | 'FINISHED';

/** The instant a rental may be picked up: the job marks it READY then; pickup_vehicle needs no job to have run. */
export const readyAt = (pickup: Date): Date => new Date(pickup.getTime() - READY_LEAD_MS);

/** pickup_vehicle: a booked rental, from READY_LEAD_MS before pick-up until its drop-off time. */
export function canPickUp(r: { status: string; useStatus: UseStatus; pickupAt: Date; dropoffAt: Date }, now: Date) {
  if (r.status !== 'BOOKED') return false;
  if (r.useStatus !== 'BEFORE_READY' && r.useStatus !== 'READY') return false;
  return now >= readyAt(r.pickupAt) && now < r.dropoffAt;
}

/** lock_vehicle and unlock_vehicle: while in use, or in the short window after drop-off. */
export function isControllable(
  r: { status: string; useStatus: UseStatus; controllableUntil: Date | null },
  now: Date,
): boolean {
  if (r.status !== 'BOOKED') return false;
  if (r.useStatus === 'IN_USE') return true;
  return r.useStatus === 'CONTROLLABLE_AFTER_USE' && r.controllableUntil !== null && now < r.controllableUntil;
}
