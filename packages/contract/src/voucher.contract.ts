import { z } from 'zod';
import { DateSchema, DateTimeSchema, IdSchema, PriceYenSchema } from './common.schema.js';
import { specEnum } from './enum.schema.js';
import { BookingRequestSchema, CreatedOutput } from './booking.contract.js';
import { defineMethod } from './method.js';
import { NacAmountInputSchema, NacAmountSchema, NacRateSchema } from './nac.contract.js';

/**
 * Voucher products, their lotteries and accommodation vouchers (decision 0050). A voucher is nights
 * of one price tier at one house group, bought with NAC at the rate of the moment (a signed quote)
 * or won in a lottery at the price fixed when entering.
 */

/** Voucher product sales status (spec, section 3). */
export const VoucherSalesStatus = specEnum(['ON_SALE', 'SOLD_OUT']);
/** Lottery status (spec, section 3). */
export const LotteryStatus = specEnum(['ACCEPTING', 'CLOSED']);
/** The price tier of the nights a voucher pays (the season price type of those nights). */
export const VoucherPriceType = specEnum(['STANDARD', 'HIGH']);
/** What a lottery entry came to once drawn; PENDING until the draw. */
export const LotteryEntryResult = specEnum(['PENDING', 'WON', 'LOST', 'LOST_INSUFFICIENT_NAC']);
/** What is left of a voucher. */
export const AccommodationVoucherState = specEnum(['ACTIVE', 'USED_UP', 'EXPIRED', 'REVOKED']);

const HouseGroupRefSchema = z.object({ id: z.string(), name: z.string() });

export const VoucherProductSchema = z.object({
  voucherProductId: z.string(),
  houseGroup: HouseGroupRefSchema,
  priceType: VoucherPriceType.strict,
  days: z.number().int(),
  /** Tax-inclusive yen; paid in NAC at the rate of the moment. */
  price: PriceYenSchema,
  stock: z.number().int(),
  remainingStock: z.number().int(),
  salesStartAt: DateTimeSchema,
  /** A voucher can be used for this many days from the day it is issued. */
  bookingWindowDays: z.number().int(),
  revocable: z.boolean(),
  salesStatus: VoucherSalesStatus.strict,
  /** Whether the product is sold by lottery (entries until openDeadline, then a draw). */
  isLottery: z.boolean(),
  /** Open deadline (spec): until when a lottery product accepts entries; null for a product sold directly. */
  openDeadline: DateTimeSchema.nullable(),
  lotteryStatus: LotteryStatus.strict.nullable(),
  /** Whether the signed-in user has entered this product's lottery. */
  entered: z.boolean(),
});
export type VoucherProduct = z.infer<typeof VoucherProductSchema>;

export const listVoucherProducts = defineMethod({
  path: 'list_voucher_products',
  access: 'user',
  summary:
    'Voucher products whose sales have started or start within 60 days, soonest first, with their stock and sales status (SOLD_OUT when no stock is left or a lottery has been drawn).',
  input: z.object({ houseGroupId: IdSchema.optional() }).strict(),
  output: z.object({ products: z.array(VoucherProductSchema) }),
});

export const getVoucherProductPrice = defineMethod({
  path: 'get_voucher_product_price',
  access: 'user',
  summary:
    "Voucher product price (spec): the product's yen price in NAC at the exchange's rate now (rounded up to the token's smallest unit), with nacToJpyRate and nacToJpyRateHash (the server's signature, carrying its expiry) for purchase_voucher_product or enter_voucher_lottery, and the salesStatus. 404 CodeVoucherProductNotFound; 503 CodeNacExchangeUnavailable.",
  input: z.object({ voucherProductId: IdSchema }).strict(),
  output: z.object({
    nacPrice: NacAmountSchema,
    nacToJpyRate: NacRateSchema,
    nacToJpyRateHash: z.string(),
    salesStatus: VoucherSalesStatus.strict,
    price: PriceYenSchema,
    expiresAt: DateTimeSchema,
  }),
});

const QuoteInputSchema = {
  voucherProductId: IdSchema,
  nacPrice: NacAmountInputSchema,
  nacToJpyRate: z.string().max(40),
  nacToJpyRateHash: z.string().max(200),
};

