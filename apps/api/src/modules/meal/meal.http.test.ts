import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/app-error.js';
import { withTx } from '../../platform/db/pool.js';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { placeWithHouseGroup } from '../staff-catalogue/staff-catalogue.test-factory.js';
import {
  bookingExtraOptions,
  bookingMealEntries,
  cancelMealOrder,
  cancelOrdersOfBooking,
  createExtraOption,
  createMeal,
  mealFlags,
  placeCustomMealOrder,
  placeExtraOptionOrders,
  placeMealOrders,
  priceExtraOptions,
  priceMealOrders,
} from './meal.service.js';
import { listMeals, listExtraOptions } from '@yado/contract/meal.contract';

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
});

const bookingId = () => `booking-${randomBytes(5).toString('hex')}`;

/** A house group with a breakfast, a kaiseki dinner, an extra bed, bath salts and an additional pet. */
async function groupWithMenu(o: { meals?: boolean; pets?: boolean; required?: boolean; serviceCharge?: string } = {}) {
  const { houseGroupId } = await placeWithHouseGroup(t);
  await t.pool.query(
    `UPDATE house_groups SET meal_providable = $2, is_pet_allowed = $3, max_pet_capacity = 2,
       meal_order_required = $4, service_charge_percentage = $5 WHERE id = $1`,
    [houseGroupId, o.meals ?? true, o.pets ?? false, o.required ?? false, o.serviceCharge ?? '10.00'],
  );
  const meal = {
    houseGroupId,
    nameForChildrenEn: "Children's plate",
    nameForChildrenJa: 'お子さまプレート',
    imageUrls: ['/media/catalogue/demo-tea-fields-s-960.jpg'],
    thumbnailImageUrls: ['/media/catalogue/demo-tea-fields-s-480.jpg'],
    taxRateType: 'STANDARD' as const,
    orderDeadlineTime: '17:00',
  };
  const breakfastId = await createMeal(t.pool, {
    ...meal,
    type: 'BREAKFAST',
    nameEn: 'Japanese breakfast',
    nameJa: '和朝食',
    descriptionEn: 'Grilled fish and rice.',
    descriptionJa: '焼き魚とご飯。',
    adultPrice: 2_800,
    childPrice: 1_600,
    infantPrice: 0,
    providingTime: '08:00',
    orderDeadlineDaysBefore: 1,
  });
  const dinnerId = await createMeal(t.pool, {
    ...meal,
    type: 'DINNER',
    nameEn: 'Seasonal kaiseki',
    nameJa: '季節の会席',
    descriptionEn: 'Eight courses.',
    descriptionJa: '旬の八品。',
    adultPrice: 9_800,
    childPrice: 5_000,
    infantPrice: 0,
    providingTime: '18:30',
    orderDeadlineDaysBefore: 3,
  });
  const option = {
    houseGroupId,
    imageUrl: '',
    freeQuantity: 0,
    isQuantityChangeable: true,
    alternativeDetailUrl: '',
    taxRateType: 'STANDARD' as const,
  };
  const bedId = await createExtraOption(t.pool, {
    ...option,
    type: 'EXTRA_BED',
    captionEn: 'Extra bed',
    captionJa: 'エキストラベッド',
    unitAmount: 5_000,
    chargeBasis: 'PER_NIGHT',
    maxQuantity: 2,
    sortOrder: 1,
  });
  const saltsId = await createExtraOption(t.pool, {
    ...option,
    type: 'AMENITY',
    captionEn: 'Bath salts',
    captionJa: '入浴剤',
    unitAmount: 1_200,
    chargeBasis: 'PER_STAY',
    maxQuantity: 3,
    freeQuantity: 1,
    sortOrder: 2,
  });
  const petId = await createExtraOption(t.pool, {
    ...option,
    type: 'ADDITIONAL_PET',
    captionEn: 'Additional pet',
    captionJa: '追加のペット',
    unitAmount: 3_000,
    chargeBasis: 'PER_NIGHT',
    maxQuantity: 2,
    sortOrder: 3,
  });
  return { houseGroupId, breakfastId, dinnerId, bedId, saltsId, petId };
}

const reasonOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e instanceof AppError ? e.reason : String(e);
  }
  return null;
};

// A stay of two nights, well ahead of the (real) clock's now.
const stay = { checkinDate: '2031-08-10', checkoutDate: '2031-08-12' };
const early = new Date('2031-07-01T00:00:00Z');

describe('list_meals', () => {
  it('lists the meals in the caller language with prices by age band', async () => {
    const g = await groupWithMenu();
    const en = await t.call(listMeals, { houseGroupId: g.houseGroupId }, { language: 'en' });
    expect(en.status).toBe(200);
    expect(en.body.meals.map((m: { type: string }) => m.type)).toEqual(['BREAKFAST', 'DINNER']);
    expect(en.body.meals[1]).toMatchObject({
      id: g.dinnerId,
      name: 'Seasonal kaiseki',
      nameForChildren: "Children's plate",
      description: 'Eight courses.',
      imageUrl: '/media/catalogue/demo-tea-fields-s-960.jpg',
      thumbnailImageUrl: '/media/catalogue/demo-tea-fields-s-480.jpg',
      adultPrice: 9_800,
      childPrice: 5_000,
      infantPrice: 0,
      // 9,800 + 10% service = 10,780; + 10% tax = 11,858.
      adultServiceChargeAndTaxInclusivePrice: 11_858,
      providingTime: '18:30',
      orderDeadlineDaysBefore: 3,
      orderDeadlineTime: '17:00',
    });
    const ja = await t.call(listMeals, { houseGroupId: g.houseGroupId }, { language: 'ja' });
    expect(ja.body.meals.map((m: { name: string }) => m.name)).toEqual(['和朝食', '季節の会席']);
    expect(ja.body.meals[0]!.nameForChildren).toBe('お子さまプレート');
  });

  it('is empty for a house group that does not serve meals, and 404 for an unknown one', async () => {
    const g = await groupWithMenu({ meals: false });
    const res = await t.call(listMeals, { houseGroupId: g.houseGroupId });
    expect(res.status).toBe(200);
    expect(res.body.meals).toEqual([]);
    const missing = await t.call(listMeals, { houseGroupId: 'hg-nowhere' });
    expect(missing.status).toBe(404);
    expect(missing.error.errorInfo.reason).toBe('CodeNotFound');
  });
});

describe('list_extra_options', () => {
  it('lists the options with the price of one unit, in both languages; a pet only where pets are allowed', async () => {
    const g = await groupWithMenu({ pets: false });
    const en = await t.call(listExtraOptions, { houseGroupId: g.houseGroupId }, { language: 'en' });
    expect(en.status).toBe(200);
    expect(en.body.extraOptions).toEqual([
      expect.objectContaining({
        id: g.bedId,
        type: 'EXTRA_BED',
        caption: 'Extra bed',
        amount: 5_000,
        taxInclusiveAmount: 5_500,
        serviceChargeAndTaxInclusiveAmount: 6_050,
        quantity: 0,
        maxQuantity: 2,
        chargeBasis: 'PER_NIGHT',
        unitAmount: 5_000,
      }),
      expect.objectContaining({ id: g.saltsId, type: 'AMENITY', caption: 'Bath salts', freeQuantity: 1 }),
    ]);
    const ja = await t.call(listExtraOptions, { houseGroupId: g.houseGroupId }, { language: 'ja' });
    expect(ja.body.extraOptions.map((o: { caption: string }) => o.caption)).toEqual(['エキストラベッド', '入浴剤']);

    const withPets = await groupWithMenu({ pets: true });
    const pets = await t.call(listExtraOptions, { houseGroupId: withPets.houseGroupId });
    expect(pets.body.extraOptions.map((o: { type: string }) => o.type)).toEqual([
      'EXTRA_BED',
      'AMENITY',
      'ADDITIONAL_PET',
    ]);
  });
});

