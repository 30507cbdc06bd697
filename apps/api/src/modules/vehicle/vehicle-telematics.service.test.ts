import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import type { Pool } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import { loadEnv } from '../../platform/env.js';
import { createLogger } from '../../platform/logger.js';
import { SIMULATOR_NO_ANSWER_DEVICE_PREFIX, VehicleSimulator } from './vehicle-simulator.adapter.js';
import {
  registerVehicleTelematics,
  VehicleTelematicsError,
  type VehicleState,
  type VehicleTelematicsAdapter,
} from './vehicle-telematics.adapter.js';
import { readVehicleState, sendVehicleCommand } from './vehicle-telematics.service.js';

/** Deps whose only used parts are the clock, settings and log; the adapter is registered on a stand-in pool. */
function depsWith(adapter: VehicleTelematicsAdapter): Deps {
  const db = {} as Pool;
  registerVehicleTelematics(db, adapter);
  return {
    db,
    clock: fixedClock(new Date('2026-12-01T00:00:00Z')),
    env: loadEnv({ NODE_ENV: 'test', VEHICLE_TELEMATICS_TIMEOUT_MS: '50', LOG_LEVEL: 'silent' }),
    log: createLogger('silent'),
  };
}

const state = (locked: boolean): VehicleState => ({
  locked,
  batteryLevel: 77,
  latitude: 35.2,
  longitude: 139.0,
  reportedAt: new Date('2026-12-01T00:00:00Z'),
});

describe('a lock or unlock command as the renter is told it', () => {
  it('is confirmed when the car answers with the state asked for', async () => {
    const sim = new VehicleSimulator({ clock: fixedClock(new Date()), latencyMs: 0, failureRate: 0 });
    const deps = depsWith(sim);
    const unlocked = await sendVehicleCommand(deps, 'CAR-1', 'UNLOCK', 'k1');
    expect(unlocked).toMatchObject({ confirmed: true, state: { locked: false } });
    expect(await sendVehicleCommand(deps, 'CAR-1', 'LOCK', 'k2')).toMatchObject({
      confirmed: true,
      state: { locked: true },
    });
  });

  it('is unconfirmed (REFUSED) when the car answers but reports the other state', async () => {
    // A car whose lock actuator is jammed: it answers every command, but its lock never moves, so it
    // reports itself unlocked after a lock command (what a real connected car does in that fault).
    const jammedLock: VehicleTelematicsAdapter = {
      lock: async () => state(false),
      unlock: async () => state(false),
      state: async () => state(false),
    };
    expect(await sendVehicleCommand(depsWith(jammedLock), 'CAR-2', 'LOCK', 'k')).toEqual({
      confirmed: false,
      failure: 'REFUSED',
      state: state(false),
    });
  });

  it('is unconfirmed with the car’s real state read back when the answer is lost', async () => {
    // The command reached the car (it is unlocked now) but its answer never came.
    const lostAnswer: VehicleTelematicsAdapter = {
      lock: async () => Promise.reject(new VehicleTelematicsError('NO_ANSWER', 'lost')),
      unlock: async () => Promise.reject(new VehicleTelematicsError('NO_ANSWER', 'lost')),
      state: async () => state(false),
    };
    expect(await sendVehicleCommand(depsWith(lostAnswer), 'CAR-3', 'UNLOCK', 'k')).toEqual({
      confirmed: false,
      failure: 'NO_ANSWER',
      state: state(false),
    });
  });

  it('is unconfirmed with no state when the car answers nothing within the time limit', async () => {
    const sim = new VehicleSimulator({ clock: fixedClock(new Date()), latencyMs: 0, failureRate: 0 });
    const deps = depsWith(sim);
    const device = `${SIMULATOR_NO_ANSWER_DEVICE_PREFIX}-1`;
    expect(await sendVehicleCommand(deps, device, 'UNLOCK', 'k')).toEqual({
      confirmed: false,
      failure: 'NO_ANSWER',
      state: null,
    });
    expect(await readVehicleState(deps, device)).toBeNull();
  });

  it('passes on errors that are not the car’s (a bug stays loud)', async () => {
    const broken: VehicleTelematicsAdapter = {
      lock: async () => Promise.reject(new TypeError('bug')),
      unlock: async () => Promise.reject(new TypeError('bug')),
      state: async () => state(true),
    };
    await expect(sendVehicleCommand(depsWith(broken), 'CAR-4', 'LOCK', 'k')).rejects.toThrow(TypeError);
  });
});
