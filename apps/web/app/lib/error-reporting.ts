import type { BrowserOptions } from '@sentry/react';
import type { MonitoringSettings } from './load-context';
import { setErrorReporter } from './report-error';

/**
 * Errors that are part of moving between pages, not failures: React Router
 * aborts the loaders of a navigation the visitor has already left, and a
 * route module can fail to load while a new version is being deployed (the
 * next navigation reloads the page). Spec, section 8: route-change errors are
 * not reported.
 */
export const IGNORED_ERRORS: (string | RegExp)[] = [
  /AbortError/,
  /signal (is|was) aborted/i,
  /^Request aborted: /,
  /The (operation|user) (was )?abort/i,
  /Failed to fetch dynamically imported module/,
  /Importing a module script failed/,
  /error loading dynamically imported module/,
];

/** The same-origin tunnel of spec section 2, with the organisation and project as query parameters. */
export function monitoringTunnel(settings: Pick<MonitoringSettings, 'orgId' | 'projectId'>): string {
  return `/monitoring?o=${encodeURIComponent(settings.orgId)}&p=${encodeURIComponent(settings.projectId)}`;
}

/**
 * The SDK needs a DSN to build envelopes; its host is never contacted
 * because every envelope goes through the tunnel, which checks that the
 * DSN's project matches the query and forwards to the real one when the
 * server has SENTRY_DSN.
 */
export function monitoringDsn(settings: Pick<MonitoringSettings, 'orgId' | 'projectId'>): string {
  return `https://public@o${settings.orgId}.ingest.yado.invalid/${settings.projectId}`;
}

/** The not-found page's path, in both languages. */
export const NOT_FOUND_PATH = /^(\/ja)?\/404\/?$/;

/**
 * Transactions of the not-found page are noise (spec, section 2). The SDK
 * streams spans by default, where a page load's transaction is its root span
 * named after the path; ignoring that span drops the transaction.
 */
export const IGNORED_SPANS: NonNullable<BrowserOptions['ignoreSpans']> = [
  { name: NOT_FOUND_PATH, op: /^(pageload|navigation)$/ },
];

/**
 * The SDK's options, with the figures of spec section 9: traces sample rate 1,
 * debug off, environment from the server (production when it sends none),
 * an event buffer of 30, at most 100 breadcrumbs, values cut at 250
 * characters, normalisation depth 3 and breadth 1000. The 8192-character
 * baggage limit is the SDK's own fixed MAX_BAGGAGE_STRING_LENGTH; it has no
 * option to set.
 */
export function errorReportingOptions(
  settings: Partial<MonitoringSettings> & Pick<MonitoringSettings, 'orgId' | 'projectId'>,
  integrations: BrowserOptions['integrations'] = [],
): BrowserOptions {
  return {
    dsn: monitoringDsn(settings),
    tunnel: monitoringTunnel(settings),
    environment: settings.environment || 'production',
    debug: false,
    tracesSampleRate: 1,
    transportOptions: { bufferSize: 30 },
    maxBreadcrumbs: 100,
    maxValueLength: 250,
    normalizeDepth: 3,
    normalizeMaxBreadth: 1000,
    ignoreErrors: IGNORED_ERRORS,
    integrations,
    ignoreSpans: IGNORED_SPANS,
  };
}

let started = false;

/**
 * Loads the official Sentry browser SDK once the page has settled (it is
 * not needed for the first paint) and starts it. Browser only, once per page.
 */
export async function startErrorReporting(settings: MonitoringSettings): Promise<void> {
  if (started || typeof window === 'undefined') return;
  started = true;
  const Sentry = await import('./error-reporting-sdk');
  Sentry.init(errorReportingOptions(settings, [Sentry.browserTracingIntegration()]));
  setErrorReporter((error) => {
    Sentry.captureException(error);
  });
}
