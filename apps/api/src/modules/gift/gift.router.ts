import {
  acceptGift,
  cancelGift,
  createDatedSlotsGift,
  createGiftTentativeBooking,
  createSlotsGift,
  createSlotsGiftTentativeBooking,
  declineGift,
  getGift,
  listReceivedGifts,
  listSentGifts,
} from '@yado/contract/gift.contract';
import { requirePrincipal, type CallContext } from '../../platform/http/call-context.js';
import { implement } from '../../platform/http/rpc-app.js';
import * as gift from './gift.service.js';

const accountOf = (ctx: CallContext) => requirePrincipal(ctx).accountId;

export const giftImplementations = [
  implement(createGiftTentativeBooking, (ctx, input) =>
    gift.createDatedGift(ctx.deps, accountOf(ctx), ctx.language, 'GIFT_USE', input),
  ),
  implement(createDatedSlotsGift, (ctx, input) =>
    gift.createDatedGift(ctx.deps, accountOf(ctx), ctx.language, 'DATED_SLOTS_GIFT_USE', input),
  ),
  implement(createSlotsGift, (ctx, input) => gift.createSlotsGift(ctx.deps, accountOf(ctx), ctx.language, input)),
  implement(listSentGifts, (ctx) => gift.listSentGifts(ctx.deps, accountOf(ctx), ctx.language)),
  implement(cancelGift, (ctx, input) => gift.cancelGift(ctx.deps, accountOf(ctx), ctx.language, input.giftId)),
  implement(getGift, (ctx, input) =>
    gift.getGift(ctx.deps, ctx.principal?.accountId ?? null, ctx.language, input.giftToken),
  ),
  implement(acceptGift, (ctx, input) => gift.acceptGift(ctx.deps, accountOf(ctx), ctx.language, input)),
  implement(createSlotsGiftTentativeBooking, (ctx, input) =>
    gift.bookWithSlotsGift(ctx.deps, accountOf(ctx), ctx.language, input),
  ),
  implement(declineGift, (ctx, input) => gift.declineGift(ctx.deps, accountOf(ctx), ctx.language, input.giftToken)),
  implement(listReceivedGifts, (ctx) => gift.listReceivedGifts(ctx.deps, accountOf(ctx), ctx.language)),
];
