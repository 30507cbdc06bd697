import type { Hono } from 'hono';
import type { Deps } from '../../platform/deps.js';
import { registerVehicleTelematics } from './vehicle-telematics.adapter.js';
import { createVehicleSimulator } from './vehicle-telematics.service.js';

/**
 * Composes vehicle rental into the app: the telematics adapter the rental
 * cars are reached through (the built-in simulator; a car maker's adapter
 * would be registered here instead).
 */
export function mountVehicleRoutes(_app: Hono, deps: Deps): void {
  registerVehicleTelematics(deps.db, createVehicleSimulator(deps));
}
