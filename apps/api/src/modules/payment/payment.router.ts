import {
  completeCardRegistration,
  createCardRegistration,
  deletePaymentMethod,
  listPaymentMethods,
} from '@yado/contract/payment.contract';
import { requirePrincipal } from '../../platform/http/call-context.js';
import { implement } from '../../platform/http/rpc-app.js';
import * as payment from './payment.service.js';

export const paymentImplementations = [
  implement(listPaymentMethods, (ctx) => payment.listPaymentMethods(ctx.deps, requirePrincipal(ctx).accountId)),
  implement(createCardRegistration, (ctx, input) =>
    payment.createCardRegistration(ctx.deps, requirePrincipal(ctx).accountId, input, ctx.language),
  ),
  implement(completeCardRegistration, (ctx, input) =>
    payment.completeCardRegistration(ctx.deps, requirePrincipal(ctx).accountId, input.registrationId),
  ),
  implement(deletePaymentMethod, (ctx, input) =>
    payment.deletePaymentMethod(ctx.deps, requirePrincipal(ctx).accountId, input.paymentMethodId),
  ),
];
