import { randomBytes } from 'node:crypto';
import { IDENTITY_ROUTES, type TokenResponse } from '@yado/contract/identity.contract';
import type { TestApi } from '../../test-support/test-api.js';
import { uniqueEmail } from '../../test-support/user-factory.js';

/** An account with the staff role, signed in through the development custom-token route. */
export async function signInStaff(
  t: TestApi,
  email = uniqueEmail('staff'),
): Promise<TokenResponse & { accountId: string }> {
  const minted = await t.identityPost<{ customToken: string }>(IDENTITY_ROUTES.e2eCustomToken, {
    email,
    roles: ['staff'],
  });
  if (minted.status !== 200) throw new Error(`custom token failed: ${JSON.stringify(minted.body)}`);
  const res = await t.identityPost<TokenResponse>(IDENTITY_ROUTES.signInWithCustomToken, {
    token: minted.body.customToken,
  });
  if (res.status !== 200) throw new Error(`staff sign-in failed: ${JSON.stringify(res.body)}`);
  const r = await t.pool.query<{ id: string }>('SELECT id FROM identity_accounts WHERE email = $1', [email]);
  return { ...res.body, accountId: String(r.rows[0]?.id) };
}

/** A place with one house group (and one house in it), written straight to the tables. */
export async function placeWithHouseGroup(t: TestApi, o: { timezone?: string } = {}) {
  const suffix = randomBytes(4).toString('hex');
  const placeId = `place-${suffix}`;
  const houseGroupId = `hg-${suffix}`;
  const houseId = `house-${suffix}`;
  await t.pool.query(
    `INSERT INTO places (id, name_en, name_ja, prefecture_en, prefecture_ja, city_en, city_ja)
     VALUES ($1, $2, $3, 'Nagano', '長野県', 'Hakuba', '白馬村')`,
    [placeId, `Snow Field ${suffix}`, `雪原 ${suffix}`],
  );
  await t.pool.query(
    `INSERT INTO house_groups (id, place_id, name_en, name_ja, timezone) VALUES ($1, $2, $3, $4, $5)`,
    [houseGroupId, placeId, `Snow Chalet ${suffix}`, `スノーシャレー ${suffix}`, o.timezone ?? 'Asia/Tokyo'],
  );
  await t.pool.query(`INSERT INTO houses (id, house_group_id, name_en, name_ja) VALUES ($1, $2, 'A', 'A棟')`, [
    houseId,
    houseGroupId,
  ]);
  return { placeId, houseGroupId, houseId, suffix };
}
