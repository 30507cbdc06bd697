/**
 * A house's smart lock as the product sees it. The built-in simulator
 * (lock-simulator.adapter.ts) implements it; a lock maker's cloud service
 * would implement it too, and nothing else changes. A lock sits behind a
 * hub on the house's network: a call may be slow, refused or never
 * answered, and the bolt may jam. The product wraps each call in a time
 * limit (`withLockTimeout`) and treats silence as "unconfirmed": the lock's
 * reported state is the truth.
 */
export interface LockAdapter {
  /**
   * Asks the lock to lock. `commandKey` identifies the command: the same key
   * sent again (a retry after no answer) never acts twice. Resolves with the
   * state the lock reports after acting; rejects with LockError.
   */
  lock(deviceId: string, commandKey: string): Promise<LockState>;
  unlock(deviceId: string, commandKey: string): Promise<LockState>;
  /** What the lock reports now. */
  state(deviceId: string): Promise<LockState>;
}

export type LockState = {
  locked: boolean;
  /** Percent, 0–100. */
  batteryLevel: number;
  /** The bolt stuck between positions: the lock answers, but its state cannot change until freed. */
  jammed: boolean;
  /** When the lock measured this (its clock). */
  reportedAt: Date;
};

/** Below this a lock warns that its battery needs changing (makers warn at 20 %). */
export const LOW_BATTERY_PERCENT = 20;

/**
 * NO_ANSWER: nothing came back in time (the command may or may not have
 * reached the lock: ask its state). REFUSED: the lock answered that it did
 * not act (battery too low to move the bolt, the hub busy); safe to retry.
 */
export type LockFailure = 'NO_ANSWER' | 'REFUSED';

export class LockError extends Error {
  override name = 'LockError';
  constructor(
    readonly failure: LockFailure,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Races a lock call against a time limit. The call itself is not cancelled
 * (the command may still reach the lock), which is why a timeout is
 * NO_ANSWER and not a refusal.
 */
export function withLockTimeout<T>(call: () => Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new LockError('NO_ANSWER', `the lock did not answer within ${ms} ms`)), ms);
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

// One adapter per database pool, as with the vehicle telematics: service functions (which receive
// only deps) find it; tests register their own.
const adapters = new WeakMap<object, LockAdapter>();

export function registerLockAdapter(db: object, adapter: LockAdapter): void {
  adapters.set(db, adapter);
}

export function registeredLockAdapter(db: object): LockAdapter | null {
  return adapters.get(db) ?? null;
}
