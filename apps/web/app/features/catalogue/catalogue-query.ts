import { civilFromIso, daysBetween, parseIsoDate, type IsoDate } from '@yado/contract/civil-date';
import { MAX_STAY_NIGHTS } from './stay-selection';

/**
 * The address query of the catalogue pages: dates, guests and (for /search)
 * filters live in the URL so every result is rendered on the server and can
 * be shared. Bad values are dropped rather than rejected: a hand-edited link
 * still opens a useful page.
 */
export type Guests = { adults: number; children: number; infants: number; pets: number };

export const HOUSE_GROUP_TYPES = ['YADO', 'EXCLUSIVE', 'TEMAIRAZU_PARTNER', 'EARTHBOAT', 'MOBILITY'] as const;
export const USAGE_LABELS = ['ACCOMMODATION', 'TIME'] as const;
export const SEARCH_SORTS = ['PRICE_ASC', 'PRICE_DESC', 'NAME'] as const;
export type HouseGroupTypeValue = (typeof HOUSE_GROUP_TYPES)[number];
export type UsageLabelValue = (typeof USAGE_LABELS)[number];
export type SearchSortValue = (typeof SEARCH_SORTS)[number];

/** Guests the pages start with when the address names none. */
export const DEFAULT_GUESTS: Guests = { adults: 2, children: 0, infants: 0, pets: 0 };
export const GUEST_LIMITS = { adults: [1, 50], children: [0, 50], infants: [0, 50], pets: [0, 10] } as const;

function intParam(params: URLSearchParams, name: string, min: number, max: number, fallback: number): number {
  const raw = params.get(name);
  if (raw === null || !/^\d{1,3}$/.test(raw.trim())) return fallback;
  const n = Number(raw);
  return n < min || n > max ? fallback : n;
}

export function parseGuests(params: URLSearchParams): Guests {
  return {
    adults: intParam(params, 'adults', ...GUEST_LIMITS.adults, DEFAULT_GUESTS.adults),
    children: intParam(params, 'children', ...GUEST_LIMITS.children, DEFAULT_GUESTS.children),
    infants: intParam(params, 'infants', ...GUEST_LIMITS.infants, DEFAULT_GUESTS.infants),
    pets: intParam(params, 'pets', ...GUEST_LIMITS.pets, DEFAULT_GUESTS.pets),
  };
}

/**
 * Check-in and check-out from the address: both real dates, in order, at most
 * 30 nights apart, check-in not before `today`. A lone check-in is kept (the
 * visitor is still choosing); anything else is dropped.
 */
export function parseStay(
  params: URLSearchParams,
  today: IsoDate,
): { checkin: IsoDate | null; checkout: IsoDate | null } {
  const checkin = parseIsoDate(params.get('checkin'));
  if (!checkin || checkin < today) return { checkin: null, checkout: null };
  const checkout = parseIsoDate(params.get('checkout'));
  if (!checkout) return { checkin, checkout: null };
  const nights = daysBetween(checkin, checkout);
  return nights >= 1 && nights <= MAX_STAY_NIGHTS ? { checkin, checkout } : { checkin, checkout: null };
}

function oneOf<T extends string>(values: readonly T[], raw: string | null): T | undefined {
  return values.find((v) => v === raw);
}

export type SearchQuery = Guests & {
  area: string;
  prefecture: string;
  checkin: IsoDate | null;
  checkout: IsoDate | null;
  type: HouseGroupTypeValue | undefined;
  usage: UsageLabelValue | undefined;
  sort: SearchSortValue;
  pageToken: string;
  /** Why the dates in the address were not used, for a message beside the form. */
  dateProblem: DateProblem | null;
};

export type DateProblem = 'incomplete' | 'order' | 'tooLong' | 'past';

/** What is wrong with the dates as typed: both or neither, check-out later, at most 30 nights, not past. */
export function dateProblemOf(
  rawCheckin: string | null,
  rawCheckout: string | null,
  today: IsoDate,
): DateProblem | null {
  const checkin = parseIsoDate(rawCheckin);
  const checkout = parseIsoDate(rawCheckout);
  if (!rawCheckin && !rawCheckout) return null;
  if (!checkin || !checkout) return 'incomplete';
  if (checkin < today) return 'past';
  const nights = daysBetween(checkin, checkout);
  if (nights < 1) return 'order';
  if (nights > MAX_STAY_NIGHTS) return 'tooLong';
  return null;
}

