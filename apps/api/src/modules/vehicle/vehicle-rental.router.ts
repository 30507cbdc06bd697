import {
  cancelVehicleRental,
  createVehicleRental,
  dropoffVehicle,
  getVehicleRental,
  getVehicleRentalQuote,
  listVehicleRentals,
  lockVehicle,
  pickupVehicle,
  unlockVehicle,
} from '@yado/contract/vehicle-rental.contract';
import { requirePrincipal } from '../../platform/http/call-context.js';
import { implement } from '../../platform/http/rpc-app.js';
import * as rental from './vehicle-rental.service.js';

const accountOf = (ctx: Parameters<typeof requirePrincipal>[0]) => requirePrincipal(ctx).accountId;

export const vehicleRentalImplementations = [
  implement(getVehicleRentalQuote, (ctx, input) =>
    rental.quoteVehicleRental(ctx.deps, accountOf(ctx), ctx.language, input),
  ),
  implement(createVehicleRental, (ctx, input) =>
    rental.createVehicleRental(ctx.deps, requirePrincipal(ctx), ctx.language, input),
  ),
  implement(cancelVehicleRental, (ctx, input) =>
    rental.cancelVehicleRental(ctx.deps, accountOf(ctx), ctx.language, input.vehicleRentalId),
  ),
  implement(listVehicleRentals, (ctx, input) =>
    rental.listVehicleRentals(ctx.deps, requirePrincipal(ctx), ctx.language, input),
  ),
  implement(getVehicleRental, (ctx, input) =>
    rental.getVehicleRental(ctx.deps, accountOf(ctx), ctx.language, input.vehicleRentalId),
  ),
  implement(pickupVehicle, (ctx, input) =>
    rental.pickupVehicle(ctx.deps, accountOf(ctx), ctx.language, input.vehicleRentalId),
  ),
  implement(dropoffVehicle, (ctx, input) =>
    rental.dropoffVehicle(ctx.deps, requirePrincipal(ctx), ctx.language, input.vehicleRentalId),
  ),
  implement(lockVehicle, (ctx, input) =>
    rental.commandVehicle(ctx.deps, accountOf(ctx), input.vehicleRentalId, 'LOCK', ctx.idempotencyKey),
  ),
  implement(unlockVehicle, (ctx, input) =>
    rental.commandVehicle(ctx.deps, accountOf(ctx), input.vehicleRentalId, 'UNLOCK', ctx.idempotencyKey),
  ),
];
