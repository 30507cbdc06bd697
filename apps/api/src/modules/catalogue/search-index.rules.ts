import { CATALOGUE_LIMITS } from '@yado/contract/catalogue.contract';
import { extraChargePerNight } from '@yado/contract/extra-guest-charge';
import type { Language } from '@yado/contract/headers';
import type { StayNights } from './catalogue-changes.repo.js';
import type { HouseGroupShortRow } from './catalogue.repo.js';
import { dayNumber, todayIn, type IsoDate } from '@yado/contract/civil-date';
import type { SearchSliceRow } from './search-index.repo.js';
import type { SearchQuery } from './search.repo.js';

/**
 * The in-memory read model of search: per house group what the search statement filters and sorts
 * on, its nights in typed arrays and per house its active stays. Everything here mirrors
 * search.repo.ts, which stays the reference: same filters, capacity rules, time-zone check, prices,
 * sort orders and cursors. Text compares as PostgreSQL's C collation does (code point order); the
 * lower-cased columns are lower-cased by PostgreSQL when loaded, so `lower()` agrees too.
 */

/** Night flags: no bit set is a date not on sale (no season day). */
export const NIGHT_ON_SALE = 1;
export const NIGHT_CLOSED = 2;
export const NIGHT_HIGH = 4;

export type IndexedHouse = {
  id: string;
  /** Active stays in check-in order, as day numbers; they never overlap (the exclusion constraint). */
  checkin: Int32Array;
  checkout: Int32Array;
};

export type IndexedGroup = {
  id: string;
  placeId: string;
  name: Record<Language, string>;
  placeName: Record<Language, string>;
  prefectureName: Record<Language, string>;
  area: Record<Language, string>;
  /** As PostgreSQL's lower() gives them: the search statement compares those. */
  prefectureEnLower: string;
  prefectureJa: string;
  areaEnLower: string;
  areaJa: string;
  cityEnLower: string;
  cityJa: string;
  version: number;
  verticalImageUrl: string;
  horizontalImageUrl: string;
  squareImageUrl: string;
  type: HouseGroupShortRow['type'];
  usageLabel: HouseGroupShortRow['usage_label'];
  mealProvidable: boolean;
  isPetAllowed: boolean;
  timezone: string;
  baseCapacity: number;
  maxCapacity: number;
  minAdultCapacity: number;
  maxPetCapacity: number;
  standardSeasonPrice: number;
  extraChargePerGuestPerNight: number;
  /** Day number of nights[0]; the arrays run over every date from there to the last season day. */
  firstDay: number;
  nights: Uint8Array;
  standardPrice: Uint32Array | Float64Array;
  highPrice: Uint32Array | Float64Array;
  houses: IndexedHouse[];
};

export type SearchIndexData = {
  /** Day number of the first night loaded: earlier nights are past for every house group. */
  fromDay: number;
  groups: Map<string, IndexedGroup>;
  /** Prefecture and area lookups: "pen:<lower en>", "pja:<ja>", "aen:", "aja:", "cen:", "cja:". */
  buckets: Map<string, Set<string>>;
  /**
   * Bumped when a house group is added or changes what the nationwide orders sort on (names,
   * nights and prices, standard season price, base capacity, extra charge); stays do not count.
   */
  version: number;
  /** What the nationwide orders are built from, for the version it was made at (see `nationwideBase`). */
  base: NationwideBase | null;
  /** The nationwide orders built so far, each for the version it was built at (see `orderFor`). */
  orders: Map<string, NationwideOrder>;
};

/** Every house group of one version, in id order (code point), with what bounds the extra-guest charge. */
export type NationwideBase = {
  version: number;
  groups: IndexedGroup[];
  /** The extra-guest charge adds at most max(0, guests - minBase) * maxExtra to any group's night. */
  minBase: number;
  maxExtra: number;
};

/**
 * Every house group sorted for one way of walking a nationwide search: positions in the base's
 * groups, with the key each was sorted by (a price bound, or the exact sort key), ties by id.
 * Built on first use and again after `version` moves; groups removed since are skipped.
 */
