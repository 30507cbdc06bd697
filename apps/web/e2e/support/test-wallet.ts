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

/** Waits until React has hydrated the element of this test id, so a click reaches its handler. */
export async function hydrated(page: Page, testId: string): Promise<void> {
  await hydratedElement(page, `[data-testid="${testId}"]`);
}

/**
 * Waits until React has hydrated the element the CSS selector finds: before that, a click on a
 * server-rendered submit button sends the form natively instead of through its handler.
 */
export async function hydratedElement(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((sel) => {
    const el = document.querySelector(sel);
    return !!el && Object.keys(el).some((key) => key.startsWith('__reactFiber'));
  }, selector);
}
