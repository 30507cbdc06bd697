import { z } from 'zod';
import { DateSchema, DateTimeSchema, PriceYenSchema, TypedIdSchema } from './common.schema.js';
import { PriceType } from './catalogue.contract.js';
import { specEnum } from './enum.schema.js';
import { defineMethod } from './method.js';
import { NacAmountInputSchema, NacAmountSchema } from './nac.contract.js';

/**
 * Lending (spec, section 3 "Notices, lending and vouchers"; DOMAIN.md): a user lends NAC for a
 * product's investment period and gets it back at its NAC return date with a reward in NAC or in
 * accommodation vouchers. NAC amounts and yields are decimal strings, unrounded.
 */

/** Lending reward type (spec, section 3). */
export const LendingRewardType = specEnum(['ACCOMMODATION_VOUCHER', 'NAC']);
/** Lending application status (spec, section 4). */
export const LendingApplicationStatus = specEnum([
  'AWAITING_TRANSFER',
  'ACTIVE_LENDING',
  'COMPLETED_AWAITING_REFUND',
  'COMPLETED_REFUNDED',
  'CANCELLED_AWAITING_REFUND',
  'CANCELLED_REFUNDED',
]);
export type LendingApplicationStatusValue = (typeof LendingApplicationStatus.values)[number];
/** Lottery status (spec, section 4). */
export const LotteryStatus = specEnum(['ACCEPTING', 'CLOSED']);
/** What happened to an application, in its timeline. */
export const LendingEventKind = specEnum([
  'CREATED',
  'PAID',
  'CONFIRMED',
  'REJECTED',
  'CANCELLED',
  'LAPSED',
  'ENDED',
  'RETURNED',
  'REFUNDED',
]);

/** An annual yield in percent, a decimal string with at most 4 places ("7.3", "12.1666"). */
export const YieldSchema = z.string().regex(/^\d{1,6}(\.\d{1,4})?$/);

export const LendingHouseGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  placeName: z.string(),
  timezone: z.string(),
});

export const LendingProductSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** NAC lent per unit. */
  unitLendingAmount: NacAmountSchema,
  /** NAC reward per unit at the NAC return date. */
  unitExpectedRewardAmount: NacAmountSchema,
  /** The reward over the investment period as an annual percentage, rounded down to 4 places. */
  expectedYield: YieldSchema,
  investmentPeriodDays: z.number().int(),
  remainingStockQuantity: z.number().int(),
  totalStockQuantity: z.number().int(),
  imageUrl: z.string(),
  nacReturnDate: DateSchema,
  salesStartAt: DateTimeSchema,
});
export type LendingProduct = z.infer<typeof LendingProductSchema>;

export const VoucherLendingProductSchema = z.object({
  id: z.string(),
  title: z.string(),
  houseGroup: LendingHouseGroupSchema,
  /** NAC lent for one standard night's voucher. */
  standardNightNacAmount: NacAmountSchema,
  highNightNacAmount: NacAmountSchema,
  standardRemainingStockQuantity: z.number().int(),
  highRemainingStockQuantity: z.number().int(),
  /** How many months ahead the vouchers' nights may be booked. */
  bookingWindowMonths: z.number().int(),
  /** The last day the vouchers may be used. */
  bookingExpireDate: DateSchema,
  /** Days from today to bookingExpireDate (0 once passed). */
  bookingDaysRemaining: z.number().int(),
  /** How many days ahead of a stay the vouchers' nights may be booked. */
  bookingWindowDays: z.number().int(),
  salesStartAt: DateTimeSchema,
  nacReturnDate: DateSchema,
  lotteryStatus: LotteryStatus.strict,
  investmentPeriodDays: z.number().int(),
  imageUrl: z.string(),
});
export type VoucherLendingProduct = z.infer<typeof VoucherLendingProductSchema>;

/** Payment schedule (spec, section 3): when the lent NAC is to be transferred, and the lending period. */
export const PaymentScheduleSchema = z.object({
  paymentWindowMonth: z.object({ year: z.number().int(), month: z.number().int() }),
  withdrawalStartDate: DateSchema,
  withdrawalEndDate: DateSchema,
  /** The lending period: planned from the product until staff confirm, then as confirmed. */
  startDate: DateSchema,
  endDate: DateSchema,
  /** The lent NAC's value in whole yen (rounded down) at the rate of the day the user applied. */
  amountInJpy: PriceYenSchema,
  nacAmount: NacAmountSchema,
});

