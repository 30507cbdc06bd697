import { useSyncExternalStore } from 'react';
import {
  isLoadingOverlayVisible,
  showLoadingOverlay,
  subscribeLoadingOverlay,
  withLoadingOverlay,
} from '../../lib/loading-overlay-store';

const API = { show: showLoadingOverlay, run: withLoadingOverlay } as const;

/**
 * The full-screen loading overlay. `show()` returns the function that hides
 * it again; `run(work)` shows it for the duration of the work. Holds nest: the
 * overlay stays until every caller has let go.
 */
export function useLoadingOverlay(): typeof API {
  return API;
}

/** Whether the overlay is showing (false during server rendering). */
export function useLoadingOverlayVisible(): boolean {
  return useSyncExternalStore(subscribeLoadingOverlay, isLoadingOverlayVisible, () => false);
}
