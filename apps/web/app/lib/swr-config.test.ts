import { getUser } from '@yado/contract/user.contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { clearGlobalError, currentGlobalError } from './global-errors';
import { apiFetcher, createSwrConfig, isSlowConnection, shouldRetry, swrConfig } from './swr-config';

function apiError(status: number): ApiError {
  return new ApiError({ status, code: 'X', message: `status ${status}`, reason: '', localizedMessage: '' });
}

afterEach(() => {
  clearGlobalError();
  vi.unstubAllGlobals();
});

describe('the SWR configuration', () => {
  it('dedupes within 2 s, throttles focus revalidation to 5 s and retries errors after 5 s', () => {
    expect(swrConfig.dedupingInterval).toBe(2000);
    expect(swrConfig.focusThrottleInterval).toBe(5000);
    expect(swrConfig.errorRetryInterval).toBe(5000);
    expect(swrConfig.fetcher).toBe(apiFetcher);
  });

  it('waits 10 s before a retry on a slow connection', () => {
    expect(createSwrConfig({ slowConnection: true }).errorRetryInterval).toBe(10000);
    expect(createSwrConfig({ slowConnection: false }).errorRetryInterval).toBe(5000);
  });

  it('counts slow-2g, 2g, 3g and data saver as slow', () => {
    expect(isSlowConnection(undefined)).toBe(false);
    expect(isSlowConnection({})).toBe(false);
    expect(isSlowConnection({ connection: { effectiveType: '4g' } })).toBe(false);
    for (const effectiveType of ['slow-2g', '2g', '3g']) {
      expect(isSlowConnection({ connection: { effectiveType } })).toBe(true);
    }
    expect(isSlowConnection({ connection: { effectiveType: '4g', saveData: true } })).toBe(true);
  });

  it('retries server and network failures, not client errors', () => {
    expect(shouldRetry(apiError(500))).toBe(true);
    expect(shouldRetry(apiError(503))).toBe(true);
    expect(shouldRetry(apiError(429))).toBe(true);
    expect(shouldRetry(new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(apiError(404))).toBe(false);
    expect(shouldRetry(apiError(409))).toBe(false);
  });

  it('routes fetch errors to the global error handler', () => {
    const onError = swrConfig.onError as (error: unknown, key: string, config: unknown) => void;
    onError(apiError(404), 'k', swrConfig);
    expect(currentGlobalError()).toBeNull();
    onError(apiError(500), 'k', swrConfig);
    expect(currentGlobalError()).toEqual({ kind: 'generic' });
  });

  it('fetches with the typed API client: the key names the method and its input', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ nope: true }), { status: 409 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiFetcher([getUser, {}])).rejects.toMatchObject({ name: 'ApiError', status: 409 });
    expect(fetchMock).toHaveBeenCalledWith('/app/v1/get_user', expect.objectContaining({ method: 'POST' }));
  });
});