describe('priceMealOrders', () => {
  it('prices each order by age band and gives MEAL billing lines', async () => {
    const g = await groupWithMenu();
    const priced = await priceMealOrders(t.pool, {
      houseGroupId: g.houseGroupId,
      ...stay,
      orders: [
        {
          date: '2031-08-10',
          mealId: g.dinnerId,
          quantities: [
            { age: 13, number: 2 },
            { age: 8, number: 1 },
            { age: 2, number: 1 },
          ],
        },
        { date: '2031-08-12', mealId: g.breakfastId, quantities: [{ age: 40, number: 2 }] },
      ],
      language: 'ja',
      now: early,
    });
    expect(priced.mealAmount).toBe(2 * 9_800 + 5_000 + 2 * 2_800);
    expect(priced.meals[0]).toMatchObject({
      meal: { id: g.dinnerId, name: '季節の会席' },
      subtotal: 24_600,
      providingDate: { year: 2031, month: 8, day: 10 },
      // 24,600 + 2,460 service = 27,060; + 2,706 tax.
      serviceChargeAndTaxInclusiveAmount: 29_766,
    });
    expect(priced.lines[0]).toEqual({
      subject: 'MEAL',
      category: 'MEAL',
      titleEn: 'Seasonal kaiseki',
      titleJa: '季節の会席',
      date: '2031-08-10',
      quantity: 4,
      mealQuantities: [
        { age: 13, number: 2 },
        { age: 8, number: 1 },
        { age: 2, number: 1 },
      ],
      amount: 24_600,
      taxRateType: 'STANDARD',
      serviceChargeApplicable: true,
      orderId: null,
    });
    expect(priced.requiredMealMissing).toBe(false);
  });

  it('refuses a meal of another group, dates outside the stay, a group without meals and a passed deadline', async () => {
    const g = await groupWithMenu();
    const other = await groupWithMenu();
    const price = (orders: { date: string; mealId: string }[], o: { houseGroupId?: string; now?: Date } = {}) =>
      priceMealOrders(t.pool, {
        houseGroupId: o.houseGroupId ?? g.houseGroupId,
        ...stay,
        orders: orders.map((x) => ({ ...x, quantities: [{ age: 20, number: 1 }] })),
        language: 'en',
        now: o.now ?? early,
      });
    expect(await reasonOf(price([{ date: '2031-08-10', mealId: other.dinnerId }]))).toBe('CodeMealNotFound');
    expect(await reasonOf(price([{ date: '2031-08-10', mealId: 'no-such-meal' }]))).toBe('CodeMealNotFound');
    // Dinner on the check-out day; breakfast on the check-in day.
    expect(await reasonOf(price([{ date: '2031-08-12', mealId: g.dinnerId }]))).toBe('CodeMealNotProvided');
    expect(await reasonOf(price([{ date: '2031-08-10', mealId: g.breakfastId }]))).toBe('CodeMealNotProvided');
    // Dinner of the 11th closes on the 8th at 17:00 Japan time (08:00 UTC).
    expect(
      await reasonOf(price([{ date: '2031-08-11', mealId: g.dinnerId }], { now: new Date('2031-08-08T08:00:00Z') })),
    ).toBe('CodeMealOrderDeadlinePassed');
    expect(
      await reasonOf(price([{ date: '2031-08-11', mealId: g.dinnerId }], { now: new Date('2031-08-08T07:59:00Z') })),
    ).toBeNull();
    await t.pool.query('UPDATE house_groups SET meal_providable = false WHERE id = $1', [g.houseGroupId]);
    expect(await reasonOf(price([{ date: '2031-08-10', mealId: g.dinnerId }]))).toBe('CodeMealNotProvided');
    // No orders at all is a valid (empty) quote even then.
    expect((await price([])).mealAmount).toBe(0);
  });

  it('tells when a group that requires dinner on the first night has none among the orders', async () => {
    const g = await groupWithMenu({ required: true });
    const base = { houseGroupId: g.houseGroupId, ...stay, language: 'en' as const, now: early };
    const none = await priceMealOrders(t.pool, { ...base, orders: [] });
    expect(none.requiredMealMissing).toBe(true);
    const secondNight = await priceMealOrders(t.pool, {
      ...base,
      orders: [{ date: '2031-08-11', mealId: g.dinnerId, quantities: [{ age: 20, number: 2 }] }],
    });
    expect(secondNight.requiredMealMissing).toBe(true);
    const firstNight = await priceMealOrders(t.pool, {
      ...base,
      orders: [{ date: '2031-08-10', mealId: g.dinnerId, quantities: [{ age: 20, number: 2 }] }],
    });
    expect(firstNight.requiredMealMissing).toBe(false);
  });
});

