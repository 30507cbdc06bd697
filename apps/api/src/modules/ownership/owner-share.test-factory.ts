import { randomBytes } from 'node:crypto';
import type { TestApi } from '../../test-support/test-api.js';
import { registeredUser } from '../../test-support/user-factory.js';

/** A place with one house group (zone Asia/Tokyo), and its ownership offer when `offer` is given. */
export async function shareHouseGroup(
  t: TestApi,
  offer?: { totalShares?: number; sharesSold?: number },
): Promise<{ houseGroupId: string; name: string }> {
  const suffix = randomBytes(4).toString('hex');
  const placeId = `place-${suffix}`;
  const houseGroupId = `hg-${suffix}`;
  await t.pool.query(
    `INSERT INTO places (id, name_en, name_ja, prefecture_en, prefecture_ja, city_en, city_ja)
     VALUES ($1, $2, $3, 'Nagano', '長野県', 'Hakuba', '白馬村')`,
    [placeId, `Snow Field ${suffix}`, `雪原 ${suffix}`],
  );
  await t.pool.query(`INSERT INTO house_groups (id, place_id, name_en, name_ja) VALUES ($1, $2, $3, $4)`, [
    houseGroupId,
    placeId,
    `Snow Chalet ${suffix}`,
    `スノーシャレー ${suffix}`,
  ]);
  if (offer) {
    await t.pool.query(
      `INSERT INTO ownership_offers (house_group_id, share_price_yen, nights_per_share, total_shares, shares_sold)
       VALUES ($1, 4800000, 30, $2, $3)`,
      [houseGroupId, offer.totalShares ?? 12, offer.sharesSold ?? 0],
    );
  }
  return { houseGroupId, name: `Snow Chalet ${suffix}` };
}

/** A registered user with the sign-in account id staff methods take. */
export async function shareHolder(t: TestApi) {
  const u = await registeredUser(t);
  return { ...u, accountId: (await t.api.verifyIdToken(u.token)).accountId };
}
