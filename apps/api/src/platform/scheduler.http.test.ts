import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test-support/test-api.js';
import { fixedClock } from './clock.js';
import { createPool } from './db/pool.js';
import { loadEnv } from './env.js';
import { createLogger } from './logger.js';
import { BACKGROUND_TASK_SLOTS, startScheduler, type Task } from './scheduler.js';

describe('background tasks', () => {
  it('run their queries even when the app pool has a single connection', async () => {
    const { url } = await createTestDatabase();
    const db = createPool(url, 1);
    const deps = {
      db,
      clock: fixedClock(new Date('2026-11-22T00:00:00Z')),
      env: loadEnv({}),
      log: createLogger('error'),
    };
    const ran: string[] = [];
    const tasks: Task[] = ['first', 'second', 'third'].map((name) => ({
      name,
      everyMs: 3_600_000,
      run: async (d) => {
        await d.db.query('SELECT pg_sleep(0.05)');
        ran.push(name);
      },
    }));
    const scheduler = startScheduler(deps, tasks);
    try {
      // Each task's first run starts a second after the scheduler.
      await expect.poll(() => [...ran].sort(), { timeout: 10_000 }).toEqual(['first', 'second', 'third']);
      // And the one connection is free for requests once they are done.
      expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await scheduler.stop();
      await db.end();
    }
  });

  it(`run at most ${BACKGROUND_TASK_SLOTS} at a time, the others waiting their turn`, async () => {
    const { url } = await createTestDatabase();
    const db = createPool(url, 10);
    const deps = {
      db,
      clock: fixedClock(new Date('2026-11-22T00:00:00Z')),
      env: loadEnv({}),
      log: createLogger('error'),
    };
    let running = 0;
    let most = 0;
    const ran: string[] = [];
    const tasks: Task[] = ['a', 'b', 'c', 'd', 'e'].map((name) => ({
      name,
      everyMs: 3_600_000,
      run: async (d) => {
        most = Math.max(most, ++running);
        await d.db.query('SELECT pg_sleep(0.1)');
        running -= 1;
        ran.push(name);
      },
    }));
    const scheduler = startScheduler(deps, tasks);
    try {
      await expect.poll(() => ran.length, { timeout: 15_000 }).toBe(tasks.length);
      expect(most).toBe(BACKGROUND_TASK_SLOTS);
    } finally {
      await scheduler.stop();
      await db.end();
    }
  });
});
