import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { setFeatureFlag } from './feature-flag.service.js';
import { getSearchPermission } from '@yado/contract/user.contract';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});

describe('get_search_permission', () => {
  it('answers visitors without a token, and callers whose token is not valid', async () => {
    const res = await t.call(getSearchPermission, {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      searchHouseGroupsType: 'SEARCH',
      canSearchAbroadHotels: false,
      enabledFeatures: ['MARKETPLACE'],
    });
    const stale = await t.call(getSearchPermission, {}, { token: 'not-a-token' });
    expect(stale.status).toBe(200);
  });

  it('follows the feature-flag table, falling back to the defaults for values it does not know', async () => {
    await setFeatureFlag(t.api.deps, 'searchHouseGroupsType', 'LIST_ONLY');
    await setFeatureFlag(t.api.deps, 'canSearchAbroadHotels', true);
    await setFeatureFlag(t.api.deps, 'enabledFeatures', ['MARKETPLACE', 'TIME_TRAVEL']);
    expect((await t.call(getSearchPermission, {})).body).toEqual({
      searchHouseGroupsType: 'LIST_ONLY',
      canSearchAbroadHotels: true,
      enabledFeatures: ['MARKETPLACE'],
    });

    await setFeatureFlag(t.api.deps, 'searchHouseGroupsType', 'EVERYTHING');
    await setFeatureFlag(t.api.deps, 'canSearchAbroadHotels', 'yes');
    await t.pool.query("DELETE FROM feature_flags WHERE key = 'enabledFeatures'");
    expect((await t.call(getSearchPermission, {})).body).toEqual({
      searchHouseGroupsType: 'SEARCH',
      canSearchAbroadHotels: false,
      enabledFeatures: [],
    });
  });

  it('refuses a body with fields it does not take', async () => {
    const res = await t.callRaw(getSearchPermission, { everything: true });
    expect(res.status).toBe(400);
    expect(res.error.errorInfo.fields![0]!.field).toBe('everything');
  });
});
