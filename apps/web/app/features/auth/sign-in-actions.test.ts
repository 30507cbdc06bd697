import { describe, expect, it } from 'vitest';
import { parseRedirectFragment } from './sign-in-actions';

describe('parseRedirectFragment', () => {
  it('reads the tokens and the redirectUrl of an OpenID Connect return', () => {
    expect(parseRedirectFragment('#idToken=a.b.c&refreshToken=r123&expiresIn=3600&redirectUrl=%2Fmypage')).toEqual({
      idToken: 'a.b.c',
      refreshToken: 'r123',
      expiresIn: 3600,
      redirectUrl: '/mypage',
    });
  });

  it('refuses a fragment without tokens', () => {
    expect(parseRedirectFragment('')).toBeNull();
    expect(parseRedirectFragment('#idToken=a&expiresIn=10')).toBeNull();
    expect(parseRedirectFragment('#idToken=a&refreshToken=b&expiresIn=soon')).toBeNull();
  });
});
