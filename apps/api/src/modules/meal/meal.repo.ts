import type { MealQuantity } from '@yado/contract/meal.contract';
import type { Db } from '../../platform/db/pool.js';
import type { ChargeBasis, MealKind, TaxRateType } from './meal.rules.js';

export type HouseGroupMealSettings = {
  id: string;
  mealProvidable: boolean;
  mealOrderRequired: boolean;
  isPetAllowed: boolean;
  /** "10.00" */
  serviceChargePercentage: string;
  utcOffset: string;
};

export async function houseGroupSettings(db: Db, houseGroupId: string): Promise<HouseGroupMealSettings | null> {
  const r = await db.query<{
    id: string;
    meal_providable: boolean;
    meal_order_required: boolean;
    is_pet_allowed: boolean;
    service_charge_percentage: string;
    utc_offset: string;
  }>(
    `SELECT id, meal_providable, meal_order_required, is_pet_allowed, service_charge_percentage::text, utc_offset
     FROM house_groups WHERE id = $1`,
    [houseGroupId],
  );
  const row = r.rows[0];
  return row
    ? {
        id: row.id,
        mealProvidable: row.meal_providable,
        mealOrderRequired: row.meal_order_required,
        isPetAllowed: row.is_pet_allowed,
        serviceChargePercentage: row.service_charge_percentage,
        utcOffset: row.utc_offset,
      }
    : null;
}

// Meals ---------------------------------------------------------------------------

export type MealRecord = {
  id: string;
  houseGroupId: string;
  type: MealKind;
  nameEn: string;
  nameJa: string;
  nameForChildrenEn: string;
  nameForChildrenJa: string;
  descriptionEn: string;
  descriptionJa: string;
  imageUrls: string[];
  thumbnailImageUrls: string[];
  adultPrice: number;
  childPrice: number;
  infantPrice: number;
  taxRateType: TaxRateType;
  /** "HH:MM" */
  providingTime: string;
  orderDeadlineDaysBefore: number;
  /** "HH:MM" */
  orderDeadlineTime: string;
  active: boolean;
  sortOrder: number;
};

type MealRow = {
  id: string;
  house_group_id: string;
  type: MealKind;
  name_en: string;
  name_ja: string;
  name_for_children_en: string;
  name_for_children_ja: string;
  description_en: string;
  description_ja: string;
  image_urls: string[];
  thumbnail_image_urls: string[];
  adult_price: number;
  child_price: number;
  infant_price: number;
  tax_rate_type: TaxRateType;
  providing_time: string;
  order_deadline_days_before: number;
  order_deadline_time: string;
  active: boolean;
  sort_order: number;
};

// Times are read as "HH:MM" text: the time of day in the house group's zone, never a JS Date.
const MEAL_COLUMNS = `m.id, m.house_group_id, m.type, m.name_en, m.name_ja, m.name_for_children_en,
  m.name_for_children_ja, m.description_en, m.description_ja, m.image_urls, m.thumbnail_image_urls,
  m.adult_price, m.child_price, m.infant_price, m.tax_rate_type, to_char(m.providing_time, 'HH24:MI') AS providing_time,
  m.order_deadline_days_before, to_char(m.order_deadline_time, 'HH24:MI') AS order_deadline_time, m.active, m.sort_order`;

const toMeal = (r: MealRow): MealRecord => ({
  id: r.id,
  houseGroupId: r.house_group_id,
  type: r.type,
  nameEn: r.name_en,
  nameJa: r.name_ja,
  nameForChildrenEn: r.name_for_children_en,
  nameForChildrenJa: r.name_for_children_ja,
  descriptionEn: r.description_en,
  descriptionJa: r.description_ja,
  imageUrls: r.image_urls,
  thumbnailImageUrls: r.thumbnail_image_urls,
  adultPrice: Number(r.adult_price),
  childPrice: Number(r.child_price),
  infantPrice: Number(r.infant_price),
  taxRateType: r.tax_rate_type,
  providingTime: r.providing_time,
  orderDeadlineDaysBefore: r.order_deadline_days_before,
  orderDeadlineTime: r.order_deadline_time,
  active: r.active,
  sortOrder: r.sort_order,
});

