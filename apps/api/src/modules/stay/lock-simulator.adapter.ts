import type { Clock } from '../../platform/clock.js';
import { LockError, type LockAdapter, type LockState } from './lock.adapter.js';

/**
 * Device ids the simulator treats as faulty locks, for tests and demonstrations: a lock whose hub
 * never answers (offline), one whose bolt is jammed, one with a nearly flat battery. Any other id
 * is a working lock.
 */
export const LOCK_NO_ANSWER_PREFIX = 'LOCK-OFFLINE';
export const LOCK_JAMMED_PREFIX = 'LOCK-JAMMED';
export const LOCK_LOW_BATTERY_PREFIX = 'LOCK-LOWBATT';
/** A lock whose battery is flat: it answers, but refuses to move the bolt. */
export const LOCK_FLAT_BATTERY_PREFIX = 'LOCK-FLAT';

/** What may go wrong with one command, decided before it travels (tests pass a plan). */
export type LockFault =
  /** The answer is lost; the command reached the lock (acted) or not. */
  | { kind: 'LOST_ANSWER'; acted: boolean }
  /** The bolt jams on this command: it stays where it was, and the lock reports itself jammed. */
  | { kind: 'JAM' }
  | null;

export type LockSimulatorOptions = {
  clock: Clock;
  /** Round trip through the house's hub (±20 %). */
  latencyMs: number;
  /** Share of commands (0–1) whose answer is lost; half of those acted, half never reached the lock. */
  failureRate: number;
  /** Share of commands (0–1) on which the bolt jams. */
  jamRate?: number;
  /** Randomness for latency jitter and faults; tests pass a fixed sequence. */
  random?: () => number;
  /** Overrides the random faults for a command (tests: an exact failure mode). */
  faultPlan?: (deviceId: string, command: 'LOCK' | 'UNLOCK') => LockFault | undefined;
  sleep?: (ms: number) => Promise<void>;
};

/** Battery used by one movement of the bolt (a set of AA cells lasts about a year of use). */
const PERCENT_PER_MOVE = 0.05;
/** Below this the motor cannot move the bolt: the lock refuses. */
const MIN_PERCENT_TO_MOVE = 3;
const MAX_REMEMBERED_COMMANDS = 10_000;

type Lock = { locked: boolean; batteryLevel: number; jammed: boolean };

/**
 * A smart lock in memory, behaving as one does: a command takes time through the hub and may be
 * lost on the way back (after acting or not), the bolt can jam (then it reports jammed and cannot
 * move until a lock command frees it), each movement drains its battery, a flat lock refuses, and it
 * always reports its real state.
 */
export class LockSimulator implements LockAdapter {
  private readonly locks = new Map<string, Lock>();
  private readonly commands = new Map<string, LockState>();
  private readonly random: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly opts: LockSimulatorOptions) {
    this.random = opts.random ?? Math.random;
    this.sleep = opts.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  lock(deviceId: string, commandKey: string): Promise<LockState> {
    return this.command(deviceId, commandKey, 'LOCK');
  }

  unlock(deviceId: string, commandKey: string): Promise<LockState> {
    return this.command(deviceId, commandKey, 'UNLOCK');
  }

  async state(deviceId: string): Promise<LockState> {
    await this.travel(deviceId);
    const report = this.report(this.device(deviceId));
    await this.wait();
    return report;
  }

  private async command(deviceId: string, commandKey: string, command: 'LOCK' | 'UNLOCK'): Promise<LockState> {
    await this.travel(deviceId);
    const lock = this.device(deviceId);
    const key = `${deviceId}\u0000${commandKey}`;
    const earlier = this.commands.get(key);
    if (earlier) {
      // A retry of a command the lock already carried out: its first outcome, nothing moves.
      await this.wait();
      return earlier;
    }
    const fault = this.faultFor(deviceId, command);
    const reached = fault?.kind !== 'LOST_ANSWER' || fault.acted;
    if (reached) {
      if (lock.batteryLevel < MIN_PERCENT_TO_MOVE) {
        await this.wait();
        throw new LockError('REFUSED', 'the battery is too low to move the bolt');
      }
      this.act(deviceId, lock, command, fault?.kind === 'JAM');
      this.remember(key, this.report(lock));
    }
    await this.wait();
    if (fault?.kind === 'LOST_ANSWER') throw new LockError('NO_ANSWER', 'the lock did not answer');
    return this.report(lock);
  }

  private act(deviceId: string, lock: Lock, command: 'LOCK' | 'UNLOCK', jams: boolean): void {
    lock.batteryLevel = Math.max(0, lock.batteryLevel - PERCENT_PER_MOVE);
    // A bolt that jams stays where it was. A jammed bolt is freed only by driving it home (LOCK),
    // as real locks are: an unlock against a jam moves nothing.
    if (jams || deviceId.startsWith(LOCK_JAMMED_PREFIX)) {
      lock.jammed = true;
      return;
    }
    if (lock.jammed && command === 'UNLOCK') return;
    lock.jammed = false;
    lock.locked = command === 'LOCK';
  }

  private faultFor(deviceId: string, command: 'LOCK' | 'UNLOCK'): LockFault {
    const planned = this.opts.faultPlan?.(deviceId, command);
    if (planned !== undefined) return planned;
    if (this.random() < this.opts.failureRate) return { kind: 'LOST_ANSWER', acted: this.random() < 0.5 };
    if (this.random() < (this.opts.jamRate ?? 0)) return { kind: 'JAM' };
    return null;
  }

  /** The way to the lock: the latency, or forever for a lock whose hub is offline. */
  private async travel(deviceId: string): Promise<void> {
    if (deviceId.startsWith(LOCK_NO_ANSWER_PREFIX)) await new Promise<never>(() => {});
    await this.wait();
  }

  private wait(): Promise<void> {
    if (this.opts.latencyMs <= 0) return Promise.resolve();
    return this.sleep(Math.round((this.opts.latencyMs / 2) * (0.8 + 0.4 * this.random())));
  }

  private remember(key: string, state: LockState): void {
    this.commands.set(key, state);
    if (this.commands.size > MAX_REMEMBERED_COMMANDS) {
      const oldest = this.commands.keys().next().value;
      if (oldest !== undefined) this.commands.delete(oldest);
    }
  }

  private device(deviceId: string): Lock {
    let lock = this.locks.get(deviceId);
    if (!lock) {
      lock = {
        locked: true,
        // A lock found nearly flat, or one charged 60–100 % (the house's last battery change).
        batteryLevel: deviceId.startsWith(LOCK_FLAT_BATTERY_PREFIX)
          ? 2
          : deviceId.startsWith(LOCK_LOW_BATTERY_PREFIX)
            ? 12
            : 60 + (hash(deviceId) % 41),
        jammed: false,
      };
      this.locks.set(deviceId, lock);
    }
    return lock;
  }

  private report(lock: Lock): LockState {
    return {
      locked: lock.locked,
      batteryLevel: Math.floor(lock.batteryLevel),
      jammed: lock.jammed,
      reportedAt: this.opts.clock.now(),
    };
  }
}

function hash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) >>> 0;
  return h;
}
