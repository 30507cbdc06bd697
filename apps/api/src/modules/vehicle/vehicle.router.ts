import {
  listVehicles,
  staffAddVehicleAvailability,
  staffCreateVehicle,
  staffCreateVehicleLocation,
  staffListVehicles,
  staffRemoveVehicleAvailability,
  staffUpdateVehicle,
  staffUpdateVehicleLocation,
} from '@yado/contract/vehicle.contract';
import { requirePrincipal } from '../../platform/http/call-context.js';
import { implement } from '../../platform/http/rpc-app.js';
import type { CallContext } from '../../platform/http/call-context.js';
import * as vehicles from './vehicle.service.js';

/** Who the audit trail names for a staff change. */
const staffActor = (ctx: CallContext) => `account:${requirePrincipal(ctx).accountId}`;

export const vehicleImplementations = [
  implement(listVehicles, (ctx, input) => vehicles.listVehicles(ctx.deps, ctx.language, input)),
  implement(staffListVehicles, (ctx, input) => vehicles.staffListVehicles(ctx.deps, input.placeId)),
  implement(staffCreateVehicle, (ctx, input) => vehicles.staffCreateVehicle(ctx.deps, staffActor(ctx), input)),
  implement(staffUpdateVehicle, (ctx, input) => vehicles.staffUpdateVehicle(ctx.deps, staffActor(ctx), input)),
  implement(staffAddVehicleAvailability, (ctx, input) =>
    vehicles.staffAddVehicleAvailability(ctx.deps, staffActor(ctx), input),
  ),
  implement(staffRemoveVehicleAvailability, (ctx, input) =>
    vehicles.staffRemoveVehicleAvailability(ctx.deps, staffActor(ctx), input),
  ),
  implement(staffCreateVehicleLocation, (ctx, input) =>
    vehicles.staffCreateVehicleLocation(ctx.deps, staffActor(ctx), input),
  ),
  implement(staffUpdateVehicleLocation, (ctx, input) =>
    vehicles.staffUpdateVehicleLocation(ctx.deps, staffActor(ctx), input),
  ),
];
