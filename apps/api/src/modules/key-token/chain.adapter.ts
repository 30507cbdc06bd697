import type { Collection } from './key-token.repo.js';

/**
 * The chain the key tokens live on, as the product sees it: who holds a token, which tokens wallets
 * hold, and the transfers mined since a block. The built-in simulated chain
 * (simulated-chain.adapter.ts) implements it; an adapter reading a real chain's two ERC-721
 * contracts (ownerOf, Transfer logs) implements it too, and nothing else changes. Addresses are
 * lower-case.
 */
export interface ChainAdapter {
  /** The wallet holding the token now (as of the last mined block); null for a token never minted. */
  ownerOf(collection: Collection, tokenId: string): Promise<string | null>;
  /** The tokens the wallets hold now. */
  tokensOf(addresses: readonly string[]): Promise<HeldToken[]>;
  /** Transfers mined in blocks after `afterBlock`, in chain order, at most `limit` blocks' worth. */
  transfersAfter(afterBlock: bigint, limit: number): Promise<TransferEvent[]>;
}

export type HeldToken = { collection: Collection; tokenId: string; owner: string };

export type TransferEvent = {
  collection: Collection;
  tokenId: string;
  from: string;
  to: string;
  blockNumber: bigint;
};

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
