import type { BookingRequest } from '@yado/contract/booking.contract';
import { MEAL_AGE_BANDS, type MealAgeBand } from '@yado/contract/meal.contract';
import { civilFromIso, daysBetween, parseIsoDate, type IsoDate } from '@yado/contract/civil-date';

/** The longest stay the API prices (the catalogue's limit). */
export const MAX_STAY_NIGHTS = 30;
export const MAX_COUNT = 20;

export type Dogs = { largeDogs: number; mediumDogs: number; smallDogs: number };

export type BookingFormState = {
  checkin: IsoDate | null;
  checkout: IsoDate | null;
  males: number;
  females: number;
  /** One entry per child; '' until the guest picks the age. */
  childAges: (number | '')[];
  /** One entry per infant; infants are under 6 (the meal bands) and share their parents' beds. */
  infantAges: (number | '')[];
  dogs: Dogs;
  petDescription: string;
  petVaccinated: boolean;
  /** Portions per meal, date and age band: key `${mealId}|${date}`. */
  meals: Record<string, Record<MealAgeBand, number>>;
  /** Units per extra option id. */
  options: Record<string, number>;
  couponType: string;
  couponCode: string;
  allergy: string;
  request: string;
  /** One of the house group's stay styles; '' for none. */
  stayStyleId: string;
};

/** What each part of the booking form is given: the state and the one way to change it. */
export type BookingFormPart = { s: BookingFormState; update: (patch: Partial<BookingFormState>) => void };

export const CHILD_AGES = Array.from({ length: 12 }, (_, i) => i + 6); // 6 to 17
export const INFANT_AGES = [0, 1, 2, 3, 4, 5];

function count(params: URLSearchParams, name: string, fallback: number, max = MAX_COUNT): number {
  const raw = params.get(name);
  if (raw === null || !/^\d{1,2}$/.test(raw)) return fallback;
  return Math.min(Number(raw), max);
}

/**
 * The form's start from the address the house-group page links with
 * (checkin, checkout, adults, children, infants, pets). The spec's headcount
 * counts men and women apart; the address only knows adults, so they start
 * split and the guest corrects them. Ages start unchosen.
 */
export function initialFormState(params: URLSearchParams): BookingFormState {
  const checkin = parseIsoDate(params.get('checkin'));
  const rawCheckout = parseIsoDate(params.get('checkout'));
  const nights = checkin && rawCheckout ? daysBetween(checkin, rawCheckout) : 0;
  const checkout = nights >= 1 && nights <= MAX_STAY_NIGHTS ? rawCheckout : null;
  const adults = count(params, 'adults', 2);
  const males = count(params, 'males', Math.floor(adults / 2));
  const females = count(params, 'females', adults - Math.floor(adults / 2));
  const couponType = (params.get('couponType') ?? '').toUpperCase();
  return {
    checkin,
    checkout,
    males,
    females,
    childAges: Array.from({ length: count(params, 'children', 0) }, () => '' as const),
    infantAges: Array.from({ length: count(params, 'infants', 0) }, () => '' as const),
    dogs: { largeDogs: 0, mediumDogs: 0, smallDogs: count(params, 'pets', 0, 10) },
    petDescription: '',
    petVaccinated: false,
    meals: {},
    options: {},
    couponType: ['CAMPAIGN', 'PARTNER', 'REFERRAL'].includes(couponType) ? couponType : 'CAMPAIGN',
    couponCode: (params.get('couponCode') ?? '').slice(0, 32),
    allergy: '',
    request: '',
    stayStyleId: '',
  };
}

export function mealKey(mealId: string, date: IsoDate): string {
  return `${mealId}|${date}`;
}

export function dogCount(dogs: Dogs): number {
  return dogs.largeDogs + dogs.mediumDogs + dogs.smallDogs;
}

/** What keeps the form from being priced, in the order the guest would fix it. */
export type FormProblem = 'dates' | 'adults' | 'childAge' | 'infantAge' | 'couponCode';

