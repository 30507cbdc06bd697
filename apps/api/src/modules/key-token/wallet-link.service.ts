import { randomUUID } from 'node:crypto';
import { WALLET_LINK_CHALLENGE_MINUTES, type LinkedWallet } from '@yado/contract/key-token.contract';
import { dateTimeFromDate } from '@yado/contract/date-time';
import { getAddress, verifyMessage, type Hex } from 'viem';
import { createSiweMessage, generateSiweNonce, parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import { AppError } from '../../platform/app-error.js';
import { withTx } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import * as repo from './key-token.repo.js';

/*
 * Linking a wallet by Sign-In with Ethereum (EIP-4361, decision 0051): the server writes the message
 * (this site's domain and origin, the chain, a one-time nonce it keeps), the wallet signs it, and the
 * server checks the message is the one it issued to this user, unexpired and unused, and that the
 * signature recovers the message's address. viem does the parsing and the cryptography.
 */

const STATEMENT = 'Link this wallet to your yado account so its key tokens can book stays.';

/** The wallet as the API shows it: checksummed. */
export function walletOutput(w: repo.WalletRow): LinkedWallet {
  return { walletAddress: getAddress(w.address), chainId: w.chainId, linkedAt: dateTimeFromDate(w.linkedAt) };
}

export async function createChallenge(
  deps: Deps,
  accountId: string,
  origin: string,
  input: { walletAddress: string; chainId: number },
) {
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + WALLET_LINK_CHALLENGE_MINUTES * 60_000);
  const nonce = generateSiweNonce();
  const url = new URL(origin);
  const message = createSiweMessage({
    address: getAddress(input.walletAddress),
    chainId: input.chainId,
    domain: url.host,
    uri: url.origin,
    nonce,
    version: '1',
    statement: STATEMENT,
    issuedAt: now,
    expirationTime: expiresAt,
  });
  await repo.insertChallenge(deps.db, { nonce, accountId, issuedAt: now, expiresAt });
  return { message, nonce, expiresAt: dateTimeFromDate(expiresAt) };
}

export async function linkWallet(
  deps: Deps,
  accountId: string,
  origin: string,
  input: { message: string; signature: string },
): Promise<{ wallet: LinkedWallet }> {
  const parsed = parseSiweMessage(input.message);
  if (!parsed.nonce || !parsed.address || !parsed.chainId) throw new AppError('CodeWalletChallengeInvalid');
  const { nonce, address, chainId } = parsed;
  const url = new URL(origin);
  const now = deps.clock.now();
  return withTx(deps.db, async (tx) => {
    const challenge = await repo.lockChallenge(tx, nonce);
    if (!challenge || challenge.accountId !== accountId || challenge.usedAt) {
      throw new AppError('CodeWalletChallengeInvalid');
    }
    if (challenge.expiresAt <= now) throw new AppError('CodeWalletChallengeExpired');
    const forThisSite =
      parsed.uri !== undefined &&
      new URL(parsed.uri).origin === url.origin &&
      validateSiweMessage({ message: parsed, domain: url.host, nonce, time: now });
    if (!forThisSite) throw new AppError('CodeWalletChallengeInvalid');
    const signed = await verifyMessage({ address, message: input.message, signature: input.signature as Hex }).catch(
      () => false,
    );
    if (!signed) throw new AppError('CodeWalletSignatureInvalid');
    await repo.markChallengeUsed(tx, nonce, now);
    const lower = address.toLowerCase();
    const live = await repo.liveLinkOf(tx, lower);
    if (live && live.accountId !== accountId) throw new AppError('CodeWalletLinkedElsewhere');
    if (live) return { wallet: walletOutput(live.row) };
    const row = { address: lower, chainId, linkedAt: now };
    try {
      await repo.insertWallet(tx, { id: randomUUID(), accountId, ...row });
    } catch (err) {
      // Another account linked the wallet in the meantime (the live address is unique).
      if ((err as { code?: string }).code === '23505') throw new AppError('CodeWalletLinkedElsewhere');
      throw err;
    }
    return { wallet: walletOutput(row) };
  });
}

export async function listWallets(deps: Deps, accountId: string): Promise<{ wallets: LinkedWallet[] }> {
  return { wallets: (await repo.listWallets(deps.db, accountId)).map(walletOutput) };
}

export async function unlinkWallet(deps: Deps, accountId: string, walletAddress: string) {
  const done = await repo.unlinkWallet(deps.db, accountId, walletAddress.toLowerCase(), deps.clock.now());
  if (!done) throw new AppError('CodeWalletNotLinked');
  return listWallets(deps, accountId);
}