export const AccommodationVoucherSchema = z.object({
  id: z.string(),
  houseGroup: HouseGroupRefSchema,
  /** The one house the voucher is for; null: any house of the group. */
  house: z.object({ id: z.string(), name: z.string() }).nullable(),
  priceType: VoucherPriceType.strict,
  /** Nights the voucher was issued with. */
  days: z.number().int(),
  /** Nights left to book (the sum of the voucher's ledger). */
  remainingDays: z.number().int(),
  /** What the voucher is worth in yen. */
  price: PriceYenSchema,
  /** The last day the voucher can be used (a check-out on this day at the latest), in the house group's zone. */
  expireDate: DateSchema,
  revocable: z.boolean(),
  state: AccommodationVoucherState.strict,
  issuedAt: DateTimeSchema,
});
export type AccommodationVoucher = z.infer<typeof AccommodationVoucherSchema>;

export const purchaseVoucherProduct = defineMethod({
  path: 'purchase_voucher_product',
  access: 'user',
  summary:
    "Buys a voucher product with NAC at the quoted price: the NAC leaves the balance (VOUCHER_PURCHASE), one unit of stock is taken and the voucher is issued, in one transaction. With the same Idempotency-Key a retry answers the same purchase. 404 CodeVoucherProductNotFound; 409 CodeVoucherSalesNotStarted, CodeVoucherProductIsLottery, CodeVoucherSoldOut, CodeNacInsufficientBalance, CodeRateQuoteExpired; 400 CodeRateQuoteInvalid (a quote altered or not this user's or this product's).",
  idempotent: true,
  input: z.object(QuoteInputSchema).strict(),
  output: z.object({
    voucherPurchaseId: z.string(),
    voucher: AccommodationVoucherSchema,
    nacAmount: NacAmountSchema,
    nacToJpyRate: NacRateSchema,
  }),
});

export const LotteryEntrySchema = z.object({
  lendingAccommodationVoucherLotteryEntryId: z.string(),
  voucherProductId: z.string(),
  houseGroup: HouseGroupRefSchema,
  /** Nights of each tier the voucher gives (spec): one of the two is the product's days. */
  daysStandard: z.number().int(),
  daysHigh: z.number().int(),
  bookingWindowDays: z.number().int(),
  lotteryStatus: LotteryStatus.strict,
  /** The entry's number, in the order entered (1 for the first). */
  lotteryNumber: z.number().int(),
  openDeadline: DateTimeSchema,
  /** The NAC price fixed at entry, taken at the draw if the entry wins. */
  nacPrice: NacAmountSchema,
  result: LotteryEntryResult.strict,
  /** The voucher a winning entry received. */
  accommodationVoucherId: z.string().nullable(),
  enteredAt: DateTimeSchema,
});
export type LotteryEntry = z.infer<typeof LotteryEntrySchema>;

export const enterVoucherLottery = defineMethod({
  path: 'enter_voucher_lottery',
  access: 'user',
  summary:
    "Enters a lottery product's draw at the quoted NAC price, which is fixed for the entry and taken at the draw if it wins (a winner whose balance no longer covers it loses the voucher to the next entry). One entry per user and product. 409 CodeVoucherLotteryAlreadyEntered, CodeVoucherLotteryNotAccepting, CodeVoucherProductNotLottery, CodeVoucherSalesNotStarted, CodeNacInsufficientBalance (the balance must cover the price when entering), CodeRateQuoteExpired; 400 CodeRateQuoteInvalid.",
  idempotent: true,
  input: z.object(QuoteInputSchema).strict(),
  output: z.object({ entry: LotteryEntrySchema }),
});

export const listLotteryEntries = defineMethod({
  path: 'list_lottery_entries',
  access: 'user',
  summary: "The signed-in user's lottery entries, newest first, with the lottery's status and each entry's result.",
  input: z.object({}).strict(),
  output: z.object({ entries: z.array(LotteryEntrySchema) }),
});

export const listAccommodationVouchers = defineMethod({
  path: 'list_accommodation_vouchers',
  access: 'user',
  summary: "The signed-in user's accommodation vouchers, soonest expiry first, with the nights left on each.",
  input: z.object({}).strict(),
  output: z.object({ vouchers: z.array(AccommodationVoucherSchema) }),
});