const text = (params: URLSearchParams, name: string) => (params.get(name) ?? '').trim().slice(0, 100);

export function parseSearchQuery(params: URLSearchParams, today: IsoDate): SearchQuery {
  const stay = parseStay(params, today);
  return {
    area: text(params, 'area'),
    prefecture: text(params, 'prefecture'),
    // A search needs both dates; a lone check-in would be an API error.
    checkin: stay.checkout ? stay.checkin : null,
    checkout: stay.checkout,
    ...parseGuests(params),
    type: oneOf(HOUSE_GROUP_TYPES, params.get('type')),
    usage: oneOf(USAGE_LABELS, params.get('usage')),
    sort: oneOf(SEARCH_SORTS, params.get('sort')) ?? 'PRICE_ASC',
    pageToken: (params.get('page') ?? '').slice(0, 500),
    dateProblem: dateProblemOf(params.get('checkin'), params.get('checkout'), today),
  };
}

/** The body of `search_house_groups` for a parsed query. */
export function searchInput(q: SearchQuery, pageSize = 12) {
  return {
    ...(q.area ? { area: q.area } : {}),
    ...(q.prefecture ? { prefecture: q.prefecture } : {}),
    ...(q.checkin && q.checkout
      ? { checkinDate: civilFromIso(q.checkin), checkoutDate: civilFromIso(q.checkout) }
      : {}),
    adults: q.adults,
    children: q.children,
    infants: q.infants,
    pets: q.pets,
    ...(q.type ? { type: q.type } : {}),
    ...(q.usage ? { usageLabel: q.usage } : {}),
    sort: q.sort,
    pageSize,
    pageToken: q.pageToken,
  };
}

/**
 * A query string holding only what differs from the defaults, so shared
 * links stay short. `overrides` set or (with undefined/null) remove values.
 */
export function searchQueryString(q: Partial<SearchQuery>, overrides: Partial<SearchQuery> = {}): string {
  const merged = { ...q, ...overrides };
  const params = new URLSearchParams();
  if (merged.area) params.set('area', merged.area);
  if (merged.prefecture) params.set('prefecture', merged.prefecture);
  if (merged.checkin && merged.checkout) {
    params.set('checkin', merged.checkin);
    params.set('checkout', merged.checkout);
  }
  appendGuests(params, merged);
  if (merged.type) params.set('type', merged.type);
  if (merged.usage) params.set('usage', merged.usage);
  if (merged.sort && merged.sort !== 'PRICE_ASC') params.set('sort', merged.sort);
  if (merged.pageToken) params.set('page', merged.pageToken);
  const s = params.toString();
  return s ? `?${s}` : '';
}

function appendGuests(params: URLSearchParams, g: Partial<Guests>): void {
  for (const key of ['adults', 'children', 'infants', 'pets'] as const) {
    const value = g[key];
    if (value !== undefined && value !== DEFAULT_GUESTS[key]) params.set(key, String(value));
  }
}

/** The house-group page's query for a selection: dates (a lone check-in too), guests and the month shown. */
export function stayQueryString(
  stay: { checkin: IsoDate | null; checkout: IsoDate | null },
  guests: Guests,
  month?: string | null,
): string {
  const params = new URLSearchParams();
  if (stay.checkin) params.set('checkin', stay.checkin);
  if (stay.checkin && stay.checkout) params.set('checkout', stay.checkout);
  appendGuests(params, guests);
  if (month) params.set('month', month);
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** Adults and children count against capacity; infants sleep with their parents (the API's rule). */
export type CapacityProblem = 'minAdults' | 'maxGuests' | 'noPets' | 'maxPets';

export function capacityProblem(
  rules: { maxCapacity: number; minAdultCapacity: number; isPetAllowed: boolean; maxPetCapacity: number },
  g: Guests,
): CapacityProblem | null {
  if (g.adults < rules.minAdultCapacity) return 'minAdults';
  if (g.adults + g.children > rules.maxCapacity) return 'maxGuests';
  if (g.pets > 0 && !rules.isPetAllowed) return 'noPets';
  if (g.pets > rules.maxPetCapacity) return 'maxPets';
  return null;
}
