/**
 * A house's room controller (climate, lights, bath) as the product sees it, behind the same kind of
 * edge as the lock: the simulator (smarthome-simulator.adapter.ts) by default, a maker's service in
 * its place. A change that gets no answer in time is "unconfirmed"; the controller's report is the
 * truth.
 */
export interface SmartHomeAdapter {
  /** Applies what is given and resolves with what the controller reports afterwards. */
  apply(deviceId: string, change: SmartHomeChange): Promise<SmartHomeReport>;
  state(deviceId: string): Promise<SmartHomeReport>;
}

export type ClimateModeValue = 'OFF' | 'HEAT' | 'COOL' | 'AUTO';

export type SmartHomeChange = {
  climateMode?: ClimateModeValue;
  setPointCelsius?: number;
  lightsOn?: boolean;
  bath?: 'FILLING' | 'EMPTY';
};

export type SmartHomeReport = {
  climateMode: ClimateModeValue;
  setPointCelsius: number;
  roomTemperatureCelsius: number;
  lightsOn: boolean;
  bath: 'EMPTY' | 'FILLING' | 'READY';
  reportedAt: Date;
};

const adapters = new WeakMap<object, SmartHomeAdapter>();

export function registerSmartHomeAdapter(db: object, adapter: SmartHomeAdapter): void {
  adapters.set(db, adapter);
}

export function registeredSmartHomeAdapter(db: object): SmartHomeAdapter | null {
  return adapters.get(db) ?? null;
}
