import { createWalletLinkChallenge, linkWallet } from '@yado/contract/key-token.contract';
import { useState } from 'react';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';

/** The browser wallet as EIP-1193 describes it: one `request` method. */
type Eip1193Provider = { request(args: { method: string; params?: unknown[] }): Promise<unknown> };

function browserWallet(): Eip1193Provider | null {
  const w = window as unknown as { ethereum?: Eip1193Provider };
  return w.ethereum && typeof w.ethereum.request === 'function' ? w.ethereum : null;
}

export type LinkProblem = 'NO_WALLET' | 'REJECTED' | { message: string };

/**
 * Links the browser wallet: asks it for its account (eth_requestAccounts), asks the server for a
 * Sign-In with Ethereum message for that account, has the wallet sign it (personal_sign) and sends
 * message and signature back. Nothing is signed or checked here; the server verifies.
 */
export function useLinkWallet(onLinked: () => void, fallbackMessage: string) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<LinkProblem | null>(null);

  const link = async () => {
    const wallet = browserWallet();
    if (!wallet) {
      setProblem('NO_WALLET');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const accounts = (await wallet.request({ method: 'eth_requestAccounts' })) as string[];
      const address = accounts[0];
      if (!address) throw Object.assign(new Error('no account'), { code: 4001 });
      const chainHex = (await wallet.request({ method: 'eth_chainId' }).catch(() => '0x1')) as string;
      const chainId = Number.parseInt(chainHex, 16) || 1;
      const challenge = await callMethod(createWalletLinkChallenge, { walletAddress: address, chainId });
      const signature = (await wallet.request({
        method: 'personal_sign',
        params: [challenge.message, address],
      })) as string;
      await callMethod(linkWallet, { message: challenge.message, signature });
      onLinked();
    } catch (e) {
      // EIP-1193: 4001 is the user turning the request down in their wallet.
      if ((e as { code?: number }).code === 4001) setProblem('REJECTED');
      else setProblem({ message: isApiError(e) ? e.displayMessage : fallbackMessage });
    } finally {
      setBusy(false);
    }
  };

  return { link, busy, problem };
}
