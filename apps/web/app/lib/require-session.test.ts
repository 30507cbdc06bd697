import { describe, expect, it } from 'vitest';
import { loginRedirectFor, requireSession } from './require-session';

const signedOut = { session: { token: null, accountId: null, roles: [] } };
const signedIn = { session: { token: 't', accountId: 'a', roles: [] } };

function thrown(fn: () => unknown): Response {
  try {
    fn();
  } catch (error) {
    return error as Response;
  }
  throw new Error('expected a redirect');
}

describe('requireSession', () => {
  it('sends a signed-out visitor to /login with the page and its query as redirectUrl', () => {
    const response = thrown(() => requireSession(signedOut, new Request('http://x/mypage?tab=1')));
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/login?redirectUrl=%2Fmypage%3Ftab%3D1');
  });

  it('keeps the language of the page', () => {
    expect(loginRedirectFor(new Request('http://x/ja/mypage'))).toBe('/ja/login?redirectUrl=%2Fja%2Fmypage');
  });

  it('gives a signed-in visitor the session', () => {
    expect(requireSession(signedIn, new Request('http://x/mypage')).token).toBe('t');
  });
});