export const NacRewardSchema = z.object({
  rewardsCount: z.number().int(),
  expectedRewardNacAmount: NacAmountSchema,
  expectedYield: YieldSchema,
  investmentPeriodDays: z.number().int(),
  horizontalImageUrl: z.string(),
  thumbnailImageUrl: z.string(),
});
export const VoucherRewardSchema = z.object({
  rewardsCount: z.number().int(),
  houseGroup: LendingHouseGroupSchema,
  priceType: PriceType.strict,
});

export const LendingApplicationSchema = z.object({
  lendingApplicationId: z.string(),
  lendingApplicationNumber: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  nacAmount: NacAmountSchema,
  lendingRewardType: LendingRewardType.strict,
  /** Set when staff confirm the transfer. */
  startDate: DateSchema.nullable(),
  endDate: DateSchema.nullable(),
  status: LendingApplicationStatus.strict,
  nacReturnDate: DateSchema,
  /** Exactly one of the two, by lendingRewardType. */
  accommodationVoucherReward: VoucherRewardSchema.nullable(),
  nacReward: NacRewardSchema.nullable(),
  /** The NAC has left the user's balance for this application. */
  paid: z.boolean(),
  createdAt: DateTimeSchema,
});
export type LendingApplication = z.infer<typeof LendingApplicationSchema>;

export const LendingApplicationDetailSchema = LendingApplicationSchema.extend({
  paymentSchedules: z.array(PaymentScheduleSchema),
  timeline: z.array(
    z.object({ event: LendingEventKind.strict, status: LendingApplicationStatus.strict, at: DateTimeSchema }),
  ),
  /** What the user may do now. */
  canPay: z.boolean(),
  canCancel: z.boolean(),
});
export type LendingApplicationDetail = z.infer<typeof LendingApplicationDetailSchema>;

const idInput = z.object({ lendingApplicationId: TypedIdSchema }).strict();

export const listLendingProducts = defineMethod({
  path: 'list_lending_products',
  access: 'public',
  summary: 'Lending products rewarded in NAC whose sales have started, newest return date last.',
  input: z.object({}).strict(),
  output: z.object({ lendingProducts: z.array(LendingProductSchema) }),
});

export const listVoucherLendingProducts = defineMethod({
  path: 'list_voucher_lending_products',
  access: 'public',
  summary: 'Lending products rewarded in accommodation vouchers whose sales have started.',
  input: z.object({}).strict(),
  output: z.object({ voucherLendingProducts: z.array(VoucherLendingProductSchema) }),
});

export const createLendingApplication = defineMethod({
  path: 'create_lending_application',
  access: 'user',
  summary:
    "Applies to lend NAC: units of a NAC product, or nights of one price type of a voucher product. The units are taken from the product's stock at once (409 CodeLendingStockExhausted when fewer remain); the application waits in AWAITING_TRANSFER until the NAC is paid and staff confirm it. 404 CodeLendingProductNotFound; 409 CodeLendingNotOnSale; 503 CodeNacExchangeUnavailable (the rate of the day is needed).",
  idempotent: true,
  input: z
    .object({
      productId: TypedIdSchema,
      units: z.number().int().min(1).max(10_000),
      /** A voucher product's price type; not given for a NAC product. */
      priceType: PriceType.strict.optional(),
    })
    .strict(),
  output: z.object({ lendingApplication: LendingApplicationDetailSchema }),
});

export const listLendingApplications = defineMethod({
  path: 'list_lending_applications',
  access: 'user',
  summary: "The signed-in user's lending applications, newest first.",
  input: z.object({}).strict(),
  output: z.object({ lendingApplications: z.array(LendingApplicationSchema) }),
});

export const getLendingApplication = defineMethod({
  path: 'get_lending_application',
  access: 'user',
  summary: "One of the user's applications with its payment schedule and timeline. 404 CodeLendingApplicationNotFound.",
  input: idInput,
  output: z.object({ lendingApplication: LendingApplicationDetailSchema }),
});

