import { isApiError } from './api-error';
import { reportError } from './report-error';

/**
 * What the error dialog shows (spec, section 8). The generic message is a
 * translation key resolved when the dialog renders, so the store holds no
 * language; a server message arrives already in the page's language.
 */
export type ErrorDialogContent = { kind: 'generic' } | { kind: 'server'; message: string; code: string };

/**
 * The global rule: an ApiError with status 404 is ignored (a missing thing is
 * the screen's business, never a dialog); 500 shows the generic message; any
 * other status shows the server's message with a title. Anything that is not
 * an ApiError (a network failure, a bug) is treated like a 500.
 */
export function errorDialogFor(error: unknown): ErrorDialogContent | null {
  if (isApiError(error)) {
    if (error.status === 404) return null;
    if (error.status === 500) return { kind: 'generic' };
    return { kind: 'server', message: error.displayMessage, code: error.code };
  }
  return { kind: 'generic' };
}

type Listener = () => void;

let current: ErrorDialogContent | null = null;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

function sameContent(a: ErrorDialogContent | null, b: ErrorDialogContent): boolean {
  if (!a || a.kind !== b.kind) return false;
  return a.kind === 'generic' || (b.kind === 'server' && a.message === b.message);
}

/** Shows the error in the dialog when the rule above says so. */
export function showGlobalError(error: unknown): void {
  const content = errorDialogFor(error);
  // A retry that fails the same way must not flash the open dialog.
  if (!content || sameContent(current, content)) return;
  current = content;
  emit();
}

/** A failure nothing else handled: reported, then shown by the same rule. */
export function handleUnhandledError(error: unknown): void {
  reportError(error);
  showGlobalError(error);
}

/** Closing the dialog clears the error, so the next one opens it afresh. */
export function clearGlobalError(): void {
  if (current === null) return;
  current = null;
  emit();
}

export function currentGlobalError(): ErrorDialogContent | null {
  return current;
}

export function subscribeGlobalError(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
