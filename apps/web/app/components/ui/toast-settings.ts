/** Toast constants of the specification (section 9). */
export const TOAST_AUTO_CLOSE_MS = 3500;
export const TOAST_LIMIT = 3;

let requested = false;
const listeners = new Set<() => void>();

/**
 * Toasts answer what a visitor did, so their library loads after the page
 * (not counted in what a page needs first). A toast asked for earlier makes
 * the area load at once; the library queues it until the area is there.
 */
export function requestToastArea(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

export function onToastAreaRequested(listener: () => void): () => void {
  if (requested) listener();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const loadToastLibrary = () => import('react-toastify/unstyled');