/** The active meals of a house group: breakfasts, then dinners, each in their order. */
export async function activeMeals(db: Db, houseGroupId: string): Promise<MealRecord[]> {
  const r = await db.query<MealRow>(
    `SELECT ${MEAL_COLUMNS} FROM meals m WHERE m.house_group_id = $1 AND m.active
     ORDER BY m.type, m.sort_order, m.id`,
    [houseGroupId],
  );
  return r.rows.map(toMeal);
}

export async function mealsByIds(db: Db, ids: string[]): Promise<MealRecord[]> {
  if (ids.length === 0) return [];
  const r = await db.query<MealRow>(`SELECT ${MEAL_COLUMNS} FROM meals m WHERE m.id = ANY($1::text[])`, [ids]);
  return r.rows.map(toMeal);
}

export type MealWrite = Omit<MealRecord, 'active' | 'sortOrder'> & { active?: boolean; sortOrder?: number };

/** Inserts a meal; a meal with this id already there is left as it is (the demo seed runs again). */
export async function insertMeal(db: Db, m: MealWrite): Promise<void> {
  await db.query(
    `INSERT INTO meals (id, house_group_id, type, name_en, name_ja, name_for_children_en, name_for_children_ja,
       description_en, description_ja, image_urls, thumbnail_image_urls, adult_price, child_price, infant_price,
       tax_rate_type, providing_time, order_deadline_days_before, order_deadline_time, active, sort_order)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
     ON CONFLICT (id) DO NOTHING`,
    [
      m.id,
      m.houseGroupId,
      m.type,
      m.nameEn,
      m.nameJa,
      m.nameForChildrenEn,
      m.nameForChildrenJa,
      m.descriptionEn,
      m.descriptionJa,
      m.imageUrls,
      m.thumbnailImageUrls,
      m.adultPrice,
      m.childPrice,
      m.infantPrice,
      m.taxRateType,
      m.providingTime,
      m.orderDeadlineDaysBefore,
      m.orderDeadlineTime,
      m.active ?? true,
      m.sortOrder ?? 0,
    ],
  );
}

// Extra options ----------------------------------------------------------------------

export type ExtraOptionRecord = {
  id: string;
  houseGroupId: string;
  type: 'AMENITY' | 'EXTRA_BED' | 'ADDITIONAL_PET';
  captionEn: string;
  captionJa: string;
  imageUrl: string;
  unitAmount: number;
  chargeBasis: ChargeBasis;
  freeQuantity: number;
  maxQuantity: number;
  isQuantityChangeable: boolean;
  alternativeDetailUrl: string;
  taxRateType: TaxRateType;
  active: boolean;
  sortOrder: number;
};

type ExtraOptionRow = {
  id: string;
  house_group_id: string;
  type: ExtraOptionRecord['type'];
  caption_en: string;
  caption_ja: string;
  image_url: string;
  unit_amount: number;
  charge_basis: ChargeBasis;
  free_quantity: number;
  max_quantity: number;
  is_quantity_changeable: boolean;
  alternative_detail_url: string;
  tax_rate_type: TaxRateType;
  active: boolean;
  sort_order: number;
};

const OPTION_COLUMNS = `o.id, o.house_group_id, o.type, o.caption_en, o.caption_ja, o.image_url, o.unit_amount,
  o.charge_basis, o.free_quantity, o.max_quantity, o.is_quantity_changeable, o.alternative_detail_url,
  o.tax_rate_type, o.active, o.sort_order`;

const toOption = (r: ExtraOptionRow): ExtraOptionRecord => ({
  id: r.id,
  houseGroupId: r.house_group_id,
  type: r.type,
  captionEn: r.caption_en,
  captionJa: r.caption_ja,
  imageUrl: r.image_url,
  unitAmount: Number(r.unit_amount),
  chargeBasis: r.charge_basis,
  freeQuantity: r.free_quantity,
  maxQuantity: r.max_quantity,
  isQuantityChangeable: r.is_quantity_changeable,
  alternativeDetailUrl: r.alternative_detail_url,
  taxRateType: r.tax_rate_type,
  active: r.active,
  sortOrder: r.sort_order,
});

export async function activeExtraOptions(db: Db, houseGroupId: string): Promise<ExtraOptionRecord[]> {
  const r = await db.query<ExtraOptionRow>(
    `SELECT ${OPTION_COLUMNS} FROM extra_options o WHERE o.house_group_id = $1 AND o.active
     ORDER BY o.sort_order, o.id`,
    [houseGroupId],
  );
  return r.rows.map(toOption);
}

