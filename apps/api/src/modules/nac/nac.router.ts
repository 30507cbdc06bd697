import {
  createNacDeposit,
  createNacWithdrawal,
  getCryptoBalance,
  getExchangeLink,
  getNacRateQuote,
  listNacLedgerEntries,
  listNacTransfers,
} from '@yado/contract/nac.contract';
import { requirePrincipal } from '../../platform/http/call-context.js';
import { implement } from '../../platform/http/rpc-app.js';
import * as nac from './nac.service.js';

export const nacImplementations = [
  implement(getCryptoBalance, (ctx) => nac.getCryptoBalance(ctx.deps, requirePrincipal(ctx).accountId)),
  implement(listNacLedgerEntries, (ctx, input) =>
    nac.listLedgerEntries(ctx.deps, requirePrincipal(ctx).accountId, input),
  ),
  implement(listNacTransfers, (ctx, input) => nac.listTransfers(ctx.deps, requirePrincipal(ctx).accountId, input)),
  implement(getExchangeLink, (ctx, input) =>
    nac.getExchangeLink(ctx.deps, requirePrincipal(ctx).accountId, ctx.language, input.returnPath),
  ),
  implement(createNacDeposit, (ctx, input) =>
    nac.createDeposit(ctx.deps, requirePrincipal(ctx).accountId, input, ctx.idempotencyKey),
  ),
  implement(createNacWithdrawal, (ctx, input) =>
    nac.createWithdrawal(ctx.deps, requirePrincipal(ctx).accountId, input, ctx.idempotencyKey),
  ),
  implement(getNacRateQuote, (ctx, input) => nac.getNacRateQuote(ctx.deps, requirePrincipal(ctx).accountId, input)),
];
