import {
  listDriverLicenses,
  registerDriverLicense,
  staffListDriverLicenses,
  staffReviewDriverLicense,
  uploadDriverLicenseImage,
} from '@yado/contract/vehicle.contract';
import { requirePrincipal } from '../../platform/http/call-context.js';
import { implement } from '../../platform/http/rpc-app.js';
import * as licenses from './driver-license.service.js';

export const driverLicenseImplementations = [
  implement(uploadDriverLicenseImage, (ctx, input) =>
    licenses.uploadDriverLicenseImage(ctx.deps, requirePrincipal(ctx).accountId, input),
  ),
  implement(registerDriverLicense, (ctx, input) =>
    licenses.registerDriverLicense(ctx.deps, requirePrincipal(ctx).accountId, input),
  ),
  implement(listDriverLicenses, (ctx) => licenses.listDriverLicenses(ctx.deps, requirePrincipal(ctx).accountId)),
  implement(staffListDriverLicenses, (ctx, input) =>
    licenses.staffListDriverLicenses(ctx.deps, ctx.language, input.status),
  ),
  implement(staffReviewDriverLicense, (ctx, input) =>
    licenses.staffReviewDriverLicense(ctx.deps, requirePrincipal(ctx), ctx.language, input),
  ),
];
