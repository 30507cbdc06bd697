/**
 * A rental car's connected unit as the product sees it. The built-in
 * simulator (vehicle-simulator.adapter.ts) implements it; a car maker's
 * telematics service would implement it too, and nothing else in the product
 * changes. Every call goes over a mobile network to a car that may be parked
 * in a garage: it may be slow, refused or never answered. The product wraps
 * each call in a time limit (`withTelematicsTimeout`) and treats silence as
 * "unconfirmed", never as done: the car's reported state is the truth.
 */
export interface VehicleTelematicsAdapter {
  /**
   * Asks the car to lock. `key` identifies the command: the same key sent
   * again (a retry after no answer) never acts twice. Resolves with the state
   * the car reports after acting; rejects with VehicleTelematicsError.
   */
  lock(deviceId: string, key: string): Promise<VehicleState>;
  unlock(deviceId: string, key: string): Promise<VehicleState>;
  /** What the car reports now. */
  state(deviceId: string): Promise<VehicleState>;
}

export type VehicleState = {
  locked: boolean;
  /** Percent of charge, 0–100. */
  batteryLevel: number;
  latitude: number;
  longitude: number;
  /** When the car measured this (its clock, not the request's). */
  reportedAt: Date;
};

/**
 * NO_ANSWER: nothing came back in time (the command may or may not have
 * reached the car: ask its state). REFUSED: the car answered that it did not
 * act (a door open, the unit busy); safe to try again.
 */
export type VehicleTelematicsFailure = 'NO_ANSWER' | 'REFUSED';

export class VehicleTelematicsError extends Error {
  override name = 'VehicleTelematicsError';
  constructor(
    readonly failure: VehicleTelematicsFailure,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Races a telematics call against a time limit. The call itself is not
 * cancelled (the command may still reach the car), which is why a timeout is
 * NO_ANSWER and not a refusal.
 */
export function withTelematicsTimeout<T>(call: () => Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new VehicleTelematicsError('NO_ANSWER', `the car did not answer within ${ms} ms`)),
      ms,
    );
    timer.unref?.();
    call().then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

// One adapter per database pool, as with the card processor: the app registers
// it when it mounts the vehicle routes, and service functions (which receive
// only deps) find it.
const adapters = new WeakMap<object, VehicleTelematicsAdapter>();

export function registerVehicleTelematics(db: object, adapter: VehicleTelematicsAdapter): void {
  adapters.set(db, adapter);
}

export function registeredVehicleTelematics(db: object): VehicleTelematicsAdapter | null {
  return adapters.get(db) ?? null;
}