export type NationwideOrder = {
  version: number;
  at: Uint32Array;
  keys: Float64Array | string[];
};

export type IndexedSearchRow = HouseGroupShortRow & { total: number | null; sort_key: string | number };

/**
 * Order of PostgreSQL's C collation: UTF-8 bytes, which is code point order. JavaScript compares
 * UTF-16 code units, which puts U+E000..U+FFFF after the surrogates of U+10000 and above; the first
 * differing unit is shifted to code point order when both lie in that range.
 */
export function compareText(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

export function emptyIndex(fromDay: number): SearchIndexData {
  return { fromDay, groups: new Map(), buckets: new Map(), version: 0, base: null, orders: new Map() };
}

function bucketKeys(g: IndexedGroup): string[] {
  return [
    `pen:${g.prefectureEnLower}`,
    `pja:${g.prefectureJa}`,
    `aen:${g.areaEnLower}`,
    `aja:${g.areaJa}`,
    `cen:${g.cityEnLower}`,
    `cja:${g.cityJa}`,
  ];
}

export function removeGroup(data: SearchIndexData, id: string): void {
  const old = data.groups.get(id);
  if (!old) return;
  data.groups.delete(id);
  for (const key of bucketKeys(old)) {
    const set = data.buckets.get(key);
    set?.delete(id);
    if (set && set.size === 0) data.buckets.delete(key);
  }
}

const sameNumbers = (a: ArrayLike<number>, b: ArrayLike<number>): boolean => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/** Whether the nationwide orders sort `a` and `b` alike: a group reloaded for a stay change usually is. */
function sameOrderKeys(a: IndexedGroup, b: IndexedGroup): boolean {
  return (
    a.name.en === b.name.en &&
    a.name.ja === b.name.ja &&
    a.standardSeasonPrice === b.standardSeasonPrice &&
    a.baseCapacity === b.baseCapacity &&
    a.extraChargePerGuestPerNight === b.extraChargePerGuestPerNight &&
    a.firstDay === b.firstDay &&
    sameNumbers(a.nights, b.nights) &&
    sameNumbers(a.standardPrice, b.standardPrice) &&
    sameNumbers(a.highPrice, b.highPrice)
  );
}

export function putGroup(data: SearchIndexData, g: IndexedGroup): void {
  const old = data.groups.get(g.id);
  if (!old || !sameOrderKeys(old, g)) data.version++;
  removeGroup(data, g.id);
  data.groups.set(g.id, g);
  for (const key of bucketKeys(g)) {
    let set = data.buckets.get(key);
    if (!set) data.buckets.set(key, (set = new Set()));
    set.add(g.id);
  }
}

/** Nightly prices in the smallest array that holds them exactly. */
export function priceArray(values: readonly number[]): Uint32Array | Float64Array {
  return values.every((v) => v <= 0xffff_ffff) ? Uint32Array.from(values) : Float64Array.from(values);
}

/** The nights of [checkin, checkout) summed at each night's price type; null unless every night is on sale and open. */
export function roomTotal(g: IndexedGroup, checkinDay: number, checkoutDay: number): number | null {
  let sum = 0;
  for (let day = checkinDay; day < checkoutDay; day++) {
    const i = day - g.firstDay;
    if (i < 0 || i >= g.nights.length) return null;
    const f = g.nights[i]!;
    if ((f & NIGHT_ON_SALE) === 0 || (f & NIGHT_CLOSED) !== 0) return null;
    sum += (f & NIGHT_HIGH) !== 0 ? g.highPrice[i]! : g.standardPrice[i]!;
  }
  return sum;
}

/** The index of the first stay of the house checking in on or after `day`. */
function firstCheckinFrom(h: IndexedHouse, day: number): number {
  let lo = 0;
  let hi = h.checkin.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (h.checkin[mid]! < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether one house of the group has no active stay on any night of [checkin, checkout). */
export function hasFreeHouse(g: IndexedGroup, checkinDay: number, checkoutDay: number): boolean {
  for (const h of g.houses) {
    // The last stay checking in before check-out is the only one that can reach into the dates.
    const next = firstCheckinFrom(h, checkoutDay);
    if (next === 0 || h.checkout[next - 1]! <= checkinDay) return true;
  }
  return false;
}

function matchesFilters(g: IndexedGroup, q: SearchQuery): boolean {
  if (g.maxCapacity < q.guests || g.minAdultCapacity > q.adults) return false;
  if (q.pets > 0 && !(g.isPetAllowed && g.maxPetCapacity >= q.pets)) return false;
  if (q.type && g.type !== q.type) return false;
  if (q.usageLabel && g.usageLabel !== q.usageLabel) return false;
  if (q.prefecture) {
    const p = q.prefecture;
    const ja = g.prefectureJa;
    if (g.prefectureEnLower !== p.toLowerCase() && ja !== p && ja !== `${p}県` && ja !== `${p}府` && ja !== `${p}都`) {
      return false;
    }
  }
  if (q.area) {
    const en = q.area.toLowerCase();
    if (g.areaEnLower !== en && g.areaJa !== q.area && g.cityEnLower !== en && g.cityJa !== q.area) return false;
  }
  return true;
}

/** The groups worth looking at: those of the prefecture or area asked for, else all of them. */
function candidates(data: SearchIndexData, q: SearchQuery): Iterable<IndexedGroup> {
  const keys: string[] = [];
  if (q.prefecture) {
    const p = q.prefecture;
    keys.push(`pen:${p.toLowerCase()}`, `pja:${p}`, `pja:${p}県`, `pja:${p}府`, `pja:${p}都`);
  } else if (q.area) {
    const en = q.area.toLowerCase();
    keys.push(`aen:${en}`, `aja:${q.area}`, `cen:${en}`, `cja:${q.area}`);
  } else {
    return data.groups.values();
  }
  const ids = new Set<string>();
  for (const k of keys) for (const id of data.buckets.get(k) ?? []) ids.add(id);
  const groups: IndexedGroup[] = [];
  for (const id of ids) groups.push(data.groups.get(id)!);
  return groups;
}

type Hit = { g: IndexedGroup; key: number | string; total: number | null };

/** The page order of the search statement: sort key (descending for PRICE_DESC), then id. */
export function comparatorFor(sort: SearchQuery['sort']): (a: Hit, b: Hit) => number {
  if (sort === 'NAME') {
    return (a, b) => compareText(a.key as string, b.key as string) || compareText(a.g.id, b.g.id);
  }
  const sign = sort === 'PRICE_DESC' ? -1 : 1;
  return (a, b) => sign * ((a.key as number) - (b.key as number)) || compareText(a.g.id, b.g.id);
}

/**
 * The `limit` smallest hits seen, by a bounded max-heap: a page out of thousands without sorting
 * them all. `worst()` is the hit a newcomer must beat once the heap is full.
 */
class PageHeap {
  private readonly heap: Hit[] = [];
  constructor(
    private readonly limit: number,
    private readonly cmp: (a: Hit, b: Hit) => number,
  ) {}

  get full(): boolean {
    return this.heap.length >= this.limit;
  }

  worst(): Hit | undefined {
    return this.heap[0];
  }

  push(h: Hit): void {
    const { heap, cmp } = this;
    const swap = (i: number, j: number) => {
      const t = heap[i]!;
      heap[i] = heap[j]!;
      heap[j] = t;
    };
    if (heap.length < this.limit) {
      heap.push(h);
      for (let i = heap.length - 1; i > 0;) {
        const parent = (i - 1) >> 1;
        if (cmp(heap[i]!, heap[parent]!) <= 0) break;
        swap(i, parent);
        i = parent;
      }
    } else if (this.limit > 0 && cmp(h, heap[0]!) < 0) {
      heap[0] = h;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let largest = i;
        if (l < heap.length && cmp(heap[l]!, heap[largest]!) > 0) largest = l;
        if (r < heap.length && cmp(heap[r]!, heap[largest]!) > 0) largest = r;
        if (largest === i) break;
        swap(i, largest);
        i = largest;
      }
    }
  }

  sorted(): Hit[] {
    return [...this.heap].sort(this.cmp);
  }
}

function toRow(g: IndexedGroup, language: Language, total: number | null, key: number | string): IndexedSearchRow {
  return {
    id: g.id,
    place_id: g.placeId,
    place_name: g.placeName[language],
    prefecture_name: g.prefectureName[language],
    name: g.name[language],
    version: g.version,
    area: g.area[language],
    vertical_image_url: g.verticalImageUrl,
    horizontal_image_url: g.horizontalImageUrl,
    square_image_url: g.squareImageUrl,
    type: g.type,
    usage_label: g.usageLabel,
    meal_providable: g.mealProvidable,
    is_pet_allowed: g.isPetAllowed,
    timezone: g.timezone,
    base_capacity: g.baseCapacity,
    max_capacity: g.maxCapacity,
    standard_season_price: g.standardSeasonPrice,
    total,
    sort_key: key,
  };
}

/**
 * Check-in days per nationwide price order. A stay checking in during block b, of at most
 * ORDER_STAY_NIGHTS nights, lies within [start of b, end of b + ORDER_STAY_NIGHTS): one order per
 * block, sorted by the lowest (or highest) price of a night on sale and open in that window,
 * bounds the total of every such stay. Shorter blocks bound tighter and take more orders.
 */
export const ORDER_BLOCK_DAYS = 8;
/** The longest stay search allows; a longer one (none passes the service) would scan every group. */
export const ORDER_STAY_NIGHTS = CATALOGUE_LIMITS.maxStayNights;

/**
 * The lowest (`dir` 1) or highest (`dir` -1) nightly price, at each night's price type, of the
 * nights on sale and open in [from, to); Infinity (or -Infinity) when there is none.
 */
function nightPriceBound(g: IndexedGroup, from: number, to: number, dir: 1 | -1): number {
  let best = dir * Infinity;
  const lo = Math.max(0, from - g.firstDay);
  const hi = Math.min(g.nights.length, to - g.firstDay);
  for (let i = lo; i < hi; i++) {
    const f = g.nights[i]!;
    if ((f & NIGHT_ON_SALE) === 0 || (f & NIGHT_CLOSED) !== 0) continue;
    const price = (f & NIGHT_HIGH) !== 0 ? g.highPrice[i]! : g.standardPrice[i]!;
    if (dir * price < dir * best) best = price;
  }
  return best;
}

type OrderSpec =
  | { kind: 'window'; block: number; dir: 1 | -1 }
  | { kind: 'standard'; dir: 1 | -1 }
  | { kind: 'name'; language: Language };

function orderName(spec: OrderSpec): string {
  if (spec.kind === 'window') return `w:${spec.block}:${spec.dir}`;
  if (spec.kind === 'standard') return `s:${spec.dir}`;
  return `n:${spec.language}`;
}

/** The groups of the index as it is now, in id order: the cached ones, or sorted again. */
function nationwideBase(data: SearchIndexData): NationwideBase {
  if (data.base?.version === data.version) return data.base;
  const groups = [...data.groups.values()].sort((a, b) => compareText(a.id, b.id));
  let minBase = Infinity;
  let maxExtra = 0;
  for (const g of groups) {
    minBase = Math.min(minBase, g.baseCapacity);
    maxExtra = Math.max(maxExtra, g.extraChargePerGuestPerNight);
  }
  data.base = { version: data.version, groups, minBase, maxExtra };
  data.orders.clear();
  return data.base;
}

/**
 * The order of `spec` for the index as it is now: the cached one, or built (keys for every group,
 * then one sort of positions; ties fall to the id through the position in the id-ordered base).
 */
export function orderFor(data: SearchIndexData, spec: OrderSpec): NationwideOrder {
  const base = nationwideBase(data);
  const name = orderName(spec);
  const cached = data.orders.get(name);
  if (cached) return cached;
  const { groups } = base;
  const at = new Uint32Array(groups.length);
  for (let i = 0; i < at.length; i++) at[i] = i;
  let keys: Float64Array | string[];
  if (spec.kind === 'name') {
    const names = groups.map((g) => g.name[spec.language]);
    at.sort((a, b) => compareText(names[a]!, names[b]!) || a - b);
    keys = Array.from(at, (i) => names[i]!);
  } else {
    const byGroup = new Float64Array(groups.length);
    const from = spec.kind === 'window' ? data.fromDay + spec.block * ORDER_BLOCK_DAYS : 0;
    for (let i = 0; i < groups.length; i++) {
      byGroup[i] =
        spec.kind === 'window'
          ? nightPriceBound(groups[i]!, from, from + ORDER_BLOCK_DAYS + ORDER_STAY_NIGHTS, spec.dir)
          : groups[i]!.standardSeasonPrice;
    }
    const dir = spec.dir;
    // Infinities compare by sign, not by difference (Infinity - Infinity is NaN).
    at.sort((a, b) => (byGroup[a] === byGroup[b] ? a - b : dir * (byGroup[a]! < byGroup[b]! ? -1 : 1)));
    keys = Float64Array.from(at, (i) => byGroup[i]!);
  }
  const order: NationwideOrder = { version: base.version, at, keys };
  data.orders.set(name, order);
  return order;
}

/**
 * One page of search from the read model, or null when the read model cannot answer exactly as
 * the statement would (dates before the loaded nights, a price cursor that is no whole number):
 * the caller then asks the database.
 *
 * A prefecture or area search looks at that bucket's groups. A nationwide one walks an order of
 * every group (orderFor) and stops as soon as no group left can make the page: in the page order
 * itself for names and for prices without dates, and for a stay's total by a bound on it (the
 * nights times the group's lowest, or highest, nightly price around the dates, plus the most any
 * extra-guest charge can add), so a page costs about as many groups as the answer needs, not all
 * of them.
 */
export function searchIndex(data: SearchIndexData, q: SearchQuery): IndexedSearchRow[] | null {
  const priceSort = q.sort !== 'NAME';
  if (q.after && priceSort && !Number.isSafeInteger(q.after.key)) return null;
  let checkinDay = 0;
  let checkoutDay = 0;
  if (q.stay) {
    checkinDay = dayNumber(q.stay.checkin);
    checkoutDay = dayNumber(q.stay.checkout);
    if (checkinDay < data.fromDay) return null;
  }
  const latestToday = q.stay ? todayIn('Pacific/Kiritimati', q.now) : '';
  const todays = new Map<string, IsoDate>();
  const cmp = comparatorFor(q.sort);
  const after: Hit | null = q.after ? { g: { id: q.after.id } as IndexedGroup, key: q.after.key, total: null } : null;

  /** The group as a hit of this page, or null when it is not one. */
  const hitOf = (g: IndexedGroup): Hit | null => {
    if (!matchesFilters(g, q)) return null;
    let total: number | null = null;
    if (q.stay) {
      if (q.stay.checkin <= latestToday) {
        let today = todays.get(g.timezone);
        if (today === undefined) todays.set(g.timezone, (today = todayIn(g.timezone, q.now)));
        if (q.stay.checkin < today) return null;
      }
      const room = roomTotal(g, checkinDay, checkoutDay);
      if (room === null) return null;
      total = room + extraChargePerNight(q.guests, g.baseCapacity, g.extraChargePerGuestPerNight) * q.stay.nights;
    }
    const key = q.sort === 'NAME' ? g.name[q.language] : (total ?? g.standardSeasonPrice);
    const hit: Hit = { g, key, total };
    if (after && cmp(hit, after) <= 0) return null;
    if (q.stay && !hasFreeHouse(g, checkinDay, checkoutDay)) return null;
    return hit;
  };

  const page = new PageHeap(q.limit, cmp);
  const nationwide = !q.prefecture && !q.area;
  if (!nationwide || q.limit <= 0 || (q.stay && q.stay.nights > ORDER_STAY_NIGHTS)) {
    for (const g of candidates(data, q)) {
      const hit = hitOf(g);
      if (hit) page.push(hit);
    }
  } else {
    walkNationwide(data, q, page, hitOf, checkinDay);
  }
  return page.sorted().map((h) => toRow(h.g, q.language, h.total, h.key));
}

/** The nationwide walk of searchIndex: groups in an order of orderFor, until none left can make the page. */
function walkNationwide(
  data: SearchIndexData,
  q: SearchQuery,
  page: PageHeap,
  hitOf: (g: IndexedGroup) => Hit | null,
  checkinDay: number,
): void {
  const dir: 1 | -1 = q.sort === 'PRICE_DESC' ? -1 : 1;
  const stay = q.stay;
  const spec: OrderSpec =
    q.sort === 'NAME'
      ? { kind: 'name', language: q.language }
      : stay
        ? { kind: 'window', block: Math.floor((checkinDay - data.fromDay) / ORDER_BLOCK_DAYS), dir }
        : { kind: 'standard', dir };
  const order = orderFor(data, spec);
  const { at, keys } = order;
  const groups = data.base!.groups;
  const exact = spec.kind !== 'window';
  let start = 0;
  if (exact && q.after) {
    // The order is the page's own: start right after the cursor.
    const afterKey = q.after.key;
    const afterId = q.after.id;
    const before = (i: number) => {
      const c =
        spec.kind === 'name'
          ? compareText(keys[i] as string, afterKey as string)
          : dir * ((keys[i] as number) - (afterKey as number));
      return (c || compareText(groups[at[i]!]!.id, afterId)) <= 0;
    };
    let hi = at.length;
    while (start < hi) {
      const mid = (start + hi) >> 1;
      if (before(mid)) start = mid + 1;
      else hi = mid;
    }
  }
  // The most the extra-guest charge can add to a night of any group, for the highest-price bound.
  const extraPerNight = extraChargePerNight(q.guests, data.base!.minBase, data.base!.maxExtra);
  for (let i = start; i < at.length; i++) {
    if (exact) {
      // Walked in page order: the first `limit` hits are the page.
      if (page.full) return;
    } else {
      const night = keys[i] as number;
      // No night on sale and open around the dates, here or in any group after: no total left.
      if (!Number.isFinite(night)) return;
      const worst = page.worst();
      if (page.full && worst) {
        const nights = stay!.nights;
        // Totals of the groups left are at least (or at most) this; a tie may still win on its id.
        if (dir === 1 && nights * night > (worst.key as number)) return;
        if (dir === -1 && nights * (night + extraPerNight) < (worst.key as number)) return;
      }
    }
    // The group as it is now: reloaded since the order was built (same keys), or gone.
    const g = data.groups.get(groups[at[i]!]!.id);
    if (!g) continue;
    const hit = hitOf(g);
    if (hit) page.push(hit);
  }
}

function spliced(a: Int32Array, at: number, remove: number, insert: number[]): Int32Array {
  const out = new Int32Array(a.length - remove + insert.length);
  out.set(a.subarray(0, at));
  out.set(insert, at);
  out.set(a.subarray(at + remove), at + insert.length);
  return out;
}

/**
 * Applies one statement's changes of active stays (removed first, then added) to the group's
 * houses, keeping only stays that end after `fromDay` as a load does. False when the changes do
 * not fit what is loaded (an unknown house, a stay to remove that is not there, one to add that
 * overlaps): the group must then be loaded again. The house arrays are replaced, never written in
 * place, so a search holding the old ones is not disturbed.
 */
export function applyStayChanges(
  g: IndexedGroup,
  fromDay: number,
  removed: readonly StayNights[],
  added: readonly StayNights[],
): boolean {
  const houses = new Map(g.houses.map((h, i) => [h.id, i]));
  const next = [...g.houses];
  for (const s of removed) {
    const i = houses.get(s.houseId);
    if (i === undefined) return false;
    const checkout = dayNumber(s.checkout);
    if (checkout <= fromDay) continue;
    const h = next[i]!;
    const at = firstCheckinFrom(h, dayNumber(s.checkin));
    if (at >= h.checkin.length || h.checkin[at] !== dayNumber(s.checkin) || h.checkout[at] !== checkout) return false;
    next[i] = { id: h.id, checkin: spliced(h.checkin, at, 1, []), checkout: spliced(h.checkout, at, 1, []) };
  }
  for (const s of added) {
    const i = houses.get(s.houseId);
    if (i === undefined) return false;
    const checkin = dayNumber(s.checkin);
    const checkout = dayNumber(s.checkout);
    if (checkout <= fromDay) continue;
    const h = next[i]!;
    const at = firstCheckinFrom(h, checkin);
    if ((at < h.checkin.length && h.checkin[at]! < checkout) || (at > 0 && h.checkout[at - 1]! > checkin)) return false;
    next[i] = {
      id: h.id,
      checkin: spliced(h.checkin, at, 0, [checkin]),
      checkout: spliced(h.checkout, at, 0, [checkout]),
    };
  }
  g.houses = next;
  return true;
}

/** A house group's slice as loaded (search-index.repo.ts), turned into typed arrays. */
export function groupFromSlice(row: SearchSliceRow, fromDay: number): IndexedGroup {
  const days = row.days ? row.days.split(',').map(Number) : [];
  const count = days.length / 4;
  const firstOffset = count > 0 ? days[0]! : 0;
  const length = count > 0 ? days[(count - 1) * 4]! - firstOffset + 1 : 0;
  const nights = new Uint8Array(length);
  const standard: number[] = Array.from({ length }, () => 0);
  const high: number[] = Array.from({ length }, () => 0);
  for (let k = 0; k < count; k++) {
    const i = days[k * 4]! - firstOffset;
    nights[i] = days[k * 4 + 1]!;
    standard[i] = days[k * 4 + 2]!;
    high[i] = days[k * 4 + 3]!;
  }
  const houses = (row.houses ?? []).map(([id, stays]) => {
    const s = stays ? stays.split(',').map(Number) : [];
    const checkin = new Int32Array(s.length / 2);
    const checkout = new Int32Array(s.length / 2);
    for (let k = 0; k < checkin.length; k++) {
      checkin[k] = fromDay + s[2 * k]!;
      checkout[k] = fromDay + s[2 * k + 1]!;
    }
    return { id, checkin, checkout };
  });
  return {
    id: row.id,
    placeId: row.place_id,
    name: { en: row.name_en, ja: row.name_ja },
    placeName: { en: row.place_name_en, ja: row.place_name_ja },
    prefectureName: { en: row.prefecture_en, ja: row.prefecture_ja },
    area: { en: row.area_en, ja: row.area_ja },
    prefectureEnLower: row.prefecture_en_lower,
    prefectureJa: row.prefecture_ja,
    areaEnLower: row.area_en_lower,
    areaJa: row.area_ja,
    cityEnLower: row.city_en_lower,
    cityJa: row.city_ja,
    version: row.version,
    verticalImageUrl: row.vertical_image_url,
    horizontalImageUrl: row.horizontal_image_url,
    squareImageUrl: row.square_image_url,
    type: row.type,
    usageLabel: row.usage_label,
    mealProvidable: row.meal_providable,
    isPetAllowed: row.is_pet_allowed,
    timezone: row.timezone,
    baseCapacity: row.base_capacity,
    maxCapacity: row.max_capacity,
    minAdultCapacity: row.min_adult_capacity,
    maxPetCapacity: row.max_pet_capacity,
    standardSeasonPrice: Number(row.standard_season_price),
    extraChargePerGuestPerNight: Number(row.extra_charge_per_guest_per_night),
    firstDay: fromDay + firstOffset,
    nights,
    standardPrice: priceArray(standard),
    highPrice: priceArray(high),
    houses,
  };
}
