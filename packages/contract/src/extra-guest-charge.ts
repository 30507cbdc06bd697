/**
 * The extra-guest charge: every guest above a house group's base capacity pays the group's extra
 * charge per guest for every night. Adults and children count; infants and pets do not. The search
 * page's price, the quote, a coupon's base and a headcount change all price it here.
 */
export function extraGuestsOf(chargeableGuests: number, baseCapacity: number): number {
  return Math.max(0, chargeableGuests - baseCapacity);
}

/** The extra charge of one night for a party of `chargeableGuests` (adults and children). */
export function extraChargePerNight(chargeableGuests: number, baseCapacity: number, perGuestPerNight: number): number {
  return extraGuestsOf(chargeableGuests, baseCapacity) * perGuestPerNight;
}
