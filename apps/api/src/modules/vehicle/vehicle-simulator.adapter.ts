import type { Clock } from '../../platform/clock.js';
import {
  VehicleTelematicsError,
  type VehicleState,
  type VehicleTelematicsAdapter,
} from './vehicle-telematics.adapter.js';

/**
 * Device ids the simulator treats as broken cars, for tests and demonstrations:
 * a car whose unit never answers (out of coverage) and one that refuses every
 * lock and unlock command (a door left open). Any other id is a working car.
 */
export const SIMULATOR_NO_ANSWER_DEVICE_PREFIX = 'SIM-NO-ANSWER';
export const SIMULATOR_REFUSING_DEVICE_PREFIX = 'SIM-REFUSE';

export type Position = { latitude: number; longitude: number };

export type VehicleSimulatorOptions = {
  clock: Clock;
  /** How long a command or state request takes to travel to the car and back (±20 %). */
  latencyMs: number;
  /**
   * The share of commands (0–1) whose answer is lost on the way back. Half of
   * those never reached the car, half did: only the car's state tells which.
   */
  failureRate: number;
  /** Where a car is parked when first seen (its place); null for the default. */
  homeOf?: (deviceId: string) => Promise<Position | null>;
  /** Randomness for latency jitter and failures; tests pass a fixed sequence. */
  random?: () => number;
  /** How the network's delay is waited out (real timers unless a test watches the delays asked for). */
  sleep?: (ms: number) => Promise<void>;
};

/** Tokyo Station: where a car with no known home starts. */
const DEFAULT_HOME: Position = { latitude: 35.681236, longitude: 139.767125 };
/** A small electric car driven around town. */
const SPEED_KM_PER_HOUR = 30;
/** Percent of charge used per kilometre (a range of about 180 km). */
const DRAIN_PERCENT_PER_KM = 100 / 180;
/** The loop a car drives while in use: 8 corners on a circle of this radius around its home. */
const ROUTE_RADIUS_KM = 2;
const ROUTE_CORNERS = 8;
/** Command keys remembered for retries. */
const MAX_REMEMBERED_COMMANDS = 10_000;

type Car = {
  locked: boolean;
  home: Position;
  /** Kilometres driven along the route since first seen. */
  distanceKm: number;
  /** Charge at `since`. */
  batteryLevel: number;
  /** When `distanceKm` and `batteryLevel` were last brought up to date. */
  since: number;
};

const KM_PER_DEGREE_LATITUDE = 111.32;

/**
 * A connected car in memory, behaving as one would: a command takes time to
 * reach it and can fail, an unlocked car is being driven (it moves along a
 * loop around its home at town speed and its battery drains with distance),
 * a locked one stays parked, and it always reports its real lock state. Time
 * comes from the product's clock, so a test that moves the clock an hour
 * finds the car 30 km further and its battery lower.
 */