export const revokeAccommodationVoucher = defineMethod({
  path: 'revoke_accommodation_voucher',
  access: 'user',
  summary:
    "Gives back a revocable voucher the user holds: its nights left are taken (REVOKE) and the NAC paid for them returned pro rata (paid × nights left ÷ nights, rounded down to the token's unit; VOUCHER_REFUND). A voucher from a lending reward returns no NAC. 404 CodeAccommodationVoucherNotFound; 409 CodeAccommodationVoucherNotRevocable, CodeAccommodationVoucherRevoked, CodeAccommodationVoucherExpired, CodeAccommodationVoucherUsedUp.",
  idempotent: true,
  input: z.object({ accommodationVoucherId: IdSchema }).strict(),
  output: z.object({ voucher: AccommodationVoucherSchema, refundedNacAmount: NacAmountSchema }),
});

export const createVoucherTentativeBooking = defineMethod({
  path: 'create_voucher_tentative_booking',
  access: 'user',
  idempotent: true,
  summary:
    "Holds a stay as a TENTATIVE DAO_USE booking whose nights the user's accommodation voucher pays (USE on the voucher's ledger; given back as RESTORE when the booking is cancelled). Meals and options are paid as usual. The stay must be at the voucher's house group (and house, when it names one), check out on or before its expireDate (the voucher's last day), and a STANDARD voucher pays standard nights only (a HIGH voucher pays both). 404 CodeAccommodationVoucherNotFound; 409 CodeAccommodationVoucherRevoked, CodeAccommodationVoucherExpired, CodeAccommodationVoucherStayAfterExpiry, CodeAccommodationVoucherWrongHouseGroup, CodeAccommodationVoucherUsedUp, CodeAccommodationVoucherPriceTypeMismatch, CodeAccommodationVoucherNotEnoughNights, CodeHouseNotAvailable.",
  input: BookingRequestSchema.omit({ coupon: true }).extend({ accommodationVoucherId: IdSchema }).strict(),
  output: CreatedOutput,
});

export const staffCreateVoucherProduct = defineMethod({
  path: 'staff_create_voucher_product',
  access: 'staff',
  summary:
    'Creates a voucher product. With openDeadline it is sold by lottery: entries from salesStartAt until openDeadline, then the draw. 400 CodeInvalidArgument (an unknown house group, a deadline not after the sales start).',
  input: z
    .object({
      houseGroupId: IdSchema,
      priceType: VoucherPriceType.strict,
      days: z.number().int().min(1).max(60),
      price: z.number().int().min(1).max(100_000_000),
      stock: z.number().int().min(1).max(100_000),
      salesStartAt: DateTimeSchema,
      bookingWindowDays: z.number().int().min(1).max(730),
      revocable: z.boolean(),
      openDeadline: DateTimeSchema.nullable().default(null),
    })
    .strict(),
  output: z.object({ product: VoucherProductSchema }),
});

export const DrawnEntrySchema = z.object({
  lotteryNumber: z.number().int(),
  drawRank: z.number().int(),
  result: LotteryEntryResult.strict,
});

export const staffReplayVoucherLotteryDraw = defineMethod({
  path: 'staff_replay_voucher_lottery_draw',
  access: 'staff',
  summary:
    "Runs a drawn lottery's draw again from its stored seed and the entries, and sets the order it gives beside the order recorded at the draw: matches is true when they are the same. 404 CodeVoucherProductNotFound; 409 CodeVoucherLotteryNotDrawn.",
  input: z.object({ voucherProductId: IdSchema }).strict(),
  output: z.object({
    voucherProductId: z.string(),
    seed: z.string(),
    drawnAt: DateTimeSchema,
    stock: z.number().int(),
    recorded: z.array(DrawnEntrySchema),
    /** Lottery numbers in the order the seed gives now. */
    replayedOrder: z.array(z.number().int()),
    /** Lottery numbers of the winners, as recorded. */
    winners: z.array(z.number().int()),
    matches: z.boolean(),
  }),
});

export const VOUCHER_METHODS = [
  listVoucherProducts,
  getVoucherProductPrice,
  purchaseVoucherProduct,
  enterVoucherLottery,
  listLotteryEntries,
  listAccommodationVouchers,
  revokeAccommodationVoucher,
  createVoucherTentativeBooking,
  staffCreateVoucherProduct,
  staffReplayVoucherLotteryDraw,
] as const;
