import type { Page } from 'playwright-core';
import type { privateKeyToAccount } from 'viem/accounts';

/**
 * Gives the page a browser wallet (window.ethereum, EIP-1193) whose every request goes to the
 * test's account, which signs with its own key: what a wallet extension does for a guest.
 */
export async function injectWallet(page: Page, account: ReturnType<typeof privateKeyToAccount>): Promise<void> {
  await page.exposeFunction('__testWallet', async (method: string, params: unknown[]) => {
    if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [account.address];
    if (method === 'eth_chainId') return '0x1';
    if (method === 'personal_sign') return account.signMessage({ message: String(params[0]) });
    throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 });
  });
  await page.addInitScript(() => {
    const call = (window as unknown as { __testWallet: (m: string, p: unknown[]) => Promise<unknown> }).__testWallet;
    (window as unknown as { ethereum: unknown }).ethereum = {
      isMetaMask: false,
      request: ({ method, params }: { method: string; params?: unknown[] }) => call(method, params ?? []),
    };
  });
}
