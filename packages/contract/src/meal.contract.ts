import { z } from 'zod';
import { DateSchema, DateTimeSchema, PriceYenSchema } from './common.schema.js';
import { specEnum } from './enum.schema.js';
import { defineMethod } from './method.js';

export const MealType = specEnum(['BREAKFAST', 'DINNER']);
export const MealOrderStatus = specEnum(['ORDERED', 'CANCELLED']);
export const ExtraOptionType = specEnum(['AMENITY', 'EXTRA_BED', 'ADDITIONAL_PET']);
/** Whether an extra option is charged once per night of the stay or once for the whole stay. */
export const ExtraOptionChargeBasis = specEnum(['PER_NIGHT', 'PER_STAY']);
export const BookingMealEntryType = specEnum(['MEAL_ORDER', 'UNCONFIRMED_MEAL_ORDER', 'CUSTOM_MEAL_ORDER']);

/**
 * The age bands a meal is priced by (docs/domain.md): adults from 13, children
 * 6 to 12, infants 0 to 5. A meal quantity names an age in years; a client
 * that asks only for the band sends the band's youngest age (13, 6 or 0).
 */
export const MEAL_AGE_BANDS = {
  ADULT: { minAge: 13, maxAge: 120 },
  CHILD: { minAge: 6, maxAge: 12 },
  INFANT: { minAge: 0, maxAge: 5 },
} as const;
export type MealAgeBand = keyof typeof MEAL_AGE_BANDS;

export function mealAgeBand(age: number): MealAgeBand {
  if (age >= MEAL_AGE_BANDS.ADULT.minAge) return 'ADULT';
  if (age >= MEAL_AGE_BANDS.CHILD.minAge) return 'CHILD';
  return 'INFANT';
}

const yen = PriceYenSchema;
/** A time of day in the house group's time zone, "HH:MM". */
const TimeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');

/** How many portions for guests of one age. */
export const MealQuantitySchema = z.object({
  age: z.number().int().min(0).max(120),
  number: z.number().int().min(0).max(99),
});
export type MealQuantity = z.infer<typeof MealQuantitySchema>;

/** A meal a house group serves, in the caller's language, with its prices by age band (yen, tax-exclusive). */
export const MealSchema = z.object({
  id: z.string(),
  type: MealType.strict,
  name: z.string(),
  /** The name of the children's version of the meal (served to the CHILD and INFANT bands). */
  nameForChildren: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  thumbnailImageUrl: z.string(),
  imageUrls: z.array(z.string()),
  thumbnailImageUrls: z.array(z.string()),
  adultPrice: yen,
  childPrice: yen,
  infantPrice: yen,
  /** The same prices with the service charge and consumption tax (STANDARD, served in the house) added, for display. */
  adultServiceChargeAndTaxInclusivePrice: yen,
  childServiceChargeAndTaxInclusivePrice: yen,
  infantServiceChargeAndTaxInclusivePrice: yen,
  /** When the meal is served, in the house group's time zone. */
  providingTime: TimeOfDaySchema,
  /** Orders and cancellations close this many days before the providing date, at orderDeadlineTime. */
  orderDeadlineDaysBefore: z.number().int().min(0),
  orderDeadlineTime: TimeOfDaySchema,
});
export type Meal = z.infer<typeof MealSchema>;

/** A placed order of a meal for one date. */
export const MealOrderSchema = z.object({
  id: z.string(),
  meal: MealSchema,
  quantities: z.array(MealQuantitySchema),
  /** Σ portions × the price of their age band (yen, tax-exclusive, before service charge). */
  subtotal: yen,
  notes: z.string(),
  providingDate: DateSchema,
  providingTime: TimeOfDaySchema,
  status: MealOrderStatus.strict,
  /** The subtotal with service charge and consumption tax, for display (the invoice computes tax once per rate). */
  serviceChargeAndTaxInclusiveAmount: yen,
  orderedAt: DateTimeSchema,
  /** The last moment the order can be cancelled (the meal's order deadline for its date). */
  orderDeadline: DateTimeSchema,
});
export type MealOrder = z.infer<typeof MealOrderSchema>;

/** A meal order priced but not placed yet (a quote, a booking being chosen). */
export const UnconfirmedMealOrderSchema = z.object({
  meal: MealSchema,
  quantities: z.array(MealQuantitySchema),
  subtotal: yen,
  providingDate: DateSchema,
  serviceChargeAndTaxInclusiveAmount: yen,
});
export type UnconfirmedMealOrder = z.infer<typeof UnconfirmedMealOrderSchema>;

