import { describe, expect, it } from 'vitest';
import { loginRedirectFor, requireSession, requireStaff } from './require-session';

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

describe('requireStaff', () => {
  it('sends a signed-out visitor to sign in, refuses other accounts with 404, lets staff in', () => {
    expect(thrown(() => requireStaff(signedOut, new Request('http://x/staff'))).status).toBe(302);
    const refused = thrown(() => requireStaff(signedIn, new Request('http://x/staff'))) as unknown as {
      init: { status: number };
    };
    expect(refused.init.status).toBe(404);
    const staff = { session: { token: 't', accountId: 'a', roles: ['staff'] } };
    expect(requireStaff(staff, new Request('http://x/staff')).accountId).toBe('a');
  });
});
