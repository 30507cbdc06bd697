import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

function memoryStorage(initial: Record<string, string>) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

const tokens = {
  idToken: 'fresh-id',
  refreshToken: 'refresh-token-2',
  expiresIn: 900,
  accountId: 'acc-1',
  email: 'a@example.com',
  creationTime: '2025-01-01T00:00:00.000Z',
  lastSignInTime: '2025-03-01T00:00:00.000Z',
};

beforeEach(() => {
  vi.resetModules();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('getIdToken', () => {
  it('retries a failed token fetch once, forced, then answers null', async () => {
    vi.stubGlobal('window', { localStorage: memoryStorage({ 'yado.refreshToken': 'refresh-token-1' }) });
    const fetch = vi.fn(async () => Promise.reject(new TypeError('offline')));
    vi.stubGlobal('fetch', fetch);
    const { getIdToken } = await import('./identity-client');
    expect(await getIdToken()).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('answers the token of the retry when it works, and tells listeners about the change', async () => {
    vi.stubGlobal('window', { localStorage: memoryStorage({ 'yado.refreshToken': 'refresh-token-1' }) });
    let calls = 0;
    const fetch = vi.fn(async (url: string) => {
      if (url === '/api/session') return new Response('{}', { status: 200 });
      calls += 1;
      if (calls === 1) throw new TypeError('offline');
      return new Response(JSON.stringify(tokens), { status: 200 });
    });
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('setTimeout', () => 0);
    const { getIdToken, onIdTokenChanged, clearLocalSession } = await import('./identity-client');
    const seen: (string | null)[] = [];
    onIdTokenChanged((s) => seen.push(s?.idToken ?? null));
    expect(await getIdToken()).toBe('fresh-id');
    clearLocalSession();
    expect(seen).toEqual(['fresh-id', null]);
  });

  it('forgets the sign-in when the identity service refuses the refresh token', async () => {
    const storage = memoryStorage({ 'yado.refreshToken': 'refresh-token-1' });
    vi.stubGlobal('window', { localStorage: storage });
    const refused = {
      status: 401,
      code: 'UNAUTHENTICATED',
      message: 'no',
      errorInfo: { reason: 'CodeRefreshTokenInvalid' },
    };
    const fetch = vi.fn(async () => new Response(JSON.stringify(refused), { status: 401 }));
    vi.stubGlobal('fetch', fetch);
    const { getIdToken, refresh } = await import('./identity-client');
    expect(await getIdToken()).toBeNull();
    // The stored token is gone, so there is nothing to retry with.
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(storage.getItem('yado.refreshToken')).toBeNull();
    expect(await refresh()).toBe(false);
  });
});
