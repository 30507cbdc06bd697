import { getOwnerHome, getOwnerRevenue, listOwnerHouses } from '@yado/contract/owner-area.contract';
import { requirePrincipal } from '../../platform/http/call-context.js';
import { implement } from '../../platform/http/rpc-app.js';
import * as ownerArea from './owner-area.service.js';

export const ownerAreaImplementations = [
  implement(getOwnerHome, (ctx) => ownerArea.getOwnerHome(ctx.deps, requirePrincipal(ctx).accountId, ctx.language)),
  implement(listOwnerHouses, (ctx, input) =>
    ownerArea.listOwnerHouses(ctx.deps, requirePrincipal(ctx).accountId, ctx.language, input),
  ),
  implement(getOwnerRevenue, (ctx, input) =>
    ownerArea.getOwnerRevenue(ctx.deps, requirePrincipal(ctx).accountId, ctx.language, input),
  ),
];
