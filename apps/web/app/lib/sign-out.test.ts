import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearCachedPageData, isPageDataCache, signOutEverywhere } from './sign-out';
import { getSession, setSignedIn } from './session-store';

const identity = vi.hoisted(() => ({ signedOut: 0 }));
vi.mock('./identity-client', () => ({
  signOut: async () => {
    identity.signedOut += 1;
  },
}));

function fakeCaches(names: string[]) {
  const left = new Set(names);
  return {
    left,
    caches: {
      keys: async () => [...left],
      delete: async (name: string) => left.delete(name),
    },
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('isPageDataCache', () => {
  it('keeps the caches of the app’s own files and deletes the rest', () => {
    expect(isPageDataCache('yado-pages-v1')).toBe(true);
    expect(isPageDataCache('yado-api-data')).toBe(true);
    expect(isPageDataCache('yado-static-v3')).toBe(false);
    expect(isPageDataCache('yado-shell-v1')).toBe(false);
  });
});

describe('signOutEverywhere', () => {
  it('calls the sign-out endpoint, signs out of identity, clears state and every page-data cache', async () => {
    const { caches, left } = fakeCaches(['yado-pages-v1', 'yado-static-v1']);
    const postMessage = vi.fn();
    const clearMemory = vi.fn(async () => undefined);
    const doFetch = vi.fn(async () => new Response('{}', { status: 200 }));
    setSignedIn('acc-1', null);
    await signOutEverywhere({ caches, controller: { postMessage }, clearMemory }, doFetch as unknown as typeof fetch);
    expect(doFetch).toHaveBeenCalledWith('/api/sessionLogout', expect.objectContaining({ method: 'POST' }));
    expect(identity.signedOut).toBe(1);
    expect(getSession().status).toBe('signed-out');
    expect(clearMemory).toHaveBeenCalledOnce();
    expect([...left]).toEqual(['yado-static-v1']);
    expect(postMessage).toHaveBeenCalledWith({ type: 'CLEAR_CACHE' });
  });

  it('only logs a failing sign-out endpoint and still finishes', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { caches, left } = fakeCaches(['yado-pages-v1']);
    const doFetch = vi.fn(async () => Promise.reject(new TypeError('offline')));
    await signOutEverywhere({ caches, controller: null, clearMemory: async () => undefined }, doFetch as never);
    expect(warn).toHaveBeenCalledWith('Session sign-out failed', expect.any(TypeError));
    expect(identity.signedOut).toBe(2);
    expect(left.size).toBe(0);
  });

  it('clears the other parts when one of them fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const postMessage = vi.fn();
    await clearCachedPageData({
      caches: { keys: async () => Promise.reject(new Error('denied')), delete: async () => true },
      controller: { postMessage },
      clearMemory: async () => Promise.reject(new Error('no cache')),
    });
    expect(postMessage).toHaveBeenCalledWith({ type: 'CLEAR_CACHE' });
  });
});
