import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import type { Pool } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import { loadEnv } from '../../platform/env.js';
import { createLogger } from '../../platform/logger.js';
import { sendDoorCommand } from './door.service.js';
import { LockSimulator, type LockFault } from './lock-simulator.adapter.js';
import { LockError, registerLockAdapter, type LockAdapter, type LockState } from './lock.adapter.js';

function depsWith(adapter: LockAdapter): Deps {
  const db = {} as Pool;
  registerLockAdapter(db, adapter);
  return {
    db,
    clock: fixedClock(new Date('2026-12-01T06:00:00Z')),
    env: loadEnv({ NODE_ENV: 'test', LOCK_TIMEOUT_MS: '50', LOG_LEVEL: 'silent' }),
    log: createLogger('silent'),
  };
}

const simulatorWith = (plan: (() => LockFault | undefined)[]) =>
  new LockSimulator({
    clock: fixedClock(new Date('2026-12-01T06:00:00Z')),
    latencyMs: 0,
    failureRate: 0,
    faultPlan: () => plan.shift()?.() ?? null,
  });

/** Counts the commands that reach the lock, to show a retry never doubles one. */
function counting(inner: LockAdapter) {
  const sent: string[] = [];
  const adapter: LockAdapter = {
    lock: (d, k) => (sent.push(`LOCK ${k}`), inner.lock(d, k)),
    unlock: (d, k) => (sent.push(`UNLOCK ${k}`), inner.unlock(d, k)),
    state: (d) => inner.state(d),
  };
  return { adapter, sent };
}

describe('a door command as the guest is told it', () => {
  it('is confirmed when the lock answers with the state asked for', async () => {
    const deps = depsWith(simulatorWith([]));
    expect(await sendDoorCommand(deps, 'LOCK-1', 'UNLOCK', 'k1')).toMatchObject({
      confirmed: true,
      state: { locked: false },
    });
  });

  it('a lost answer after the lock acted: read back, confirmed, not sent again', async () => {
    const { adapter, sent } = counting(simulatorWith([() => ({ kind: 'LOST_ANSWER', acted: true })]));
    expect(await sendDoorCommand(depsWith(adapter), 'LOCK-2', 'UNLOCK', 'k')).toMatchObject({
      confirmed: true,
      state: { locked: false },
    });
    expect(sent).toEqual(['UNLOCK k']);
  });

  it('a lost answer before the lock acted: retried once under the same key, which acts once', async () => {
    const sim = simulatorWith([() => ({ kind: 'LOST_ANSWER', acted: false })]);
    const { adapter, sent } = counting(sim);
    expect(await sendDoorCommand(depsWith(adapter), 'LOCK-3', 'UNLOCK', 'k')).toMatchObject({ confirmed: true });
    expect(sent).toEqual(['UNLOCK k', 'UNLOCK k']);
    expect((await sim.state('LOCK-3')).locked).toBe(false);
  });

  it('answers lost twice: unconfirmed NO_ANSWER with the lock’s real (still locked) state', async () => {
    const lost = () => ({ kind: 'LOST_ANSWER', acted: false }) as const;
    const deps = depsWith(simulatorWith([lost, lost]));
    expect(await sendDoorCommand(deps, 'LOCK-4', 'UNLOCK', 'k')).toMatchObject({
      confirmed: false,
      failure: 'NO_ANSWER',
      state: { locked: true },
    });
  });

  it('a jam is unconfirmed JAMMED, never "unlocked"', async () => {
    const deps = depsWith(simulatorWith([() => ({ kind: 'JAM' })]));
    expect(await sendDoorCommand(deps, 'LOCK-5', 'UNLOCK', 'k')).toMatchObject({
      confirmed: false,
      failure: 'JAMMED',
      state: { locked: true, jammed: true },
    });
  });

  it('a lock that answers but reports the other state is unconfirmed REFUSED', async () => {
    const stuck: LockState = { locked: true, batteryLevel: 50, jammed: false, reportedAt: new Date() };
    const deps = depsWith({ lock: async () => stuck, unlock: async () => stuck, state: async () => stuck });
    expect(await sendDoorCommand(deps, 'LOCK-6', 'UNLOCK', 'k')).toEqual({
      confirmed: false,
      failure: 'REFUSED',
      state: stuck,
    });
  });

  it('no answer at all within the time limit: NO_ANSWER with no state', async () => {
    const silent: LockAdapter = {
      lock: () => new Promise<never>(() => {}),
      unlock: () => new Promise<never>(() => {}),
      state: () => new Promise<never>(() => {}),
    };
    expect(await sendDoorCommand(depsWith(silent), 'LOCK-7', 'LOCK', 'k')).toEqual({
      confirmed: false,
      failure: 'NO_ANSWER',
      state: null,
    });
  });

  it('passes on errors that are not the lock’s', async () => {
    const broken: LockAdapter = {
      lock: async () => Promise.reject(new TypeError('bug')),
      unlock: async () => Promise.reject(new TypeError('bug')),
      state: async () => Promise.reject(new LockError('NO_ANSWER', 'x')),
    };
    await expect(sendDoorCommand(depsWith(broken), 'LOCK-8', 'LOCK', 'k')).rejects.toThrow(TypeError);
  });
});
