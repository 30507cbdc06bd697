import { describe, expect, it } from 'vitest';
import { decideAfterSignIn } from './post-sign-in-decision';

const returning = { creationTime: '2025-01-01T00:00:00.000Z', lastSignInTime: '2025-03-01T10:00:00.000Z' };
const firstSignIn = { creationTime: '2025-03-01T10:00:00.000Z', lastSignInTime: '2025-03-01T10:00:00.000Z' };

describe('decideAfterSignIn', () => {
  it('sends a returning account with a user to /mypage', () => {
    expect(decideAfterSignIn({ account: returning, user: 'found', redirectUrl: null, language: 'en' })).toEqual({
      kind: 'signed-in',
      to: '/mypage',
    });
  });

  it('honours a same-site redirectUrl and keeps the language of the page', () => {
    expect(
      decideAfterSignIn({ account: returning, user: 'found', redirectUrl: '/ja/bookings', language: 'ja' }).to,
    ).toBe('/ja/bookings');
    expect(decideAfterSignIn({ account: returning, user: 'found', redirectUrl: null, language: 'ja' }).to).toBe(
      '/ja/mypage',
    );
  });

  it('ignores a redirectUrl to another site', () => {
    expect(
      decideAfterSignIn({ account: returning, user: 'found', redirectUrl: '//evil.example', language: 'en' }).to,
    ).toBe('/mypage');
  });

  it('sends a first sign-in to /register even when a user exists, carrying redirectUrl', () => {
    expect(decideAfterSignIn({ account: firstSignIn, user: 'found', redirectUrl: '/mypage', language: 'en' })).toEqual({
      kind: 'register',
      to: '/register?redirectUrl=%2Fmypage',
    });
  });

  it('sends an account without a user (CodeUserNotFound) to /register', () => {
    expect(decideAfterSignIn({ account: returning, user: 'not-found', redirectUrl: null, language: 'ja' })).toEqual({
      kind: 'register',
      to: '/ja/register',
    });
  });

  it('sends any other failure to /404', () => {
    expect(decideAfterSignIn({ account: returning, user: 'failed', redirectUrl: '/mypage', language: 'en' })).toEqual({
      kind: 'failed',
      to: '/404',
    });
  });
});
