import { civilFromIso, type IsoDate } from '@yado/contract/civil-date';
import { randomUUID } from 'node:crypto';
import { inclusiveOf } from '@yado/contract/consumption-tax';
import { dateTimeFromDate } from '@yado/contract/date-time';
import type { Language } from '@yado/contract/headers';
import type {
  BookingMealEntry,
  CustomMealOrder,
  ExtraOption,
  Meal,
  MealOrder,
  MealQuantity,
  UnconfirmedMealOrder,
} from '@yado/contract/meal.contract';
import { AppError } from '../../platform/app-error.js';
import type { Db } from '../../platform/db/pool.js';
import * as repo from './meal.repo.js';
import type { ExtraOptionRecord, HouseGroupMealSettings, MealRecord } from './meal.repo.js';
import * as rules from './meal.rules.js';
import type { OrderBillingLine, TaxRateType } from './meal.rules.js';

export type { OrderBillingLine, TaxRateType } from './meal.rules.js';
export type { MealWrite, ExtraOptionWrite } from './meal.repo.js';

const ja = (language: Language) => language === 'ja';

async function requireHouseGroup(db: Db, houseGroupId: string): Promise<HouseGroupMealSettings> {
  const settings = await repo.houseGroupSettings(db, houseGroupId);
  if (!settings) {
    throw new AppError('CodeNotFound', { fields: [{ field: 'houseGroupId', description: 'no such id' }] });
  }
  return settings;
}

/** The meal settings of a house group (null when there is no such group). */
export function houseGroupMealSettings(db: Db, houseGroupId: string): Promise<HouseGroupMealSettings | null> {
  return repo.houseGroupSettings(db, houseGroupId);
}

function mealView(m: MealRecord, language: Language, serviceChargePercentage: string): Meal {
  const inclusive = (amount: number) =>
    rules.serviceChargeAndTaxInclusive(amount, m.taxRateType, serviceChargePercentage);
  return {
    id: m.id,
    type: m.type,
    name: ja(language) ? m.nameJa : m.nameEn,
    nameForChildren: ja(language) ? m.nameForChildrenJa : m.nameForChildrenEn,
    description: ja(language) ? m.descriptionJa : m.descriptionEn,
    imageUrl: m.imageUrls[0] ?? '',
    thumbnailImageUrl: m.thumbnailImageUrls[0] ?? m.imageUrls[0] ?? '',
    imageUrls: m.imageUrls,
    thumbnailImageUrls: m.thumbnailImageUrls,
    adultPrice: m.adultPrice,
    childPrice: m.childPrice,
    infantPrice: m.infantPrice,
    adultServiceChargeAndTaxInclusivePrice: inclusive(m.adultPrice),
    childServiceChargeAndTaxInclusivePrice: inclusive(m.childPrice),
    infantServiceChargeAndTaxInclusivePrice: inclusive(m.infantPrice),
    providingTime: m.providingTime,
    orderDeadlineDaysBefore: m.orderDeadlineDaysBefore,
    orderDeadlineTime: m.orderDeadlineTime,
  };
}

/**
 * The meals a house group serves, in the caller's language; none when the
 * house group does not provide meals. 404 CodeNotFound for an unknown group.
 */
export async function listMeals(db: Db, houseGroupId: string, language: Language): Promise<Meal[]> {
  const settings = await requireHouseGroup(db, houseGroupId);
  if (!settings.mealProvidable) return [];
  const meals = await repo.activeMeals(db, houseGroupId);
  return meals.map((m) => mealView(m, language, settings.serviceChargePercentage));
}

/** Options a house group offers; an additional pet only where pets are allowed at all. */
function offered(options: ExtraOptionRecord[], settings: HouseGroupMealSettings): ExtraOptionRecord[] {
  return options.filter((o) => o.type !== 'ADDITIONAL_PET' || settings.isPetAllowed);
}

