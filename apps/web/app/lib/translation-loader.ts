/**
 * Fetches translation files the browser does not have yet (spec, section 9:
 * up to 5 retries, 350 ms base wait, at most 10 in parallel). The wait doubles
 * after each failed try (350, 700, 1400, 2800, 5600 ms). A slot is held only
 * while a request is on the wire, so a file waiting to retry never holds up
 * the others.
 */
export type TranslationLoaderOptions = {
  fetch: (url: string) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;
  /** Where the files live: `${baseUrl}/${language}/${namespace}.json`. */
  baseUrl?: string;
  maxRetries?: number;
  baseDelayMs?: number;
  maxParallel?: number;
  sleep?: (ms: number) => Promise<void>;
};

export type TranslationResource = Record<string, unknown>;

export const TRANSLATION_LOADER_DEFAULTS = { maxRetries: 5, baseDelayMs: 350, maxParallel: 10 } as const;

/** A file that is not there will not appear by asking again; anything else might. */
class PermanentFailure extends Error {}

export function createTranslationLoader(options: TranslationLoaderOptions) {
  const {
    fetch,
    baseUrl = '/locales',
    maxRetries = TRANSLATION_LOADER_DEFAULTS.maxRetries,
    baseDelayMs = TRANSLATION_LOADER_DEFAULTS.baseDelayMs,
    maxParallel = TRANSLATION_LOADER_DEFAULTS.maxParallel,
    sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  } = options;

  let active = 0;
  const queue: (() => void)[] = [];

  async function withSlot<T>(task: () => Promise<T>): Promise<T> {
    if (active >= maxParallel) await new Promise<void>((resolve) => queue.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      queue.shift()?.();
    }
  }

  async function fetchOnce(url: string): Promise<TranslationResource> {
    const response = await fetch(url);
    if (!response.ok) {
      const retryable = response.status >= 500 || response.status === 408 || response.status === 429;
      const message = `GET ${url} answered ${response.status}`;
      throw retryable ? new Error(message) : new PermanentFailure(message);
    }
    const body: unknown = await response.json();
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new PermanentFailure(`GET ${url} did not answer a translation object`);
    }
    return body as TranslationResource;
  }

  /** Pending and finished loads by file, so two components asking for one namespace share a request. */
  const loads = new Map<string, Promise<TranslationResource>>();

  async function loadWithRetries(url: string): Promise<TranslationResource> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await withSlot(() => fetchOnce(url));
      } catch (error) {
        if (error instanceof PermanentFailure || attempt >= maxRetries) throw error;
        await sleep(baseDelayMs * 2 ** attempt);
      }
    }
  }

  return {
    load(language: string, namespace: string): Promise<TranslationResource> {
      const url = `${baseUrl}/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json`;
      let pending = loads.get(url);
      if (!pending) {
        pending = loadWithRetries(url);
        // A failed load may be asked for again later (the next page, say).
        pending.catch(() => loads.delete(url));
        loads.set(url, pending);
      }
      return pending;
    },
  };
}
