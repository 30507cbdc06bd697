import type { Deps } from '../../platform/deps.js';
import type { Env } from '../../platform/env.js';
import { LockSimulator } from './lock-simulator.adapter.js';
import {
  LockError,
  registeredLockAdapter,
  registerLockAdapter,
  withLockTimeout,
  type LockAdapter,
  type LockState,
} from './lock.adapter.js';
import { SmartHomeSimulator } from './smarthome-simulator.adapter.js';
import {
  registeredSmartHomeAdapter,
  registerSmartHomeAdapter,
  type SmartHomeAdapter,
  type SmartHomeChange,
  type SmartHomeReport,
} from './smarthome.adapter.js';

export const lockLatencyMs = (env: Env): number => env.LOCK_SIMULATOR_LATENCY_MS ?? (env.NODE_ENV === 'test' ? 0 : 600);
export const lockTimeoutMs = (env: Env): number => env.LOCK_TIMEOUT_MS ?? (env.NODE_ENV === 'test' ? 300 : 5_000);

/**
 * The lock adapter of this app: one registered for its database (tests register theirs), else the
 * built-in simulator on the product's clock, registered then so every later call meets the same locks.
 */
export function lockAdapter(deps: Deps): LockAdapter {
  const registered = registeredLockAdapter(deps.db);
  if (registered) return registered;
  const simulator = new LockSimulator({
    clock: deps.clock,
    latencyMs: lockLatencyMs(deps.env),
    failureRate: deps.env.LOCK_SIMULATOR_FAILURE_RATE,
    jamRate: deps.env.LOCK_SIMULATOR_JAM_RATE,
  });
  registerLockAdapter(deps.db, simulator);
  return simulator;
}

export function smartHomeAdapter(deps: Deps): SmartHomeAdapter {
  const registered = registeredSmartHomeAdapter(deps.db);
  if (registered) return registered;
  const simulator = new SmartHomeSimulator({ clock: deps.clock, latencyMs: lockLatencyMs(deps.env) });
  registerSmartHomeAdapter(deps.db, simulator);
  return simulator;
}

export type DoorCommand = 'LOCK' | 'UNLOCK';

/**
 * A door command's outcome as the guest is told it. Confirmed only when the lock reports the state
 * asked for (and is not jammed); otherwise unconfirmed, with what the lock reports now (null when it
 * answers nothing).
 */
export type DoorOutcome =
  | { confirmed: true; state: LockState }
  | { confirmed: false; failure: 'NO_ANSWER' | 'REFUSED' | 'JAMMED'; state: LockState | null };

/**
 * Sends a lock or unlock command under `commandKey`. A lost answer is checked by reading the lock:
 * if it already reports the state asked for, the command is done; if not, it is sent once more under
 * the same key, which the lock never carries out twice (an unlock that did reach the lock answers
 * its first outcome; one that did not acts now).
 */
export async function sendDoorCommand(
  deps: Deps,
  deviceId: string,
  command: DoorCommand,
  commandKey: string,
): Promise<DoorOutcome> {
  const adapter = lockAdapter(deps);
  const timeout = lockTimeoutMs(deps.env);
  const wantLocked = command === 'LOCK';
  const judge = (state: LockState): DoorOutcome =>
    state.jammed
      ? { confirmed: false, failure: 'JAMMED', state }
      : state.locked === wantLocked
        ? { confirmed: true, state }
        : { confirmed: false, failure: 'REFUSED', state };
  let last: LockState | null = null;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const state = await withLockTimeout(
        () => (wantLocked ? adapter.lock(deviceId, commandKey) : adapter.unlock(deviceId, commandKey)),
        timeout,
      );
      return judge(state);
    } catch (err) {
      if (!(err instanceof LockError)) throw err;
      deps.log.warn('door command unconfirmed', { deviceId, command, failure: err.failure, attempt });
      last = await readDoorState(deps, deviceId);
      if (err.failure === 'REFUSED') return { confirmed: false, failure: 'REFUSED', state: last };
      if (last && (last.jammed || last.locked === wantLocked)) return judge(last);
      // No answer and the lock not (known to be) as asked: one retry under the same key.
    }
  }
  return { confirmed: false, failure: 'NO_ANSWER', state: last };
}

/** What the lock reports now, or null when it does not answer in time. */
export async function readDoorState(deps: Deps, deviceId: string): Promise<LockState | null> {
  const adapter = lockAdapter(deps);
  try {
    return await withLockTimeout(() => adapter.state(deviceId), lockTimeoutMs(deps.env));
  } catch (err) {
    if (!(err instanceof LockError)) throw err;
    return null;
  }
}

/** What the room controller reports (after applying `change` when given), or null when it does not answer in time. */
export async function roomControl(
  deps: Deps,
  deviceId: string,
  change: SmartHomeChange | null,
): Promise<SmartHomeReport | null> {
  const adapter = smartHomeAdapter(deps);
  try {
    return await withLockTimeout(
      () => (change ? adapter.apply(deviceId, change) : adapter.state(deviceId)),
      lockTimeoutMs(deps.env),
    );
  } catch (err) {
    if (!(err instanceof LockError)) throw err;
    return null;
  }
}
