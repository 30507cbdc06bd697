import type { TypeOptions } from 'react-toastify/unstyled';
import { loadToastLibrary, requestToastArea } from './toast-settings';

let sequence = 0;

/**
 * Shows a toast in the app's toast area. Each toast gets its own id (the
 * element's id), so the same text shown twice is two toasts.
 */
export function showToast(message: string, type: TypeOptions = 'default'): string {
  sequence += 1;
  const toastId = `toast-${sequence}`;
  // Errors interrupt a screen reader; confirmations wait their turn.
  requestToastArea();
  void loadToastLibrary().then(({ toast }) =>
    toast(message, { type, toastId, role: type === 'error' ? 'alert' : 'status' }),
  );
  return toastId;
}

const API = {
  show: (message: string) => showToast(message),
  success: (message: string) => showToast(message, 'success'),
  info: (message: string) => showToast(message, 'info'),
  error: (message: string) => showToast(message, 'error'),
} as const;

/** Toasts: bottom centre, closed after 3.5 s or on click, at most 3 at a time (the area's settings). */
export function useToast(): typeof API {
  return API;
}
