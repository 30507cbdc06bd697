import { IDENTITY_ROUTES } from '@yado/contract/identity.contract';
import { describe, expect, it } from 'vitest';
import { createTestApi } from '../test-support/test-api.js';
import { DEMO_ACCOUNTS, seedDemoData } from './demo-seed.service.js';
import { DEMO_GUEST_POINTS } from './point-seed.service.js';
import { listPointActions, getPointBalance } from '@yado/contract/point.contract';

describe('demo points', () => {
  it('the demo guest starts with welcome points, granted once however often the seed runs', async () => {
    const t = await createTestApi();
    await seedDemoData(t.api.deps);
    await t.pool.query("DELETE FROM app_settings WHERE key = 'demo_seeded'");
    await seedDemoData(t.api.deps);
    const guest = DEMO_ACCOUNTS.find((a) => a.role === 'guest')!;
    const signedIn = await t.identityPost(IDENTITY_ROUTES.signInWithPassword, {
      email: guest.email,
      password: guest.password,
    });
    const token = signedIn.body.idToken as string;
    const history = await t.call(listPointActions, {}, { token });
    const actions = history.body.pointActions as { points: number; reason: string }[];
    // The welcome grant once; the demo's past stay adds its own checkout points beside it.
    expect(actions.filter((a) => a.reason === 'CONFIRM_MANUAL')).toMatchObject([{ points: DEMO_GUEST_POINTS }]);
    const balance = await t.call(getPointBalance, {}, { token });
    expect(balance.body.balance).toBe(actions.reduce((sum, a) => sum + a.points, 0));
    expect(balance.body.balance).toBeGreaterThanOrEqual(DEMO_GUEST_POINTS);
  });
});