function optionView(
  o: ExtraOptionRecord,
  language: Language,
  serviceChargePercentage: string,
  chosen: { quantity: number; amount: number } | null,
): ExtraOption {
  // Unchosen (the list): the amounts of one unit, so a guest sees the price.
  const amount = chosen ? chosen.amount : o.unitAmount;
  return {
    id: o.id,
    type: o.type,
    caption: ja(language) ? o.captionJa : o.captionEn,
    imageUrl: o.imageUrl,
    amount,
    taxInclusiveAmount: inclusiveOf(amount, o.taxRateType),
    quantity: chosen ? chosen.quantity : 0,
    freeQuantity: o.freeQuantity,
    maxQuantity: o.isQuantityChangeable ? o.maxQuantity : Math.min(1, o.maxQuantity),
    serviceChargeAndTaxInclusiveAmount: rules.serviceChargeAndTaxInclusive(
      amount,
      o.taxRateType,
      serviceChargePercentage,
    ),
    isQuantityChangeable: o.isQuantityChangeable,
    alternativeDetailUrl: o.alternativeDetailUrl,
    chargeBasis: o.chargeBasis,
    unitAmount: o.unitAmount,
    unitTaxInclusiveAmount: inclusiveOf(o.unitAmount, o.taxRateType),
  };
}

/** The extra options of a house group with the price of one unit. 404 CodeNotFound for an unknown group. */
export async function listExtraOptions(db: Db, houseGroupId: string, language: Language): Promise<ExtraOption[]> {
  const settings = await requireHouseGroup(db, houseGroupId);
  const options = offered(await repo.activeExtraOptions(db, houseGroupId), settings);
  return options.map((o) => optionView(o, language, settings.serviceChargePercentage, null));
}

// Pricing ----------------------------------------------------------------------------------

/** A meal to order: the date is ISO "YYYY-MM-DD" (the house group's civil date). */
export type MealOrderRequest = { date: IsoDate; mealId: string; quantities: MealQuantity[]; notes?: string };

/** One priced order, with everything placeMealOrders writes. */
export type PricedMealOrder = {
  mealId: string;
  type: 'BREAKFAST' | 'DINNER';
  date: IsoDate;
  providingTime: string;
  quantities: MealQuantity[];
  subtotal: number;
  taxRateType: TaxRateType;
  orderDeadline: Date;
};

export type MealPricing = {
  meals: UnconfirmedMealOrder[];
  lines: OrderBillingLine[];
  mealAmount: number;
  /** In the order of the request; what placeMealOrders writes. */
  orders: PricedMealOrder[];
  /** The house group requires dinner on the first night and none is among the orders. */
  requiredMealMissing: boolean;
};

/**
 * Prices meal orders for a stay and checks each one: a meal of this house
 * group (CodeMealNotFound), a group that provides meals and a date the meal
 * can be served in the stay (CodeMealNotProvided: dinner on each night,
 * breakfast on each morning after a night), and an order deadline not yet
 * passed (CodeMealOrderDeadlinePassed).
 */
export async function priceMealOrders(
  db: Db,
  input: {
    houseGroupId: string;
    checkinDate: IsoDate;
    checkoutDate: IsoDate;
    orders: MealOrderRequest[];
    language: Language;
    now: Date;
  },
): Promise<MealPricing> {
  const settings = await requireHouseGroup(db, input.houseGroupId);
  const checkin = rules.assertIsoDate(input.checkinDate, 'checkinDate');
  const checkout = rules.assertIsoDate(input.checkoutDate, 'checkoutDate');
  const requiredMealMissing = (orders: PricedMealOrder[]) =>
    settings.mealProvidable &&
    settings.mealOrderRequired &&
    !orders.some((o) => o.type === 'DINNER' && o.date === checkin);
  if (input.orders.length === 0) {
    return { meals: [], lines: [], mealAmount: 0, orders: [], requiredMealMissing: requiredMealMissing([]) };
  }
  if (!settings.mealProvidable) throw new AppError('CodeMealNotProvided');
  const meals = new Map(
    (await repo.mealsByIds(db, [...new Set(input.orders.map((o) => o.mealId))])).map((m) => [m.id, m]),
  );
  const priced: PricedMealOrder[] = [];
  const views: UnconfirmedMealOrder[] = [];
  const lines: OrderBillingLine[] = [];
  for (const [i, order] of input.orders.entries()) {
    const meal = meals.get(order.mealId);
    if (!meal || !meal.active || meal.houseGroupId !== input.houseGroupId) throw new AppError('CodeMealNotFound');
    const date = rules.assertIsoDate(order.date, `orders[${i}].date`);
    if (!rules.isServable(meal.type, date, checkin, checkout)) throw new AppError('CodeMealNotProvided');
    const deadline = rules.orderDeadline(
      date,
      { daysBefore: meal.orderDeadlineDaysBefore, time: meal.orderDeadlineTime },
      settings.utcOffset,
    );
    if (rules.deadlinePassed(deadline, input.now)) throw new AppError('CodeMealOrderDeadlinePassed');
    const quantities = rules.normaliseQuantities(order.quantities, `orders[${i}].quantities`);
    const subtotal = rules.mealSubtotal(meal, quantities);
    priced.push({
      mealId: meal.id,
      type: meal.type,
      date,
      providingTime: meal.providingTime,
      quantities,
      subtotal,
      taxRateType: meal.taxRateType,
      orderDeadline: deadline,
    });
    views.push({
      meal: mealView(meal, input.language, settings.serviceChargePercentage),
      quantities,
      subtotal,
      providingDate: civilFromIso(date),
      serviceChargeAndTaxInclusiveAmount: rules.serviceChargeAndTaxInclusive(
        subtotal,
        meal.taxRateType,
        settings.serviceChargePercentage,
      ),
    });
    lines.push(
      rules.mealLine({
        nameEn: meal.nameEn,
        nameJa: meal.nameJa,
        date,
        quantities,
        subtotal,
        taxRateType: meal.taxRateType,
      }),
    );
  }
  return {
    meals: views,
    lines,
    mealAmount: priced.reduce((s, o) => s + o.subtotal, 0),
    orders: priced,
    requiredMealMissing: requiredMealMissing(priced),
  };
}

