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
import * as vehicles from './vehicle.service.js';

export const vehicleImplementations = [
  implement(listVehicles, (ctx, input) => vehicles.listVehicles(ctx.deps, ctx.language, input)),
  implement(staffListVehicles, (ctx, input) => vehicles.staffListVehicles(ctx.deps, input.placeId)),
  implement(staffCreateVehicle, (ctx, input) => vehicles.staffCreateVehicle(ctx.deps, requirePrincipal(ctx), input)),
  implement(staffUpdateVehicle, (ctx, input) => vehicles.staffUpdateVehicle(ctx.deps, requirePrincipal(ctx), input)),
  implement(staffAddVehicleAvailability, (ctx, input) =>
    vehicles.staffAddVehicleAvailability(ctx.deps, requirePrincipal(ctx), input),
  ),
  implement(staffRemoveVehicleAvailability, (ctx, input) =>
    vehicles.staffRemoveVehicleAvailability(ctx.deps, requirePrincipal(ctx), input),
  ),
  implement(staffCreateVehicleLocation, (ctx, input) =>
    vehicles.staffCreateVehicleLocation(ctx.deps, requirePrincipal(ctx), input),
  ),
  implement(staffUpdateVehicleLocation, (ctx, input) =>
    vehicles.staffUpdateVehicleLocation(ctx.deps, requirePrincipal(ctx), input),
  ),
];
