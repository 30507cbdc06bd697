import { z } from 'zod';
import { DateSchema, DateTimeSchema, PageRequestSchema, PriceYenSchema } from './common.schema.js';
import { specEnum } from './enum.schema.js';
import { defineMethod } from './method.js';

/**
 * Who a coupon comes from: a campaign of the operator, a partner (a company or
 * travel site handing out codes), or a referral by a guest. The type is the
 * first path segment of /coupons/{coupon_type}/{coupon_code}; a code is unique
 * within its type.
 */
export const CouponType = specEnum(['CAMPAIGN', 'PARTNER', 'REFERRAL']);

/** Whether a coupon can be used now (spec: an expired, unknown or exhausted coupon gets a clear message). */
export const CouponStatus = specEnum(['ACTIVE', 'NOT_YET_VALID', 'EXPIRED', 'EXHAUSTED']);

/** Codes are read case-insensitively and stored in capitals, so "summer26" and "SUMMER26" are one coupon. */
export const CouponCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{2,31}$/, '3 to 32 letters, digits, "-" or "_"')
  .transform((s) => s.toUpperCase());

/** A discount on the accommodation amount: a whole percentage (rounded down in yen) or a yen amount. */
export const CouponDiscountSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('PERCENTAGE'), percent: z.number().int().min(1).max(100) }),
  z.object({ type: z.literal('AMOUNT'), amountYen: z.number().int().min(1).max(10_000_000) }),
]);
export type CouponDiscount = z.infer<typeof CouponDiscountSchema>;

const yen = PriceYenSchema;

export const CouponHouseGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  placeId: z.string(),
  placeName: z.string(),
});

/** What anyone may see of a coupon, in the caller's language. */
export const CouponSchema = z.object({
  couponType: CouponType.strict,
  code: z.string(),
  title: z.string(),
  description: z.string(),
  discount: CouponDiscountSchema,
  validFrom: DateTimeSchema,
  /** The first instant the coupon is no longer valid. */
  validTo: DateTimeSchema,
  /** The first and the last night a stay may use the coupon for, when the coupon limits them. */
  stayDateFrom: DateSchema.nullable(),
  stayDateTo: DateSchema.nullable(),
  allHouseGroups: z.boolean(),
  /** The eligible house groups; empty when allHouseGroups. */
  houseGroups: z.array(CouponHouseGroupSchema),
  status: CouponStatus.strict,
  /** False once the total limit is used up (then status is EXHAUSTED). */
  available: z.boolean(),
});
export type Coupon = z.infer<typeof CouponSchema>;

const CouponKeySchema = z.object({ couponType: CouponType.strict, code: CouponCodeSchema });

export const getCoupon = defineMethod({
  path: 'get_coupon',
  access: 'public',
  summary:
    'A coupon by its type and code, for the coupon pages: title, discount, validity, eligible house groups and whether any are left. An unknown or withdrawn coupon is 404 CodeCouponNotFound; an expired or used-up one is returned with its status.',
  input: CouponKeySchema.strict(),
  output: CouponSchema,
});

export const checkCoupon = defineMethod({
  path: 'check_coupon',
  access: 'user',
  summary:
    'Checks a coupon against a stay of the signed-in user: the discount on the accommodation amount (a percentage is rounded down to the yen, and never more than the amount) and the amount left to pay. Refusals: CodeCouponNotFound, CodeCouponNotYetValid, CodeCouponExpired, CodeCouponNotApplicable, CodeCouponExhausted, CodeCouponUserLimitReached.',
  input: CouponKeySchema.extend({
    houseGroupId: z.string().min(1).max(100),
    checkinDate: DateSchema,
    checkoutDate: DateSchema,
    accommodationAmount: yen.max(1_000_000_000),
  }).strict(),
  output: z.object({
    couponType: CouponType.strict,
    code: z.string(),
    title: z.string(),
    discount: CouponDiscountSchema,
    accommodationAmount: yen,
    discountAmount: yen,
    finalAmount: yen,
  }),
});

// Staff ------------------------------------------------------------------------

