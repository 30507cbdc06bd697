import {
  getPointBalance,
  listPointActions,
  staffCreatePointAction,
  staffGetPointBalance,
  staffListPointActions,
} from '@yado/contract/point.contract';
import { requirePrincipal } from '../../platform/http/call-context.js';
import { implement } from '../../platform/http/rpc-app.js';
import * as point from './point.service.js';

export const pointImplementations = [
  implement(getPointBalance, (ctx) => point.getPointBalance(ctx.deps, requirePrincipal(ctx).accountId)),
  implement(listPointActions, (ctx, input) => point.listPointActions(ctx.deps, requirePrincipal(ctx).accountId, input)),
  implement(staffCreatePointAction, (ctx, input) =>
    point.createManualPointAction(ctx.deps, requirePrincipal(ctx).accountId, input),
  ),
  implement(staffGetPointBalance, (ctx, input) => point.staffGetPointBalance(ctx.deps, input.accountId)),
  implement(staffListPointActions, (ctx, input) => point.staffListPointActions(ctx.deps, input)),
];