export const payLendingApplication = defineMethod({
  path: 'pay_lending_application',
  access: 'user',
  summary:
    "Pays an application's NAC from the user's NAC balance (a LENDING entry of the ledger); staff then confirm it. Paying twice takes nothing twice. 409 CodeNacInsufficientBalance; 409 CodeLendingStatusInvalid.",
  idempotent: true,
  input: idInput,
  output: z.object({ lendingApplication: LendingApplicationDetailSchema }),
});

export const cancelLendingApplication = defineMethod({
  path: 'cancel_lending_application',
  access: 'user',
  summary:
    'Cancels an application. Awaiting transfer: its stock is released and any NAC paid comes back at once (CANCELLED_REFUNDED). Active: CANCELLED_AWAITING_REFUND, the principal (no reward) comes back on the next run of the lending task. 409 CodeLendingStatusInvalid.',
  idempotent: true,
  input: idInput,
  output: z.object({ lendingApplication: LendingApplicationDetailSchema }),
});

// Staff --------------------------------------------------------------------------------------------

export const StaffLendingApplicationSchema = LendingApplicationSchema.extend({
  userEmail: z.string(),
  userName: z.string(),
});

export const staffListAwaitingLendingTransfers = defineMethod({
  path: 'staff_list_awaiting_lending_transfers',
  access: 'staff',
  summary: 'Applications awaiting transfer, oldest first, with whether their NAC has been paid.',
  input: z.object({}).strict(),
  output: z.object({ lendingApplications: z.array(StaffLendingApplicationSchema) }),
});

export const staffConfirmLendingTransfer = defineMethod({
  path: 'staff_confirm_lending_transfer',
  access: 'staff',
  summary:
    "Confirms that a paid application's NAC arrived: ACTIVE_LENDING from today for the product's investment period. 409 CodeLendingNotPaid; 409 CodeLendingStatusInvalid.",
  idempotent: true,
  input: idInput,
  output: z.object({ lendingApplication: StaffLendingApplicationSchema }),
});

export const staffRejectLendingTransfer = defineMethod({
  path: 'staff_reject_lending_transfer',
  access: 'staff',
  summary:
    'Rejects an application awaiting transfer: its stock is released and any NAC paid returned (CANCELLED_REFUNDED). 409 CodeLendingStatusInvalid.',
  idempotent: true,
  input: idInput,
  output: z.object({ lendingApplication: StaffLendingApplicationSchema }),
});

export const staffCreateLendingProduct = defineMethod({
  path: 'staff_create_lending_product',
  access: 'staff',
  summary:
    'Creates a lending product: rewarded in NAC (unit amounts) or in accommodation vouchers (a house group, night amounts and stock per price type). 400 CodeInvalidArgument naming the field.',
  input: z
    .object({
      lendingRewardType: LendingRewardType.strict,
      titleEn: z.string().trim().min(1).max(120),
      titleJa: z.string().trim().min(1).max(120),
      imageUrl: z.string().trim().max(500).default(''),
      investmentPeriodDays: z.number().int().min(1).max(3650),
      salesStartAt: DateTimeSchema,
      nacReturnDate: DateSchema,
      unitLendingAmount: NacAmountInputSchema.optional(),
      unitExpectedRewardAmount: NacAmountInputSchema.optional(),
      stockQuantity: z.number().int().min(0).max(1_000_000).optional(),
      houseGroupId: TypedIdSchema.optional(),
      standardNightNacAmount: NacAmountInputSchema.optional(),
      highNightNacAmount: NacAmountInputSchema.optional(),
      standardStockQuantity: z.number().int().min(0).max(1_000_000).optional(),
      highStockQuantity: z.number().int().min(0).max(1_000_000).optional(),
      bookingWindowMonths: z.number().int().min(1).max(60).optional(),
      bookingWindowDays: z.number().int().min(1).max(3650).optional(),
      bookingExpireDate: DateSchema.optional(),
    })
    .strict(),
  output: z.object({ productId: z.string() }),
});

export const LENDING_METHODS = [
  listLendingProducts,
  listVoucherLendingProducts,
  createLendingApplication,
  listLendingApplications,
  getLendingApplication,
  payLendingApplication,
  cancelLendingApplication,
  staffListAwaitingLendingTransfers,
  staffConfirmLendingTransfer,
  staffRejectLendingTransfer,
  staffCreateLendingProduct,
] as const;
