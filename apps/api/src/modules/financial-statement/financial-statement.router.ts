import {
  getFinancialStatement,
  getSharedFinancialStatement,
  listFinancialStatements,
  listFinancialStatementShares,
  revokeFinancialStatementShare,
  shareFinancialStatement,
} from '@yado/contract/financial-statement.contract';
import { requirePrincipal } from '../../platform/http/call-context.js';
import { implement } from '../../platform/http/rpc-app.js';
import * as statements from './financial-statement.service.js';

export const financialStatementImplementations = [
  implement(listFinancialStatements, (ctx, input) =>
    statements.listFinancialStatements(ctx.deps, requirePrincipal(ctx).accountId, input),
  ),
  implement(getFinancialStatement, (ctx, input) =>
    statements.getFinancialStatement(ctx.deps, requirePrincipal(ctx).accountId, ctx.language, input),
  ),
  implement(shareFinancialStatement, (ctx, input) =>
    statements.shareFinancialStatement(ctx.deps, requirePrincipal(ctx).accountId, input),
  ),
  implement(listFinancialStatementShares, (ctx, input) =>
    statements.listFinancialStatementShares(ctx.deps, requirePrincipal(ctx).accountId, input),
  ),
  implement(revokeFinancialStatementShare, (ctx, input) =>
    statements.revokeFinancialStatementShare(ctx.deps, requirePrincipal(ctx).accountId, input.shareId),
  ),
  implement(getSharedFinancialStatement, (ctx, input) =>
    statements.getSharedFinancialStatement(ctx.deps, input.token, ctx.language),
  ),
];
