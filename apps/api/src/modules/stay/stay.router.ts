import {
  getDoNotDisturb,
  getDoorState,
  getKey,
  getSmarthomeState,
  listKeys,
  listSharedKeys,
  lockDoor,
  revokeSharedKey,
  setDoNotDisturb,
  shareKey,
  staffListDoNotDisturb,
  staffListHouseAccess,
  staffListHousekeeping,
  staffUpdateHouseAccess,
  unlockDoor,
  updateSmarthomeState,
} from '@yado/contract/stay.contract';
import { requirePrincipal } from '../../platform/http/call-context.js';
import { implement } from '../../platform/http/rpc-app.js';
import * as keys from './key.service.js';
import * as control from './stay-control.service.js';
import * as staff from './stay-staff.service.js';

const accountOf = (ctx: Parameters<typeof requirePrincipal>[0]) => requirePrincipal(ctx).accountId;

export const stayImplementations = [
  implement(listKeys, (ctx, input) => keys.listKeys(ctx.deps, accountOf(ctx), ctx.language, input.bookingId ?? null)),
  implement(getKey, (ctx, input) => keys.getKey(ctx.deps, accountOf(ctx), ctx.language, input.keyId)),
  implement(shareKey, (ctx, input) => keys.shareKey(ctx.deps, accountOf(ctx), input)),
  implement(listSharedKeys, (ctx, input) => keys.listSharedKeys(ctx.deps, accountOf(ctx), input.keyId)),
  implement(revokeSharedKey, (ctx, input) => keys.revokeSharedKey(ctx.deps, accountOf(ctx), input.sharedKeyId)),
  implement(unlockDoor, (ctx, input) =>
    control.commandDoor(ctx.deps, accountOf(ctx), input.keyId, 'UNLOCK', ctx.idempotencyKey),
  ),
  implement(lockDoor, (ctx, input) =>
    control.commandDoor(ctx.deps, accountOf(ctx), input.keyId, 'LOCK', ctx.idempotencyKey),
  ),
  implement(getDoorState, (ctx, input) => control.getDoorState(ctx.deps, accountOf(ctx), input.keyId)),
  implement(setDoNotDisturb, (ctx, input) => control.setDoNotDisturb(ctx.deps, accountOf(ctx), input)),
  implement(getDoNotDisturb, (ctx, input) => control.getDoNotDisturb(ctx.deps, accountOf(ctx), input.bookingId)),
  implement(getSmarthomeState, (ctx, input) => control.getSmartHomeState(ctx.deps, accountOf(ctx), input.keyId)),
  implement(updateSmarthomeState, (ctx, input) => control.updateSmartHomeState(ctx.deps, accountOf(ctx), input)),
  implement(staffListHousekeeping, (ctx, input) => staff.listHousekeeping(ctx.deps, ctx.language, input)),
  implement(staffListDoNotDisturb, (ctx, input) => staff.listDoNotDisturb(ctx.deps, input.bookingIds)),
  implement(staffListHouseAccess, (ctx, input) => staff.listHouseAccess(ctx.deps, ctx.language, input.houseGroupId)),
  implement(staffUpdateHouseAccess, (ctx, input) =>
    staff.updateHouseAccess(ctx.deps, `account:${accountOf(ctx)}`, ctx.language, input),
  ),
];
