import type { Db } from '../platform/db/pool.js';
import { createExtraOption, createMeal, houseGroupMealSettings } from '../modules/meal/meal.service.js';
import { DEMO_HOUSE_GROUP_IDS } from './catalogue-seed.service.js';
import { demoImageId, imageUrl } from './catalogue-images.js';

// Meals reuse the drawn demo scenes: the 960-wide image, and the 480-wide one as the thumbnail.
const image = (scene: string) => imageUrl(demoImageId(scene, 's'));
const thumbnail = (scene: string) => image(scene).replace('-960.jpg', '-480.jpg');
const images = (...scenes: string[]) => ({
  imageUrls: scenes.map(image),
  thumbnailImageUrls: scenes.map(thumbnail),
});

type MealSpec = Omit<Parameters<typeof createMeal>[1], 'id' | 'houseGroupId'> & { key: string };

const MENU: MealSpec[] = [
  {
    key: 'breakfast',
    type: 'BREAKFAST',
    nameEn: 'Japanese breakfast',
    nameJa: '和朝食',
    nameForChildrenEn: "Children's breakfast plate",
    nameForChildrenJa: 'お子さま朝食プレート',
    descriptionEn:
      'Grilled fish, rice cooked in an iron pot, miso soup, rolled omelette and local pickles, brought to the house in the morning.',
    descriptionJa: '焼き魚、羽釜炊きのご飯、味噌汁、だし巻き玉子、地元の漬物。朝、お部屋までお届けします。',
    ...images('tea-fields', 'dawn-lake'),
    adultPrice: 2_800,
    childPrice: 1_600,
    infantPrice: 0,
    taxRateType: 'STANDARD',
    providingTime: '08:00',
    orderDeadlineDaysBefore: 1,
    orderDeadlineTime: '17:00',
    sortOrder: 1,
  },
  {
    key: 'kaiseki',
    type: 'DINNER',
    nameEn: 'Seasonal kaiseki dinner',
    nameJa: '季節の会席料理',
    nameForChildrenEn: "Children's kaiseki set",
    nameForChildrenJa: 'お子さま会席',
    descriptionEn:
      'Eight courses of the season: sashimi, a simmered dish, charcoal-grilled local beef and a clay-pot rice, served by our chef in the house.',
    descriptionJa: 'お造り、炊き合わせ、地元和牛の炭火焼き、土鍋ご飯など旬の八品。料理人がお部屋でお出しします。',
    ...images('autumn-hills', 'night-bay'),
    adultPrice: 9_800,
    childPrice: 5_000,
    infantPrice: 0,
    taxRateType: 'STANDARD',
    providingTime: '18:30',
    orderDeadlineDaysBefore: 3,
    orderDeadlineTime: '17:00',
    sortOrder: 1,
  },
  {
    key: 'bbq',
    type: 'DINNER',
    nameEn: 'Terrace barbecue set',
    nameJa: 'テラスBBQセット',
    nameForChildrenEn: "Children's barbecue plate",
    nameForChildrenJa: 'お子さまBBQプレート',
    descriptionEn:
      'Local beef and pork, fresh vegetables, grilled rice balls and a dessert, set up on the terrace grill for you to cook.',
    descriptionJa: '地元の牛肉・豚肉、朝採れ野菜、焼きおにぎりとデザート。テラスのグリルをご用意してお届けします。',
    ...images('sunset-dunes', 'green-valley'),
    adultPrice: 6_500,
    childPrice: 3_500,
    infantPrice: 0,
    taxRateType: 'STANDARD',
    providingTime: '18:00',
    orderDeadlineDaysBefore: 2,
    orderDeadlineTime: '17:00',
    sortOrder: 2,
  },
];

/**
 * Demo meals and extra options: a breakfast and two dinners for every demo
 * house group that serves meals, an extra bed and a bath-salt set for every
 * one, an additional pet where pets are allowed. Ids are fixed, so a
 * second run adds nothing.
 */
export async function seedMealsAndOptions(db: Db): Promise<void> {
  for (const houseGroupId of DEMO_HOUSE_GROUP_IDS) {
    const settings = await houseGroupMealSettings(db, houseGroupId);
    if (!settings) continue;
    if (settings.mealProvidable) {
      for (const { key, ...meal } of MENU)
        await createMeal(db, { ...meal, id: `${houseGroupId}-meal-${key}`, houseGroupId });
    }
    await createExtraOption(db, {
      id: `${houseGroupId}-option-extra-bed`,
      houseGroupId,
      type: 'EXTRA_BED',
      captionEn: 'Extra bed (per night)',
      captionJa: 'エキストラベッド（1泊あたり）',
      imageUrl: image('misty-forest'),
      unitAmount: 5_000,
      chargeBasis: 'PER_NIGHT',
      freeQuantity: 0,
      maxQuantity: 2,
      isQuantityChangeable: true,
      alternativeDetailUrl: '',
      taxRateType: 'STANDARD',
      sortOrder: 1,
    });
    await createExtraOption(db, {
      id: `${houseGroupId}-option-bath-salts`,
      houseGroupId,
      type: 'AMENITY',
      captionEn: 'Hot-spring bath salts set',
      captionJa: '温泉入浴剤セット',
      imageUrl: image('dawn-lake'),
      unitAmount: 1_200,
      chargeBasis: 'PER_STAY',
      freeQuantity: 0,
      maxQuantity: 3,
      isQuantityChangeable: true,
      alternativeDetailUrl: '',
      taxRateType: 'STANDARD',
      sortOrder: 2,
    });
    if (settings.isPetAllowed) {
      await createExtraOption(db, {
        id: `${houseGroupId}-option-additional-pet`,
        houseGroupId,
        type: 'ADDITIONAL_PET',
        captionEn: 'Additional pet (per night)',
        captionJa: '追加のペット（1泊あたり）',
        imageUrl: image('green-valley'),
        unitAmount: 3_000,
        chargeBasis: 'PER_NIGHT',
        freeQuantity: 0,
        maxQuantity: 2,
        isQuantityChangeable: true,
        alternativeDetailUrl: '',
        taxRateType: 'STANDARD',
        sortOrder: 3,
      });
    }
  }
}
