import type { BookingDetail, Headcount } from '@yado/contract/booking.contract';
import type { Dogs } from './booking-form-state';

/** The guests of a booking as "Change guests" edits them; an age is '' until the guest picks it. */
export type GuestsForm = {
  males: number;
  females: number;
  childAges: (number | '')[];
  infantAges: (number | '')[];
  dogs: Dogs;
};

/**
 * The booking's guests as the form starts them. The booking keeps one age per
 * child and per infant in one list, children first (as the booking form sends
 * them), so the list is split by the counts.
 */
export function guestsFormOf(b: Pick<BookingDetail, 'bookingHeadcount' | 'childrenAge'>): GuestsForm {
  const h = b.bookingHeadcount;
  const children = h.children;
  const infants = h.infants ?? 0;
  const ages: (number | '')[] = b.childrenAge.slice(0, children + infants);
  const childAges = Array.from({ length: children }, (_, i) => ages[i] ?? '');
  const infantAges = Array.from({ length: infants }, (_, i) => ages[children + i] ?? '');
  return {
    males: h.males,
    females: h.females,
    childAges,
    infantAges,
    dogs: { largeDogs: h.largeDogs, mediumDogs: h.mediumDogs, smallDogs: h.smallDogs },
  };
}

/** The body of update_booking_headcount (without the booking id), or null while an age is missing or no adult comes. */
export function headcountRequestOf(f: GuestsForm): { headcount: Headcount; childrenAge: number[] } | null {
  if (f.males + f.females < 1) return null;
  if (f.childAges.some((a) => a === '') || f.infantAges.some((a) => a === '')) return null;
  return {
    headcount: {
      males: f.males,
      females: f.females,
      children: f.childAges.length,
      infants: f.infantAges.length,
      ...f.dogs,
    },
    childrenAge: [...f.childAges, ...f.infantAges] as number[],
  };
}

export function sameGuests(a: GuestsForm, b: GuestsForm): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
