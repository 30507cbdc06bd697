import type { User } from '@yado/contract/user.contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import type { IdentitySession } from '../../lib/identity-client';
import {
  applyTokenChange,
  completeSignUp,
  redirectSignIn,
  refreshSession,
  signIn,
  type SessionEffects,
} from './session-flows';

const returning: IdentitySession = {
  idToken: 'id-token',
  expiresAt: Date.now() + 900_000,
  accountId: 'acc-1',
  email: 'hanako@example.com',
  creationTime: '2025-01-01T00:00:00.000Z',
  lastSignInTime: '2025-03-01T10:00:00.000Z',
};
const firstSignIn: IdentitySession = { ...returning, lastSignInTime: returning.creationTime };

const guest = { id: 'u1', userType: 'USER_TYPE_GUEST' } as User;
const owner = { id: 'u2', userType: 'USER_TYPE_OWNER' } as User;

const apiError = (status: number, reason: string) =>
  new ApiError({ status, code: 'X', message: reason, reason, localizedMessage: '' });
const userNotFound = () => apiError(404, 'CodeUserNotFound');

/** Effects that record what the flows did. */
function fakeEffects(overrides: Partial<SessionEffects> = {}) {
  const calls: string[] = [];
  const effects: SessionEffects = {
    fetchUser: vi.fn(async () => guest),
    refreshTokens: vi.fn(async () => returning),
    hasStoredSignIn: () => true,
    setSignedIn: vi.fn((accountId: string, user: User | null) => {
      calls.push(`signed-in ${accountId} ${user?.id ?? 'no-user'}`);
    }),
    clearSessionState: vi.fn(() => {
      calls.push('cleared');
    }),
    forgetSignIn: vi.fn(async () => {
      calls.push('forgot');
    }),
    logEvent: vi.fn((name: string) => {
      calls.push(`event ${name}`);
    }),
    setAnalyticsUserId: vi.fn((id: string | null) => {
      calls.push(`analytics user ${id}`);
    }),
    reportError: vi.fn((error: unknown) => {
      calls.push(`reported ${(error as Error).message}`);
    }),
    ...overrides,
  };
  return { effects, calls };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sign-in', () => {
  it('sends a returning account with a user to redirectUrl, stores it and logs login', async () => {
    const { effects, calls } = fakeEffects();
    const decision = await signIn(async () => returning, '/bookings?b=1', 'en', effects);
    expect(decision).toEqual({ kind: 'signed-in', to: '/bookings?b=1' });
    expect(calls).toEqual(['signed-in acc-1 u1', 'analytics user acc-1', 'event login']);
  });

  it('goes to /mypage without a redirectUrl, in the page language', async () => {
    const { effects } = fakeEffects();
    expect((await signIn(async () => returning, null, 'ja', effects)).to).toBe('/ja/mypage');
  });

  it('sends a first sign-in to /register with redirectUrl and logs no login', async () => {
    const { effects, calls } = fakeEffects();
    const decision = await signIn(async () => firstSignIn, '/mypage', 'en', effects);
    expect(decision).toEqual({ kind: 'register', to: '/register?redirectUrl=%2Fmypage' });
    expect(calls).not.toContain('event login');
  });

  it('sends an account without a user to /register with redirectUrl', async () => {
    const { effects, calls } = fakeEffects({ fetchUser: async () => Promise.reject(userNotFound()) });
    const decision = await signIn(async () => returning, '/places/p1', 'en', effects);
    expect(decision).toEqual({ kind: 'register', to: '/register?redirectUrl=%2Fplaces%2Fp1' });
    expect(calls).toEqual(['signed-in acc-1 no-user']);
  });

  it('logs a failed sign-in to the console and rethrows it', async () => {
    const error = apiError(400, 'CodeInvalidCredentials');
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { effects, calls } = fakeEffects();
    await expect(signIn(async () => Promise.reject(error), null, 'en', effects)).rejects.toBe(error);
    expect(consoleError).toHaveBeenCalledWith('Sign-in failed', error);
    expect(calls).toEqual([]);
  });
});

