import type { OwnerBookingRequest } from '@yado/contract/booking.contract';
import { civilFromIso, daysBetween, parseIsoDate, type IsoDate } from '@yado/contract/civil-date';

/** The longest owner stay the form offers (the catalogue's limit of a stay). */
export const MAX_OWNER_STAY_NIGHTS = 30;
export const MAX_GUESTS = 20;
export const CHILD_AGES = Array.from({ length: 18 }, (_, i) => i);
/** Under this age a child is an infant: sleeps with the parents and does not count against capacity. */
export const INFANT_UNDER = 6;

export type OwnerStayType = 'OWN_USE' | 'MUTUAL_USE';
export type DebtOptionValue = 'DEFAULT' | 'NO_DEBT';

/** What the owner chooses on the owner booking page. */
export type OwnerStayDraft = {
  checkin: IsoDate | null;
  checkout: IsoDate | null;
  adults: number;
  /** One entry per child; '' until an age is chosen. */
  childAges: (number | '')[];
  shareId: string;
  debtOption: DebtOptionValue;
};

function count(params: URLSearchParams, name: string, fallback: number): number {
  const raw = params.get(name);
  if (raw === null || !/^\d{1,2}$/.test(raw)) return fallback;
  return Math.min(Number(raw), MAX_GUESTS);
}

/** The draft from the address the house-group page links with (checkin, checkout, adults, children). */
export function draftFromParams(params: URLSearchParams, shareId: string): OwnerStayDraft {
  const checkin = parseIsoDate(params.get('checkin'));
  const rawCheckout = parseIsoDate(params.get('checkout'));
  const nights = checkin && rawCheckout ? daysBetween(checkin, rawCheckout) : 0;
  return {
    checkin,
    checkout: nights >= 1 && nights <= MAX_OWNER_STAY_NIGHTS ? rawCheckout : null,
    adults: Math.max(1, count(params, 'adults', 2)),
    childAges: Array.from({ length: count(params, 'children', 0) }, () => '' as const),
    shareId,
    debtOption: 'DEFAULT',
  };
}

/** Why the draft cannot be priced yet, or null when it can. */
export function draftProblem(d: OwnerStayDraft): 'dates' | 'nights' | 'childAges' | 'share' | null {
  if (!d.checkin || !d.checkout) return 'dates';
  const nights = daysBetween(d.checkin, d.checkout);
  if (nights < 1 || nights > MAX_OWNER_STAY_NIGHTS) return 'nights';
  if (d.childAges.some((a) => a === '')) return 'childAges';
  if (!d.shareId) return 'share';
  return null;
}

/**
 * The contract's owner booking request. The spec counts men and women apart; the page asks for adults
 * only (an owner's own stay), so they are split, as the guest form starts. Children under 6 are
 * infants.
 */
export function ownerRequest(houseGroupId: string, d: OwnerStayDraft): OwnerBookingRequest | null {
  if (draftProblem(d) !== null || !d.checkin || !d.checkout) return null;
  const males = Math.floor(d.adults / 2);
  const ages = d.childAges.filter((a): a is number => a !== '');
  const children = ages.filter((a) => a >= INFANT_UNDER);
  const infants = ages.filter((a) => a < INFANT_UNDER);
  return {
    houseGroupId,
    checkinDate: civilFromIso(d.checkin),
    checkoutDate: civilFromIso(d.checkout),
    headcount: {
      males,
      females: d.adults - males,
      children: children.length,
      infants: infants.length,
      largeDogs: 0,
      mediumDogs: 0,
      smallDogs: 0,
    },
    // The children's ages first, then the infants' (as the guest form sends them).
    childrenAge: [...children, ...infants],
    allergy: '',
    request: '',
    meals: [],
    extraOptions: [],
    shareId: d.shareId,
    debtOption: d.debtOption,
  };
}
