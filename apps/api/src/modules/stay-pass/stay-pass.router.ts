import {
  getStayPass,
  listStayPasses,
  staffGetStayPassSettings,
  staffUpdateStayPassSettings,
} from '@yado/contract/stay-pass.contract';
import { requirePrincipal } from '../../platform/http/call-context.js';
import { implement } from '../../platform/http/rpc-app.js';
import * as pass from './stay-pass.service.js';

const accountOf = (ctx: Parameters<typeof requirePrincipal>[0]) => requirePrincipal(ctx).accountId;

export const stayPassImplementations = [
  implement(getStayPass, (ctx, input) => pass.getStayPass(ctx.deps, accountOf(ctx), ctx.language, input.bookingId)),
  implement(listStayPasses, (ctx) => pass.listStayPasses(ctx.deps, accountOf(ctx), ctx.language)),
  implement(staffGetStayPassSettings, (ctx, input) => pass.staffGetStayPassSettings(ctx.deps, input.houseGroupId)),
  implement(staffUpdateStayPassSettings, (ctx, input) =>
    pass.staffUpdateStayPassSettings(ctx.deps, `account:${accountOf(ctx)}`, input),
  ),
];
