import {
  getAllocationRound,
  listOpenAllocationRounds,
  staffCreateAllocationRound,
  staffListAllocationRounds,
  staffRunAllocationDraw,
  submitAllocationRequests,
  withdrawAllocationRequests,
} from '@yado/contract/high-season.contract';
import { requirePrincipal } from '../../platform/http/call-context.js';
import { implement, type Implementation } from '../../platform/http/rpc-app.js';
import * as highSeason from './high-season.service.js';

/**
 * The high-season methods. The draw books winners' stays through `createAllocatedBooking`, which
 * the registry passes in from the booking module (that module builds on this one).
 */
export function highSeasonImplementations(createAllocatedBooking: highSeason.CreateAllocatedBooking): Implementation[] {
  return [
    implement(staffCreateAllocationRound, (ctx, input) =>
      highSeason.createRound(ctx.deps, `account:${requirePrincipal(ctx).accountId}`, input, ctx.language),
    ),
    implement(staffListAllocationRounds, (ctx, input) => highSeason.listRounds(ctx.deps, input, ctx.language)),
    implement(staffRunAllocationDraw, (ctx, input) =>
      highSeason.runAllocationDraw(
        ctx.deps,
        createAllocatedBooking,
        `account:${requirePrincipal(ctx).accountId}`,
        input,
        ctx.language,
      ),
    ),
    implement(getAllocationRound, (ctx, input) =>
      highSeason.getRound(ctx.deps, requirePrincipal(ctx), input.roundId, ctx.language),
    ),
    implement(listOpenAllocationRounds, (ctx) =>
      highSeason.listOpenRounds(ctx.deps, requirePrincipal(ctx).accountId, ctx.language),
    ),
    implement(submitAllocationRequests, (ctx, input) =>
      highSeason.submitRequests(ctx.deps, requirePrincipal(ctx).accountId, input, ctx.language),
    ),
    implement(withdrawAllocationRequests, (ctx, input) =>
      highSeason.withdrawRequests(ctx.deps, requirePrincipal(ctx).accountId, input, ctx.language),
    ),
  ];
}