describe('priceExtraOptions', () => {
  it('charges per night, skips free units and quantity 0, and gives OPTION lines', async () => {
    const g = await groupWithMenu({ pets: true });
    const priced = await priceExtraOptions(t.pool, {
      houseGroupId: g.houseGroupId,
      nights: 3,
      selections: [
        { extraOptionId: g.bedId, quantity: 2 },
        { extraOptionId: g.saltsId, quantity: 3 },
        { extraOptionId: g.petId, quantity: 0 },
      ],
      language: 'en',
    });
    expect(priced.extraOptionAmount).toBe(2 * 3 * 5_000 + 2 * 1_200);
    expect(priced.extraOptions).toEqual([
      expect.objectContaining({ id: g.bedId, quantity: 2, amount: 30_000, taxInclusiveAmount: 33_000 }),
      expect.objectContaining({ id: g.saltsId, quantity: 3, amount: 2_400, freeQuantity: 1 }),
    ]);
    expect(priced.lines.map((l) => [l.subject, l.category, l.titleEn, l.amount, l.serviceChargeApplicable])).toEqual([
      ['OPTION', 'EXTRA_OPTION', 'Extra bed (3 nights)', 30_000, true],
      ['OPTION', 'EXTRA_OPTION', 'Bath salts', 2_400, true],
    ]);
  });

  it('refuses an unknown option, too many units, and a pet where pets are not allowed', async () => {
    const g = await groupWithMenu({ pets: false });
    const price = (extraOptionId: string, quantity: number) =>
      priceExtraOptions(t.pool, {
        houseGroupId: g.houseGroupId,
        nights: 1,
        selections: [{ extraOptionId, quantity }],
        language: 'en',
      });
    expect(await reasonOf(price('no-such-option', 1))).toBe('CodeExtraOptionNotFound');
    expect(await reasonOf(price(g.petId, 1))).toBe('CodeExtraOptionNotFound');
    expect(await reasonOf(price(g.bedId, 3))).toBe('CodeExtraOptionQuantityInvalid');
  });
});

