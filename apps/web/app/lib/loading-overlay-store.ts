/**
 * The full-screen loading overlay is shown while at least one caller holds
 * it. Counting (instead of a flag) lets nested or parallel operations each
 * show and hide it without hiding it under another one that is still busy.
 */
type Listener = () => void;

let holders = 0;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Shows the overlay; returns the function that releases this hold (safe to call twice). */
export function showLoadingOverlay(): () => void {
  holders += 1;
  if (holders === 1) emit();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders === 0) emit();
  };
}

/** Runs the work with the overlay shown, hiding it however the work ends. */
export async function withLoadingOverlay<T>(work: () => Promise<T>): Promise<T> {
  const hide = showLoadingOverlay();
  try {
    return await work();
  } finally {
    hide();
  }
}

export function isLoadingOverlayVisible(): boolean {
  return holders > 0;
}

export function subscribeLoadingOverlay(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