export type ExtraOptionWrite = Omit<ExtraOptionRecord, 'active' | 'sortOrder'> & {
  active?: boolean;
  sortOrder?: number;
};

export async function insertExtraOption(db: Db, o: ExtraOptionWrite): Promise<void> {
  await db.query(
    `INSERT INTO extra_options (id, house_group_id, type, caption_en, caption_ja, image_url, unit_amount,
       charge_basis, free_quantity, max_quantity, is_quantity_changeable, alternative_detail_url, tax_rate_type,
       active, sort_order)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     ON CONFLICT (id) DO NOTHING`,
    [
      o.id,
      o.houseGroupId,
      o.type,
      o.captionEn,
      o.captionJa,
      o.imageUrl,
      o.unitAmount,
      o.chargeBasis,
      o.freeQuantity,
      o.maxQuantity,
      o.isQuantityChangeable,
      o.alternativeDetailUrl,
      o.taxRateType,
      o.active ?? true,
      o.sortOrder ?? 0,
    ],
  );
}

// Meal orders ------------------------------------------------------------------------------

export type MealOrderWrite = {
  id: string;
  bookingId: string;
  mealId: string;
  providingDate: string;
  providingTime: string;
  quantities: MealQuantity[];
  subtotal: number;
  taxRateType: TaxRateType;
  orderDeadline: Date;
  notes: string;
  orderedAt: Date | null;
  orderedBy: string;
};

export async function insertMealOrder(db: Db, o: MealOrderWrite): Promise<void> {
  await db.query(
    `INSERT INTO meal_orders (id, booking_id, meal_id, providing_date, providing_time, quantities, subtotal,
       tax_rate_type, order_deadline, notes, ordered_at, ordered_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, COALESCE($11::timestamptz, now()), $12)`,
    [
      o.id,
      o.bookingId,
      o.mealId,
      o.providingDate,
      o.providingTime,
      JSON.stringify(o.quantities),
      o.subtotal,
      o.taxRateType,
      o.orderDeadline,
      o.notes,
      o.orderedAt,
      o.orderedBy,
    ],
  );
}

export type MealOrderRecord = {
  id: string;
  bookingId: string;
  meal: MealRecord;
  providingDate: string;
  providingTime: string;
  quantities: MealQuantity[];
  subtotal: number;
  taxRateType: TaxRateType;
  orderDeadline: Date;
  status: 'ORDERED' | 'CANCELLED';
  notes: string;
  orderedAt: Date;
  cancelledAt: Date | null;
  serviceChargePercentage: string;
};

type MealOrderRow = MealRow & {
  order_id: string;
  booking_id: string;
  providing_date: string;
  order_providing_time: string;
  quantities: MealQuantity[];
  subtotal: number;
  order_tax_rate_type: TaxRateType;
  order_deadline: Date;
  status: 'ORDERED' | 'CANCELLED';
  notes: string;
  ordered_at: Date;
  cancelled_at: Date | null;
  service_charge_percentage: string;
};

const MEAL_ORDER_SELECT = `
  SELECT ${MEAL_COLUMNS}, mo.id AS order_id, mo.booking_id, mo.providing_date::text AS providing_date,
         to_char(mo.providing_time, 'HH24:MI') AS order_providing_time, mo.quantities, mo.subtotal,
         mo.tax_rate_type AS order_tax_rate_type, mo.order_deadline, mo.status, mo.notes, mo.ordered_at,
         mo.cancelled_at, hg.service_charge_percentage::text AS service_charge_percentage
  FROM meal_orders mo
  JOIN meals m ON m.id = mo.meal_id
  JOIN house_groups hg ON hg.id = m.house_group_id`;

const toMealOrder = (r: MealOrderRow): MealOrderRecord => ({
  id: r.order_id,
  bookingId: r.booking_id,
  meal: toMeal(r),
  providingDate: r.providing_date,
  providingTime: r.order_providing_time,
  quantities: r.quantities,
  subtotal: Number(r.subtotal),
  taxRateType: r.order_tax_rate_type,
  orderDeadline: r.order_deadline,
  status: r.status,
  notes: r.notes,
  orderedAt: r.ordered_at,
  cancelledAt: r.cancelled_at,
  serviceChargePercentage: r.service_charge_percentage,
});

