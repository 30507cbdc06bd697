import type { Page } from 'playwright-core';

// Every page loaded with goto or reload already waits for the page's shell to hydrate
// (launchBrowser in test-server.ts); these wait for a part rendered or hydrated after it.

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
