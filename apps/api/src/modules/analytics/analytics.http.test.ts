import { ANALYTICS_ROUTE, MAX_ANALYTICS_BODY_BYTES } from '@yado/contract/analytics.constants';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { classifyUserAgent, listEvents } from './analytics.service.js';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

function event(overrides: Record<string, unknown> = {}) {
  return {
    name: 'page_view',
    path: '/places/p1',
    language: 'en',
    occurredAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A beacon as Chromium sends it from our own page. */
function beacon(body: string, headers: Record<string, string> = {}) {
  return t.raw(ANALYTICS_ROUTE, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      origin: 'http://localhost',
      'sec-fetch-site': 'same-origin',
      'user-agent': PHONE_UA,
      ...headers,
    },
  });
}

describe('POST /api/analytics', () => {
  it('stores a valid batch, anonymous without a session, with the device class instead of the user agent', async () => {
    const before = (await listEvents(t.api.deps)).length;
    const res = await beacon(
      JSON.stringify({ events: [event(), event({ name: 'login', path: '/ja/mypage', language: 'ja' })] }),
    );
    expect(res.status).toBe(204);
    const rows = (await listEvents(t.api.deps)).slice(before);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      name: 'page_view',
      userId: null,
      path: '/places/p1',
      language: 'en',
      userAgentClass: 'mobile',
    });
    expect(rows[0]!.occurredAt.toISOString()).toBe('2026-03-01T10:00:00.000Z');
    expect(rows[1]).toMatchObject({ name: 'login', path: '/ja/mypage', language: 'ja' });
  });

  it('takes the user id from the session cookie or bearer token, never from the body', async () => {
    const tokens = await t.signUp();
    const before = (await listEvents(t.api.deps)).length;
    const claimed = JSON.stringify({ events: [event({ name: 'sign_up', userId: 'someone-else' })] });
    expect((await beacon(claimed, { cookie: `token=${tokens.idToken}` })).status).toBe(204);
    expect((await beacon(claimed, { authorization: `Bearer ${tokens.idToken}` })).status).toBe(204);
    expect((await beacon(claimed)).status).toBe(204);
    expect((await beacon(claimed, { cookie: 'token=forged.token.value' })).status).toBe(204);
    const rows = (await listEvents(t.api.deps)).slice(before);
    expect(rows.map((r) => r.userId)).toEqual([tokens.accountId, tokens.accountId, null, null]);
  });

  it('refuses events the contract does not describe, naming the fields', async () => {
    const before = (await listEvents(t.api.deps)).length;
    const unknown = await beacon(JSON.stringify({ events: [event({ name: 'purchase' })] }));
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as any).errorInfo.fields[0].field).toBe('events.0.name');
    expect((await beacon(JSON.stringify({ events: [] }))).status).toBe(400);
    expect((await beacon(JSON.stringify({ events: [event({ path: 'https://evil.example/' })] }))).status).toBe(400);
    expect((await beacon(JSON.stringify({ events: [event({ extra: 1 })] }))).status).toBe(400);
    const malformed = await beacon('{"events": [');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as any).errorInfo.reason).toBe('CodeMalformedJson');
    expect((await listEvents(t.api.deps)).length).toBe(before);
  });

  it('refuses a body over the size limit', async () => {
    const big = JSON.stringify({ events: [event({ path: `/${'a'.repeat(MAX_ANALYTICS_BODY_BYTES)}` })] });
    const res = await beacon(big);
    expect(res.status).toBe(413);
    expect(((await res.json()) as any).errorInfo.reason).toBe('CodePayloadTooLarge');
  });

  it('refuses beacons from other sites', async () => {
    const body = JSON.stringify({ events: [event()] });
    const before = (await listEvents(t.api.deps)).length;
    const foreign = await beacon(body, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as any).errorInfo.reason).toBe('CodeCrossOriginRefused');
    expect((await beacon(body, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await beacon(body, { 'sec-fetch-site': 'same-site' })).status).toBe(403);
    expect((await listEvents(t.api.deps)).length).toBe(before);
  });
});

describe('classifyUserAgent', () => {
  it('tells phones, tablets, desktops and robots apart', () => {
    expect(classifyUserAgent(PHONE_UA)).toBe('mobile');
    expect(classifyUserAgent('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15')).toBe('tablet');
    expect(
      classifyUserAgent('Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/120 Safari/537.36'),
    ).toBe('tablet');
    expect(classifyUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36')).toBe(
      'desktop',
    );
    expect(classifyUserAgent('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe('bot');
    expect(classifyUserAgent('')).toBe('other');
  });
});