export type ExtraOptionSelectionRequest = { extraOptionId: string; quantity: number };

export type PricedExtraOption = {
  extraOptionId: string;
  quantity: number;
  nights: number;
  unitAmount: number;
  amount: number;
  taxRateType: TaxRateType;
};

export type ExtraOptionPricing = {
  extraOptions: ExtraOption[];
  lines: OrderBillingLine[];
  extraOptionAmount: number;
  /** Selections of a positive quantity, in the order of the request; what placeExtraOptionOrders writes. */
  selections: PricedExtraOption[];
};

/**
 * Prices extra options for a stay of `nights` nights: amount = max(0,
 * quantity − freeQuantity) × unit amount, × nights when charged per night.
 * A quantity of 0 is no order. Refusals: CodeExtraOptionNotFound (not an
 * active option of this group; an additional pet where pets are not
 * allowed), CodeExtraOptionQuantityInvalid.
 */
export async function priceExtraOptions(
  db: Db,
  input: { houseGroupId: string; nights: number; selections: ExtraOptionSelectionRequest[]; language: Language },
): Promise<ExtraOptionPricing> {
  const settings = await requireHouseGroup(db, input.houseGroupId);
  if (!Number.isInteger(input.nights) || input.nights < 0) {
    throw new AppError('CodeInvalidArgument', {
      fields: [{ field: 'nights', description: 'a whole number of nights' }],
    });
  }
  const options = new Map(
    offered(await repo.activeExtraOptions(db, input.houseGroupId), settings).map((o) => [o.id, o]),
  );
  const seen = new Set<string>();
  const result: ExtraOptionPricing = { extraOptions: [], lines: [], extraOptionAmount: 0, selections: [] };
  for (const [i, s] of input.selections.entries()) {
    const option = options.get(s.extraOptionId);
    if (!option) throw new AppError('CodeExtraOptionNotFound');
    if (seen.has(option.id)) {
      throw new AppError('CodeInvalidArgument', {
        fields: [{ field: `selections[${i}].extraOptionId`, description: 'chosen twice' }],
      });
    }
    seen.add(option.id);
    rules.assertOptionQuantity(option, s.quantity);
    if (s.quantity === 0) continue;
    const amount = rules.optionAmount(option, s.quantity, input.nights);
    result.selections.push({
      extraOptionId: option.id,
      quantity: s.quantity,
      nights: input.nights,
      unitAmount: option.unitAmount,
      amount,
      taxRateType: option.taxRateType,
    });
    result.extraOptions.push(
      optionView(option, input.language, settings.serviceChargePercentage, { quantity: s.quantity, amount }),
    );
    result.lines.push(
      rules.optionLine({
        captionEn: option.captionEn,
        captionJa: option.captionJa,
        quantity: s.quantity,
        nights: input.nights,
        chargeBasis: option.chargeBasis,
        amount,
        taxRateType: option.taxRateType,
      }),
    );
    result.extraOptionAmount += amount;
  }
  return result;
}

