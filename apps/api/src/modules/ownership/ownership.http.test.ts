import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { registeredUser } from '../../test-support/user-factory.js';
import { makeOwner } from '../user/user.service.js';
import { listBeOwnerHouses, upgradeToBeOwner, getUser } from '@yado/contract/user.contract';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});

/** A place with one house group and its ownership offer. */
async function offer(o: { totalShares?: number; sharesSold?: number; open?: boolean; price?: number } = {}) {
  const suffix = randomBytes(4).toString('hex');
  const placeId = `place-${suffix}`;
  const houseGroupId = `hg-${suffix}`;
  await t.pool.query(
    `INSERT INTO places (id, name_en, name_ja, prefecture_en, prefecture_ja, city_en, city_ja)
     VALUES ($1, $2, $3, 'Nagano', '長野県', 'Hakuba', '白馬村')`,
    [placeId, `Snow Field ${suffix}`, `雪原 ${suffix}`],
  );
  await t.pool.query(
    `INSERT INTO house_groups (id, place_id, name_en, name_ja, horizontal_image_url) VALUES ($1, $2, $3, $4, '/img/h.jpg')`,
    [houseGroupId, placeId, `Snow Chalet ${suffix}`, `スノーシャレー ${suffix}`],
  );
  await t.pool.query(
    `INSERT INTO ownership_offers (house_group_id, share_price_yen, nights_per_share, total_shares, shares_sold, open)
     VALUES ($1, $2, 30, $3, $4, $5)`,
    [houseGroupId, o.price ?? 4_800_000, o.totalShares ?? 12, o.sharesSold ?? 0, o.open ?? true],
  );
  return { houseGroupId, suffix };
}

describe('list_be_owner_houses', () => {
  it('lists the open offers with names in the caller’s language and the shares left', async () => {
    const open = await offer({ sharesSold: 5, price: 5_200_000 });
    const closed = await offer({ open: false });
    const { token } = await registeredUser(t);

    const en = await t.call(listBeOwnerHouses, {}, { token, language: 'en' });
    expect(en.status).toBe(200);
    const listed = en.body.houseGroups.find((h: { houseGroupId: string }) => h.houseGroupId === open.houseGroupId);
    expect(listed).toEqual({
      houseGroupId: open.houseGroupId,
      name: `Snow Chalet ${open.suffix}`,
      placeName: `Snow Field ${open.suffix}`,
      prefectureName: 'Nagano',
      imageUrl: '/img/h.jpg',
      sharePriceYen: 5_200_000,
      nightsPerShare: 30,
      sharesAvailable: 7,
    });
    expect(en.body.houseGroups.map((h: { houseGroupId: string }) => h.houseGroupId)).not.toContain(closed.houseGroupId);
    expect(en.body.application).toBeNull();

    const ja = await t.call(listBeOwnerHouses, {}, { token, language: 'ja' });
    const listedJa = ja.body.houseGroups.find((h: { houseGroupId: string }) => h.houseGroupId === open.houseGroupId);
    expect(listedJa).toMatchObject({
      name: `スノーシャレー ${open.suffix}`,
      placeName: `雪原 ${open.suffix}`,
      prefectureName: '長野県',
    });
  });
});

