import {
  createCancellationSubscription,
  deleteCancellationSubscription,
  listCancellationSubscriptions,
} from '@yado/contract/waitlist.contract';
import { requirePrincipal } from '../../platform/http/call-context.js';
import { implement } from '../../platform/http/rpc-app.js';
import * as waitlist from './waitlist.service.js';

const accountOf = (ctx: Parameters<typeof requirePrincipal>[0]) => requirePrincipal(ctx).accountId;

export const waitlistImplementations = [
  implement(createCancellationSubscription, (ctx, input) =>
    waitlist.createSubscription(ctx.deps, accountOf(ctx), ctx.language, input),
  ),
  implement(listCancellationSubscriptions, (ctx) => waitlist.listSubscriptions(ctx.deps, accountOf(ctx), ctx.language)),
  implement(deleteCancellationSubscription, (ctx, input) =>
    waitlist.deleteSubscription(ctx.deps, accountOf(ctx), input.cancellationSubscriptionId),
  ),
];
