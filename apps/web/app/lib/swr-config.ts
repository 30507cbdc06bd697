import type { MethodDef, MethodInput, MethodOutput } from '@yado/contract/method';
import type { SWRConfiguration } from 'swr';
import { callMethod } from './api-client';
import { isApiError } from './api-error';
import { showGlobalError } from './global-errors';

/** Data-fetching constants of the specification (section 9). */
export const DEDUPING_INTERVAL_MS = 2_000;
export const FOCUS_THROTTLE_INTERVAL_MS = 5_000;
export const ERROR_RETRY_INTERVAL_MS = 5_000;
export const SLOW_ERROR_RETRY_INTERVAL_MS = 10_000;

/** An SWR key for a product method: the method and its input, so equal calls share one cache entry. */
export type ApiKey<M extends MethodDef = MethodDef> = readonly [M, MethodInput<M>];

/** The fetcher is the typed API client itself: the key names the method and its input. */
export function apiFetcher<M extends MethodDef>([def, input]: ApiKey<M>): Promise<MethodOutput<M>> {
  return callMethod(def, input);
}

type ConnectionInfo = { effectiveType?: string; saveData?: boolean };
type NavigatorLike = { connection?: ConnectionInfo } | undefined;

const SLOW_TYPES = new Set(['slow-2g', '2g', '3g']);

/** A slow or metered connection (Network Information API, where the browser has it). */
export function isSlowConnection(navigatorLike: NavigatorLike): boolean {
  const connection = navigatorLike?.connection;
  if (!connection) return false;
  return connection.saveData === true || SLOW_TYPES.has(connection.effectiveType ?? '');
}

/**
 * Whether a failed fetch is worth repeating. A client error (4xx) answers the
 * same on every try, so only server and network failures are retried, plus
 * the two 4xx statuses that mean "try again later".
 */
export function shouldRetry(error: unknown): boolean {
  if (!isApiError(error)) return true;
  if (error.status === 408 || error.status === 429) return true;
  return error.status >= 500;
}

/**
 * The one SWR configuration of the app (mounted once at the root). Errors of
 * every fetch go to the global error handler, which decides whether a dialog
 * shows (section 8).
 */
export function createSwrConfig(options: { slowConnection: boolean }): SWRConfiguration {
  return {
    fetcher: apiFetcher as SWRConfiguration['fetcher'],
    dedupingInterval: DEDUPING_INTERVAL_MS,
    focusThrottleInterval: FOCUS_THROTTLE_INTERVAL_MS,
    errorRetryInterval: options.slowConnection ? SLOW_ERROR_RETRY_INTERVAL_MS : ERROR_RETRY_INTERVAL_MS,
    shouldRetryOnError: shouldRetry,
    onError: (error: unknown) => showGlobalError(error),
  };
}

/** Decided once when the app loads; on the server there is no connection to ask, so the normal figures apply. */
export const swrConfig: SWRConfiguration = createSwrConfig({
  slowConnection: isSlowConnection(typeof navigator === 'undefined' ? undefined : (navigator as NavigatorLike)),
});
