import { describe, expect, it } from 'vitest';
import type { Principal } from '@yado/api/platform/http/call-context';
import { Hono } from 'hono';
import { mountSessionRoutes } from './session.routes.js';

const principal: Principal = { accountId: 'acc', sessionId: 'ses', email: 'a@example.com', roles: [] };
const signedOut: Principal[] = [];
const app = new Hono();
mountSessionRoutes(app, {
  verifyIdToken: async (t) => {
    if (t === 'good-token') return principal;
    throw new Error('bad token');
  },
  signOut: async (p) => {
    signedOut.push(p);
  },
  idTokenTtlSeconds: 900,
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.fetch(
    new Request(`http://localhost:3000${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', host: 'localhost:3000', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );

describe('POST /api/session', () => {
  it('verifies the identity token and sets the token cookie', async () => {
    const res = await post('/api/session', { id: 'good-token' }, { origin: 'http://localhost:3000' });
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^token=good-token;/);
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
  });

  it('marks the cookie Secure under HTTPS', async () => {
    const res = await post('/api/session', { id: 'good-token' }, { 'x-forwarded-proto': 'https' });
    expect(res.headers.get('set-cookie')).toContain('Secure');
  });

  it('refuses a token that does not verify, and a missing one', async () => {
    expect((await post('/api/session', { id: 'forged' })).status).toBe(401);
    expect((await post('/api/session', {})).status).toBe(400);
  });

  it('refuses cross-origin requests', async () => {
    const res = await post('/api/session', { id: 'good-token' }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect((await res.json()).errorInfo.reason).toBe('CodeCrossOriginRefused');
    expect(res.headers.get('set-cookie')).toBeNull();
    const site = await post('/api/session', { id: 'good-token' }, { 'sec-fetch-site': 'cross-site' });
    expect(site.status).toBe(403);
  });
});

describe('POST /api/sessionLogout', () => {
  it('revokes the session of the cookie and clears it', async () => {
    signedOut.length = 0;
    const res = await post('/api/sessionLogout', undefined, { cookie: 'token=good-token' });
    expect(res.status).toBe(200);
    expect(signedOut).toEqual([principal]);
    expect(res.headers.get('set-cookie')).toMatch(/^token=;.*Max-Age=0/);
  });

  it('refuses cross-origin requests', async () => {
    const res = await post('/api/sessionLogout', undefined, {
      origin: 'https://evil.example',
      cookie: 'token=good-token',
    });
    expect(res.status).toBe(403);
  });
});