describe('redirect sign-in failure', () => {
  it('sends 404 CodeUserNotFound to /register', async () => {
    const { effects, calls } = fakeEffects({ fetchUser: async () => Promise.reject(userNotFound()) });
    const decision = await redirectSignIn(async () => returning, null, 'en', effects);
    expect(decision).toEqual({ kind: 'register', to: '/register' });
    expect(calls.some((c) => c.startsWith('reported'))).toBe(false);
  });

  it('sends a CodeUserNotFound from the identity step to /register too', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { effects } = fakeEffects();
    const decision = await redirectSignIn(async () => Promise.reject(userNotFound()), '/mypage', 'ja', effects);
    expect(decision).toEqual({ kind: 'register', to: '/ja/register?redirectUrl=%2Fmypage' });
  });

  it('sends any other API error to /404 and reports it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { effects, calls } = fakeEffects({ fetchUser: async () => Promise.reject(apiError(500, 'CodeInternal')) });
    expect(await redirectSignIn(async () => returning, '/mypage', 'en', effects)).toEqual({
      kind: 'failed',
      to: '/404',
    });
    expect(calls).toContain('reported CodeInternal');

    const second = fakeEffects();
    const identityDown = apiError(503, 'CodeUnavailable');
    expect(await redirectSignIn(async () => Promise.reject(identityDown), null, 'ja', second.effects)).toEqual({
      kind: 'failed',
      to: '/ja/404',
    });
    expect(second.calls).toEqual(['reported CodeUnavailable']);
  });
});

describe('token change', () => {
  it('clears the session for a missing or anonymous identity', async () => {
    const { effects, calls } = fakeEffects();
    await applyTokenChange(null, effects);
    await applyTokenChange({ ...returning, isAnonymous: true }, effects);
    expect(calls).toEqual(['cleared', 'analytics user null', 'cleared', 'analytics user null']);
    expect(effects.fetchUser).not.toHaveBeenCalled();
  });

  it('stores the user and, from its type, the owner flag', async () => {
    const { effects, calls } = fakeEffects({ fetchUser: async () => owner });
    await applyTokenChange(returning, effects);
    expect(calls).toEqual(['analytics user acc-1', 'signed-in acc-1 u2']);
    expect(effects.setSignedIn).toHaveBeenCalledWith('acc-1', owner);
  });

  it('keeps a signed-in account without a user while registration is unfinished', async () => {
    const { effects } = fakeEffects({ fetchUser: async () => Promise.reject(userNotFound()) });
    await applyTokenChange(returning, effects);
    expect(effects.setSignedIn).toHaveBeenCalledWith('acc-1', null);
  });
});

describe('sign-up completion', () => {
  it('stores the new user, logs sign_up and returns where closing the dialog goes', async () => {
    const { effects, calls } = fakeEffects();
    expect(await completeSignUp('/house-groups/g1', 'en', effects, 'acc-1')).toBe('/house-groups/g1');
    expect(calls).toEqual(['signed-in acc-1 u1', 'analytics user acc-1', 'event sign_up']);
    expect(await completeSignUp(null, 'ja', fakeEffects().effects, 'acc-1')).toBe('/ja/mypage');
    expect(await completeSignUp('https://evil.example', 'en', fakeEffects().effects, 'acc-1')).toBe('/mypage');
  });
});

describe('token refresh', () => {
  it('fetches a fresh token and the user', async () => {
    const { effects, calls } = fakeEffects({ fetchUser: async () => owner });
    expect(await refreshSession(effects)).toBe(true);
    expect(effects.refreshTokens).toHaveBeenCalledOnce();
    expect(calls).toEqual(['signed-in acc-1 u2']);
  });

  it('returns false when there is no sign-in to refresh', async () => {
    const { effects, calls } = fakeEffects({ hasStoredSignIn: () => false });
    expect(await refreshSession(effects)).toBe(false);
    expect(calls).toEqual([]);
  });

  it('clears the session on an error, warning that the user must log in again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const refused = apiError(401, 'CodeRefreshTokenInvalid');
    const { effects, calls } = fakeEffects({ refreshTokens: async () => Promise.reject(refused) });
    expect(await refreshSession(effects)).toBe(false);
    expect(calls).toEqual(['forgot', 'cleared', 'analytics user null']);
    expect(warn).toHaveBeenCalledWith('Token refresh failed; the user must log in again.', refused);

    const userFailed = fakeEffects({ fetchUser: async () => Promise.reject(apiError(500, 'CodeInternal')) });
    expect(await refreshSession(userFailed.effects)).toBe(false);
    expect(userFailed.calls).toEqual(['forgot', 'cleared', 'analytics user null']);
  });

  it('keeps the sign-in when a request got no answer (offline, or the page was left mid-restore)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const aborted = new TypeError('Failed to fetch');
    const { effects, calls } = fakeEffects({ refreshTokens: async () => Promise.reject(aborted) });
    expect(await refreshSession(effects)).toBe(false);
    expect(calls).toEqual([]);
    expect(warn).toHaveBeenCalledWith(
      'Restoring the session got no answer; keeping the sign-in for the next try.',
      aborted,
    );

    const bodyCut = new DOMException('The user aborted a request.', 'AbortError');
    const userAborted = fakeEffects({ fetchUser: async () => Promise.reject(bodyCut) });
    expect(await refreshSession(userAborted.effects)).toBe(false);
    expect(userAborted.calls).toEqual([]);
  });
});
