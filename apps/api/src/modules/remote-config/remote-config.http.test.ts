import { REMOTE_CONFIG_ROUTE } from '@yado/contract/remote-config.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { setFeatureFlag } from '../feature-flag/feature-flag.service.js';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});

describe('GET /api/remote-config', () => {
  it('answers visitors with the feature flags, the time of the answer, and may be cached for a minute', async () => {
    const res = await t.raw(REMOTE_CONFIG_ROUTE);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(await res.json()).toEqual({
      searchHouseGroupsType: 'SEARCH',
      canSearchAbroadHotels: false,
      enabledFeatures: ['MARKETPLACE'],
      fetchedAt: t.clock.now().toISOString(),
    });
  });

  it('follows the feature-flag table', async () => {
    await setFeatureFlag(t.api.deps, 'searchHouseGroupsType', 'LIST_ONLY');
    await setFeatureFlag(t.api.deps, 'canSearchAbroadHotels', true);
    const body = (await (await t.raw(REMOTE_CONFIG_ROUTE)).json()) as Record<string, unknown>;
    expect(body).toMatchObject({ searchHouseGroupsType: 'LIST_ONLY', canSearchAbroadHotels: true });
  });
});
