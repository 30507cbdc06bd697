import type { Deps } from '../../platform/deps.js';
import type { StaysChange } from './catalogue-changes.repo.js';
import { catalogueChangeFeed, type CatalogueChangeFeed } from './catalogue-changes.service.js';
import { addDays, dayNumber, todayIn, type IsoDate } from '@yado/contract/civil-date';
import * as repo from './search-index.repo.js';
import {
  applyStayChanges,
  emptyIndex,
  groupFromSlice,
  putGroup,
  removeGroup,
  searchIndex,
  type IndexedSearchRow,
  type SearchIndexData,
} from './search-index.rules.js';
import type { SearchQuery } from './search.repo.js';

type IndexDeps = Pick<Deps, 'db' | 'clock' | 'log'>;

export type SearchIndex = {
  /**
   * A page from the read model, reflecting every change committed before the call; null when the
   * read model cannot answer (still loading, not listening, or a query it does not cover), in
   * which case the caller runs the search statement.
   */
  search: (q: SearchQuery) => Promise<IndexedSearchRow[] | null>;
  /** Resolves once the read model is loaded (for tests and benchmarks). */
  ready: () => Promise<void>;
  stop: () => void;
};

/** House groups per load statement: big enough for few round trips, small enough not to stall the event loop. */
const CHUNK = 500;
const REBUILD_RETRY_MS = 5_000;
const FIRST_LOAD_WAIT_MS = 30_000;

function createSearchIndex(deps: IndexDeps, feed: CatalogueChangeFeed): SearchIndex {
  let data: SearchIndexData | null = null;
  let from: IsoDate = '';
  // Bumped whenever what is loaded may no longer follow the database: work of an older generation is dropped.
  let generation = 0;
  let usable = true;
  let stopped = false;
  const dirty = new Set<string>();
  // Notifications received and notifications applied, counted: a search waits only for what arrived before it.
  let received = 0;
  let applied = 0;
  let reloading: Promise<void> | null = null;
  let reloadingIds = new Set<string>();
  let readyWaiters: (() => void)[] = [];
  let loadedOnce = false;

  const rebuild = (): void => {
    const gen = ++generation;
    data = null;
    void (async () => {
      try {
        if (!(await repo.sortsByCodePoint(deps.db))) {
          usable = false;
          for (const w of readyWaiters) w();
          readyWaiters = [];
          deps.log.info('search reads the database: its collation does not order text by code point');
          return;
        }
        // Two days back: no house group's today (UTC-12 and later) is before yesterday in UTC.
        const start = addDays(todayIn('UTC', deps.clock.now()), -2);
        const next = emptyIndex(dayNumber(start));
        const ids = await repo.allHouseGroupIds(deps.db);
        for (let i = 0; i < ids.length; i += 2 * CHUNK) {
          const parts = await Promise.all(
            [ids.slice(i, i + CHUNK), ids.slice(i + CHUNK, i + 2 * CHUNK)]
              .filter((c) => c.length > 0)
              .map((c) => repo.searchSlices(deps.db, c, start)),
          );
          if (gen !== generation) return;
          for (const rows of parts) for (const row of rows) putGroup(next, groupFromSlice(row, next.fromDay));
        }
        if (gen !== generation) return;
        data = next;
        from = start;
        loadedOnce = true;
        for (const w of readyWaiters) w();
        readyWaiters = [];
        kick();
      } catch (err) {
        if (gen !== generation || stopped) return;
        deps.log.warn('could not load the search read model; retrying', { error: String(err) });
        setTimeout(() => {
          if (gen === generation && !stopped && feed.listening) rebuild();
        }, REBUILD_RETRY_MS).unref();
      }
    })();
  };

  // Reloads the slices of the house groups notified since the last reload, one statement at a time.
  const kick = (): void => {
    if (reloading || !data) return;
    if (dirty.size === 0) {
      applied = received;
      return;
    }
    const gen = generation;
    const target = data;
    const seen = received;
    const ids = [...dirty].slice(0, 2 * CHUNK);
    const all = ids.length === dirty.size;
    for (const id of ids) dirty.delete(id);
    reloadingIds = new Set(ids);
    reloading = repo
      .searchSlices(deps.db, ids, from)
      .then(
        (rows) => {
          if (gen !== generation) return;
          const found = new Set<string>();
          for (const row of rows) {
            putGroup(target, groupFromSlice(row, target.fromDay));
            found.add(row.id);
          }
          for (const id of ids) if (!found.has(id)) removeGroup(target, id);
          if (all) applied = Math.max(applied, seen);
        },
        (err: unknown) => {
          if (gen !== generation) return;
          deps.log.warn('could not reload house groups into the search read model; rebuilding', {
            error: String(err),
          });
          rebuild();
        },
      )
      .finally(() => {
        reloading = null;
        reloadingIds = new Set();
        kick();
      });
  };

  const subscriber = {
    changed: (id: string) => {
      dirty.add(id);
      received++;
      kick();
    },
    // A booking changes one stay: applied in place, not by reloading the group's whole slice. A
    // group waiting for a reload, or being reloaded (the statement may have read the database
    // before or after this change committed), is reloaded again instead.
    staysChanged: (c: StaysChange) => {
      received++;
      const id = c.houseGroupId;
      const g = data?.groups.get(id);
      const inPlace =
        g !== undefined &&
        c.delta !== null &&
        !dirty.has(id) &&
        !reloadingIds.has(id) &&
        applyStayChanges(g, data!.fromDay, c.delta.removed, c.delta.added);
      if (!inPlace) dirty.add(id);
      kick();
    },
    up: rebuild,
    down: () => {
      generation++;
      data = null;
    },
  };
  const ready = () =>
    data || !usable || stopped ? Promise.resolve() : new Promise<void>((resolve) => readyWaiters.push(resolve));
  const unsubscribe = feed.subscribe(subscriber);
  // Another reader may have started the feed already: then no `up` comes for this subscriber.
  if (feed.listening) rebuild();

  return {
    search: async (q) => {
      // The first load, started with the server or by the first search, is waited for (a while):
      // loading competes with the statement for the same CPU, so answering by statement meanwhile
      // only makes both slower. Later rebuilds (after a lost connection) are not waited for.
      if (!data && !loadedOnce && usable && !stopped) {
        await Promise.race([ready(), new Promise((resolve) => setTimeout(resolve, FIRST_LOAD_WAIT_MS).unref())]);
      }
      if (!data || !usable) return null;
      if (!(await feed.barrier())) return null;
      const target = received;
      while (data && applied < target) {
        kick();
        await reloading;
      }
      return data ? searchIndex(data, q) : null;
    },
    ready,
    stop: () => {
      stopped = true;
      generation++;
      data = null;
      unsubscribe();
    },
  };
}

// One read model per database pool (a test file's database, or the server's).
const indexes = new WeakMap<object, SearchIndex>();

/** The search read model of this database, started (listening and loading) on first use. */
export function searchIndexFor(deps: IndexDeps): SearchIndex {
  let index = indexes.get(deps.db);
  if (!index) indexes.set(deps.db, (index = createSearchIndex(deps, catalogueChangeFeed(deps))));
  return index;
}

/** Starts loading the read model with the server, so the first searches already find it ready. */
export function startSearchIndex(deps: IndexDeps): { stop: () => Promise<void> } {
  searchIndexFor(deps);
  return {
    stop: async () => {
      indexes.get(deps.db)?.stop();
      indexes.delete(deps.db);
      await catalogueChangeFeed(deps).stop();
    },
  };
}