// Placing and cancelling -------------------------------------------------------------------------

/**
 * Writes priced meal orders for a booking, in the caller's transaction.
 * `orders` are the requests priceMealOrders priced (their notes are kept);
 * returns the new order ids in the same order as `priced.orders` (and as
 * `priced.lines`, whose orderId the caller sets from them).
 */
export async function placeMealOrders(
  tx: Db,
  input: {
    bookingId: string;
    orders: MealOrderRequest[];
    priced: Pick<MealPricing, 'orders'>;
    orderedBy?: string;
    now?: Date;
  },
): Promise<string[]> {
  if (input.orders.length !== input.priced.orders.length) {
    throw new Error('placeMealOrders: the priced orders do not match the requests');
  }
  const ids: string[] = [];
  for (const [i, p] of input.priced.orders.entries()) {
    const id = randomUUID();
    await repo.insertMealOrder(tx, {
      id,
      bookingId: input.bookingId,
      mealId: p.mealId,
      providingDate: p.date,
      providingTime: p.providingTime,
      quantities: p.quantities,
      subtotal: p.subtotal,
      taxRateType: p.taxRateType,
      orderDeadline: p.orderDeadline,
      notes: (input.orders[i]?.notes ?? '').slice(0, 1000),
      orderedAt: input.now ?? null,
      orderedBy: input.orderedBy ?? '',
    });
    ids.push(id);
  }
  return ids;
}

export type CancelledMealOrder = {
  orderId: string;
  mealId: string;
  providingDate: IsoDate;
  subtotal: number;
  taxRateType: TaxRateType;
  /** False when the order was already cancelled (a retry): nothing changed. */
  cancelled: boolean;
};

/**
 * Cancels one meal order of a booking, under a lock on the order.
 * CodeOrderNotFound when the booking has no such order; after the order's
 * deadline CodeMealOrderDeadlinePassed. Cancelling twice is a no-op.
 */
export async function cancelMealOrder(
  tx: Db,
  input: { bookingId: string; orderId: string; now: Date },
): Promise<CancelledMealOrder> {
  const order = await repo.lockMealOrder(tx, input.bookingId, input.orderId);
  if (!order) throw new AppError('CodeOrderNotFound');
  const result = {
    orderId: order.id,
    mealId: order.meal.id,
    providingDate: order.providingDate,
    subtotal: order.subtotal,
    taxRateType: order.taxRateType,
  };
  if (order.status === 'CANCELLED') return { ...result, cancelled: false };
  if (rules.deadlinePassed(order.orderDeadline, input.now)) throw new AppError('CodeMealOrderDeadlinePassed');
  await repo.cancelMealOrder(tx, order.id, input.now);
  return { ...result, cancelled: true };
}

/** Cancels every live meal, custom meal and option order of a booking (it was cancelled or released). Idempotent. */
export function cancelOrdersOfBooking(
  tx: Db,
  bookingId: string,
  now?: Date,
): Promise<{ mealOrders: number; customMealOrders: number; extraOptionOrders: number }> {
  return repo.cancelAllOfBooking(tx, bookingId, now ?? null);
}

/**
 * A meal staff arranged by hand. Returns the order id and its billing line
 * (subtotal = quantity × unit amount; a meal served in the house is
 * STANDARD, a take-away REDUCED: staff choose).
 */