export async function mealOrdersOfBooking(db: Db, bookingId: string): Promise<MealOrderRecord[]> {
  const r = await db.query<MealOrderRow>(
    `${MEAL_ORDER_SELECT} WHERE mo.booking_id = $1 ORDER BY mo.providing_date, mo.providing_time, mo.ordered_at, mo.id`,
    [bookingId],
  );
  return r.rows.map(toMealOrder);
}

/** Locks one order of a booking until the transaction ends, so two cancellations do not both go through. */
export async function lockMealOrder(db: Db, bookingId: string, orderId: string): Promise<MealOrderRecord | null> {
  const r = await db.query<MealOrderRow>(
    `${MEAL_ORDER_SELECT} WHERE mo.booking_id = $1 AND mo.id = $2 FOR UPDATE OF mo`,
    [bookingId, orderId],
  );
  return r.rows[0] ? toMealOrder(r.rows[0]) : null;
}

export async function cancelMealOrder(db: Db, orderId: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE meal_orders SET status = 'CANCELLED', cancelled_at = $2 WHERE id = $1 AND status = 'ORDERED'`,
    [orderId, now],
  );
}

/** The dates of a booking with a dinner ordered (and not cancelled). */
export async function datesWithDinner(db: Db, bookingId: string): Promise<string[]> {
  const r = await db.query<{ d: string }>(
    `SELECT DISTINCT mo.providing_date::text AS d FROM meal_orders mo JOIN meals m ON m.id = mo.meal_id
     WHERE mo.booking_id = $1 AND mo.status = 'ORDERED' AND m.type = 'DINNER' ORDER BY 1`,
    [bookingId],
  );
  return r.rows.map((x) => x.d);
}

// Custom meal orders ---------------------------------------------------------------------------

export type CustomMealOrderRecord = {
  id: string;
  bookingId: string;
  houseGroupId: string;
  name: string;
  quantity: number;
  unitAmount: number;
  subtotal: number;
  taxRateType: TaxRateType;
  providingDate: string;
  providingTime: string;
  status: 'ORDERED' | 'CANCELLED';
  notes: string;
  orderedAt: Date;
  serviceChargePercentage: string;
};

export async function insertCustomMealOrder(
  db: Db,
  o: Omit<CustomMealOrderRecord, 'status' | 'orderedAt' | 'serviceChargePercentage'> & {
    orderedAt: Date | null;
    orderedBy: string;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO custom_meal_orders (id, booking_id, house_group_id, name, quantity, unit_amount, subtotal,
       tax_rate_type, providing_date, providing_time, notes, ordered_at, ordered_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, COALESCE($12::timestamptz, now()), $13)`,
    [
      o.id,
      o.bookingId,
      o.houseGroupId,
      o.name,
      o.quantity,
      o.unitAmount,
      o.subtotal,
      o.taxRateType,
      o.providingDate,
      o.providingTime,
      o.notes,
      o.orderedAt,
      o.orderedBy,
    ],
  );
}

export async function customMealOrdersOfBooking(db: Db, bookingId: string): Promise<CustomMealOrderRecord[]> {
  const r = await db.query<{
    id: string;
    booking_id: string;
    house_group_id: string;
    name: string;
    quantity: number;
    unit_amount: number;
    subtotal: number;
    tax_rate_type: TaxRateType;
    providing_date: string;
    providing_time: string;
    status: 'ORDERED' | 'CANCELLED';
    notes: string;
    ordered_at: Date;
    service_charge_percentage: string;
  }>(
    `SELECT c.id, c.booking_id, c.house_group_id, c.name, c.quantity, c.unit_amount, c.subtotal, c.tax_rate_type,
            c.providing_date::text AS providing_date, to_char(c.providing_time, 'HH24:MI') AS providing_time,
            c.status, c.notes, c.ordered_at, hg.service_charge_percentage::text AS service_charge_percentage
     FROM custom_meal_orders c JOIN house_groups hg ON hg.id = c.house_group_id
     WHERE c.booking_id = $1 ORDER BY c.providing_date, c.providing_time, c.ordered_at, c.id`,
    [bookingId],
  );
  return r.rows.map((x) => ({
    id: x.id,
    bookingId: x.booking_id,
    houseGroupId: x.house_group_id,
    name: x.name,
    quantity: x.quantity,
    unitAmount: Number(x.unit_amount),
    subtotal: Number(x.subtotal),
    taxRateType: x.tax_rate_type,
    providingDate: x.providing_date,
    providingTime: x.providing_time,
    status: x.status,
    notes: x.notes,
    orderedAt: x.ordered_at,
    serviceChargePercentage: x.service_charge_percentage,
  }));
}

