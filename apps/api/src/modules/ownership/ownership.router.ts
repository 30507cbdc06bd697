import { listBeOwnerHouses, upgradeToBeOwner } from '@yado/contract/user.contract';
import { requirePrincipal } from '../../platform/http/call-context.js';
import { implement } from '../../platform/http/rpc-app.js';
import * as ownership from './ownership.service.js';

export const ownershipImplementations = [
  implement(listBeOwnerHouses, (ctx) =>
    ownership.listBeOwnerHouses(ctx.deps, requirePrincipal(ctx).accountId, ctx.language),
  ),
  implement(upgradeToBeOwner, (ctx, input) =>
    ownership.upgradeToBeOwner(ctx.deps, requirePrincipal(ctx).accountId, input),
  ),
];
