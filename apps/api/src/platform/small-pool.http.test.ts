import { IDENTITY_ROUTES } from '@yado/contract/identity.contract';
import { describe, expect, it } from 'vitest';
import { createTestApi } from '../test-support/test-api.js';
import { registeredUser } from '../test-support/user-factory.js';
import { loadEnv, MIN_DATABASE_POOL_SIZE } from './env.js';
import { BACKGROUND_TASK_SLOTS, startScheduler } from './scheduler.js';
import { searchHouseGroups } from '@yado/contract/catalogue.contract';
import { getUser } from '@yado/contract/user.contract';

describe('DATABASE_POOL_SIZE', () => {
  it('refuses a pool too small to leave connections to requests, naming the setting', () => {
    expect(MIN_DATABASE_POOL_SIZE).toBeGreaterThan(BACKGROUND_TASK_SLOTS);
    expect(() => loadEnv({ DATABASE_POOL_SIZE: String(MIN_DATABASE_POOL_SIZE - 1) })).toThrow(
      /DATABASE_POOL_SIZE: must be at least/,
    );
    expect(loadEnv({ DATABASE_POOL_SIZE: String(MIN_DATABASE_POOL_SIZE) }).DATABASE_POOL_SIZE).toBe(
      MIN_DATABASE_POOL_SIZE,
    );
  });

  // A hang (a transaction waiting for a second connection of a full pool) fails this by its timeout.
  it(
    'at the smallest accepted size, answers concurrent requests while every background task runs',
    { timeout: 120_000 },
    async () => {
      const t = await createTestApi({ DATABASE_POOL_SIZE: String(MIN_DATABASE_POOL_SIZE), TRUST_PROXY: 'true' });
      expect(t.pool.options.max).toBe(MIN_DATABASE_POOL_SIZE);
      const taken = await t.signUp();

      const finished = new Set<string>();
      const tasks = t.api.backgroundTasks.map((task) => ({
        ...task,
        run: async (d: Parameters<typeof task.run>[0]) => {
          await task.run(d);
          finished.add(task.name);
        },
      }));
      const scheduler = startScheduler(t.api.deps, tasks);

      // Requests that hold a transaction while reading more: new accounts with their users, an
      // address already in use, sign-ins, searches; each wave as many at once as the pool has connections, twice over.
      let asked = 0;
      const wave = () =>
        Promise.all(
          Array.from({ length: MIN_DATABASE_POOL_SIZE * 2 }, async (_, i) => {
            switch (i % 4) {
              case 0: {
                const { token } = await registeredUser(t);
                expect((await t.call(getUser, {}, { token })).status).toBe(200);
                return;
              }
              case 1: {
                // From an address of its own each time, so the per-address limit never answers instead.
                const res = await t.identityPost(
                  IDENTITY_ROUTES.signUp,
                  { email: taken.email, password: 'correct horse battery' },
                  { ip: `10.0.${Math.floor(i / 256)}.${++asked % 256}` },
                );
                expect(res.body.errorInfo.reason).toBe('CodeEmailAlreadyInUse');
                return;
              }
              case 2: {
                const res = await t.identityPost(IDENTITY_ROUTES.signInWithPassword, {
                  email: taken.email,
                  password: 'correct horse battery',
                });
                expect(res.status).toBe(200);
                return;
              }
              default: {
                const res = await t.call(searchHouseGroups, {});
                expect(res.status).toBe(200);
              }
            }
          }),
        );
      try {
        do await wave();
        while (finished.size < tasks.length);
        await wave();
        expect([...finished].sort()).toEqual(tasks.map((task) => task.name).sort());
        expect(t.pool.totalCount).toBeLessThanOrEqual(MIN_DATABASE_POOL_SIZE);
      } finally {
        await scheduler.stop();
      }
    },
  );
});