// Extra option orders -------------------------------------------------------------------------

export type ExtraOptionOrderWrite = {
  id: string;
  bookingId: string;
  extraOptionId: string;
  quantity: number;
  nights: number;
  unitAmount: number;
  amount: number;
  taxRateType: TaxRateType;
  orderedAt: Date | null;
  orderedBy: string;
};

/** Cancels the live order of this option for the booking, if any; returns the cancelled order. */
export async function cancelLiveOptionOrder(
  db: Db,
  bookingId: string,
  extraOptionId: string,
  now: Date | null,
): Promise<{ id: string; amount: number } | null> {
  const r = await db.query<{ id: string; amount: number }>(
    `UPDATE extra_option_orders SET status = 'CANCELLED', cancelled_at = COALESCE($3::timestamptz, now())
     WHERE booking_id = $1 AND extra_option_id = $2 AND status = 'ORDERED' RETURNING id, amount`,
    [bookingId, extraOptionId, now],
  );
  return r.rows[0] ? { id: r.rows[0].id, amount: Number(r.rows[0].amount) } : null;
}

export async function insertExtraOptionOrder(db: Db, o: ExtraOptionOrderWrite): Promise<void> {
  await db.query(
    `INSERT INTO extra_option_orders (id, booking_id, extra_option_id, quantity, nights, unit_amount, amount,
       tax_rate_type, ordered_at, ordered_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, COALESCE($9::timestamptz, now()), $10)`,
    [
      o.id,
      o.bookingId,
      o.extraOptionId,
      o.quantity,
      o.nights,
      o.unitAmount,
      o.amount,
      o.taxRateType,
      o.orderedAt,
      o.orderedBy,
    ],
  );
}

export type ExtraOptionOrderRecord = {
  id: string;
  option: ExtraOptionRecord;
  quantity: number;
  nights: number;
  unitAmount: number;
  amount: number;
  taxRateType: TaxRateType;
  serviceChargePercentage: string;
};

export async function liveOptionOrdersOfBooking(db: Db, bookingId: string): Promise<ExtraOptionOrderRecord[]> {
  const r = await db.query<
    ExtraOptionRow & {
      order_id: string;
      quantity: number;
      nights: number;
      order_unit_amount: number;
      amount: number;
      order_tax_rate_type: TaxRateType;
      service_charge_percentage: string;
    }
  >(
    `SELECT ${OPTION_COLUMNS}, eo.id AS order_id, eo.quantity, eo.nights, eo.unit_amount AS order_unit_amount,
            eo.amount, eo.tax_rate_type AS order_tax_rate_type,
            hg.service_charge_percentage::text AS service_charge_percentage
     FROM extra_option_orders eo
     JOIN extra_options o ON o.id = eo.extra_option_id
     JOIN house_groups hg ON hg.id = o.house_group_id
     WHERE eo.booking_id = $1 AND eo.status = 'ORDERED'
     ORDER BY o.sort_order, o.id`,
    [bookingId],
  );
  return r.rows.map((x) => ({
    id: x.order_id,
    option: toOption(x),
    quantity: x.quantity,
    nights: x.nights,
    unitAmount: Number(x.order_unit_amount),
    amount: Number(x.amount),
    taxRateType: x.order_tax_rate_type,
    serviceChargePercentage: x.service_charge_percentage,
  }));
}

// The whole booking ---------------------------------------------------------------------------------

/** Cancels every live order of a booking (it was cancelled or released); returns how many of each. */
export async function cancelAllOfBooking(
  db: Db,
  bookingId: string,
  now: Date | null,
): Promise<{ mealOrders: number; customMealOrders: number; extraOptionOrders: number }> {
  const count = async (table: string) =>
    (
      await db.query(
        `UPDATE ${table} SET status = 'CANCELLED', cancelled_at = COALESCE($2::timestamptz, now())
         WHERE booking_id = $1 AND status = 'ORDERED'`,
        [bookingId, now],
      )
    ).rowCount ?? 0;
  return {
    mealOrders: await count('meal_orders'),
    customMealOrders: await count('custom_meal_orders'),
    extraOptionOrders: await count('extra_option_orders'),
  };
}
