import {
  REMOTE_CONFIG_FETCH_TIMEOUT_MS,
  REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS,
  REMOTE_CONFIG_ROUTE,
  RemoteConfigReadSchema,
  type RemoteConfigRead,
} from '@yado/contract/remote-config.contract';

const STORAGE_KEY = 'yado.remoteConfig';

type Cached = { config: RemoteConfigRead; storedAt: number };

export type RemoteConfigEnvironment = {
  fetch: typeof fetch;
  /** Null where storage is blocked; the config then lives in memory only. */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  now: () => number;
};

export type RemoteConfigClient = {
  /** The config, from memory or storage when fetched less than a minute ago, else from the server. */
  get: () => Promise<RemoteConfigRead>;
  /** What is cached, without fetching. */
  peek: () => RemoteConfigRead | null;
};

/**
 * Remote config (spec, section 9): a fetch gives up after 60000 ms, and the
 * server is asked at most once per 60000 ms (instead of the 12 hours such
 * clients default to), the answer kept in memory and in localStorage with
 * the time it was fetched, so a reload within the minute asks nobody.
 * A failed fetch falls back to the last known config when there is one.
 */
export function createRemoteConfigClient(env: RemoteConfigEnvironment): RemoteConfigClient {
  let memory: Cached | null = null;
  let inFlight: Promise<RemoteConfigRead> | null = null;

  function readStorage(): Cached | null {
    try {
      const raw = env.storage?.getItem(STORAGE_KEY);
      if (!raw) return null;
      const parsed = JSON.parse(raw) as { config?: unknown; storedAt?: unknown };
      const config = RemoteConfigReadSchema.safeParse(parsed.config);
      return config.success && typeof parsed.storedAt === 'number'
        ? { config: config.data, storedAt: parsed.storedAt }
        : null;
    } catch {
      return null;
    }
  }

  function cached(): Cached | null {
    memory ??= readStorage();
    return memory;
  }

  async function fetchConfig(): Promise<RemoteConfigRead> {
    const response = await env.fetch(REMOTE_CONFIG_ROUTE, {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
      signal: AbortSignal.timeout(REMOTE_CONFIG_FETCH_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`Remote config answered ${response.status}`);
    const config = RemoteConfigReadSchema.parse(await response.json());
    memory = { config, storedAt: env.now() };
    try {
      env.storage?.setItem(STORAGE_KEY, JSON.stringify(memory));
    } catch {
      // A full or blocked storage only costs the next page a fetch.
    }
    return config;
  }

  return {
    peek: () => cached()?.config ?? null,
    get() {
      const known = cached();
      const age = known ? env.now() - known.storedAt : Infinity;
      // A stored time in the future (clock changed) counts as stale.
      if (known && age >= 0 && age < REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS) return Promise.resolve(known.config);
      inFlight ??= fetchConfig()
        .catch((error: unknown) => {
          const fallback = cached();
          if (fallback) return fallback.config;
          throw error;
        })
        .finally(() => {
          inFlight = null;
        });
      return inFlight;
    },
  };
}

let browserClient: RemoteConfigClient | null = null;

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The remote config in the browser (one client per page). */
export function getRemoteConfig(): Promise<RemoteConfigRead> {
  browserClient ??= createRemoteConfigClient({
    fetch: (input, init) => fetch(input, init),
    storage: browserStorage(),
    now: () => Date.now(),
  });
  return browserClient.get();
}
