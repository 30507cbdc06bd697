import {
  getSlotBalance,
  staffGetOwnerSettings,
  staffGrantShare,
  staffListShares,
  staffUpdateOwnerSettings,
} from '@yado/contract/ownership.contract';
import { listBeOwnerHouses, upgradeToBeOwner } from '@yado/contract/user.contract';
import { requirePrincipal } from '../../platform/http/call-context.js';
import { implement } from '../../platform/http/rpc-app.js';
import * as settings from './owner-settings.service.js';
import * as shares from './owner-share.service.js';
import * as ownership from './ownership.service.js';

export const ownershipImplementations = [
  implement(listBeOwnerHouses, (ctx) =>
    ownership.listBeOwnerHouses(ctx.deps, requirePrincipal(ctx).accountId, ctx.language),
  ),
  implement(upgradeToBeOwner, (ctx, input) =>
    ownership.upgradeToBeOwner(ctx.deps, requirePrincipal(ctx).accountId, input),
  ),
  implement(getSlotBalance, (ctx, input) =>
    shares.getSlotBalance(ctx.deps, requirePrincipal(ctx).accountId, ctx.language, input),
  ),
  implement(staffGrantShare, (ctx, input) => {
    const staff = requirePrincipal(ctx).accountId;
    return shares.grantShare(ctx.deps, { actor: `account:${staff}`, reviewerAccountId: staff }, input, ctx.language);
  }),
  implement(staffListShares, (ctx, input) => shares.staffListShares(ctx.deps, input, ctx.language)),
  implement(staffGetOwnerSettings, (ctx, input) => settings.staffGetOwnerSettings(ctx.deps, input.houseGroupId)),
  implement(staffUpdateOwnerSettings, (ctx, input) =>
    settings.staffUpdateOwnerSettings(ctx.deps, `account:${requirePrincipal(ctx).accountId}`, input),
  ),
];