export async function placeCustomMealOrder(
  tx: Db,
  input: {
    bookingId: string;
    houseGroupId: string;
    name: string;
    quantity: number;
    unitAmount: number;
    providingDate: IsoDate;
    /** "HH:MM" */
    providingTime: string;
    taxRateType: TaxRateType;
    notes?: string;
    orderedBy?: string;
    now?: Date;
  },
): Promise<{ orderId: string; line: OrderBillingLine }> {
  const name = input.name.trim();
  if (!name || name.length > 200) {
    throw new AppError('CodeInvalidArgument', { fields: [{ field: 'name', description: '1 to 200 characters' }] });
  }
  if (!Number.isInteger(input.quantity) || input.quantity < 1 || input.quantity > 999) {
    throw new AppError('CodeInvalidArgument', { fields: [{ field: 'quantity', description: '1 to 999' }] });
  }
  if (!Number.isInteger(input.unitAmount) || input.unitAmount < 0 || input.unitAmount > 10_000_000) {
    throw new AppError('CodeInvalidArgument', { fields: [{ field: 'unitAmount', description: 'whole yen' }] });
  }
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(input.providingTime)) {
    throw new AppError('CodeInvalidArgument', { fields: [{ field: 'providingTime', description: 'HH:MM' }] });
  }
  const providingDate = rules.assertIsoDate(input.providingDate, 'providingDate');
  await requireHouseGroup(tx, input.houseGroupId);
  const orderId = randomUUID();
  const subtotal = input.quantity * input.unitAmount;
  await repo.insertCustomMealOrder(tx, {
    id: orderId,
    bookingId: input.bookingId,
    houseGroupId: input.houseGroupId,
    name,
    quantity: input.quantity,
    unitAmount: input.unitAmount,
    subtotal,
    taxRateType: input.taxRateType,
    providingDate,
    providingTime: input.providingTime,
    notes: (input.notes ?? '').slice(0, 1000),
    orderedAt: input.now ?? null,
    orderedBy: input.orderedBy ?? '',
  });
  return {
    orderId,
    line: {
      subject: 'MEAL',
      category: 'MEAL',
      titleEn: name,
      titleJa: name,
      date: providingDate,
      quantity: input.quantity,
      amount: subtotal,
      taxRateType: input.taxRateType,
      serviceChargeApplicable: true,
      orderId,
    },
  };
}

/**
 * Writes priced option selections for a booking. A booking holds one live
 * order per option: choosing an option again replaces its earlier order
 * (returned in `replaced`, so the caller can settle its amount).
 */
export async function placeExtraOptionOrders(
  tx: Db,
  input: {
    bookingId: string;
    selections: ExtraOptionSelectionRequest[];
    priced: Pick<ExtraOptionPricing, 'selections'>;
    orderedBy?: string;
    now?: Date;
  },
): Promise<{ orderIds: string[]; replaced: { orderId: string; extraOptionId: string; amount: number }[] }> {
  const replaced: { orderId: string; extraOptionId: string; amount: number }[] = [];
  // Every option named in the request is replaced, also one chosen again with quantity 0 (taken off).
  for (const s of input.selections) {
    const old = await repo.cancelLiveOptionOrder(tx, input.bookingId, s.extraOptionId, input.now ?? null);
    if (old) replaced.push({ orderId: old.id, extraOptionId: s.extraOptionId, amount: old.amount });
  }
  const orderIds: string[] = [];
  for (const p of input.priced.selections) {
    const id = randomUUID();
    await repo.insertExtraOptionOrder(tx, {
      id,
      bookingId: input.bookingId,
      extraOptionId: p.extraOptionId,
      quantity: p.quantity,
      nights: p.nights,
      unitAmount: p.unitAmount,
      amount: p.amount,
      taxRateType: p.taxRateType,
      orderedAt: input.now ?? null,
      orderedBy: input.orderedBy ?? '',
    });
    orderIds.push(id);
  }
  return { orderIds, replaced };
}

// Reading a booking's orders ----------------------------------------------------------------------

/**
 * The meals of a booking, placed and custom, by date and time (cancelled ones
 * included, with their status). A placed order can be changed while the
 * caller allows it (`canOrder`: the booking is neither cancelled nor over)
 * and its own deadline has not passed; a custom one only by staff.
 */
