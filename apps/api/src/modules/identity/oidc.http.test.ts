import { IDENTITY_ROUTES, OIDC_COMPLETION_PAGE, OidcCompletionSchema } from '@yado/contract/identity.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { startTestOidcProvider, TestBrowser, type TestOidcProvider } from './oidc-test-provider.js';

// createTestApi's requests go to this origin, so it is also the redirect URI's.
const API_ORIGIN = 'http://localhost';

const alice = { sub: 'alice-sub', email: 'alice@example.com', emailVerified: true, name: 'Alice' };
const carol = { sub: 'carol-sub', email: 'carol@example.com', emailVerified: true, name: 'Carol' };

function completionFrom(location: string) {
  expect(location.startsWith(`${OIDC_COMPLETION_PAGE}#`)).toBe(true);
  return OidcCompletionSchema.parse(Object.fromEntries(new URLSearchParams(location.split('#')[1])));
}

describe('OpenID Connect sign-in with Google', () => {
  let op: TestOidcProvider;
  let t: TestApi;
  const browser = () => new TestBrowser(API_ORIGIN, (path, init) => t.raw(path, init));
  const start = (redirectUrl = '/mypage') =>
    `${IDENTITY_ROUTES.oidcStart('google')}?redirectUrl=${encodeURIComponent(redirectUrl)}`;

  beforeAll(async () => {
    op = await startTestOidcProvider({
      clients: [
        {
          clientId: 'yado-google',
          clientSecret: 'google-test-secret',
          redirectUris: [`${API_ORIGIN}${IDENTITY_ROUTES.oidcCallback('google')}`],
        },
      ],
      users: [alice, carol],
    });
    t = await createTestApi({
      GOOGLE_CLIENT_ID: 'yado-google',
      GOOGLE_CLIENT_SECRET: 'google-test-secret',
      GOOGLE_ISSUER: op.issuer,
    });
  });
  afterAll(async () => {
    await op.close();
  });

  it('lists only the configured providers', async () => {
    const res = await t.raw(IDENTITY_ROUTES.providers);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ providers: ['google'] });
  });

  it('sends the browser to the provider with PKCE, state, nonce and the account chooser', async () => {
    const res = await t.raw(start());
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location')!);
    expect(to.origin).toBe(op.issuer);
    const q = to.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe('yado-google');
    expect(q.get('redirect_uri')).toBe(`${API_ORIGIN}${IDENTITY_ROUTES.oidcCallback('google')}`);
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('prompt')).toBe('select_account');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')).toMatch(/^[\w-]{40,}$/);
    expect(q.get('nonce')).toMatch(/^[\w-]{40,}$/);
    expect(res.headers.get('set-cookie')).toMatch(/HttpOnly/i);
  });

  it('signs in through the provider, and the identity token works', async () => {
    op.shownPrompts.length = 0;
    const location = await browser().signIn(start('/houses/42?tab=rooms'), { account: alice.sub });
    const done = completionFrom(location);
    expect(done.redirectUrl).toBe('/houses/42?tab=rooms');
    expect(done.expiresIn).toBe(t.env.ID_TOKEN_TTL_SECONDS);
    expect(op.shownPrompts).toEqual(['select_account', 'consent']);

    const info = await t.identityPost(IDENTITY_ROUTES.lookup, {}, { token: done.idToken });
    expect(info.status).toBe(200);
    expect(info.body.email).toBe(alice.email);
    expect(info.body.emailVerified).toBe(true);
    expect(info.body.providers).toContain('google');

    const refreshed = await t.identityPost(IDENTITY_ROUTES.refresh, { refreshToken: done.refreshToken });
    expect(refreshed.status).toBe(200);
  });

  it('links a second sign-in to the same account, and still shows the account chooser', async () => {
    const b = browser();
    const first = completionFrom(await b.signIn(start(), { account: alice.sub }));
    op.shownPrompts.length = 0;
    // An off-site redirectUrl is dropped for the default page rather than followed.
    const second = completionFrom(await b.signIn(start('//evil.example/steal'), { account: alice.sub }));
    expect(op.shownPrompts).toEqual(['select_account']);
    expect(second.redirectUrl).toBe('/mypage');
    const a = await t.identityPost(IDENTITY_ROUTES.lookup, {}, { token: first.idToken });
    const b2 = await t.identityPost(IDENTITY_ROUTES.lookup, {}, { token: second.idToken });
    expect(b2.body.accountId).toBe(a.body.accountId);
    expect(b2.body.providers).toEqual(['google']);
  });

  it('joins an existing password account when the provider vouches for the email', async () => {
    const own = await t.signUp(carol.email);
    const done = completionFrom(await browser().signIn(start(), { account: carol.sub }));
    const info = await t.identityPost(IDENTITY_ROUTES.lookup, {}, { token: done.idToken });
    expect(info.body.accountId).toBe(own.accountId);
    expect(info.body.providers).toEqual(expect.arrayContaining(['password', 'google']));
  });

  it('refuses a callback with a state it did not issue', async () => {
    const location = await browser().signIn(start(), {
      account: alice.sub,
      beforeCallback: (p) => p.set('state', 'not-a-state-this-service-issued-0123456789'),
    });
    expect(location).toBe('/login?error=invalid_state');
  });

  it('refuses a callback whose state is text the database cannot store, as a state it did not issue', async () => {
    for (const state of ['\u0000', 'state\uD800']) {
      const location = await browser().signIn(start(), {
        account: alice.sub,
        beforeCallback: (p) => p.set('state', state),
      });
      expect(location).toBe('/login?error=invalid_state');
    }
  });

  it('refuses a tampered authorisation code at the token exchange', async () => {
    const location = await browser().signIn(start(), {
      account: alice.sub,
      beforeCallback: (p) => p.set('code', `${p.get('code')}x`),
    });
    expect(location).toBe('/login?error=token_exchange_failed');
  });

  it('refuses a callback carried into another browser (login CSRF)', async () => {
    let stolen = '';
    await browser().signIn(start(), {
      account: alice.sub,
      beforeCallback: (p) => {
        stolen = p.toString();
        // This browser never delivers its callback, so the state stays unused.
        p.set('state', 'abandoned-abandoned-abandoned-abandoned');
      },
    });
    const res = await t.raw(`${IDENTITY_ROUTES.oidcCallback('google')}?${stolen}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?error=invalid_state');
  });

  it('answers a cancelled sign-in with a short reason', async () => {
    const location = await browser().signIn(start(), {
      account: alice.sub,
      beforeCallback: (p) => {
        p.delete('code');
        p.set('error', 'access_denied');
      },
    });
    expect(location).toBe('/login?error=cancelled');
  });

  it('verifies the ID token: signature, algorithm, issuer, audience, nonce and expiry', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = (auth: URLSearchParams) => ({
      sub: alice.sub,
      aud: 'yado-google',
      nonce: auth.get('nonce'),
      email: alice.email,
      email_verified: true,
    });
    const cases: [string, (auth: URLSearchParams) => Promise<string>, RegExp][] = [
      // The control: a token made this way passes when nothing is wrong with it.
      ['well-formed', (a) => op.signIdToken(claims(a)), /^\/login\/callback#/],
      ['wrong nonce', (a) => op.signIdToken({ ...claims(a), nonce: 'replayed' }), /error=invalid_id_token$/],
      ['wrong audience', (a) => op.signIdToken({ ...claims(a), aud: 'another-client' }), /error=invalid_id_token$/],
      [
        'another issuer',
        (a) => op.signIdToken({ ...claims(a), iss: 'https://evil.example' }),
        /error=invalid_id_token$/,
      ],
      ['expired', (a) => op.signIdToken({ ...claims(a), iat: now - 7200, exp: now - 3600 }), /error=invalid_id_token$/],
      ['unpublished key', (a) => op.signIdToken(claims(a), { key: 'stranger' }), /error=invalid_id_token$/],
      [
        'HS256 keyed with the client secret',
        (a) => op.signIdToken(claims(a), { key: new TextEncoder().encode('google-test-secret') }),
        /error=invalid_id_token$/,
      ],
    ];
    try {
      for (const [name, idToken, expected] of cases) {
        op.tokenResponse = async (auth) => ({
          id_token: await idToken(auth),
          token_type: 'Bearer',
          access_token: 'at',
        });
        const location = await browser().signIn(start(), { account: alice.sub });
        expect(location, name).toMatch(expected);
      }
    } finally {
      op.tokenResponse = null;
    }
  });

  it('answers 404 with CodeProviderNotConfigured for a provider that is not configured', async () => {
    for (const path of [
      IDENTITY_ROUTES.oidcStart('apple'),
      IDENTITY_ROUTES.oidcCallback('apple'),
      IDENTITY_ROUTES.oidcStart('facebook'),
    ]) {
      const res = await t.raw(path);
      expect(res.status).toBe(404);
      expect((await res.json()).errorInfo.reason).toBe('CodeProviderNotConfigured');
    }
  });

  // Last: it moves the test clock forward.
  it('refuses a sign-in that took longer than ten minutes', async () => {
    const location = await browser().signIn(start(), {
      account: alice.sub,
      beforeCallback: () => t.clock.advance(11 * 60_000),
    });
    expect(location).toBe('/login?error=state_expired');
  });
});

describe('OpenID Connect sign-in with Apple', () => {
  const publicUrl = 'http://localhost:8080';
  let op: TestOidcProvider;
  let t: TestApi;

  beforeAll(async () => {
    // Apple posts the result back (form_post) and takes the client secret in the body only.
    op = await startTestOidcProvider({
      clients: [
        {
          clientId: 'yado-apple',
          clientSecret: 'apple-test-secret',
          redirectUris: [`${publicUrl}${IDENTITY_ROUTES.oidcCallback('apple')}`],
        },
      ],
      users: [{ sub: 'apple-sub', email: 'relay@privaterelay.example', emailVerified: true, name: 'Dana' }],
      clientAuthMethod: 'client_secret_post',
    });
    t = await createTestApi({
      APPLE_CLIENT_ID: 'yado-apple',
      APPLE_CLIENT_SECRET: 'apple-test-secret',
      APPLE_ISSUER: op.issuer,
      PUBLIC_URL: publicUrl,
    });
  });
  afterAll(async () => {
    await op.close();
  });

  it('asks for name and email with form_post, and signs in from the posted answer', async () => {
    const res = await t.raw(IDENTITY_ROUTES.oidcStart('apple'));
    const q = new URL(res.headers.get('location')!).searchParams;
    expect(q.get('scope')).toBe('openid email name');
    expect(q.get('response_mode')).toBe('form_post');
    expect(q.get('prompt')).toBeNull();
    expect(q.get('redirect_uri')).toBe(`${publicUrl}${IDENTITY_ROUTES.oidcCallback('apple')}`);

    let callbackMethod = '';
    const browser = new TestBrowser(publicUrl, (path, init) => {
      if (path.startsWith(IDENTITY_ROUTES.oidcCallback('apple'))) callbackMethod = init.method ?? 'GET';
      return t.raw(path, init);
    });
    const done = completionFrom(await browser.signIn(IDENTITY_ROUTES.oidcStart('apple'), { account: 'apple-sub' }));
    expect(callbackMethod).toBe('POST');
    expect(done.redirectUrl).toBe('/mypage');
    const info = await t.identityPost(IDENTITY_ROUTES.lookup, {}, { token: done.idToken });
    expect(info.status).toBe(200);
    expect(info.body.email).toBe('relay@privaterelay.example');
    expect(info.body.providers).toEqual(['apple']);
    expect(await (await t.raw(IDENTITY_ROUTES.providers)).json()).toEqual({ providers: ['apple'] });
  });
});
