import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../test-support/test-api.js';
import { seedDemoData } from './demo-seed.service.js';
import { seedMealsAndOptions } from './meal-seed.service.js';
import { listMeals, listExtraOptions } from '@yado/contract/meal.contract';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
  await seedDemoData(t.api.deps);
});

const count = async (table: string) =>
  (await t.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;

describe('demo meals and extra options', () => {
  it('gives a house group that serves meals a breakfast and two dinners, in both languages', async () => {
    const en = await t.call(listMeals, { houseGroupId: 'hg-kazahana-villa' }, { language: 'en' });
    expect(en.status).toBe(200);
    expect(en.body.meals.map((m: { type: string; name: string }) => [m.type, m.name])).toEqual([
      ['BREAKFAST', 'Japanese breakfast'],
      ['DINNER', 'Seasonal kaiseki dinner'],
      ['DINNER', 'Terrace barbecue set'],
    ]);
    expect(en.body.meals[0]).toMatchObject({ adultPrice: 2_800, childPrice: 1_600, providingTime: '08:00' });
    const ja = await t.call(listMeals, { houseGroupId: 'hg-kazahana-villa' }, { language: 'ja' });
    expect(ja.body.meals.map((m: { name: string }) => m.name)).toEqual(['和朝食', '季節の会席料理', 'テラスBBQセット']);
    // A house group without meals lists none.
    const none = await t.call(listMeals, { houseGroupId: 'hg-shiosai-house' });
    expect(none.body.meals).toEqual([]);
  });

  it('offers an extra bed and bath salts everywhere, an additional pet only where pets are allowed', async () => {
    const cabin = await t.call(listExtraOptions, { houseGroupId: 'hg-komorebi-cabin' });
    expect(cabin.body.extraOptions.map((o: { type: string }) => o.type)).toEqual([
      'EXTRA_BED',
      'AMENITY',
      'ADDITIONAL_PET',
    ]);
    const villa = await t.call(listExtraOptions, { houseGroupId: 'hg-kazahana-villa' }, { language: 'ja' });
    expect(villa.body.extraOptions).toEqual([
      expect.objectContaining({ type: 'EXTRA_BED', unitAmount: 5_000, chargeBasis: 'PER_NIGHT', maxQuantity: 2 }),
      expect.objectContaining({
        type: 'AMENITY',
        caption: '温泉入浴剤セット',
        unitAmount: 1_200,
        chargeBasis: 'PER_STAY',
      }),
    ]);
  });

  it('adds nothing when run again', async () => {
    const before = [await count('meals'), await count('extra_options')];
    expect(before[0]).toBeGreaterThanOrEqual(6);
    await seedMealsAndOptions(t.pool);
    expect([await count('meals'), await count('extra_options')]).toEqual(before);
  });
});
