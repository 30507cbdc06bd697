import {
  getOwnerStatement,
  listOwnerStatements,
  staffCloseStatementPeriod,
  staffGetOwnerStatement,
  staffListOwnerStatements,
} from '@yado/contract/statement.contract';
import { requirePrincipal } from '../../platform/http/call-context.js';
import { implement } from '../../platform/http/rpc-app.js';
import * as statements from './statement.service.js';

export const statementImplementations = [
  implement(listOwnerStatements, (ctx) => statements.listOwnerStatements(ctx.deps, requirePrincipal(ctx).accountId)),
  implement(getOwnerStatement, (ctx, input) =>
    statements.getOwnerStatement(ctx.deps, requirePrincipal(ctx), ctx.language, input.ownerStatementId),
  ),
  implement(staffCloseStatementPeriod, (ctx, input) =>
    statements.staffCloseStatementPeriod(ctx.deps, `account:${requirePrincipal(ctx).accountId}`, input),
  ),
  implement(staffListOwnerStatements, (ctx, input) =>
    statements.staffListOwnerStatements(ctx.deps, ctx.language, input),
  ),
  implement(staffGetOwnerStatement, (ctx, input) =>
    statements.getOwnerStatement(ctx.deps, requirePrincipal(ctx), ctx.language, input.ownerStatementId, true),
  ),
];