describe('upgrade_to_be_owner', () => {
  it('stores a pending application for staff review, audited, and shows it in the list', async () => {
    const { houseGroupId } = await offer();
    const { token, user } = await registeredUser(t);
    const res = await t.call(upgradeToBeOwner, { houseGroupId, shares: 2, message: 'We ski every winter.' }, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ houseGroupId, shares: 2, status: 'PENDING' });
    expect(res.body.submittedAt.utcOffset).toBe('+00:00');

    const stored = await t.pool.query('SELECT user_id, status, message FROM owner_applications WHERE id = $1', [
      res.body.applicationId,
    ]);
    expect(stored.rows[0]).toEqual({ user_id: user.id, status: 'PENDING', message: 'We ski every winter.' });
    const audit = await t.pool.query(
      "SELECT action, actor FROM audit_log WHERE entity = 'owner_application' AND entity_id = $1",
      [res.body.applicationId],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0].action).toBe('owner-application.submit');

    const list = await t.call(listBeOwnerHouses, {}, { token });
    expect(list.body.application).toEqual(res.body);
    // Applying changes nothing yet: the user is still a guest.
    expect((await t.call(getUser, {}, { token })).body.userType).toBe('USER_TYPE_GUEST');
  });

  it('allows one pending application per user', async () => {
    const a = await offer();
    const b = await offer();
    const { token } = await registeredUser(t);
    await t.call(upgradeToBeOwner, { houseGroupId: a.houseGroupId, shares: 1 }, { token });
    const second = await t.call(
      upgradeToBeOwner,
      { houseGroupId: b.houseGroupId, shares: 1 },
      { token, language: 'ja' },
    );
    expect(second.status).toBe(409);
    expect(second.error.errorInfo.reason).toBe('CodeOwnerApplicationExists');
    expect(second.error.localizedMessage).toBe('オーナー申請はすでに受け付けており、現在審査中です。');
  });

  it('lets an owner apply for more shares (an owner may hold shares of several house groups)', async () => {
    const { houseGroupId } = await offer();
    const { token, user } = await registeredUser(t);
    await makeOwner(t.api.deps, user.id, 'test');
    const res = await t.call(upgradeToBeOwner, { houseGroupId, shares: 1 }, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ houseGroupId, shares: 1, status: 'PENDING' });
  });

  it('refuses closed, sold-out and unknown house groups', async () => {
    const { token } = await registeredUser(t);
    const closed = await offer({ open: false });
    const soldOut = await offer({ sharesSold: 12 });
    for (const houseGroupId of [closed.houseGroupId, soldOut.houseGroupId, 'hg-nowhere']) {
      const res = await t.call(upgradeToBeOwner, { houseGroupId, shares: 1 }, { token });
      expect(res.status).toBe(400);
      expect(res.error.errorInfo.reason).toBe('CodeHouseGroupNotOpenForOwnership');
    }
  });

  it('refuses more shares than are left, naming shares', async () => {
    const { houseGroupId } = await offer({ sharesSold: 10 });
    const { token } = await registeredUser(t);
    const res = await t.call(upgradeToBeOwner, { houseGroupId, shares: 3 }, { token, language: 'en' });
    expect(res.status).toBe(400);
    expect(res.error.errorInfo.reason).toBe('CodeInvalidArgument');
    expect(res.error.errorInfo.fields).toEqual([{ field: 'shares', description: 'at most 2 available' }]);
    expect(res.error.localizedMessage).toBe('Some of the information sent is not valid. (shares)');
    const ok = await t.call(upgradeToBeOwner, { houseGroupId, shares: 2 }, { token });
    expect(ok.status).toBe(200);
  });

  it('checks the input against the contract', async () => {
    const { token } = await registeredUser(t);
    const res = await t.call(upgradeToBeOwner, { houseGroupId: '', shares: 0 }, { token, language: 'ja' });
    expect(res.status).toBe(400);
    expect(res.error.errorInfo.fields!.map((f: { field: string }) => f.field).sort()).toEqual([
      'houseGroupId',
      'shares',
    ]);
    expect(res.error.localizedMessage).toMatch(/^送信された内容に誤りがあります。/);
  });

  it('needs a registered user', async () => {
    const { houseGroupId } = await offer();
    const tokens = await t.signUp();
    const res = await t.call(upgradeToBeOwner, { houseGroupId, shares: 1 }, { token: tokens.idToken });
    expect(res.error.errorInfo.reason).toBe('CodeUserNotFound');
    const list = await t.call(listBeOwnerHouses, {}, { token: tokens.idToken });
    expect(list.status).toBe(404);
  });
});
