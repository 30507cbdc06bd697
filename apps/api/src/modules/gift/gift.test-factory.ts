import { addDays } from '@yado/contract/civil-date';
import { staffGrantShare } from '@yado/contract/ownership.contract';
import type { TestApi } from '../../test-support/test-api.js';
import { bookableHouseGroup, guestWithCard } from '../booking/booking.test-factory.js';
import { createExtraOption, createMeal } from '../meal/meal.service.js';
import { openToOwners } from '../ownership/high-season.test-factory.js';

/** A house group owners may give nights of (every gift type listed), with an own-use fee, a dinner and an extra bed. */
export async function giftHouseGroup(t: TestApi, staffToken: string, o: { highDays?: number[]; houses?: number } = {}) {
  const g = await bookableHouseGroup(t, {
    bookingTypes: ['GUEST_USE', 'OWN_USE', 'GIFT_USE', 'SLOTS_GIFT_USE', 'DATED_SLOTS_GIFT_USE'],
    houses: o.houses ?? 1,
    days: 400,
  });
  for (const d of o.highDays ?? []) {
    await t.pool.query(`UPDATE house_group_days SET price_type = 'HIGH' WHERE house_group_id = $1 AND date = $2`, [
      g.houseGroupId,
      addDays(g.today, d),
    ]);
  }
  await t.pool.query('UPDATE house_groups SET meal_providable = true WHERE id = $1', [g.houseGroupId]);
  await openToOwners(t, staffToken, g.houseGroupId);
  const dinnerId = await createMeal(t.pool, {
    houseGroupId: g.houseGroupId,
    type: 'DINNER',
    nameEn: 'Seasonal kaiseki',
    nameJa: '季節の会席',
    nameForChildrenEn: "Children's plate",
    nameForChildrenJa: 'お子さまプレート',
    descriptionEn: '',
    descriptionJa: '',
    imageUrls: [],
    thumbnailImageUrls: [],
    taxRateType: 'STANDARD',
    orderDeadlineTime: '17:00',
    orderDeadlineDaysBefore: 3,
    adultPrice: 9_800,
    childPrice: 5_000,
    infantPrice: 0,
    providingTime: '18:30',
  });
  const bedId = await createExtraOption(t.pool, {
    houseGroupId: g.houseGroupId,
    imageUrl: '',
    freeQuantity: 0,
    isQuantityChangeable: true,
    alternativeDetailUrl: '',
    taxRateType: 'STANDARD',
    type: 'EXTRA_BED',
    captionEn: 'Extra bed',
    captionJa: 'エキストラベッド',
    unitAmount: 5_000,
    chargeBasis: 'PER_NIGHT',
    maxQuantity: 2,
  });
  return { ...g, dinnerId, bedId };
}

/** An owner of a 1/12 share (30 nights a year: 12 high, 18 standard) of the house group. */
export async function giftingOwner(t: TestApi, staffToken: string, houseGroupId: string) {
  const owner = await guestWithCard(t);
  const res = await t.call(
    staffGrantShare,
    { accountId: owner.accountId, houseGroupId, numerator: 1, denominator: 12 },
    { token: staffToken },
  );
  if (res.status !== 200) throw new Error(`grant share: ${JSON.stringify(res.body)}`);
  return { ...owner, shareId: res.body.share.shareId as string };
}

/** The share's balance of a slot year, both tiers, summed from its ledger. */
export async function slotBalance(t: TestApi, shareId: string, slotYear: number) {
  const r = await t.pool.query<{ tier: string; n: number }>(
    `SELECT tier, COALESCE(sum(nights), 0)::int AS n FROM slot_ledger WHERE share_id = $1 AND slot_year = $2 GROUP BY tier`,
    [shareId, slotYear],
  );
  const of = (tier: string) => r.rows.find((x) => x.tier === tier)?.n ?? 0;
  return { standard: of('STANDARD'), high: of('HIGH') };
}