export function formProblem(s: BookingFormState): FormProblem | null {
  if (!s.checkin || !s.checkout || daysBetween(s.checkin, s.checkout) < 1) return 'dates';
  if (daysBetween(s.checkin, s.checkout) > MAX_STAY_NIGHTS) return 'dates';
  if (s.males + s.females < 1) return 'adults';
  if (s.childAges.some((a) => a === '')) return 'childAge';
  if (s.infantAges.some((a) => a === '')) return 'infantAge';
  if (s.couponCode.trim() && !/^[A-Za-z0-9][A-Za-z0-9_-]{2,31}$/.test(s.couponCode.trim())) return 'couponCode';
  return null;
}

/**
 * The body of get_booking_quote and the tentative-booking methods. Meals
 * send each age band as its youngest age (the contract's convention); only
 * dates inside the stay and positive counts are sent.
 */
export function bookingRequestOf(
  houseGroupId: string,
  s: BookingFormState,
  allowed: { mealDates: (mealId: string) => IsoDate[]; coupon: boolean },
): BookingRequest | null {
  if (formProblem(s) !== null) return null;
  const checkin = s.checkin as IsoDate;
  const checkout = s.checkout as IsoDate;
  const meals = Object.entries(s.meals).flatMap(([key, bands]) => {
    const [mealId = '', date = ''] = key.split('|');
    if (!allowed.mealDates(mealId).includes(date)) return [];
    const quantities = (Object.keys(MEAL_AGE_BANDS) as MealAgeBand[])
      .filter((band) => bands[band] > 0)
      .map((band) => ({ age: MEAL_AGE_BANDS[band].minAge, number: bands[band] }));
    return quantities.length ? [{ date: civilFromIso(date), mealId, quantities }] : [];
  });
  const extraOptions = Object.entries(s.options)
    .filter(([, quantity]) => quantity > 0)
    .map(([extraOptionId, quantity]) => ({ extraOptionId, quantity }));
  const dogs = dogCount(s.dogs);
  const code = s.couponCode.trim().toUpperCase();
  return {
    houseGroupId,
    checkinDate: civilFromIso(checkin),
    checkoutDate: civilFromIso(checkout),
    headcount: {
      males: s.males,
      females: s.females,
      children: s.childAges.length,
      infants: s.infantAges.length,
      ...s.dogs,
    },
    childrenAge: [...s.childAges, ...s.infantAges] as number[],
    allergy: s.allergy.trim(),
    request: s.request.trim(),
    pet: dogs > 0 ? { description: s.petDescription.trim(), vaccinated: s.petVaccinated } : null,
    meals,
    extraOptions,
    ...(s.stayStyleId ? { stayStyleId: s.stayStyleId } : {}),
    ...(allowed.coupon && code
      ? { coupon: { couponType: s.couponType as 'CAMPAIGN' | 'PARTNER' | 'REFERRAL', code } }
      : {}),
  };
}

/** The page's address for a state, so a reload or sign-in keeps dates and guests. */
export function formQueryString(s: BookingFormState): string {
  const params = new URLSearchParams();
  if (s.checkin) params.set('checkin', s.checkin);
  if (s.checkout) params.set('checkout', s.checkout);
  params.set('males', String(s.males));
  params.set('females', String(s.females));
  if (s.childAges.length) params.set('children', String(s.childAges.length));
  if (s.infantAges.length) params.set('infants', String(s.infantAges.length));
  const dogs = dogCount(s.dogs);
  if (dogs) params.set('pets', String(dogs));
  return `?${params.toString()}`;
}

/** The address parameters the form owns; any other (a coupon code) is left as it is. */
const FORM_PARAMS = ['checkin', 'checkout', 'adults', 'males', 'females', 'children', 'infants', 'pets'];

/**
 * The page's query with the form's dates and guests written in: what the
 * address becomes as the guest edits, so a reload or a shared link opens the
 * same stay. `adults` gives way to the men and women the form counts apart.
 */
export function withFormQuery(search: string, s: BookingFormState): string {
  const params = new URLSearchParams(search);
  for (const name of FORM_PARAMS) params.delete(name);
  for (const [name, value] of new URLSearchParams(formQueryString(s))) params.set(name, value);
  return `?${params.toString()}`;
}
