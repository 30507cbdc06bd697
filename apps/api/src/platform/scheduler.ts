import { createPool, withTx } from './db/pool.js';
import type { Deps } from './deps.js';

export type Task = { name: string; everyMs: number; run: (deps: Deps) => Promise<void> };

/**
 * How many tasks run at once in one process. A task holds at most one of the app's pooled
 * connections at a time, so background work never holds more than this many of them: the rest of
 * the pool is always left to requests (env.ts refuses a pool too small to leave any).
 */
export const BACKGROUND_TASK_SLOTS = 2;

/**
 * Background work stored in PostgreSQL's own locks: each task runs on a timer
 * in every node, but a transaction-scoped advisory lock lets only one node run
 * a given task at a time. Tasks are idempotent sweeps ("anonymise every user
 * whose grace period has ended"), so a missed or repeated run does no harm.
 *
 * Tasks that come due while the slots are taken wait their turn (a task already waiting or running
 * is not queued twice). The transactions holding the locks use connections of their own, one per
 * slot, beside the app's pool: a task runs its queries on the app's pool, and lock holders taking
 * pool connections could leave none for the tasks (or for requests) when the pool is small.
 */
export function startScheduler(deps: Deps, tasks: Task[]): { stop: () => Promise<void> } {
  const lockPool = createPool(deps.db.options.connectionString ?? '', BACKGROUND_TASK_SLOTS);
  let stopping = false;
  const running = new Set<Promise<void>>();
  const waiting: number[] = [];
  const busy = new Set<number>();

  const runTask = (i: number): Promise<void> => {
    const task = tasks[i]!;
    return withTx(lockPool, async (tx) => {
      const got = await tx.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock(7319100, $1) AS ok', [i]);
      if (!got.rows[0]?.ok) return;
      await task.run(deps);
    }).catch((err: unknown) => deps.log.error('background task failed', { task: task.name, error: String(err) }));
  };
  const pump = () => {
    while (!stopping && running.size < BACKGROUND_TASK_SLOTS && waiting.length) {
      const i = waiting.shift()!;
      const p: Promise<void> = runTask(i).finally(() => {
        running.delete(p);
        busy.delete(i);
        pump();
      });
      running.add(p);
    }
  };

  const timers = tasks.map((task, i) => {
    const tick = () => {
      if (stopping || busy.has(i)) return;
      busy.add(i);
      waiting.push(i);
      pump();
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
      waiting.length = 0;
      for (const [a, b] of timers) {
        clearTimeout(a);
        clearInterval(b);
      }
      await Promise.allSettled([...running]);
      await lockPool.end();
    },
  };
}
