/** How long after the load event background work waits before it asks for an idle moment. */
export const SETTLE_DELAY_MS = 3_000;

/**
 * Runs work nobody waits for (starting error reporting) once the page has loaded, a few seconds
 * have passed and the browser is idle: the visitor's first taps and scrolls then never queue
 * behind it. On a slow phone the error-reporting SDK alone holds the main thread for a few hundred
 * milliseconds; errors reported before it starts wait for it (report-error.ts). Browser only.
 * Returns a function that cancels what has not started yet.
 */
export function afterPageSettled(work: () => void, delayMs = SETTLE_DELAY_MS): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const whenIdle = () => {
    if (cancelled) return;
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => cancelled || work(), { timeout: 2_000 });
    else work();
  };
  const afterLoad = () => {
    timer = setTimeout(whenIdle, delayMs);
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    cancelled = true;
    clearTimeout(timer);
    window.removeEventListener('load', afterLoad);
  };
}
