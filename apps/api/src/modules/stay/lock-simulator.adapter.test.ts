import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import {
  LOCK_FLAT_BATTERY_PREFIX,
  LOCK_JAMMED_PREFIX,
  LOCK_LOW_BATTERY_PREFIX,
  LOCK_NO_ANSWER_PREFIX,
  LockSimulator,
  type LockFault,
} from './lock-simulator.adapter.js';
import { LockError, withLockTimeout } from './lock.adapter.js';
import { SmartHomeSimulator } from './smarthome-simulator.adapter.js';

const sequence =
  (...values: number[]) =>
  () =>
    values.shift() ?? 0.5;

function simulator(
  o: {
    latencyMs?: number;
    failureRate?: number;
    jamRate?: number;
    random?: () => number;
    faultPlan?: () => LockFault | undefined;
    sleep?: (ms: number) => Promise<void>;
  } = {},
) {
  const clock = fixedClock(new Date('2026-12-01T06:00:00Z'));
  return new LockSimulator({
    clock,
    latencyMs: o.latencyMs ?? 0,
    failureRate: o.failureRate ?? 0,
    jamRate: o.jamRate ?? 0,
    ...(o.random ? { random: o.random } : {}),
    ...(o.faultPlan ? { faultPlan: o.faultPlan } : {}),
    ...(o.sleep ? { sleep: o.sleep } : {}),
  });
}

const failureOf = (e: unknown) => (e as LockError).failure;

describe('the smart-lock simulator', () => {
  it('starts locked with a charged battery and reports what its commands left', async () => {
    const sim = simulator();
    expect(await sim.state('LOCK-1')).toMatchObject({ locked: true, jammed: false });
    expect((await sim.state('LOCK-1')).batteryLevel).toBeGreaterThanOrEqual(60);
    expect(await sim.unlock('LOCK-1', 'a')).toMatchObject({ locked: false });
    expect(await sim.state('LOCK-1')).toMatchObject({ locked: false });
    expect(await sim.lock('LOCK-1', 'b')).toMatchObject({ locked: true });
  });

  it('takes its latency through the hub: half each way, ±20 %', async () => {
    const waits: number[] = [];
    const sim = simulator({
      latencyMs: 600,
      random: sequence(0, 0.9, 0.9, 1),
      sleep: async (ms) => void waits.push(ms),
    });
    await sim.unlock('LOCK-2', 'a');
    // Draws: 0 for the way there (240 ms), 0.9 not lost, 0.9 not jammed, 1 for the way back (360 ms).
    expect(waits).toEqual([240, 360]);
  });

  it('acts once per command key: a retry answers the first outcome and moves nothing', async () => {
    const sim = simulator();
    await sim.unlock('LOCK-3', 'u1');
    await sim.lock('LOCK-3', 'l1');
    expect((await sim.unlock('LOCK-3', 'u1')).locked).toBe(false);
    expect((await sim.state('LOCK-3')).locked).toBe(true);
  });

  it('a lost answer may hide a command it carried out (a timeout): only its state tells', async () => {
    const acted = simulator({ faultPlan: () => ({ kind: 'LOST_ANSWER', acted: true }) });
    expect(failureOf(await acted.unlock('LOCK-4', 'k').catch((e: unknown) => e))).toBe('NO_ANSWER');
    expect((await acted.state('LOCK-4')).locked).toBe(false);

    let lost = true;
    const notActed = simulator({ faultPlan: () => (lost ? { kind: 'LOST_ANSWER', acted: false } : null) });
    expect(failureOf(await notActed.unlock('LOCK-5', 'k').catch((e: unknown) => e))).toBe('NO_ANSWER');
    expect((await notActed.state('LOCK-5')).locked).toBe(true);
    lost = false;
    // Retried with its key: it had never arrived, so it acts now.
    expect((await notActed.unlock('LOCK-5', 'k')).locked).toBe(false);
  });

  it('random faults follow the seeded draws: a lost answer at the failure rate, a jam at the jam rate', async () => {
    const lost = simulator({ failureRate: 0.1, random: sequence(0.05, 0.9) });
    expect(failureOf(await lost.unlock('LOCK-6', 'k').catch((e: unknown) => e))).toBe('NO_ANSWER');
    const jam = simulator({ failureRate: 0.1, jamRate: 0.1, random: sequence(0.5, 0.05) });
    expect(await jam.unlock('LOCK-7', 'k')).toMatchObject({ locked: true, jammed: true });
  });

  it('a jammed bolt stays where it was and reports jammed; driving it home (lock) frees it', async () => {
    let jam = true;
    const sim = simulator({ faultPlan: () => (jam ? { kind: 'JAM' } : null) });
    expect(await sim.unlock('LOCK-8', 'a')).toMatchObject({ locked: true, jammed: true });
    jam = false;
    expect(await sim.unlock('LOCK-8', 'b')).toMatchObject({ locked: true, jammed: true });
    expect(await sim.lock('LOCK-8', 'c')).toMatchObject({ locked: true, jammed: false });
    expect(await sim.unlock('LOCK-8', 'd')).toMatchObject({ locked: false, jammed: false });
    // A lock whose bolt is always stuck.
    expect(await sim.unlock(`${LOCK_JAMMED_PREFIX}-1`, 'a')).toMatchObject({ locked: true, jammed: true });
  });

  it('a low battery is reported; a flat one refuses to move the bolt', async () => {
    const sim = simulator();
    expect((await sim.state(`${LOCK_LOW_BATTERY_PREFIX}-1`)).batteryLevel).toBe(12);
    const flat = `${LOCK_FLAT_BATTERY_PREFIX}-1`;
    expect(failureOf(await sim.unlock(flat, 'k').catch((e: unknown) => e))).toBe('REFUSED');
    expect(await sim.state(flat)).toMatchObject({ locked: true, batteryLevel: 2 });
  });

  it('a lock whose hub is offline never answers: the time limit turns it into NO_ANSWER', async () => {
    const sim = simulator();
    const err = await withLockTimeout(() => sim.unlock(`${LOCK_NO_ANSWER_PREFIX}-1`, 'k'), 30).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LockError);
    expect(failureOf(err)).toBe('NO_ANSWER');
  });
});

describe('the room controller simulator', () => {
  it('heats the room towards its set point over time and fills the bath in 15 minutes', async () => {
    const clock = fixedClock(new Date('2026-12-01T06:00:00Z'));
    const sim = new SmartHomeSimulator({ clock, latencyMs: 0 });
    const start = await sim.apply('ROOM-1', { climateMode: 'HEAT', setPointCelsius: 24, bath: 'FILLING' });
    expect(start).toMatchObject({ roomTemperatureCelsius: 18, bath: 'FILLING' });
    clock.advance(30 * 60_000);
    expect(await sim.state('ROOM-1')).toMatchObject({ roomTemperatureCelsius: 20, bath: 'READY' });
    clock.advance(5 * 3_600_000);
    expect((await sim.state('ROOM-1')).roomTemperatureCelsius).toBe(24);
  });
});
