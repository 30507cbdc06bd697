import {
  createVoucherTentativeBooking,
  enterVoucherLottery,
  getVoucherProductPrice,
  listAccommodationVouchers,
  listLotteryEntries,
  listVoucherProducts,
  purchaseVoucherProduct,
  revokeAccommodationVoucher,
  staffCreateVoucherProduct,
  staffReplayVoucherLotteryDraw,
} from '@yado/contract/voucher.contract';
import { requirePrincipal } from '../../platform/http/call-context.js';
import { implement } from '../../platform/http/rpc-app.js';
import * as voucher from './voucher.service.js';
import * as voucherBooking from './voucher-booking.service.js';

export const voucherImplementations = [
  implement(listVoucherProducts, (ctx, input) =>
    voucher.listProducts(ctx.deps, requirePrincipal(ctx).accountId, ctx.language, input.houseGroupId ?? null),
  ),
  implement(getVoucherProductPrice, (ctx, input) =>
    voucher.getProductPrice(ctx.deps, requirePrincipal(ctx).accountId, ctx.language, input.voucherProductId),
  ),
  implement(purchaseVoucherProduct, (ctx, input) =>
    voucher.purchaseProduct(ctx.deps, requirePrincipal(ctx).accountId, ctx.language, input, ctx.idempotencyKey),
  ),
  implement(enterVoucherLottery, (ctx, input) =>
    voucher.enterLottery(ctx.deps, requirePrincipal(ctx).accountId, ctx.language, input, ctx.idempotencyKey),
  ),
  implement(listLotteryEntries, (ctx) =>
    voucher.listLotteryEntries(ctx.deps, requirePrincipal(ctx).accountId, ctx.language),
  ),
  implement(listAccommodationVouchers, (ctx) =>
    voucher.listAccommodationVouchers(ctx.deps, requirePrincipal(ctx).accountId, ctx.language),
  ),
  implement(revokeAccommodationVoucher, (ctx, input) =>
    voucher.revokeVoucher(ctx.deps, requirePrincipal(ctx).accountId, ctx.language, input.accommodationVoucherId),
  ),
  implement(createVoucherTentativeBooking, (ctx, input) =>
    voucherBooking.createVoucherTentativeBooking(ctx.deps, requirePrincipal(ctx).accountId, ctx.language, input),
  ),
  implement(staffCreateVoucherProduct, (ctx, input) => voucher.createProduct(ctx.deps, ctx.language, input)),
  implement(staffReplayVoucherLotteryDraw, (ctx, input) =>
    voucher.replayDraw(ctx.deps, ctx.language, input.voucherProductId),
  ),
];