export class VehicleSimulator implements VehicleTelematicsAdapter {
  private readonly cars = new Map<string, Car>();
  private readonly commands = new Map<string, VehicleState>();
  private readonly random: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly opts: VehicleSimulatorOptions) {
    this.random = opts.random ?? Math.random;
    this.sleep = opts.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  async lock(deviceId: string, key: string): Promise<VehicleState> {
    return this.command(deviceId, key, true);
  }

  async unlock(deviceId: string, key: string): Promise<VehicleState> {
    return this.command(deviceId, key, false);
  }

  async state(deviceId: string): Promise<VehicleState> {
    await this.travel(deviceId);
    const car = await this.car(deviceId);
    const report = this.report(car);
    await this.wait();
    return report;
  }

  private async command(deviceId: string, key: string, lock: boolean): Promise<VehicleState> {
    await this.travel(deviceId);
    const car = await this.car(deviceId);
    if (deviceId.startsWith(SIMULATOR_REFUSING_DEVICE_PREFIX)) {
      throw new VehicleTelematicsError('REFUSED', 'the car refused the command');
    }
    const commandKey = `${deviceId}\u0000${key}`;
    const earlier = this.commands.get(commandKey);
    const lost = this.random() < this.opts.failureRate;
    // A lost command reached the car half the time: it acted, but nobody heard back.
    const acts = !earlier && (!lost || this.random() < 0.5);
    if (acts) {
      this.advance(car);
      car.locked = lock;
      this.remember(commandKey, this.report(car));
    }
    await this.wait();
    if (lost) throw new VehicleTelematicsError('NO_ANSWER', 'the car did not answer');
    return earlier ?? this.report(car);
  }

  /** The way to the car: the latency, or forever for a car out of coverage. */
  private async travel(deviceId: string): Promise<void> {
    if (deviceId.startsWith(SIMULATOR_NO_ANSWER_DEVICE_PREFIX)) {
      await new Promise<never>(() => {});
    }
    await this.wait();
  }

  private wait(): Promise<void> {
    if (this.opts.latencyMs <= 0) return Promise.resolve();
    // Half the latency each way, ±20 %.
    return this.sleep(Math.round((this.opts.latencyMs / 2) * (0.8 + 0.4 * this.random())));
  }

  private remember(commandKey: string, state: VehicleState): void {
    this.commands.set(commandKey, state);
    if (this.commands.size > MAX_REMEMBERED_COMMANDS) {
      const oldest = this.commands.keys().next().value;
      if (oldest !== undefined) this.commands.delete(oldest);
    }
  }

  private async car(deviceId: string): Promise<Car> {
    let car = this.cars.get(deviceId);
    if (!car) {
      const home = (await this.opts.homeOf?.(deviceId)) ?? DEFAULT_HOME;
      // Looked up again: another request may have met the car while its home was read.
      car = this.cars.get(deviceId) ?? {
        locked: true,
        home,
        distanceKm: 0,
        batteryLevel: 80 + (hash(deviceId) % 21),
        since: this.opts.clock.now().getTime(),
      };
      this.cars.set(deviceId, car);
    }
    this.advance(car);
    return car;
  }

  /** Drives an unlocked car for the time since it was last seen, as far as its battery allows. */
  private advance(car: Car): void {
    const now = this.opts.clock.now().getTime();
    const hours = Math.max(0, now - car.since) / 3_600_000;
    car.since = Math.max(car.since, now);
    if (car.locked || hours === 0) return;
    const reachable = car.batteryLevel / DRAIN_PERCENT_PER_KM;
    const km = Math.min(hours * SPEED_KM_PER_HOUR, reachable);
    car.distanceKm += km;
    car.batteryLevel = Math.max(0, car.batteryLevel - km * DRAIN_PERCENT_PER_KM);
  }

  private report(car: Car): VehicleState {
    const at = routePosition(car.home, car.distanceKm);
    return {
      locked: car.locked,
      // Cars report whole percent.
      batteryLevel: Math.floor(car.batteryLevel),
      latitude: round6(at.latitude),
      longitude: round6(at.longitude),
      reportedAt: this.opts.clock.now(),
    };
  }
}

/** The point `km` along the loop around home (starting and ending at home's first corner). */
export function routePosition(home: Position, km: number): Position {
  const corners = Array.from({ length: ROUTE_CORNERS }, (_, i) => {
    const angle = (2 * Math.PI * i) / ROUTE_CORNERS;
    return { north: ROUTE_RADIUS_KM * Math.sin(angle), east: ROUTE_RADIUS_KM * (Math.cos(angle) - 1) };
  });
  const side = 2 * ROUTE_RADIUS_KM * Math.sin(Math.PI / ROUTE_CORNERS);
  const along = ((km % (side * ROUTE_CORNERS)) + side * ROUTE_CORNERS) % (side * ROUTE_CORNERS);
  const i = Math.floor(along / side);
  const f = (along - i * side) / side;
  const a = corners[i % ROUTE_CORNERS]!;
  const b = corners[(i + 1) % ROUTE_CORNERS]!;
  const north = a.north + (b.north - a.north) * f;
  const east = a.east + (b.east - a.east) * f;
  const kmPerDegreeLongitude = KM_PER_DEGREE_LATITUDE * Math.cos((home.latitude * Math.PI) / 180);
  return {
    latitude: home.latitude + north / KM_PER_DEGREE_LATITUDE,
    longitude: home.longitude + east / kmPerDegreeLongitude,
  };
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

function hash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) >>> 0;
  return h;
}
