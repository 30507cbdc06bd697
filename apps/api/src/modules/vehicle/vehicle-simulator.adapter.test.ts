import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import {
  routePosition,
  SIMULATOR_NO_ANSWER_DEVICE_PREFIX,
  SIMULATOR_REFUSING_DEVICE_PREFIX,
  VehicleSimulator,
} from './vehicle-simulator.adapter.js';
import { VehicleTelematicsError, withTelematicsTimeout } from './vehicle-telematics.adapter.js';

const HOME = { latitude: 36.7, longitude: 137.86 };
const HOUR = 3_600_000;

function simulator(
  o: { latencyMs?: number; failureRate?: number; random?: () => number; sleep?: (ms: number) => Promise<void> } = {},
) {
  const clock = fixedClock(new Date('2026-12-01T00:00:00Z'));
  const sim = new VehicleSimulator({
    clock,
    latencyMs: o.latencyMs ?? 0,
    failureRate: o.failureRate ?? 0,
    homeOf: async () => HOME,
    ...(o.random ? { random: o.random } : {}),
    ...(o.sleep ? { sleep: o.sleep } : {}),
  });
  return { sim, clock };
}

/** Returns the given numbers in turn, then 0.5 for ever. */
const sequence =
  (...values: number[]) =>
  () =>
    values.shift() ?? 0.5;

const distanceKm = (a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) => {
  const north = (a.latitude - b.latitude) * 111.32;
  const east = (a.longitude - b.longitude) * 111.32 * Math.cos((a.latitude * Math.PI) / 180);
  return Math.hypot(north, east);
};

describe('the connected-car simulator', () => {
  it('starts parked and locked at its home, charged 80–100 %', async () => {
    const { sim } = simulator();
    const s = await sim.state('CAR-1');
    expect(s.locked).toBe(true);
    expect(s.batteryLevel).toBeGreaterThanOrEqual(80);
    expect(s.batteryLevel).toBeLessThanOrEqual(100);
    expect(distanceKm(s, HOME)).toBeLessThan(0.01);
  });

  it('reports the lock state its commands left, and a locked car stays where it is with its charge', async () => {
    const { sim, clock } = simulator();
    expect((await sim.unlock('CAR-2', 'k1')).locked).toBe(false);
    expect((await sim.state('CAR-2')).locked).toBe(false);
    const locked = await sim.lock('CAR-2', 'k2');
    expect(locked.locked).toBe(true);
    clock.advance(5 * HOUR);
    const later = await sim.state('CAR-2');
    expect(later).toMatchObject({ locked: true, batteryLevel: locked.batteryLevel, latitude: locked.latitude });
    expect(later.reportedAt).toEqual(clock.now());
  });

  it('moves along its route and drains its battery while in use (unlocked), by the distance driven', async () => {
    const { sim, clock } = simulator();
    const start = await sim.unlock('CAR-3', 'k1');
    clock.advance(HOUR / 6); // 10 minutes at 30 km/h: 5 km along the loop
    const after = await sim.state('CAR-3');
    expect(distanceKm(after, start)).toBeGreaterThan(0.5);
    const expected = routePosition(HOME, 5);
    expect(after.latitude).toBeCloseTo(expected.latitude, 5);
    expect(after.longitude).toBeCloseTo(expected.longitude, 5);
    expect(after.reportedAt).toEqual(clock.now());
    // 5 km at 100/180 % a km: about 2.8 % used.
    expect(start.batteryLevel - after.batteryLevel).toBeGreaterThanOrEqual(2);
    expect(start.batteryLevel - after.batteryLevel).toBeLessThanOrEqual(4);
    clock.advance(24 * HOUR);
    const flat = await sim.state('CAR-3');
    expect(flat.batteryLevel).toBe(0);
    // An empty car stops: it no longer moves.
    clock.advance(HOUR);
    expect(await sim.state('CAR-3')).toMatchObject({ latitude: flat.latitude, longitude: flat.longitude });
  });

  it('keeps its route on a loop near home', () => {
    for (const km of [0, 1, 3.3, 10, 123.4]) {
      expect(distanceKm(routePosition(HOME, km), HOME)).toBeLessThanOrEqual(4.01);
    }
    expect(distanceKm(routePosition(HOME, 0), HOME)).toBeLessThan(1e-9);
  });

  it('takes its latency to answer: half on the way to the car, half back, each within ±20 %', async () => {
    const waits: number[] = [];
    const { sim } = simulator({
      latencyMs: 400,
      random: sequence(0, 0.5, 1),
      sleep: async (ms) => void waits.push(ms),
    });
    await sim.lock('CAR-4', 'k1');
    // Draws: 0 for the way there (160 ms), 0.5 whether the answer is lost (it is not), 1 for the way back (240 ms).
    expect(waits).toEqual([160, 240]);
    waits.length = 0;
    await sim.state('CAR-4');
    expect(waits).toEqual([200, 200]);
  });

  it('acts once per command key: a retry answers the first outcome without acting again', async () => {
    const { sim } = simulator();
    await sim.unlock('CAR-5', 'k-unlock');
    await sim.lock('CAR-5', 'k-lock');
    // The unlock retried with its key after the car was locked: it does not unlock it again.
    const retried = await sim.unlock('CAR-5', 'k-unlock');
    expect(retried.locked).toBe(false);
    expect((await sim.state('CAR-5')).locked).toBe(true);
  });

  it('a car out of coverage never answers: the time limit turns it into NO_ANSWER', async () => {
    const { sim } = simulator();
    const err = await withTelematicsTimeout(() => sim.lock(`${SIMULATOR_NO_ANSWER_DEVICE_PREFIX}-1`, 'k'), 30).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(VehicleTelematicsError);
    expect((err as VehicleTelematicsError).failure).toBe('NO_ANSWER');
  });

  it('a car that refuses answers REFUSED and stays as it was', async () => {
    const { sim } = simulator();
    const device = `${SIMULATOR_REFUSING_DEVICE_PREFIX}-1`;
    const err = await sim.unlock(device, 'k').catch((e: unknown) => e);
    expect((err as VehicleTelematicsError).failure).toBe('REFUSED');
    expect((await sim.state(device)).locked).toBe(true);
  });

  it('a lost answer may hide a command the car carried out: only its state tells', async () => {
    // First draw: the answer is lost (below the rate); second: the command reached the car anyway.
    const acted = simulator({ failureRate: 0.5, random: sequence(0.1, 0.2) });
    const err = await acted.sim.unlock('CAR-6', 'k').catch((e: unknown) => e);
    expect((err as VehicleTelematicsError).failure).toBe('NO_ANSWER');
    expect((await acted.sim.state('CAR-6')).locked).toBe(false);

    // Lost, and the command never reached the car: it is still locked, and a retry with the key acts.
    const lost = simulator({ failureRate: 0.5, random: sequence(0.1, 0.9, 0.9) });
    const lostErr = await lost.sim.unlock('CAR-7', 'k').catch((e: unknown) => e);
    expect((lostErr as VehicleTelematicsError).failure).toBe('NO_ANSWER');
    expect((await lost.sim.state('CAR-7')).locked).toBe(true);
    expect((await lost.sim.unlock('CAR-7', 'k')).locked).toBe(false);
  });
});
