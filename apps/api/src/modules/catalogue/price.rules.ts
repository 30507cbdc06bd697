import { extraGuestsOf } from '@yado/contract/extra-guest-charge';
import type { PriceTypeValue } from './calendar.rules.js';

/** A night's season data with the nightly price of each price type (whole yen). */
export type PricedNight = { date: string; priceType: PriceTypeValue; standardPrice: number; highPrice: number };

export type GuestCount = { adults: number; children: number; infants: number; pets: number };

/** The night's price is the price of its own price type. */
export function nightlyPrice(n: PricedNight): number {
  return n.priceType === 'HIGH' ? n.highPrice : n.standardPrice;
}

/** Infants sleep with their parents: they count neither against capacity nor for the extra charge. */
export function chargeableGuests(g: Pick<GuestCount, 'adults' | 'children'>): number {
  return g.adults + g.children;
}

export type StayPrice = {
  /** Sum of the nightly prices. */
  roomTotal: number;
  /** Guests above baseCapacity. */
  extraGuests: number;
  /** extraGuests × extra charge × nights. */
  extraGuestTotal: number;
  /**
   * The accommodation total the search shows. Service charge, consumption tax,
   * accommodation tax, meals, options and additional pets are added at booking.
   */
  total: number;
};

export function stayPrice(input: {
  nights: readonly PricedNight[];
  guests: Pick<GuestCount, 'adults' | 'children'>;
  baseCapacity: number;
  extraChargePerGuestPerNight: number;
}): StayPrice {
  const roomTotal = input.nights.reduce((sum, n) => sum + nightlyPrice(n), 0);
  const extraGuests = extraGuestsOf(chargeableGuests(input.guests), input.baseCapacity);
  const extraGuestTotal = extraGuests * input.extraChargePerGuestPerNight * input.nights.length;
  return { roomTotal, extraGuests, extraGuestTotal, total: roomTotal + extraGuestTotal };
}

export type CapacityRules = {
  maxCapacity: number;
  minAdultCapacity: number;
  isPetAllowed: boolean;
  maxPetCapacity: number;
};

export type CapacityIssue = { field: 'adults' | 'children' | 'pets'; description: string };

/** Why the guests do not fit the house group; empty when they do. */
export function capacityIssues(rules: CapacityRules, g: GuestCount): CapacityIssue[] {
  const issues: CapacityIssue[] = [];
  if (g.adults < rules.minAdultCapacity) {
    issues.push({ field: 'adults', description: `at least ${rules.minAdultCapacity} adults` });
  }
  if (chargeableGuests(g) > rules.maxCapacity) {
    issues.push({ field: 'children', description: `at most ${rules.maxCapacity} guests (adults and children)` });
  }
  if (g.pets > 0 && !rules.isPetAllowed) issues.push({ field: 'pets', description: 'pets are not allowed' });
  else if (g.pets > rules.maxPetCapacity)
    issues.push({ field: 'pets', description: `at most ${rules.maxPetCapacity} pets` });
  return issues;
}

export function fitsCapacity(rules: CapacityRules, g: GuestCount): boolean {
  return capacityIssues(rules, g).length === 0;
}
