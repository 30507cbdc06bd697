import type { Page } from 'playwright-core';

/**
 * Waits for the animations that end (entrances, transitions) to finish; endless ones (loading
 * dots) never would. What is judged or saved is then what a guest sees once the page is still,
 * not a dialog half faded in. `longestMs` leaves out longer ones, such as a toast's countdown bar,
 * whose end would close the toast being pictured.
 */
export async function settleAnimations(page: Page, longestMs = Number.POSITIVE_INFINITY): Promise<void> {
  await page.evaluate(
    (longest) =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => {
            const end = Number(a.effect?.getComputedTiming().endTime);
            return Number.isFinite(end) && end <= longest;
          })
          .map((a) => a.finished.catch(() => undefined)),
      ),
    longestMs,
  );
}