describe('placing, reading and cancelling orders', () => {
  it('places priced meal orders and shows them as booking meal entries', async () => {
    const g = await groupWithMenu();
    const id = bookingId();
    const orders = [
      { date: '2031-08-10', mealId: g.dinnerId, quantities: [{ age: 20, number: 2 }], notes: 'No shellfish' },
      { date: '2031-08-11', mealId: g.breakfastId, quantities: [{ age: 20, number: 2 }] },
    ];
    const priced = await priceMealOrders(t.pool, {
      houseGroupId: g.houseGroupId,
      ...stay,
      orders,
      language: 'en',
      now: early,
    });
    const ids = await withTx(t.pool, (tx) =>
      placeMealOrders(tx, { bookingId: id, orders, priced, orderedBy: 'user:test', now: early }),
    );
    expect(ids).toHaveLength(2);

    const entries = await bookingMealEntries(t.pool, { bookingId: id, language: 'ja', canOrder: true, now: early });
    expect(entries.map((e) => e.type)).toEqual(['MEAL_ORDER', 'MEAL_ORDER']);
    const dinner = entries[0]!;
    if (dinner.type !== 'MEAL_ORDER') throw new Error('expected a meal order');
    expect(dinner.mealOrder).toMatchObject({
      id: ids[0],
      meal: { id: g.dinnerId, name: '季節の会席' },
      quantities: [{ age: 20, number: 2 }],
      subtotal: 19_600,
      notes: 'No shellfish',
      providingDate: { year: 2031, month: 8, day: 10 },
      providingTime: '18:30',
      status: 'ORDERED',
      serviceChargeAndTaxInclusiveAmount: 23_716,
      orderDeadline: { year: 2031, month: 8, day: 7, hours: 8, minutes: 0 },
    });
    expect(dinner.canGetMealOrderInputs).toBe(true);
    // The booking cannot be changed any more (checked out): no entry offers inputs.
    const closed = await bookingMealEntries(t.pool, { bookingId: id, language: 'en', canOrder: false, now: early });
    expect(closed.every((e) => !e.canGetMealOrderInputs)).toBe(true);
    expect(closed.map((e) => e.type)).toEqual(['MEAL_ORDER', 'MEAL_ORDER']);
    // After the dinner's deadline only the breakfast (deadline on the 10th) is still open.
    const later = await bookingMealEntries(t.pool, {
      bookingId: id,
      language: 'en',
      canOrder: true,
      now: new Date('2031-08-08T00:00:00Z'),
    });
    expect(later.map((e) => e.canGetMealOrderInputs)).toEqual([false, true]);
  });

  it('cancels before the deadline, refuses after it, and cancelling twice changes nothing', async () => {
    const g = await groupWithMenu();
    const id = bookingId();
    const orders = [
      { date: '2031-08-10', mealId: g.dinnerId, quantities: [{ age: 20, number: 2 }] },
      { date: '2031-08-11', mealId: g.dinnerId, quantities: [{ age: 20, number: 2 }] },
    ];
    const priced = await priceMealOrders(t.pool, {
      houseGroupId: g.houseGroupId,
      ...stay,
      orders,
      language: 'en',
      now: early,
    });
    const [first, second] = await withTx(t.pool, (tx) => placeMealOrders(tx, { bookingId: id, orders, priced }));

    // The first dinner's deadline (7 August 08:00 UTC) has passed; the second's (8 August) has not.
    const now = new Date('2031-08-07T12:00:00Z');
    expect(await reasonOf(withTx(t.pool, (tx) => cancelMealOrder(tx, { bookingId: id, orderId: first!, now })))).toBe(
      'CodeMealOrderDeadlinePassed',
    );
    const cancelled = await withTx(t.pool, (tx) => cancelMealOrder(tx, { bookingId: id, orderId: second!, now }));
    expect(cancelled).toMatchObject({
      orderId: second,
      subtotal: 19_600,
      providingDate: '2031-08-11',
      cancelled: true,
    });
    const again = await withTx(t.pool, (tx) => cancelMealOrder(tx, { bookingId: id, orderId: second!, now }));
    expect(again.cancelled).toBe(false);
    // Another booking cannot cancel it.
    expect(
      await reasonOf(
        withTx(t.pool, (tx) => cancelMealOrder(tx, { bookingId: bookingId(), orderId: first!, now: early })),
      ),
    ).toBe('CodeOrderNotFound');

    const entries = await bookingMealEntries(t.pool, { bookingId: id, language: 'en', canOrder: true, now });
    expect(
      entries.map((e) => (e.type === 'MEAL_ORDER' ? [e.mealOrder.status, e.canGetMealOrderInputs] : null)),
    ).toEqual([
      ['ORDERED', false],
      ['CANCELLED', false],
    ]);
  });

  it('flags a stay whose nights lack a dinner, and a group that requires one', async () => {
    const g = await groupWithMenu({ required: true });
    const id = bookingId();
    const flags = () => mealFlags(t.pool, { houseGroupId: g.houseGroupId, bookingId: id, ...stay });
    expect(await flags()).toEqual({ isMealOrderRequired: true, isAdditionalMealRequestRecommended: true });
    const orders = ['2031-08-10', '2031-08-11'].map((date) => ({
      date,
      mealId: g.dinnerId,
      quantities: [{ age: 20, number: 1 }],
    }));
    const priced = await priceMealOrders(t.pool, {
      houseGroupId: g.houseGroupId,
      ...stay,
      orders,
      language: 'en',
      now: early,
    });
    await withTx(t.pool, (tx) => placeMealOrders(tx, { bookingId: id, orders, priced }));
    expect(await flags()).toEqual({ isMealOrderRequired: true, isAdditionalMealRequestRecommended: false });

    const noMeals = await groupWithMenu({ meals: false, required: true });
    expect(await mealFlags(t.pool, { houseGroupId: noMeals.houseGroupId, bookingId: id, ...stay })).toEqual({
      isMealOrderRequired: false,
      isAdditionalMealRequestRecommended: false,
    });
  });

  it('places a custom meal and option orders, replaces an option chosen again, and cancels everything of a booking', async () => {
    const g = await groupWithMenu({ serviceCharge: '15.00' });
    const id = bookingId();
    const custom = await withTx(t.pool, (tx) =>
      placeCustomMealOrder(tx, {
        bookingId: id,
        houseGroupId: g.houseGroupId,
        name: 'Birthday cake',
        quantity: 1,
        unitAmount: 4_000,
        providingDate: '2031-08-10',
        providingTime: '19:30',
        taxRateType: 'STANDARD',
        orderedBy: 'staff:test',
      }),
    );
    expect(custom.line).toMatchObject({ subject: 'MEAL', category: 'MEAL', amount: 4_000, orderId: custom.orderId });

    const selections = [{ extraOptionId: g.bedId, quantity: 1 }];
    const priced = await priceExtraOptions(t.pool, {
      houseGroupId: g.houseGroupId,
      nights: 2,
      selections,
      language: 'en',
    });
    const placed = await withTx(t.pool, (tx) => placeExtraOptionOrders(tx, { bookingId: id, selections, priced }));
    expect(placed.replaced).toEqual([]);
    const more = [{ extraOptionId: g.bedId, quantity: 2 }];
    const pricedMore = await priceExtraOptions(t.pool, {
      houseGroupId: g.houseGroupId,
      nights: 2,
      selections: more,
      language: 'en',
    });
    const replaced = await withTx(t.pool, (tx) =>
      placeExtraOptionOrders(tx, { bookingId: id, selections: more, priced: pricedMore }),
    );
    expect(replaced.replaced).toEqual([{ orderId: placed.orderIds[0], extraOptionId: g.bedId, amount: 10_000 }]);
    expect(await bookingExtraOptions(t.pool, id, 'ja')).toEqual([
      expect.objectContaining({
        id: g.bedId,
        caption: 'エキストラベッド',
        quantity: 2,
        amount: 20_000,
        // 20,000 + 15% service = 23,000; + 10% tax.
        serviceChargeAndTaxInclusiveAmount: 25_300,
      }),
    ]);

    const entries = await bookingMealEntries(t.pool, { bookingId: id, language: 'en', canOrder: true, now: early });
    expect(entries).toEqual([
      {
        type: 'CUSTOM_MEAL_ORDER',
        canGetMealOrderInputs: false,
        customMealOrder: expect.objectContaining({
          id: custom.orderId,
          name: 'Birthday cake',
          quantity: 1,
          subtotal: 4_000,
          providingTime: '19:30',
          status: 'ORDERED',
          serviceChargeAndTaxInclusiveAmount: 5_060,
        }),
      },
    ]);

    const result = await withTx(t.pool, (tx) => cancelOrdersOfBooking(tx, id, early));
    expect(result).toEqual({ mealOrders: 0, customMealOrders: 1, extraOptionOrders: 1 });
    expect(await bookingExtraOptions(t.pool, id, 'en')).toEqual([]);
    expect(await withTx(t.pool, (tx) => cancelOrdersOfBooking(tx, id))).toEqual({
      mealOrders: 0,
      customMealOrders: 0,
      extraOptionOrders: 0,
    });
  });
});
