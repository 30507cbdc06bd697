import {
  checkCoupon,
  getCoupon,
  staffCreateCoupon,
  staffDeactivateCoupon,
  staffGetCoupon,
  staffListCoupons,
  staffUpdateCoupon,
} from '@yado/contract/coupon.contract';
import { requirePrincipal } from '../../platform/http/call-context.js';
import { implement } from '../../platform/http/rpc-app.js';
import * as coupon from './coupon.service.js';

export const couponImplementations = [
  implement(getCoupon, (ctx, input) => coupon.getCoupon(ctx.deps, input, ctx.language)),
  implement(checkCoupon, (ctx, input) =>
    coupon.checkCoupon(ctx.deps, requirePrincipal(ctx).accountId, input, ctx.language),
  ),
  implement(staffCreateCoupon, (ctx, input) => coupon.createCoupon(ctx.deps, requirePrincipal(ctx).accountId, input)),
  implement(staffUpdateCoupon, (ctx, input) => coupon.updateCoupon(ctx.deps, requirePrincipal(ctx).accountId, input)),
  implement(staffDeactivateCoupon, (ctx, input) =>
    coupon.deactivateCoupon(ctx.deps, requirePrincipal(ctx).accountId, input.couponId),
  ),
  implement(staffGetCoupon, (ctx, input) => coupon.getStaffCoupon(ctx.deps, input.couponId)),
  implement(staffListCoupons, (ctx, input) => coupon.listStaffCoupons(ctx.deps, input)),
];