/** A meal staff arranged by hand (a chef's special, a cake), outside the house group's menu. */
export const CustomMealOrderSchema = z.object({
  id: z.string(),
  name: z.string(),
  quantity: z.number().int().min(0),
  subtotal: yen,
  providingDate: DateSchema,
  providingTime: TimeOfDaySchema,
  status: MealOrderStatus.strict,
  serviceChargeAndTaxInclusiveAmount: yen,
  orderedAt: DateTimeSchema,
});
export type CustomMealOrder = z.infer<typeof CustomMealOrderSchema>;

/**
 * One meal of a booking: exactly one of the three kinds of order, named by
 * `type`. canGetMealOrderInputs: the guest may still change it (its order
 * deadline has not passed and the booking is neither cancelled nor over).
 */
export const BookingMealEntrySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('MEAL_ORDER'), mealOrder: MealOrderSchema, canGetMealOrderInputs: z.boolean() }),
  z.object({
    type: z.literal('UNCONFIRMED_MEAL_ORDER'),
    unconfirmedMealOrder: UnconfirmedMealOrderSchema,
    canGetMealOrderInputs: z.boolean(),
  }),
  z.object({
    type: z.literal('CUSTOM_MEAL_ORDER'),
    customMealOrder: CustomMealOrderSchema,
    canGetMealOrderInputs: z.boolean(),
  }),
]);
export type BookingMealEntry = z.infer<typeof BookingMealEntrySchema>;

/**
 * An extra option of a house group. In list_extra_options `quantity` is 0 and
 * the amounts are those of one unit; in a booking or quote they are those of
 * the chosen quantity: amount = max(0, quantity − freeQuantity) × unitAmount
 * (× nights when charged per night), tax-exclusive.
 */
export const ExtraOptionSchema = z.object({
  id: z.string(),
  type: ExtraOptionType.strict,
  caption: z.string(),
  imageUrl: z.string(),
  amount: yen,
  taxInclusiveAmount: yen,
  quantity: z.number().int().min(0),
  /** Units included at no charge. */
  freeQuantity: z.number().int().min(0),
  maxQuantity: z.number().int().min(0),
  serviceChargeAndTaxInclusiveAmount: yen,
  isQuantityChangeable: z.boolean(),
  /** A page that explains the option further; '' when there is none. */
  alternativeDetailUrl: z.string(),
  chargeBasis: ExtraOptionChargeBasis.strict,
  /** The price of one unit (per night when chargeBasis is PER_NIGHT), yen, tax-exclusive. */
  unitAmount: yen,
  unitTaxInclusiveAmount: yen,
});
export type ExtraOption = z.infer<typeof ExtraOptionSchema>;

// Inputs the booking methods reuse ---------------------------------------------

/** A meal to order for one date of a stay. */
export const MealOrderInputSchema = z
  .object({
    date: DateSchema,
    mealId: z.string().min(1).max(100),
    quantities: z.array(MealQuantitySchema.strict()).min(1).max(20),
  })
  .strict();
export type MealOrderInput = z.infer<typeof MealOrderInputSchema>;

/** How many units of an extra option a stay takes. */
export const ExtraOptionSelectionSchema = z
  .object({
    extraOptionId: z.string().min(1).max(100),
    quantity: z.number().int().min(0).max(99),
  })
  .strict();
export type ExtraOptionSelection = z.infer<typeof ExtraOptionSelectionSchema>;

// Methods ------------------------------------------------------------------------

const HouseGroupIdInput = z.object({ houseGroupId: z.string().min(1).max(100) }).strict();

export const listMeals = defineMethod({
  path: 'list_meals',
  access: 'public',
  summary:
    'The meals a house group serves (breakfasts first, then dinners), with prices by age band: adults 13 and over, children 6 to 12, infants 0 to 5. Empty when the house group does not provide meals. An unknown house group is 404 CodeNotFound (field houseGroupId).',
  input: HouseGroupIdInput,
  output: z.object({ meals: z.array(MealSchema) }),
});

export const listExtraOptions = defineMethod({
  path: 'list_extra_options',
  access: 'public',
  summary:
    'The extra options a house group offers (extra bed, amenities, an additional pet where pets are allowed), with the price of one unit. An unknown house group is 404 CodeNotFound (field houseGroupId).',
  input: HouseGroupIdInput,
  output: z.object({ extraOptions: z.array(ExtraOptionSchema) }),
});

export const MEAL_METHODS = [listMeals, listExtraOptions] as const;
