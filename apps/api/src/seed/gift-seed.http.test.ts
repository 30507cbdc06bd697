import { IDENTITY_ROUTES } from '@yado/contract/identity.contract';
import { getGift, listSentGifts } from '@yado/contract/gift.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../test-support/test-api.js';
import { DEMO_ACCOUNTS, seedDemoData } from './demo-seed.service.js';
import { seedDemoGift } from './gift-seed.service.js';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
  await seedDemoData(t.api.deps);
});

describe('demo gift', () => {
  it('the demo owner has one open gift of dated nights at Kazahana Villa, once however often the seed runs', async () => {
    await seedDemoGift(t.api.deps);
    const owner = DEMO_ACCOUNTS.find((a) => a.role === 'owner')!;
    const signedIn = await t.identityPost(IDENTITY_ROUTES.signInWithPassword, {
      email: owner.email,
      password: owner.password,
    });
    const res = await t.call(listSentGifts, {}, { token: signedIn.body.idToken as string });
    expect(res.status).toBe(200);
    expect(res.body.gifts).toHaveLength(1);
    expect(res.body.gifts[0]).toMatchObject({
      giftType: 'DATED_SLOTS_GIFT_USE',
      status: 'OPEN',
      houseGroup: { id: 'hg-kazahana-villa' },
    });
    const seen = await t.call(getGift, { giftToken: res.body.gifts[0]!.giftToken });
    expect(seen.body.gift).toMatchObject({ status: 'OPEN', senderLastName: null });
  });
});
