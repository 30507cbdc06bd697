import type { Deps } from '../../platform/deps.js';
import type { Task } from '../../platform/scheduler.js';
import * as repo from './catalogue-changes.repo.js';

/** What keeps a copy of catalogue data in memory and must follow the database. */
export type CatalogueChangeSubscriber = {
  /**
   * A committed change touched this house group (its row, place, houses or season days; and its
   * active stays, for a subscriber without `staysChanged`).
   */
  changed: (houseGroupId: string) => void;
  /** A committed statement changed active stays of a house group, as told by the stay change log. */
  staysChanged?: (change: repo.StaysChange) => void;
  /** Listening (again): notifications from now on arrive, earlier ones may have been missed. */
  up: () => void;
  /** The listening connection dropped: copies can no longer be trusted until the next `up`. */
  down: () => void;
};

export type CatalogueChangeFeed = {
  /** True while the listening connection is up. */
  readonly listening: boolean;
  /** Subscribes (and starts listening on first use); returns the unsubscribe function. */
  subscribe: (s: CatalogueChangeSubscriber) => () => void;
  /**
   * True once every change committed before the call has been passed to the subscribers; false
   * when that cannot be known (not listening), in which case callers read the database instead.
   */
  barrier: () => Promise<boolean>;
  stop: () => Promise<void>;
};

const RETRY_MS = 1_000;
/** Stay changes are read by every barrier, and at least this often, so that copies follow them and the log's read stays short. */
const READ_EVERY_MS = 30_000;

function createFeed(deps: Pick<Deps, 'db' | 'log'>): CatalogueChangeFeed {
  const subscribers = new Set<CatalogueChangeSubscriber>();
  let listener: repo.CatalogueListener | null = null;
  let starting = false;
  let stopped = false;
  // Barriers are shared: a statement already on its way may have been sent before a caller's
  // change committed, so callers arriving meanwhile wait for the next one, which serves them all.
  let inFlight: Promise<boolean> | null = null;
  let queued: Promise<boolean> | null = null;

  const start = async (): Promise<void> => {
    if (stopped || starting || listener) return;
    starting = true;
    try {
      const l = await repo.listenForCatalogueChanges(
        deps.db,
        (id) => {
          for (const s of subscribers) s.changed(id);
        },
        (change) => {
          for (const s of subscribers) {
            if (s.staysChanged) s.staysChanged(change);
            else s.changed(change.houseGroupId);
          }
        },
        (err) => {
          if (listener !== l) return;
          listener = null;
          if (!(deps.db as { ending?: boolean }).ending) {
            deps.log.warn('catalogue change notifications lost; reconnecting', { error: err.message });
          }
          for (const s of subscribers) s.down();
          retry();
        },
      );
      if (stopped) {
        await l.close();
        return;
      }
      listener = l;
      for (const s of subscribers) s.up();
    } catch (err) {
      deps.log.warn('could not listen for catalogue changes; retrying', { error: String(err) });
      retry();
    } finally {
      starting = false;
    }
  };
  const retry = () => {
    // A pool being shut down (the server stopping, a test ending) is not reconnected to.
    if (stopped || (deps.db as { ending?: boolean }).ending) return;
    setTimeout(() => void start(), RETRY_MS).unref();
  };

  const sendBarrier = (): Promise<boolean> => {
    const l = listener;
    if (!l) return Promise.resolve(false);
    const p = l.barrier().then(
      () => listener === l,
      () => false,
    );
    inFlight = p;
    void p.finally(() => {
      if (inFlight === p) inFlight = null;
    });
    return p;
  };

  const feed: CatalogueChangeFeed = {
    get listening() {
      return listener !== null;
    },
    subscribe(s) {
      subscribers.add(s);
      void start();
      return () => subscribers.delete(s);
    },
    barrier() {
      if (!listener) return Promise.resolve(false);
      if (!inFlight) return sendBarrier();
      if (!queued) {
        const q = inFlight.then(() => {
          queued = null;
          return sendBarrier();
        });
        queued = q;
      }
      return queued;
    },
    async stop() {
      stopped = true;
      clearInterval(keepReading);
      const l = listener;
      listener = null;
      if (l) for (const s of subscribers) s.down();
      await l?.close();
    },
  };
  const keepReading = setInterval(() => {
    if (listener && !inFlight) void feed.barrier();
  }, READ_EVERY_MS);
  keepReading.unref();
  return feed;
}

export const pruneChangeLogsTask: Task = {
  name: 'prune-change-logs',
  everyMs: 10 * 60_000,
  run: async (deps) => {
    await repo.pruneChangeLogs(deps.db, deps.clock.now());
  },
};

// One feed per database pool: the search index and the page caches of one process share a connection.
const feeds = new WeakMap<object, CatalogueChangeFeed>();

export function catalogueChangeFeed(deps: Pick<Deps, 'db' | 'log'>): CatalogueChangeFeed {
  let feed = feeds.get(deps.db);
  if (!feed) feeds.set(deps.db, (feed = createFeed(deps)));
  return feed;
}
