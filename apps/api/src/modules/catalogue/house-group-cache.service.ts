import type { HouseGroup } from '@yado/contract/catalogue.contract';
import type { Language } from '@yado/contract/headers';
import type { Deps } from '../../platform/deps.js';
import { catalogueChangeFeed, type CatalogueChangeFeed } from './catalogue-changes.service.js';
import { getHouseGroup, getPlace, getSeasonPriceType } from './catalogue.service.js';
import * as repo from './catalogue.repo.js';
import { addDays, civilFromIso, daysBetween, todayIn, type IsoDate } from '@yado/contract/civil-date';

type CacheDeps = Pick<Deps, 'db' | 'clock' | 'log'>;

export type SeasonDay = Awaited<ReturnType<typeof getSeasonPriceType>>['days'][number];

/** What pricing and holding a stay read of a house group. */
export type HouseGroupForBooking = {
  houseGroup: HouseGroup;
  /** The prefecture of the group's place, in the group's language (booking cards show it). */
  prefectureName: string;
  /** The houses a hold may take, in the order it tries them (retired houses left out). */
  houseIds: string[];
  /** The season days of [firstNight, lastNight], as getSeasonPriceType gives them. */
  days: SeasonDay[];
  /**
   * A snapshot taken before all of this was read (pg_snapshot as text): a catalogue change it did
   * not see may not be in it (the plain hold checks, see migration 0015).
   */
  seen: string;
};

const SEASON_DAY = 1;
const CLOSED = 2;
const HIGH = 4;

/** A group's season days from `from` on: flags (SEASON_DAY, CLOSED, HIGH) and the price of each day's type. */
type LoadedDays = { from: IsoDate; flags: Uint8Array; prices: Float64Array };

type Entry = { houseGroup: HouseGroup; prefectureName: string; houseIds: string[]; days: LoadedDays; seen: string };

/** Groups kept at once; the least recently used one goes first. */
const MAX_ENTRIES = 1_000;

function daysOf(loaded: LoadedDays, firstNight: IsoDate, lastNight: IsoDate): SeasonDay[] {
  const days: SeasonDay[] = [];
  const first = daysBetween(loaded.from, firstNight);
  const last = Math.min(daysBetween(loaded.from, lastNight), loaded.flags.length - 1);
  for (let i = first; i <= last; i++) {
    const f = loaded.flags[i]!;
    if ((f & SEASON_DAY) === 0) continue;
    days.push({
      date: civilFromIso(addDays(loaded.from, i)),
      priceType: (f & HIGH) !== 0 ? 'HIGH' : 'STANDARD',
      price: loaded.prices[i]!,
      closed: (f & CLOSED) !== 0,
    });
  }
  return days;
}

async function load(deps: CacheDeps, language: Language, id: string): Promise<Entry> {
  // Two days back: no house group's today (UTC-12 and later) is before yesterday in UTC.
  const from = addDays(todayIn('UTC', deps.clock.now()), -2);
  const seen = await repo.currentSnapshot(deps.db);
  const [{ houseGroup }, houseIds, rows] = await Promise.all([
    getHouseGroup(deps, language, id),
    repo.bookableHouseIds(deps.db, id),
    repo.seasonDaysFrom(deps.db, id, from),
  ]);
  const length = rows.length > 0 ? rows[rows.length - 1]!.offset_days + 1 : 0;
  const flags = new Uint8Array(length);
  const prices = new Float64Array(length);
  for (const r of rows) {
    flags[r.offset_days] = SEASON_DAY | (r.closed ? CLOSED : 0) | (r.price_type === 'HIGH' ? HIGH : 0);
    prices[r.offset_days] = Number(r.price);
  }
  // A place's change notifies each of its groups, so its prefecture is kept with them.
  const { place } = await getPlace(deps, language, houseGroup.placeId);
  return { houseGroup, prefectureName: place.prefectureName, houseIds, days: { from, flags, prices }, seen };
}

function createCache(deps: CacheDeps, feed: CatalogueChangeFeed) {
  // Keyed by "<language>:<house group>": the house group's texts are in one language.
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<Entry>>();
  // Bumped by every change of a group (and, for all groups, by every reconnection): a load started
  // before a change is not kept, nor shared with a caller that came after it.
  const versions = new Map<string, number>();
  let epoch = 0;
  const versionOf = (id: string) => `${epoch}.${versions.get(id) ?? 0}`;
  const forget = (id: string) => {
    entries.delete(`en:${id}`);
    entries.delete(`ja:${id}`);
    versions.set(id, (versions.get(id) ?? 0) + 1);
  };
  const forgetAll = () => {
    entries.clear();
    versions.clear();
    epoch++;
  };
  feed.subscribe({
    changed: forget,
    // Stays are not kept here: holds meet them in the database.
    staysChanged: () => {},
    up: forgetAll,
    down: forgetAll,
  });

  return async (language: Language, id: string, barrier: boolean): Promise<Entry> => {
    // Not listening: nothing kept can be trusted, so every call reads the database.
    if (barrier ? !(await feed.barrier()) : !feed.listening) return load(deps, language, id);
    const key = `${language}:${id}`;
    const hit = entries.get(key);
    if (hit) {
      entries.delete(key);
      entries.set(key, hit);
      return hit;
    }
    const version = versionOf(id);
    const loadKey = `${version}:${key}`;
    let pending = loading.get(loadKey);
    if (!pending) {
      pending = load(deps, language, id);
      loading.set(loadKey, pending);
      void pending.then(
        (entry) => {
          loading.delete(loadKey);
          if (versionOf(id) !== version) return;
          entries.set(key, entry);
          if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        },
        () => loading.delete(loadKey),
      );
    }
    return pending;
  };
}

// One cache per database pool (a test file's database, or the server's).
const caches = new WeakMap<object, ReturnType<typeof createCache>>();

/**
 * The house group, its houses and the season days of [firstNight, lastNight], from memory: kept per
 * group and language and dropped on the group's catalogue change notifications. Read after the
 * barrier on the listening connection, so that every change committed before the call is seen (as
 * a read of the database would); or, for a caller that checks `seen` when it writes
 * (`checkedWhenWritten`), without waiting for it. Without the listening connection, from the
 * database. 404 for an unknown house group.
 */
export async function houseGroupForBooking(
  deps: CacheDeps,
  language: Language,
  houseGroupId: string,
  firstNight: IsoDate,
  lastNight: IsoDate,
  opts: { checkedWhenWritten?: boolean } = {},
): Promise<HouseGroupForBooking> {
  let cache = caches.get(deps.db);
  if (!cache) caches.set(deps.db, (cache = createCache(deps, catalogueChangeFeed(deps))));
  const entry = await cache(language, houseGroupId, !opts.checkedWhenWritten);
  const days =
    firstNight < entry.days.from
      ? // Nights before the kept ones are past for every house group; the database answers them as before.
        (
          await getSeasonPriceType(deps, {
            houseGroupId,
            startDate: civilFromIso(firstNight),
            endDate: civilFromIso(lastNight),
          })
        ).days
      : daysOf(entry.days, firstNight, lastNight);
  return {
    houseGroup: entry.houseGroup,
    prefectureName: entry.prefectureName,
    houseIds: entry.houseIds,
    days,
    seen: entry.seen,
  };
}
