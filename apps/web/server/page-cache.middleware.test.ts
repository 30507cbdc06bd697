import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createPageCache, type CatalogueChanges } from './page-cache.middleware.js';

function setup(o: { listening?: boolean; setCookie?: boolean } = {}) {
  let subscriber: Parameters<CatalogueChanges['subscribe']>[0] | null = null;
  const changes: CatalogueChanges = {
    listening: o.listening ?? true,
    subscribe: (s) => {
      subscriber = s;
      return () => undefined;
    },
    barrier: async () => true,
  };
  let renders = 0;
  let clock = 0;
  const app = new Hono();
  app.use('*', createPageCache({ changes, sessionCookie: 'token', ttlMs: 1_000, now: () => clock }));
  app.get('*', (c) => {
    renders++;
    if (o.setCookie) c.header('Set-Cookie', 'x=1');
    c.header('Cache-Control', 'private, no-cache');
    return c.html(`<p>render ${renders}</p>`);
  });
  const get = (path: string, headers: Record<string, string> = {}) =>
    app.request(path, { headers: { accept: 'text/html', ...headers } });
  return {
    get,
    renders: () => renders,
    advance: (ms: number) => (clock += ms),
    changed: (id: string) => subscriber!.changed(id),
    down: () => subscriber!.down(),
  };
}

describe('house-group page cache', () => {
  it('renders a page once for visitors without a session and replays it with its headers', async () => {
    const t = setup();
    const first = await t.get('/house-groups/hg-1?adults=2');
    const second = await t.get('/house-groups/hg-1?adults=2');
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get('cache-control')).toBe('private, no-cache');
    expect(t.renders()).toBe(1);
    await t.get('/ja/house-groups/hg-1?adults=2');
    await t.get('/house-groups/hg-1?adults=3');
    expect(t.renders()).toBe(3);
  });

  it('never serves or stores a page for a session cookie, and leaves other pages alone', async () => {
    const t = setup();
    await t.get('/house-groups/hg-1');
    expect(await (await t.get('/house-groups/hg-1', { cookie: 'token=abc' })).text()).toBe('<p>render 2</p>');
    await t.get('/places/p-1');
    await t.get('/places/p-1');
    await t.get('/house-groups/hg-1', { cookie: 'lang=ja' }); // would be redirected to /ja
    expect(t.renders()).toBe(5);
  });

  it('does not keep answers that set a cookie', async () => {
    const t = setup({ setCookie: true });
    await t.get('/house-groups/hg-1');
    await t.get('/house-groups/hg-1');
    expect(t.renders()).toBe(2);
  });

  it('drops a house group’s pages on its change notification, and everything when notifications stop', async () => {
    const t = setup();
    await t.get('/house-groups/hg-1');
    await t.get('/house-groups/hg-2');
    t.changed('hg-1');
    await t.get('/house-groups/hg-1');
    await t.get('/house-groups/hg-2');
    expect(t.renders()).toBe(3);
    t.down();
    await t.get('/house-groups/hg-2');
    await t.get('/house-groups/hg-2');
    expect(t.renders()).toBe(5);
  });

  it('expires pages and keys them by Accept-Encoding', async () => {
    const t = setup();
    await t.get('/house-groups/hg-1');
    await t.get('/house-groups/hg-1', { 'accept-encoding': 'gzip' });
    expect(t.renders()).toBe(2);
    t.advance(1_001);
    await t.get('/house-groups/hg-1');
    expect(t.renders()).toBe(3);
  });

  it('caches nothing while not listening for changes', async () => {
    const t = setup({ listening: false });
    await t.get('/house-groups/hg-1');
    await t.get('/house-groups/hg-1');
    expect(t.renders()).toBe(2);
  });
});
