import {
  createNftTentativeBooking,
  createWalletLinkChallenge,
  linkWallet,
  listLinkedWallets,
  listNftKeys,
  mintSimulatedKeyToken,
  transferSimulatedKeyToken,
  unlinkWallet,
} from '@yado/contract/key-token.contract';
import { requirePrincipal } from '../../platform/http/call-context.js';
import { implement } from '../../platform/http/rpc-app.js';
import * as keys from './key-token.service.js';
import * as wallets from './wallet-link.service.js';

export const keyTokenImplementations = [
  implement(createWalletLinkChallenge, (ctx, input) =>
    wallets.createChallenge(ctx.deps, requirePrincipal(ctx).accountId, ctx.publicOrigin(), input),
  ),
  implement(linkWallet, (ctx, input) =>
    wallets.linkWallet(ctx.deps, requirePrincipal(ctx).accountId, ctx.publicOrigin(), input),
  ),
  implement(listLinkedWallets, (ctx) => wallets.listWallets(ctx.deps, requirePrincipal(ctx).accountId)),
  implement(unlinkWallet, (ctx, input) =>
    wallets.unlinkWallet(ctx.deps, requirePrincipal(ctx).accountId, input.walletAddress),
  ),
  implement(listNftKeys, (ctx) => keys.listNftKeys(ctx.deps, requirePrincipal(ctx).accountId, ctx.language)),
  implement(createNftTentativeBooking, (ctx, input) =>
    keys.createNftTentativeBooking(ctx.deps, requirePrincipal(ctx).accountId, ctx.language, input),
  ),
  implement(mintSimulatedKeyToken, (ctx, input) => keys.mintSimulatedKeyToken(ctx.deps, input)),
  implement(transferSimulatedKeyToken, (ctx, input) => keys.transferSimulatedKeyToken(ctx.deps, input)),
];
