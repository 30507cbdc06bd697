/**
 * The one place the web app reports an error (unhandled promise rejections,
 * failed background fetches, unexpected sign-in errors, analytics failures).
 * The error-reporting SDK is loaded once the page has settled and plugs in with
 * {@link setErrorReporter}; errors reported before it arrives wait for it, so
 * early failures are not lost and callers never depend on the SDK.
 */
export type ErrorReporter = (error: unknown) => void;

/** Spec, section 9: the reporting buffer holds 30 events. */
export const PENDING_REPORT_LIMIT = 30;

let reporter: ErrorReporter | null = null;
let pending: unknown[] = [];

export function reportError(error: unknown): void {
  console.error(error);
  if (reporter) {
    reporter(error);
  } else if (typeof window !== 'undefined' && pending.length < PENDING_REPORT_LIMIT) {
    pending.push(error);
  }
}

/** Installs the reporter and hands it what was reported while it loaded (null uninstalls it). */
export function setErrorReporter(next: ErrorReporter | null): void {
  reporter = next;
  if (!next) return;
  const waiting = pending;
  pending = [];
  for (const error of waiting) next(error);
}
