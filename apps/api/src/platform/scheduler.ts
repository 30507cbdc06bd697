import { createPool, withTx } from './db/pool.js';
import type { Deps } from './deps.js';

export type Task = { name: string; everyMs: number; run: (deps: Deps) => Promise<void> };

/**
 * Background work stored in PostgreSQL's own locks: each task runs on a timer
 * in every node, but a transaction-scoped advisory lock lets only one node run
 * a given task at a time. Tasks are idempotent sweeps ("anonymise every user
 * whose grace period has ended"), so a missed or repeated run does no harm.
 *
 * The transactions holding the locks use connections of their own, one per
 * task at most, beside the app's pool: a task runs its queries on the app's
 * pool, and lock holders taking pool connections could leave none for the
 * tasks (or for requests) when the pool is small.
 */
export function startScheduler(deps: Deps, tasks: Task[]): { stop: () => Promise<void> } {
  const lockPool = createPool(deps.db.options.connectionString ?? '', Math.max(1, tasks.length));
  let stopping = false;
  const running = new Set<Promise<void>>();
  const timers = tasks.map((task, i) => {
    const tick = () => {
      if (stopping) return;
      const p = withTx(lockPool, async (tx) => {
        const got = await tx.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock(7319100, $1) AS ok', [i]);
        if (!got.rows[0]?.ok) return;
        await task.run(deps);
      })
        .catch((err: unknown) => deps.log.error('background task failed', { task: task.name, error: String(err) }))
        .finally(() => running.delete(p));
      running.add(p);
    };
    const first = setTimeout(tick, 1_000);
    const every = setInterval(tick, task.everyMs);
    first.unref();
    every.unref();
    return [first, every] as const;
  });
  return {
    stop: async () => {
      stopping = true;
      for (const [a, b] of timers) {
        clearTimeout(a);
        clearInterval(b);
      }
      await Promise.allSettled([...running]);
      await lockPool.end();
    },
  };
}
