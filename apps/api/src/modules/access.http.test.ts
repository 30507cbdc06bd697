import type { Access, MethodDef } from '@yado/contract/method';
import { ALL_METHODS } from '@yado/contract/methods';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../test-support/test-api.js';
import { registeredUser } from '../test-support/user-factory.js';
import { IMPLEMENTATIONS } from './registry.js';

/**
 * Walks every method of the contract. It fails by itself when a method is
 * added without an implementation, without a known access rule, or when a
 * method that should need a sign-in answers without one.
 */
const ACCESS_RULES: readonly Access[] = ['public', 'user', 'owner', 'staff'];

// Methods anyone may call. A new public method must be added here on purpose,
// so that making a method public is a reviewed decision and never an accident.
const INTENDED_PUBLIC = new Set([
  'get_search_permission',
  'get_push_public_key',
  'get_coupon',
  // The catalogue: a visitor browses places, house groups, calendars and search before signing in.
  'list_places',
  'get_place',
  'list_house_groups',
  'get_house_group',
  'get_house_group_location',
  'list_houses',
  'get_house_group_availability_calendar',
  'get_season_price_type',
  'list_stay_styles',
  'search_house_groups',
  // A house group's menu and extra options, shown on its public page.
  'list_meals',
  'list_extra_options',
  // What a house group's stay styles suggest, shown beside its menu.
  'list_stay_style_suggestions',
  // A gift link opens for anyone: the house group and the nights before signing in to accept it.
  'get_gift',
  // A statement share link opens for the accountant it was given to, without signing in; the token is the credential.
  'get_shared_financial_statement',
  // The lending products on sale, like the catalogue (applying needs a user).
  'list_lending_products',
  'list_voucher_lending_products',
]);

const byAccess = (access: Access) => ALL_METHODS.filter((m) => m.access === access);
const cases = (methods: readonly MethodDef[]) => methods.map((m) => [m.path, m] as const);

let t: TestApi;
let guestToken: string;
beforeAll(async () => {
  // createApi refuses to start while a contract method has no implementation.
  t = await createTestApi();
  guestToken = (await registeredUser(t)).token;
});

describe('every method of the contract', () => {
  it('has a unique path, an access rule and exactly one implementation', () => {
    expect(ALL_METHODS.length).toBeGreaterThanOrEqual(16);
    expect(new Set(ALL_METHODS.map((m) => m.path)).size).toBe(ALL_METHODS.length);
    for (const m of ALL_METHODS) {
      expect(ACCESS_RULES, `${m.path} has access "${String(m.access)}"`).toContain(m.access);
      expect(
        IMPLEMENTATIONS.filter((i) => i.def === m),
        `${m.path} implementations`,
      ).toHaveLength(1);
    }
    for (const i of IMPLEMENTATIONS) expect(ALL_METHODS, `${i.def.path} is not in ALL_METHODS`).toContain(i.def);
  });

  it('is public only when it is meant to be', () => {
    expect(
      byAccess('public')
        .map((m) => m.path)
        .sort(),
    ).toEqual([...INTENDED_PUBLIC].sort());
  });

  it.each(cases(ALL_METHODS.filter((m) => m.access !== 'public')))(
    '%s answers 401 CodeUnauthenticated without a token or with a forged one',
    async (_path, def) => {
      const none = await t.callRaw(def, {});
      expect(none.status).toBe(401);
      expect(none.error.errorInfo.reason).toBe('CodeUnauthenticated');
      const forged = await t.callRaw(def, {}, { token: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' });
      expect(forged.status).toBe(401);
      expect(forged.error.errorInfo.reason).toBe('CodeUnauthenticated');
    },
  );

  it.each(cases(byAccess('public')))('%s answers without a token', async (_path, def) => {
    const res = await t.callRaw(def, {});
    expect(res.status).not.toBe(401);
    expect(res.status).toBeLessThan(500);
  });

  it.each(cases(byAccess('owner')))('%s refuses a signed-in guest with 403 CodeOwnerOnly', async (_path, def) => {
    const res = await t.callRaw(def, {}, { token: guestToken });
    expect(res.status).toBe(403);
    expect(res.error.errorInfo.reason).toBe('CodeOwnerOnly');
  });

  it.each(cases([...byAccess('staff')]))('%s refuses a signed-in non-staff user with 403', async (_path, def) => {
    const res = await t.callRaw(def, {}, { token: guestToken });
    expect(res.status).toBe(403);
    expect(res.error.errorInfo.reason).toBe('CodePermissionDenied');
  });
});
