import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRemoteConfigClient } from './remote-config';

const CONFIG = {
  searchHouseGroupsType: 'SEARCH',
  canSearchAbroadHotels: false,
  enabledFeatures: ['MARKETPLACE'],
  fetchedAt: '2026-03-01T10:00:00.000Z',
};

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

function fakeFetch(answers: (() => Response | Promise<Response>)[]) {
  const calls: RequestInit[] = [];
  const fn = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(init ?? {});
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return next();
  });
  return { fetch: fn as unknown as typeof fetch, calls, fn };
}

const ok =
  (body: unknown = CONFIG) =>
  () =>
    new Response(JSON.stringify(body), { status: 200 });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createRemoteConfigClient', () => {
  it('fetches with a 60000 ms timeout and reads unknown values leniently', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const { fetch, calls } = fakeFetch([ok({ ...CONFIG, searchHouseGroupsType: 'EVERYWHERE' })]);
    const client = createRemoteConfigClient({ fetch, storage: memoryStorage(), now: () => Date.now() });
    const config = await client.get();
    expect(timeout).toHaveBeenCalledWith(60_000);
    expect(calls[0]!.signal).toBeInstanceOf(AbortSignal);
    expect(config.searchHouseGroupsType).toBe('UNRECOGNIZED');
    expect(config.enabledFeatures).toEqual(['MARKETPLACE']);
  });

  it('asks the server at most once a minute, from memory and from storage', async () => {
    const storage = memoryStorage();
    const { fetch, fn } = fakeFetch([ok(), ok({ ...CONFIG, canSearchAbroadHotels: true })]);
    const client = createRemoteConfigClient({ fetch, storage, now: () => Date.now() });
    await client.get();
    vi.advanceTimersByTime(59_999);
    expect((await client.get()).canSearchAbroadHotels).toBe(false);

    // A new page (a new client) within the minute reads localStorage instead of fetching.
    const reloaded = createRemoteConfigClient({ fetch, storage, now: () => Date.now() });
    expect((await reloaded.get()).canSearchAbroadHotels).toBe(false);
    expect(fn).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(1);
    expect((await client.get()).canSearchAbroadHotels).toBe(true);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('shares one request between concurrent callers', async () => {
    const { fetch, fn } = fakeFetch([ok()]);
    const client = createRemoteConfigClient({ fetch, storage: null, now: () => Date.now() });
    await Promise.all([client.get(), client.get(), client.get()]);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('falls back to the last config when a fetch fails, and fails when there is none', async () => {
    const { fetch } = fakeFetch([
      ok(),
      () => new Response('down', { status: 503 }),
      () => Promise.reject(new DOMException('timed out', 'TimeoutError')),
    ]);
    const client = createRemoteConfigClient({ fetch, storage: memoryStorage(), now: () => Date.now() });
    await client.get();
    vi.advanceTimersByTime(60_000);
    expect(await client.get()).toMatchObject({ searchHouseGroupsType: 'SEARCH' });

    const empty = createRemoteConfigClient({ fetch, storage: memoryStorage(), now: () => Date.now() });
    await expect(empty.get()).rejects.toThrow('timed out');
    expect(empty.peek()).toBeNull();
  });
});
