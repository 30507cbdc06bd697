import { listStayStyleSuggestions, staffSetStayStyleSuggestions } from '@yado/contract/stay-style.contract';
import { requirePrincipal } from '../../platform/http/call-context.js';
import { implement, type Implementation } from '../../platform/http/rpc-app.js';
import * as stayStyles from './stay-style.service.js';

export const stayStyleImplementations: Implementation[] = [
  implement(listStayStyleSuggestions, (ctx, input) =>
    stayStyles.listSuggestions(ctx.deps, ctx.language, input.houseGroupId),
  ),
  implement(staffSetStayStyleSuggestions, (ctx, input) =>
    stayStyles.setSuggestions(ctx.deps, `account:${requirePrincipal(ctx).accountId}`, ctx.language, input),
  ),
];
