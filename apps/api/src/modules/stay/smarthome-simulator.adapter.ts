import type { Clock } from '../../platform/clock.js';
import type { ClimateModeValue, SmartHomeAdapter, SmartHomeChange, SmartHomeReport } from './smarthome.adapter.js';

/** A controller whose hub never answers (offline), for tests and demonstrations. */
export const SMARTHOME_NO_ANSWER_PREFIX = 'LOCK-OFFLINE';

/** Degrees Celsius the room moves towards its set point per hour while heating or cooling. */
const DEGREES_PER_HOUR = 4;
/** Minutes a bath takes to fill (a Japanese auto-bath: about 15 minutes). */
const BATH_FILL_MINUTES = 15;
/** Where a room settles with the climate off (the season's indoor temperature). */
const AMBIENT_CELSIUS = 18;

type Room = {
  mode: ClimateModeValue;
  setPoint: number;
  temperature: number;
  lightsOn: boolean;
  bath: 'EMPTY' | 'FILLING' | 'READY';
  bathStartedAt: number;
  since: number;
};

/**
 * A room in memory: heating or cooling moves its temperature towards the set point over time
 * (by the product's clock), a bath fills in 15 minutes, every call takes its latency.
 */
export class SmartHomeSimulator implements SmartHomeAdapter {
  private readonly rooms = new Map<string, Room>();
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly opts: { clock: Clock; latencyMs: number; sleep?: (ms: number) => Promise<void> }) {
    this.sleep = opts.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  async apply(deviceId: string, change: SmartHomeChange): Promise<SmartHomeReport> {
    await this.travel(deviceId);
    const room = this.room(deviceId);
    const now = this.opts.clock.now().getTime();
    if (change.climateMode !== undefined) room.mode = change.climateMode;
    if (change.setPointCelsius !== undefined) room.setPoint = change.setPointCelsius;
    if (change.lightsOn !== undefined) room.lightsOn = change.lightsOn;
    if (change.bath === 'EMPTY') room.bath = 'EMPTY';
    if (change.bath === 'FILLING' && room.bath === 'EMPTY') {
      room.bath = 'FILLING';
      room.bathStartedAt = now;
    }
    return this.report(room);
  }

  async state(deviceId: string): Promise<SmartHomeReport> {
    await this.travel(deviceId);
    return this.report(this.room(deviceId));
  }

  private async travel(deviceId: string): Promise<void> {
    if (deviceId.startsWith(SMARTHOME_NO_ANSWER_PREFIX)) await new Promise<never>(() => {});
    if (this.opts.latencyMs > 0) await this.sleep(this.opts.latencyMs);
  }

  private room(deviceId: string): Room {
    let room = this.rooms.get(deviceId);
    const now = this.opts.clock.now().getTime();
    if (!room) {
      room = {
        mode: 'OFF',
        setPoint: 22,
        temperature: AMBIENT_CELSIUS,
        lightsOn: false,
        bath: 'EMPTY',
        bathStartedAt: 0,
        since: now,
      };
      this.rooms.set(deviceId, room);
    }
    this.advance(room, now);
    return room;
  }

  /** The room's temperature and bath after the time since it was last seen. */
  private advance(room: Room, now: number): void {
    const hours = Math.max(0, now - room.since) / 3_600_000;
    room.since = Math.max(room.since, now);
    const target =
      room.mode === 'OFF'
        ? AMBIENT_CELSIUS
        : room.mode === 'HEAT'
          ? Math.max(room.temperature, room.setPoint)
          : room.mode === 'COOL'
            ? Math.min(room.temperature, room.setPoint)
            : room.setPoint;
    const step = hours * DEGREES_PER_HOUR;
    room.temperature =
      room.temperature < target ? Math.min(target, room.temperature + step) : Math.max(target, room.temperature - step);
    if (room.bath === 'FILLING' && now - room.bathStartedAt >= BATH_FILL_MINUTES * 60_000) room.bath = 'READY';
  }

  private report(room: Room): SmartHomeReport {
    return {
      climateMode: room.mode,
      setPointCelsius: room.setPoint,
      roomTemperatureCelsius: Math.round(room.temperature * 10) / 10,
      lightsOn: room.lightsOn,
      bath: room.bath,
      reportedAt: this.opts.clock.now(),
    };
  }
}