const title = z.string().trim().min(1).max(100);
const description = z.string().trim().max(2000).default('');
const limit = z.number().int().min(1).max(1_000_000).nullable();

const CouponFieldsSchema = z.object({
  titleEn: title,
  titleJa: title,
  descriptionEn: description,
  descriptionJa: description,
  discount: CouponDiscountSchema,
  validFrom: DateTimeSchema,
  validTo: DateTimeSchema,
  stayDateFrom: DateSchema.nullable().default(null),
  stayDateTo: DateSchema.nullable().default(null),
  /** True: every house group, now and later. False: only houseGroupIds (at least one). */
  allHouseGroups: z.boolean(),
  houseGroupIds: z.array(z.string().min(1).max(100)).max(500).default([]),
  /** Redemptions allowed per user; null for no limit. */
  limitPerUser: limit,
  /** Redemptions allowed in all; null for no limit. */
  limitTotal: limit,
});

/** A coupon as staff edit it: both languages, the limits and how often it has been redeemed. */
export const StaffCouponSchema = z.object({
  id: z.string(),
  couponType: CouponType.strict,
  code: z.string(),
  titleEn: z.string(),
  titleJa: z.string(),
  descriptionEn: z.string(),
  descriptionJa: z.string(),
  discount: CouponDiscountSchema,
  validFrom: DateTimeSchema,
  validTo: DateTimeSchema,
  stayDateFrom: DateSchema.nullable(),
  stayDateTo: DateSchema.nullable(),
  allHouseGroups: z.boolean(),
  houseGroupIds: z.array(z.string()),
  limitPerUser: z.number().int().nullable(),
  limitTotal: z.number().int().nullable(),
  active: z.boolean(),
  /** Redemptions that still count (a released one, of a cancelled booking, does not). */
  redemptionCount: z.number().int(),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
export type StaffCoupon = z.infer<typeof StaffCouponSchema>;

export const staffCreateCoupon = defineMethod({
  path: 'staff_create_coupon',
  access: 'staff',
  summary: 'Creates a coupon. 409 CodeCouponCodeTaken when the type already has this code. Audited.',
  input: CouponFieldsSchema.extend({ couponType: CouponType.strict, code: CouponCodeSchema }).strict(),
  output: StaffCouponSchema,
});

export const staffUpdateCoupon = defineMethod({
  path: 'staff_update_coupon',
  access: 'staff',
  summary:
    'Replaces every editable field of a coupon (its type and code stay, so links that were handed out keep working). `active: false` withdraws it. Audited with before and after.',
  input: CouponFieldsSchema.extend({ couponId: z.string().min(1).max(100), active: z.boolean() }).strict(),
  output: StaffCouponSchema,
});

export const staffDeactivateCoupon = defineMethod({
  path: 'staff_deactivate_coupon',
  access: 'staff',
  summary: 'Withdraws a coupon at once: it is then unknown to guests. Redemptions already made stand. Audited.',
  input: z.object({ couponId: z.string().min(1).max(100) }).strict(),
  output: StaffCouponSchema,
});

export const staffGetCoupon = defineMethod({
  path: 'staff_get_coupon',
  access: 'staff',
  summary: 'One coupon with its redemption count, for the edit form.',
  input: z.object({ couponId: z.string().min(1).max(100) }).strict(),
  output: StaffCouponSchema,
});

export const staffListCoupons = defineMethod({
  path: 'staff_list_coupons',
  access: 'staff',
  summary:
    'Coupons, newest first, with their redemption counts; optionally of one type, or whose code or title contains `query`. Paged.',
  input: PageRequestSchema.extend({
    couponType: CouponType.strict.optional(),
    query: z.string().trim().max(100).default(''),
    includeInactive: z.boolean().default(true),
  }).strict(),
  output: z.object({ coupons: z.array(StaffCouponSchema), nextPageToken: z.string() }),
});

export const COUPON_METHODS = [
  getCoupon,
  checkCoupon,
  staffCreateCoupon,
  staffUpdateCoupon,
  staffDeactivateCoupon,
  staffGetCoupon,
  staffListCoupons,
] as const;