export async function bookingMealEntries(
  db: Db,
  input: { bookingId: string; language: Language; canOrder: boolean; now?: Date },
): Promise<BookingMealEntry[]> {
  const now = input.now ?? new Date();
  const [orders, customs] = await Promise.all([
    repo.mealOrdersOfBooking(db, input.bookingId),
    repo.customMealOrdersOfBooking(db, input.bookingId),
  ]);
  const entries: { key: string; entry: BookingMealEntry }[] = [];
  for (const o of orders) {
    const mealOrder: MealOrder = {
      id: o.id,
      meal: mealView(o.meal, input.language, o.serviceChargePercentage),
      quantities: o.quantities,
      subtotal: o.subtotal,
      notes: o.notes,
      providingDate: civilFromIso(o.providingDate),
      providingTime: o.providingTime,
      status: o.status,
      serviceChargeAndTaxInclusiveAmount: rules.serviceChargeAndTaxInclusive(
        o.subtotal,
        o.taxRateType,
        o.serviceChargePercentage,
      ),
      orderedAt: dateTimeFromDate(o.orderedAt),
      orderDeadline: dateTimeFromDate(o.orderDeadline),
    };
    entries.push({
      key: `${o.providingDate} ${o.providingTime}`,
      entry: {
        type: 'MEAL_ORDER',
        mealOrder,
        canGetMealOrderInputs: input.canOrder && o.status === 'ORDERED' && !rules.deadlinePassed(o.orderDeadline, now),
      },
    });
  }
  for (const c of customs) {
    const customMealOrder: CustomMealOrder = {
      id: c.id,
      name: c.name,
      quantity: c.quantity,
      subtotal: c.subtotal,
      providingDate: civilFromIso(c.providingDate),
      providingTime: c.providingTime,
      status: c.status,
      serviceChargeAndTaxInclusiveAmount: rules.serviceChargeAndTaxInclusive(
        c.subtotal,
        c.taxRateType,
        c.serviceChargePercentage,
      ),
      orderedAt: dateTimeFromDate(c.orderedAt),
    };
    entries.push({
      key: `${c.providingDate} ${c.providingTime}`,
      entry: { type: 'CUSTOM_MEAL_ORDER', customMealOrder, canGetMealOrderInputs: false },
    });
  }
  // A stable sort keeps placed orders before custom ones at the same time.
  return entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map((e) => e.entry);
}

/** The options a booking has taken (live orders), with the amounts for its nights. */
export async function bookingExtraOptions(db: Db, bookingId: string, language: Language): Promise<ExtraOption[]> {
  const orders = await repo.liveOptionOrdersOfBooking(db, bookingId);
  return orders.map((o) =>
    optionView(
      { ...o.option, taxRateType: o.taxRateType, unitAmount: o.unitAmount },
      language,
      o.serviceChargePercentage,
      {
        quantity: o.quantity,
        amount: o.amount,
      },
    ),
  );
}

/**
 * isMealOrderRequired: the house group serves meals and requires dinner on
 * the first night. isAdditionalMealRequestRecommended: it serves meals and a
 * night of the stay has no dinner ordered (when the stay's dates are given).
 */
export async function mealFlags(
  db: Db,
  input: { houseGroupId: string; bookingId: string; checkinDate?: IsoDate; checkoutDate?: IsoDate },
): Promise<{ isMealOrderRequired: boolean; isAdditionalMealRequestRecommended: boolean }> {
  const settings = await requireHouseGroup(db, input.houseGroupId);
  if (!settings.mealProvidable) return { isMealOrderRequired: false, isAdditionalMealRequestRecommended: false };
  const isMealOrderRequired = settings.mealOrderRequired;
  if (!input.checkinDate || !input.checkoutDate) {
    return { isMealOrderRequired, isAdditionalMealRequestRecommended: false };
  }
  const nights = rules.servableDates('DINNER', input.checkinDate, input.checkoutDate);
  const withDinner = new Set(await repo.datesWithDinner(db, input.bookingId));
  return { isMealOrderRequired, isAdditionalMealRequestRecommended: nights.some((d) => !withDinner.has(d)) };
}

// Menu upkeep (demo seed, tests) ----------------------------------------------------------------------

/** Adds a meal to a house group's menu; an existing id is left unchanged. Returns the id. */
export async function createMeal(db: Db, meal: Omit<repo.MealWrite, 'id'> & { id?: string }): Promise<string> {
  const id = meal.id ?? randomUUID();
  await repo.insertMeal(db, { ...meal, id });
  return id;
}

/** Adds an extra option to a house group; an existing id is left unchanged. Returns the id. */
export async function createExtraOption(
  db: Db,
  option: Omit<repo.ExtraOptionWrite, 'id'> & { id?: string },
): Promise<string> {
  const id = option.id ?? randomUUID();
  await repo.insertExtraOption(db, { ...option, id });
  return id;
}
