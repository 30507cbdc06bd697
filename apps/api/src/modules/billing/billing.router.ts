import {
  completeBillingPayment,
  getBillingDetail,
  listBillings,
  listSplitBillings,
  payBilling,
  splitBilling,
} from '@yado/contract/billing.contract';
import { requirePrincipal } from '../../platform/http/call-context.js';
import { implement } from '../../platform/http/rpc-app.js';
import * as billing from './billing.service.js';

export const billingImplementations = [
  implement(listBillings, (ctx, input) =>
    billing.listBillingsOfBooking(ctx.deps, requirePrincipal(ctx), input.bookingId, ctx.language),
  ),
  implement(getBillingDetail, (ctx, input) =>
    billing.getBillingDetail(ctx.deps, requirePrincipal(ctx), input.billingId, ctx.language),
  ),
  implement(payBilling, (ctx, input) => billing.payBilling(ctx.deps, requirePrincipal(ctx), input)),
  implement(completeBillingPayment, (ctx, input) =>
    billing.completeBillingPayment(ctx.deps, requirePrincipal(ctx), input.billingId),
  ),
  implement(splitBilling, (ctx, input) => billing.splitBilling(ctx.deps, requirePrincipal(ctx), input)),
  implement(listSplitBillings, (ctx) => billing.listSplitBillings(ctx.deps, requirePrincipal(ctx), ctx.language)),
];
