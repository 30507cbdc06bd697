import {
  cancelLendingApplication,
  createLendingApplication,
  getLendingApplication,
  listLendingApplications,
  listLendingProducts,
  listVoucherLendingProducts,
  payLendingApplication,
  staffConfirmLendingTransfer,
  staffCreateLendingProduct,
  staffListAwaitingLendingTransfers,
  staffRejectLendingTransfer,
} from '@yado/contract/lending.contract';
import { requirePrincipal } from '../../platform/http/call-context.js';
import { implement } from '../../platform/http/rpc-app.js';
import * as lending from './lending.service.js';

const accountOf = (ctx: Parameters<typeof requirePrincipal>[0]) => requirePrincipal(ctx).accountId;

export const lendingImplementations = [
  implement(listLendingProducts, (ctx) => lending.listLendingProducts(ctx.deps, ctx.language)),
  implement(listVoucherLendingProducts, (ctx) => lending.listVoucherLendingProducts(ctx.deps, ctx.language)),
  implement(createLendingApplication, (ctx, input) =>
    lending.createApplication(ctx.deps, accountOf(ctx), ctx.language, input, ctx.idempotencyKey),
  ),
  implement(listLendingApplications, (ctx) => lending.listApplications(ctx.deps, accountOf(ctx), ctx.language)),
  implement(getLendingApplication, (ctx, input) =>
    lending.getApplication(ctx.deps, accountOf(ctx), ctx.language, input.lendingApplicationId),
  ),
  implement(payLendingApplication, (ctx, input) =>
    lending.payApplication(ctx.deps, accountOf(ctx), ctx.language, input.lendingApplicationId),
  ),
  implement(cancelLendingApplication, (ctx, input) =>
    lending.cancelApplication(ctx.deps, accountOf(ctx), ctx.language, input.lendingApplicationId),
  ),
  implement(staffListAwaitingLendingTransfers, (ctx) => lending.staffListAwaiting(ctx.deps, ctx.language)),
  implement(staffConfirmLendingTransfer, (ctx, input) =>
    lending.staffConfirm(ctx.deps, accountOf(ctx), ctx.language, input.lendingApplicationId),
  ),
  implement(staffRejectLendingTransfer, (ctx, input) =>
    lending.staffReject(ctx.deps, accountOf(ctx), ctx.language, input.lendingApplicationId),
  ),
  implement(staffCreateLendingProduct, (ctx, input) => lending.createProduct(ctx.deps, input)),
];
