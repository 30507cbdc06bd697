import { IDENTITY_ROUTES } from '@yado/contract/identity.contract';
import { decodeProtectedHeader } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../../platform/db/pool.js';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { listenForRevocations } from './identity.repo.js';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ TRUST_PROXY: 'true' });
});

describe('identity service over HTTP', () => {
  it('signs up, then reports creationTime and lastSignInTime', async () => {
    const tokens = await t.signUp('Meta@Example.com');
    expect(tokens.email).toBe('meta@example.com');
    const info = await t.identityPost(IDENTITY_ROUTES.lookup, {}, { token: tokens.idToken });
    expect(info.status).toBe(200);
    expect(info.body.creationTime).toBe(tokens.creationTime);
    expect(info.body.lastSignInTime).toBe(tokens.creationTime);
    t.clock.advance(60_000);
    const again = await t.identityPost(IDENTITY_ROUTES.signInWithPassword, {
      email: 'meta@example.com',
      password: 'correct horse battery',
    });
    expect(again.status).toBe(200);
    expect(again.body.creationTime).toBe(tokens.creationTime);
    expect(again.body.lastSignInTime).not.toBe(tokens.creationTime);
  });

  it('refuses short, long and common passwords with their own reasons', async () => {
    const short = await t.identityPost(IDENTITY_ROUTES.signUp, { email: 'a@example.com', password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.errorInfo.reason).toBe('CodePasswordTooShort');
    const long = await t.identityPost(IDENTITY_ROUTES.signUp, { email: 'a@example.com', password: 'x'.repeat(129) });
    expect(long.body.errorInfo.reason).toBe('CodePasswordTooLong');
    const common = await t.identityPost(IDENTITY_ROUTES.signUp, { email: 'a@example.com', password: 'password1' });
    expect(common.body.errorInfo.reason).toBe('CodePasswordTooCommon');
    const dup = await t.signUp('dup@example.com');
    expect(dup.idToken).toBeTruthy();
    const again = await t.identityPost(IDENTITY_ROUTES.signUp, {
      email: 'DUP@example.com',
      password: 'another good one',
    });
    expect(again.status).toBe(409);
    expect(again.body.errorInfo.reason).toBe('CodeEmailAlreadyInUse');
  });

  it('publishes the signing key in the JWKS under the token’s key id, and rotates', async () => {
    const tokens = await t.signUp();
    const kid = decodeProtectedHeader(tokens.idToken).kid;
    const jwks = await (await t.raw(IDENTITY_ROUTES.jwks)).json();
    expect(jwks.keys.map((k: { kid: string }) => k.kid)).toContain(kid);
    const newKid = await t.api.keys.rotate();
    const after = await (await t.raw(IDENTITY_ROUTES.jwks)).json();
    expect(after.keys.map((k: { kid: string }) => k.kid)).toEqual(expect.arrayContaining([kid, newKid]));
    // A token signed by the retired key still verifies until it expires.
    const info = await t.identityPost(IDENTITY_ROUTES.lookup, {}, { token: tokens.idToken });
    expect(info.status).toBe(200);
    const fresh = await t.identityPost(IDENTITY_ROUTES.refresh, { refreshToken: tokens.refreshToken });
    expect(decodeProtectedHeader(fresh.body.idToken).kid).toBe(newKid);
  });

  it('rotates refresh tokens and revokes the family when an old one is replayed', async () => {
    const first = await t.signUp();
    const second = await t.identityPost(IDENTITY_ROUTES.refresh, { refreshToken: first.refreshToken });
    expect(second.status).toBe(200);
    expect(second.body.refreshToken).not.toBe(first.refreshToken);
    // Within the grace window a replay is a lost response (the page was left mid-refresh), answered again.
    const retried = await t.identityPost(IDENTITY_ROUTES.refresh, { refreshToken: first.refreshToken });
    expect(retried.status).toBe(200);
    t.clock.advance(31_000);
    const replay = await t.identityPost(IDENTITY_ROUTES.refresh, { refreshToken: first.refreshToken });
    expect(replay.status).toBe(401);
    expect(replay.body.errorInfo.reason).toBe('CodeRefreshTokenInvalid');
    // The whole family is gone: the newest refresh token and identity token no longer work.
    const next = await t.identityPost(IDENTITY_ROUTES.refresh, { refreshToken: second.body.refreshToken });
    expect(next.status).toBe(401);
    const lookup = await t.identityPost(IDENTITY_ROUTES.lookup, {}, { token: second.body.idToken });
    expect(lookup.status).toBe(401);
  });

  it('signs out: the identity token and refresh token stop working', async () => {
    const tokens = await t.signUp();
    const out = await t.identityPost(
      IDENTITY_ROUTES.signOut,
      { refreshToken: tokens.refreshToken },
      { token: tokens.idToken },
    );
    expect(out.status).toBe(200);
    expect((await t.identityPost(IDENTITY_ROUTES.lookup, {}, { token: tokens.idToken })).status).toBe(401);
    expect((await t.identityPost(IDENTITY_ROUTES.refresh, { refreshToken: tokens.refreshToken })).status).toBe(401);
  });

  it('expires identity tokens with CodeTokenExpired', async () => {
    const tokens = await t.signUp();
    t.clock.advance((t.env.ID_TOKEN_TTL_SECONDS + 1) * 1000);
    const res = await t.identityPost(IDENTITY_ROUTES.lookup, {}, { token: tokens.idToken });
    expect(res.status).toBe(401);
    expect(res.body.errorInfo.reason).toBe('CodeTokenExpired');
  });

  it('limits failed sign-ins per account with 429 and Retry-After', async () => {
    await t.signUp('victim@example.com');
    for (let i = 0; i < 5; i++) {
      const r = await t.identityPost(
        IDENTITY_ROUTES.signInWithPassword,
        { email: 'victim@example.com', password: `wrong password ${i}` },
        { ip: `10.0.0.${i}` },
      );
      expect(r.status).toBe(401);
    }
    const blocked = await t.identityPost(
      IDENTITY_ROUTES.signInWithPassword,
      { email: 'victim@example.com', password: 'correct horse battery' },
      { ip: '10.0.0.99' },
    );
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    t.clock.advance(16 * 60_000);
    const later = await t.identityPost(
      IDENTITY_ROUTES.signInWithPassword,
      { email: 'victim@example.com', password: 'correct horse battery' },
      { ip: '10.0.0.99' },
    );
    expect(later.status).toBe(200);
  });

  it('limits failed sign-ins per address across accounts', async () => {
    for (let i = 0; i < 20; i++) {
      await t.identityPost(
        IDENTITY_ROUTES.signInWithPassword,
        { email: `nobody${i}@example.com`, password: 'whatever it is' },
        { ip: '192.0.2.7' },
      );
    }
    const blocked = await t.identityPost(
      IDENTITY_ROUTES.signInWithPassword,
      { email: 'someone-else@example.com', password: 'whatever it is' },
      { ip: '192.0.2.7' },
    );
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBeTruthy();
  });

  it('signs in with a custom token outside production', async () => {
    const minted = await t.identityPost(IDENTITY_ROUTES.e2eCustomToken, { email: 'e2e@example.com' });
    expect(minted.status).toBe(200);
    const tokens = await t.identityPost(IDENTITY_ROUTES.signInWithCustomToken, { token: minted.body.customToken });
    expect(tokens.status).toBe(200);
    expect(tokens.body.email).toBe('e2e@example.com');
  });
});

describe('requests the identity service has no route for', () => {
  it('answers another verb with 405 and Allow, and an unknown path with 404, as the API error object', async () => {
    const put = await t.raw(IDENTITY_ROUTES.signInWithPassword, {
      method: 'PUT',
      headers: { 'accept-language': 'ja' },
    });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('POST');
    expect(await put.json()).toMatchObject({ status: 405, errorInfo: { reason: 'CodeHttpMethodNotAllowed' } });
    const jwks = await t.raw(IDENTITY_ROUTES.jwks, { method: 'POST' });
    expect(jwks.status).toBe(405);
    expect(jwks.headers.get('allow')).toBe('GET');
    const start = await t.raw(IDENTITY_ROUTES.oidcStart('google'), { method: 'DELETE' });
    expect(start.status).toBe(405);
    const unknown = await t.raw('/identity/v1/no_such_route', { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ status: 404, errorInfo: { reason: 'CodeMethodNotFound' } });
  });
});

describe('revocation across nodes', () => {
  it('a sign-out on one node stops the token on another node at once', async () => {
    const other = await createTestApi({ TRUST_PROXY: 'true' });
    // Both "nodes" share one database: the second API is pointed at the first one's pool.
    const nodeB = await (await import('../../api-app.js')).createApi({ ...other.api.deps, db: t.pool });
    nodeB.startBackgroundWork();
    try {
      const tokens = await t.signUp();
      const callB = () =>
        nodeB.app.fetch(
          new Request('http://localhost/identity/v1/lookup', {
            method: 'POST',
            headers: { authorization: `Bearer ${tokens.idToken}`, 'content-type': 'application/json' },
            body: '{}',
          }),
        );
      expect((await callB()).status).toBe(200);
      // The revocation is written by another connection, as another node would, bypassing this process's eviction.
      await t.pool.query(
        'UPDATE identity_sessions SET revoked_at = now() WHERE revoked_at IS NULL AND account_id = $1',
        [tokens.accountId],
      );
      // Node B starts listening in the background; until it does, a notice would pass it by, so the
      // other node's notice is sent again while waiting (a real revocation is sent once, after node B
      // has long been listening).
      await expect
        .poll(
          async () => {
            await t.pool.query("SELECT pg_notify('identity_session_revoked', $1)", [`account:${tokens.accountId}`]);
            return (await callB()).status;
          },
          { timeout: 5_000 },
        )
        .toBe(401);
    } finally {
      await nodeB.stopBackgroundWork();
    }
  });

  it('listens on a connection of its own: a pool of one still serves requests', async () => {
    const pool = createPool(t.pool.options.connectionString!, 1);
    const stop = await listenForRevocations(
      pool,
      () => undefined,
      () => undefined,
    );
    try {
      const r = await Promise.race([
        pool.query<{ one: number }>('SELECT 1 AS one'),
        new Promise((_, reject) => setTimeout(() => reject(new Error('the pool had no connection left')), 2_000)),
      ]);
      expect((r as { rows: { one: number }[] }).rows).toEqual([{ one: 1 }]);
    } finally {
      await stop();
      await pool.end();
    }
  });
});
