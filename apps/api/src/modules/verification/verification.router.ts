import {
  sendEmailAddressVerificationCode,
  sendPhoneNumberVerificationCode,
  verifyEmailAddress,
  verifyPhoneNumber,
} from '@yado/contract/user.contract';
import { requirePrincipal } from '../../platform/http/call-context.js';
import { implement } from '../../platform/http/rpc-app.js';
import * as verification from './verification.service.js';

export const verificationImplementations = [
  implement(sendEmailAddressVerificationCode, (ctx) =>
    verification.sendEmailVerificationCode(ctx.deps, requirePrincipal(ctx).accountId, ctx.language),
  ),
  implement(verifyEmailAddress, (ctx, input) =>
    verification.verifyEmailAddress(ctx.deps, requirePrincipal(ctx).accountId, input.code, ctx.language),
  ),
  implement(sendPhoneNumberVerificationCode, (ctx) =>
    verification.sendPhoneVerificationCode(ctx.deps, requirePrincipal(ctx).accountId, ctx.language),
  ),
  implement(verifyPhoneNumber, (ctx, input) =>
    verification.verifyPhoneNumber(ctx.deps, requirePrincipal(ctx).accountId, input.code, ctx.language),
  ),
];
