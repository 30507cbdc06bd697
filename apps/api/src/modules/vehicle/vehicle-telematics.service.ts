import type { Deps } from '../../platform/deps.js';
import type { Env } from '../../platform/env.js';
import { VehicleSimulator } from './vehicle-simulator.adapter.js';
import {
  registeredVehicleTelematics,
  registerVehicleTelematics,
  VehicleTelematicsError,
  withTelematicsTimeout,
  type VehicleState,
  type VehicleTelematicsAdapter,
  type VehicleTelematicsFailure,
} from './vehicle-telematics.adapter.js';
import { findDeviceHome } from './vehicle-telematics.repo.js';

export const simulatorLatencyMs = (env: Env): number =>
  env.VEHICLE_SIMULATOR_LATENCY_MS ?? (env.NODE_ENV === 'test' ? 0 : 400);

export const telematicsTimeoutMs = (env: Env): number =>
  env.VEHICLE_TELEMATICS_TIMEOUT_MS ?? (env.NODE_ENV === 'test' ? 300 : 5_000);

/** The built-in simulator on the product's clock, parking each car at its place. */
export function createVehicleSimulator(deps: Deps): VehicleSimulator {
  return new VehicleSimulator({
    clock: deps.clock,
    latencyMs: simulatorLatencyMs(deps.env),
    failureRate: deps.env.VEHICLE_SIMULATOR_FAILURE_RATE,
    homeOf: (deviceId) => findDeviceHome(deps.db, deviceId),
  });
}

/**
 * The telematics adapter of this app: the one registered when the vehicle
 * routes were mounted, else (a script or test calling services directly) the
 * simulator, registered then so every later call meets the same cars.
 */
export function vehicleTelematics(deps: Deps): VehicleTelematicsAdapter {
  const registered = registeredVehicleTelematics(deps.db);
  if (registered) return registered;
  const simulator = createVehicleSimulator(deps);
  registerVehicleTelematics(deps.db, simulator);
  return simulator;
}

export type VehicleCommand = 'LOCK' | 'UNLOCK';

/**
 * A command's outcome as the renter is told it. Confirmed only when the car
 * answered and reports the state asked for; otherwise unconfirmed with what
 * the car reports now (null when it does not answer that either).
 */
export type VehicleCommandOutcome =
  | { confirmed: true; state: VehicleState }
  | { confirmed: false; failure: VehicleTelematicsFailure; state: VehicleState | null };

/**
 * Sends a lock or unlock command under `key` (a retry with the same key never
 * acts twice) and reads back the car's real state when it gave no clear answer.
 */
export async function sendVehicleCommand(
  deps: Deps,
  deviceId: string,
  command: VehicleCommand,
  key: string,
): Promise<VehicleCommandOutcome> {
  const adapter = vehicleTelematics(deps);
  const timeout = telematicsTimeoutMs(deps.env);
  const wantLocked = command === 'LOCK';
  try {
    const state = await withTelematicsTimeout(
      () => (wantLocked ? adapter.lock(deviceId, key) : adapter.unlock(deviceId, key)),
      timeout,
    );
    if (state.locked === wantLocked) return { confirmed: true, state };
    return { confirmed: false, failure: 'REFUSED', state };
  } catch (err) {
    if (!(err instanceof VehicleTelematicsError)) throw err;
    deps.log.warn('vehicle command unconfirmed', { deviceId, command, failure: err.failure });
    return { confirmed: false, failure: err.failure, state: await readVehicleState(deps, deviceId) };
  }
}

/** What the car reports now, or null when it does not answer in time. */
export async function readVehicleState(deps: Deps, deviceId: string): Promise<VehicleState | null> {
  const adapter = vehicleTelematics(deps);
  try {
    return await withTelematicsTimeout(() => adapter.state(deviceId), telematicsTimeoutMs(deps.env));
  } catch (err) {
    if (!(err instanceof VehicleTelematicsError)) throw err;
    return null;
  }
}

/** The states of many cars, asked at once (a list waits for the slowest, never longer than the time limit). */
export async function readVehicleStates(
  deps: Deps,
  deviceIds: readonly string[],
): Promise<Map<string, VehicleState | null>> {
  const states = await Promise.all(deviceIds.map((id) => readVehicleState(deps, id)));
  return new Map(deviceIds.map((id, i) => [id, states[i] ?? null]));
}
