import { describe, expect, it } from 'vitest';
import { createTranslationLoader, TRANSLATION_LOADER_DEFAULTS } from './translation-loader';

type Answer = { status: number; body?: unknown } | Error;

/** A fetch that answers from a script per URL and records when calls start and end. */
function fakeFetch(script: (url: string, call: number) => Answer, hold?: () => Promise<void>) {
  const calls: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const counts = new Map<string, number>();
  const fetch = async (url: string) => {
    calls.push(url);
    const call = counts.get(url) ?? 0;
    counts.set(url, call + 1);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      if (hold) await hold();
      const answer = script(url, call);
      if (answer instanceof Error) throw answer;
      return { ok: answer.status < 300, status: answer.status, json: async () => answer.body };
    } finally {
      inFlight--;
    }
  };
  return { fetch, calls, max: () => maxInFlight };
}

function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('the translation loader', () => {
  it('uses the spec’s figures by default', () => {
    expect(TRANSLATION_LOADER_DEFAULTS).toEqual({ maxRetries: 5, baseDelayMs: 350, maxParallel: 10 });
  });

  it('fetches /locales/{language}/{namespace}.json', async () => {
    const fake = fakeFetch(() => ({ status: 200, body: { hello: 'こんにちは' } }));
    const loader = createTranslationLoader({ fetch: fake.fetch });
    expect(await loader.load('ja', 'booking')).toEqual({ hello: 'こんにちは' });
    expect(fake.calls).toEqual(['/locales/ja/booking.json']);
  });

  it('retries up to 5 times, waiting 350 ms and doubling each time', async () => {
    const fake = fakeFetch((_url, call) =>
      call < 5 ? new TypeError('network down') : { status: 200, body: { a: 'b' } },
    );
    const { waits, sleep } = recordingSleep();
    const loader = createTranslationLoader({ fetch: fake.fetch, sleep });
    expect(await loader.load('en', 'x')).toEqual({ a: 'b' });
    expect(fake.calls).toHaveLength(6);
    expect(waits).toEqual([350, 700, 1400, 2800, 5600]);
  });

  it('gives up after the fifth retry', async () => {
    const fake = fakeFetch(() => ({ status: 503 }));
    const { waits, sleep } = recordingSleep();
    const loader = createTranslationLoader({ fetch: fake.fetch, sleep });
    await expect(loader.load('en', 'x')).rejects.toThrow('answered 503');
    expect(fake.calls).toHaveLength(6);
    expect(waits).toHaveLength(5);
  });

  it('does not retry a file that does not exist', async () => {
    const fake = fakeFetch(() => ({ status: 404 }));
    const { waits, sleep } = recordingSleep();
    const loader = createTranslationLoader({ fetch: fake.fetch, sleep });
    await expect(loader.load('en', 'missing')).rejects.toThrow('answered 404');
    expect(fake.calls).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('keeps at most 10 requests on the wire and still loads every file', async () => {
    let release: () => void = () => {};
    let gate = new Promise<void>((resolve) => (release = resolve));
    const fake = fakeFetch(
      (url) => ({ status: 200, body: { url } }),
      () => gate,
    );
    const loader = createTranslationLoader({ fetch: fake.fetch });
    const all = Promise.all(Array.from({ length: 25 }, (_, i) => loader.load('en', `ns${i}`)));
    await new Promise((r) => setTimeout(r, 10));
    expect(fake.calls).toHaveLength(10);
    release();
    // Later requests pass through at once.
    gate = Promise.resolve();
    const results = await all;
    expect(results).toHaveLength(25);
    expect(fake.max()).toBe(10);
    expect(new Set(fake.calls).size).toBe(25);
  });

  it('asks once for a file several components want at the same time', async () => {
    const fake = fakeFetch(() => ({ status: 200, body: {} }));
    const loader = createTranslationLoader({ fetch: fake.fetch });
    await Promise.all([loader.load('ja', 'a'), loader.load('ja', 'a'), loader.load('ja', 'a')]);
    expect(fake.calls).toHaveLength(1);
  });

  it('asks again later for a file whose load failed', async () => {
    let broken = true;
    const fake = fakeFetch(() => (broken ? { status: 404 } : { status: 200, body: { ok: 'yes' } }));
    const loader = createTranslationLoader({ fetch: fake.fetch });
    await expect(loader.load('en', 'later')).rejects.toThrow();
    broken = false;
    expect(await loader.load('en', 'later')).toEqual({ ok: 'yes' });
  });
});
