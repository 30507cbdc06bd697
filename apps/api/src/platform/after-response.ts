import type { Logger } from './logger.js';

/**
 * Work a request starts but does not wait for: it runs once the answer has gone (on a later turn
 * of the event loop), so the answer cannot depend on it, neither in what it says nor in how long it
 * takes. A failure is logged; nobody is left to answer it to.
 */
export type AfterResponse = {
  /** Queues `work`; returns at once. */
  defer: (name: string, work: () => Promise<void>) => void;
  /** Resolves when everything queued so far has finished (shutdown, tests). */
  settled: () => Promise<void>;
};

export function createAfterResponse(log: Logger): AfterResponse {
  const pending = new Set<Promise<void>>();
  return {
    defer: (name, work) => {
      const p: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((err: unknown) => log.error('work after the response failed', { work: name, error: String(err) }))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    settled: async () => {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}
