import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redirectBySearchPermission, searchRedirect } from './search-redirect';
import type { CallApi } from './load-context';

const SEARCH = { searchHouseGroupsType: 'SEARCH' } as const;
const LIST_ONLY = { searchHouseGroupsType: 'LIST_ONLY' } as const;
const UNSPECIFIED = { searchHouseGroupsType: 'UNSPECIFIED' } as const;

describe('searchRedirect', () => {
  it('sends visitors of the home page to /search when the permission is SEARCH', () => {
    expect(searchRedirect(SEARCH, '/')).toBe('/search');
    expect(searchRedirect(SEARCH, '/ja')).toBe('/ja/search');
    expect(searchRedirect(SEARCH, '/ja/')).toBe('/ja/search');
  });

  it('keeps them on the home page otherwise', () => {
    expect(searchRedirect(LIST_ONLY, '/')).toBeNull();
    expect(searchRedirect(UNSPECIFIED, '/ja')).toBeNull();
  });

  it('sends visitors of /search home when the permission is not SEARCH', () => {
    expect(searchRedirect(LIST_ONLY, '/search')).toBe('/');
    expect(searchRedirect(UNSPECIFIED, '/ja/search')).toBe('/ja');
    expect(searchRedirect(SEARCH, '/search')).toBeNull();
  });

  it('leaves every other page alone', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(SEARCH, LIST_ONLY, UNSPECIFIED),
        fc.stringMatching(/^\/[a-z0-9-]{1,12}(\/[a-z0-9-]{1,12})?$/),
        (permission, path) => {
          fc.pre(!['/search', '/ja', '/ja/search'].includes(path));
          expect(searchRedirect(permission, path)).toBeNull();
        },
      ),
    );
  });
});

describe('redirectBySearchPermission', () => {
  const contextAnswering = (status: number, body: unknown) => ({
    session: { token: null, accountId: null, roles: [] },
    isProduction: false,
    callApi: (async () =>
      status === 200 ? { ok: true, status: 200, body } : { ok: false, status, body }) as unknown as CallApi,
  });

  async function outcome(promise: Promise<void>): Promise<string | null> {
    try {
      await promise;
      return null;
    } catch (error) {
      return (error as Response).headers.get('Location');
    }
  }

  it('redirects / to /search with the query once the search screen exists', async () => {
    const args = { request: new Request('http://x/ja?utm_source=a'), context: contextAnswering(200, SEARCH) };
    expect(await outcome(redirectBySearchPermission(args, () => true))).toBe('/ja/search?utm_source=a');
  });

  it('keeps visitors on / while the target has no screen', async () => {
    const args = { request: new Request('http://x/'), context: contextAnswering(200, SEARCH) };
    expect(await outcome(redirectBySearchPermission(args, () => false))).toBeNull();
  });

  it('sends / to /search by the route table, now that /search has its screen', async () => {
    const args = { request: new Request('http://x/'), context: contextAnswering(200, SEARCH) };
    expect(await outcome(redirectBySearchPermission(args))).toBe('/search');
  });

  it('keeps visitors where they are when the permission cannot be read', async () => {
    const args = { request: new Request('http://x/'), context: contextAnswering(500, { code: 'INTERNAL' }) };
    expect(await outcome(redirectBySearchPermission(args, () => true))).toBeNull();
  });

  it('sends /search home when the permission is not SEARCH', async () => {
    const args = { request: new Request('http://x/search'), context: contextAnswering(200, LIST_ONLY) };
    expect(await outcome(redirectBySearchPermission(args, () => true))).toBe('/');
  });
});
