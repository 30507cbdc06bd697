import { defineMethod } from '@yado/contract/method';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../app-error.js';
import type { Deps } from '../deps.js';
import { createLogger } from '../logger.js';
import { createRpcApp, implement } from './rpc-app.js';

const echo = defineMethod({
  path: 'echo_name',
  access: 'public',
  summary: 'test',
  input: z.object({ name: z.string().min(2), age: z.number().int() }).strict(),
  output: z.object({ greeting: z.string() }),
});
const leaky = defineMethod({
  path: 'leaky_row',
  access: 'public',
  summary: 'test',
  input: z.object({}),
  output: z.object({ id: z.string() }),
});
const broken = defineMethod({
  path: 'broken_output',
  access: 'public',
  summary: 'test',
  input: z.object({}),
  output: z.object({ count: z.number().int() }),
});
const secret = defineMethod({
  path: 'who_am_i',
  access: 'user',
  summary: 'test',
  input: z.object({}),
  output: z.object({ id: z.string() }),
});
const staffOnly = defineMethod({
  path: 'staff_thing',
  access: 'staff',
  summary: 'test',
  input: z.object({}),
  output: z.object({}),
});
const ownerOnly = defineMethod({
  path: 'owner_thing',
  access: 'owner',
  summary: 'test',
  input: z.object({}),
  output: z.object({}),
});
const failing = defineMethod({
  path: 'fails_inside',
  access: 'public',
  summary: 'test',
  input: z.object({}),
  output: z.object({}),
});

const logs: string[] = [];
const log = createLogger('silent');
log.error = (msg, fields) => logs.push(`${msg} ${JSON.stringify(fields)}`);

const app = createRpcApp({
  // The dispatcher only hands deps on to handlers; these handlers use none of it.
  deps: {} as Deps,
  log,
  trustProxy: false,
  maxBodyBytes: 1024,
  authenticate: async (token) => {
    if (token === 'staff') return { accountId: 'a1', sessionId: 's', email: 'x@example.com', roles: ['staff'] };
    if (token === 'user') return { accountId: 'a2', sessionId: 's', email: 'y@example.com', roles: [] };
    throw new AppError('CodeUnauthenticated');
  },
  isOwner: async (p) => p.accountId === 'a1',
  implementations: [
    implement(echo, async (_ctx, input) => ({ greeting: `hello ${input.name}` })),
    implement(leaky, async () => ({ id: 'x', password_hash: 'secret' }) as { id: string }),
    implement(broken, async () => ({ count: 'many' }) as unknown as { count: number }),
    implement(secret, async (ctx) => ({ id: ctx.principal!.accountId })),
    implement(staffOnly, async () => ({})),
    implement(ownerOnly, async () => ({})),
    implement(failing, async () => {
      throw new Error('relation "users" does not exist at character 15');
    }),
  ],
});

const post = (method: string, body: string | undefined, headers: Record<string, string> = {}) =>
  app.fetch(
    new Request(`http://localhost/app/v1/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    }),
  );

describe('the RPC dispatcher', () => {
  it('answers a valid call with the parsed output', async () => {
    const res = await post('echo_name', JSON.stringify({ name: 'Hanako', age: 30 }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ greeting: 'hello Hanako' });
  });

  it('strips fields the contract does not name, so rows never leak', async () => {
    const res = await post('leaky_row', '{}');
    expect(await res.json()).toEqual({ id: 'x' });
  });

  it('answers another HTTP verb with 405 and Allow: POST', async () => {
    const res = await app.fetch(new Request('http://localhost/app/v1/echo_name'));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect((await res.json()).errorInfo.reason).toBe('CodeHttpMethodNotAllowed');
  });

  it('answers an unknown method with 404', async () => {
    const res = await post('no_such_method', '{}');
    expect(res.status).toBe(404);
    expect((await res.json()).errorInfo.reason).toBe('CodeMethodNotFound');
  });

  it('answers a body that is not JSON with 400 and one too large with 413', async () => {
    const bad = await post('echo_name', '{"name":');
    expect(bad.status).toBe(400);
    expect((await bad.json()).errorInfo.reason).toBe('CodeMalformedJson');
    const big = await post('echo_name', JSON.stringify({ name: 'x'.repeat(2000), age: 1 }));
    expect(big.status).toBe(413);
    expect((await big.json()).errorInfo.reason).toBe('CodePayloadTooLarge');
  });

  it('names each failing field in a 400, in the caller’s language', async () => {
    const res = await post('echo_name', JSON.stringify({ name: 'x', age: 1.5, extra: true }), {
      'accept-language': 'ja',
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ status: 400, code: 'INVALID_ARGUMENT', errorInfo: { reason: 'CodeInvalidArgument' } });
    const fields = body.errorInfo.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'age']));
    expect(body.localizedMessage).toContain('送信された内容に誤りがあります');
    expect(body.message).toContain('Some of the information sent is not valid');
  });

  it('turns an output that fails its schema into a logged server error', async () => {
    logs.length = 0;
    const res = await post('broken_output', '{}');
    expect(res.status).toBe(500);
    expect((await res.json()).errorInfo.reason).toBe('CodeInternal');
    expect(logs.join()).toContain('broken_output');
  });

  it('never shows a stack trace or SQL text', async () => {
    const res = await post('fails_inside', '{}');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('relation');
    expect(text).not.toContain('at ');
  });

  it('applies each access level', async () => {
    expect((await post('who_am_i', '{}')).status).toBe(401);
    expect((await post('who_am_i', '{}', { authorization: 'Bearer nonsense' })).status).toBe(401);
    expect(await (await post('who_am_i', '{}', { authorization: 'Bearer user' })).json()).toEqual({ id: 'a2' });
    expect((await post('staff_thing', '{}', { authorization: 'Bearer user' })).status).toBe(403);
    expect((await post('staff_thing', '{}', { authorization: 'Bearer staff' })).status).toBe(200);
    const notOwner = await post('owner_thing', '{}', { authorization: 'Bearer user' });
    expect(notOwner.status).toBe(403);
    expect((await notOwner.json()).errorInfo.reason).toBe('CodeOwnerOnly');
    expect((await post('owner_thing', '{}', { authorization: 'Bearer staff' })).status).toBe(200);
    // A public method still answers a caller whose token is no good.
    expect(
      (await post('echo_name', JSON.stringify({ name: 'Ken', age: 3 }), { authorization: 'Bearer bad' })).status,
    ).toBe(200);
  });
});
