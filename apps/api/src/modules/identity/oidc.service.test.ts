import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../platform/env.js';
import { configuredOidcProviders, pkceChallenge, safeRedirectPath } from './oidc.service.js';

describe('safeRedirectPath', () => {
  it('keeps paths on this site', () => {
    expect(safeRedirectPath('/houses/42?tab=rooms#top')).toBe('/houses/42?tab=rooms#top');
    expect(safeRedirectPath('/')).toBe('/');
  });

  it('replaces anything that could leave the site with /mypage', () => {
    for (const bad of [
      undefined,
      '',
      'houses',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/\tevil',
      'javascript:alert(1)',
      `/${'a'.repeat(2001)}`,
    ]) {
      expect(safeRedirectPath(bad), String(bad)).toBe('/mypage');
    }
  });
});

describe('configuredOidcProviders', () => {
  it('enables a provider only when both its client id and secret are set', () => {
    expect(configuredOidcProviders(loadEnv({}))).toEqual([]);
    expect(configuredOidcProviders(loadEnv({ GOOGLE_CLIENT_ID: 'id' }))).toEqual([]);
    expect(
      configuredOidcProviders(
        loadEnv({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', APPLE_CLIENT_ID: 'a', APPLE_CLIENT_SECRET: 'b' }),
      ),
    ).toEqual(['google', 'apple']);
  });
});

describe('pkceChallenge', () => {
  it('is the S256 challenge of RFC 7636, appendix B', () => {
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });
});
