import { useEffect } from 'react';
import { useRouteLoaderData } from 'react-router';
import { afterPageSettled } from './after-page-settled';
import { startErrorReporting } from './error-reporting';
import type { MonitoringSettings } from './load-context';

/** What the root loader passes for error reporting (the server's settings). */
export type MonitoringLoaderData = { monitoring?: MonitoringSettings };

/**
 * Starts error reporting once the page has settled (after-page-settled.ts), with the ids and the
 * environment the server sent through the root loader. Until the SDK has
 * loaded, reported errors wait in report-error.ts.
 */
export function useErrorReporting(): void {
  const data = useRouteLoaderData('root') as MonitoringLoaderData | undefined;
  const monitoring = data?.monitoring;
  useEffect(() => {
    if (!monitoring) return;
    return afterPageSettled(() => void startErrorReporting(monitoring).catch((error: unknown) => console.warn(error)));
  }, [monitoring]);
}
