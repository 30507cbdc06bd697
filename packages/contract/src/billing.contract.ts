import { z } from 'zod';
import { DateSchema, DateTimeSchema, IdSchema, YenSchema } from './common.schema.js';
import { specEnum } from './enum.schema.js';
import { defineMethod } from './method.js';
import { NacAmountInputSchema, NacRateSchema } from './nac.contract.js';
import { PaymentMethodSchema, SameSitePathSchema, type PaymentMethod } from './payment.contract.js';

// Enumerations (spec, section 3) -----------------------------------------------

export const BillingType = specEnum(['DEPOSIT', 'DEFAULT', 'ADDITIONAL', 'CANCELLATION']);
export type BillingTypeValue = (typeof BillingType.values)[number];

/** Billing status (spec, section 4). */
export const BillingStatus = specEnum(['REQUESTED', 'PAID', 'CANCELLED', 'FAILED', 'REFUNDED']);
export type BillingStatusValue = (typeof BillingStatus.values)[number];

export const TransactionSubject = specEnum([
  'ACCOMMODATION',
  'MUTUAL_USE_EXTRA_CHARGE',
  'MEAL',
  'BEVERAGE',
  'MERCHANDISE',
  'ACCOMMODATION_CANCEL_FEE',
  'ACCOMMODATION_DEPOSIT',
  'OPTION',
  'DISCOUNT',
  'OWN_USE_FEE',
]);
export type TransactionSubjectValue = (typeof TransactionSubject.values)[number];

export const TransactionSource = specEnum(['CHECKIN', 'CHECKOUT', 'CANCEL']);
export type TransactionSourceValue = (typeof TransactionSource.values)[number];

/** STANDARD 10%, REDUCED 8% (food and non-alcoholic drinks sold as goods), EXEMPT 0% (deposits, not a taxable sale). */
export const ConsumptionTaxRateType = specEnum(['STANDARD', 'REDUCED', 'EXEMPT']);
export type ConsumptionTaxRateTypeValue = (typeof ConsumptionTaxRateType.values)[number];

export const CancellationFeeSource = specEnum([
  'ACCOMMODATION_AMOUNT',
  'MUTUAL_USE_EXTRA_CHARGE',
  'RENT_PRICE',
  'ADJUSTMENT',
]);
export type CancellationFeeSourceValue = (typeof CancellationFeeSource.values)[number];

export const OrderCategory = specEnum(['MEAL', 'BEVERAGE', 'MERCHANDISE', 'SERVICE', 'EXTRA_OPTION']);
export type OrderCategoryValue = (typeof OrderCategory.values)[number];

export const OrderStatus = specEnum(['ORDERED', 'CANCELLED']);

/** The slot tier an owner's cancelled night consumed instead of a yen fee (spec: slot tiers). */
export const ConsumedSlot = specEnum(['STANDARD', 'HIGH', 'HIGH_SUBSTITUTE']);

// Payment method ------------------------------------------------------------------

/**
 * The payment method a billing was paid with, as a snapshot taken when it was
 * paid: a card deleted later still shows on its past billings.
 */
export const BillingPaymentMethodSchema = PaymentMethodSchema;
export type BillingPaymentMethod = PaymentMethod;

const yen = YenSchema;

// Shapes (spec, section 3 "Billing") ----------------------------------------------

export const BillingSummarySchema = z.object({
  bookingId: z.string(),
  billingId: z.string(),
  billingNumber: z.string(),
  billingStatus: BillingStatus.strict,
  /** Tax-inclusive total of the billing, accommodation tax included, before deductions and points. */
  totalAmount: yen,
  paymentMethod: BillingPaymentMethodSchema.nullable(),
  paymentDeadline: DateTimeSchema.nullable(),
  billingType: BillingType.strict,
  billedAt: DateTimeSchema,
  paidAt: DateTimeSchema.nullable(),
});
export type BillingSummary = z.infer<typeof BillingSummarySchema>;

export const DetailedBillingSchema = BillingSummarySchema.extend({
  /** What this billing asks for: totalAmount less deductions (a deposit already paid). */
  totalBillingAmount: yen,
  isSplitSource: z.boolean(),
  isInvoicePayment: z.boolean(),
  /** The part paid by card (totalBillingAmount less points). */
  fiatJpyPaymentAmount: yen,
  /** NAC amounts and rates are decimals, sent unrounded as strings. */
  nacPaymentAmount: z.string(),
  nacToJpyRate: z.string(),
  nacPaymentAmountInJpy: yen,
  nacPaidAt: DateTimeSchema.nullable(),
  nacGuaranteedDiscountAmount: yen,
  preDiscountBillingAmount: yen,
  pointPaymentAmount: yen,
  /** Amounts already paid elsewhere (a deposit) subtracted from totalAmount. */
  deductionAmount: yen,
  refundedAmount: yen,
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
export type DetailedBilling = z.infer<typeof DetailedBillingSchema>;

export const SplitBillingSchema = z.object({
  billing: DetailedBillingSchema,
  paymentMethod: BillingPaymentMethodSchema.nullable(),
  /** Who is to pay this part (family name first), so the booker sees whose part is still open. */
  payerName: z.string(),
});

export const BillingWithDetailsSchema = z.object({
  billing: DetailedBillingSchema,
  paymentMethod: BillingPaymentMethodSchema.nullable(),
  ownSplitBillings: z.array(SplitBillingSchema),
});
export type BillingWithDetails = z.infer<typeof BillingWithDetailsSchema>;

export const TaxSubtotalSchema = z.object({
  /** Percent: 10, 8 or 0. */
  taxRate: z.number().int(),
  /** Consumption tax of this rate for the whole billing, computed once and rounded down. */
  taxAmount: yen,
  /** Tax-exclusive amount at this rate, service charge included. */
  amount: yen,
  taxInclusiveAmount: yen,
  consumptionTaxRateType: ConsumptionTaxRateType.strict,
});
export type TaxSubtotal = z.infer<typeof TaxSubtotalSchema>;

export const ServiceChargeSubtotalSchema = z.object({
  /** A decimal percentage such as "10.00", sent unrounded. */
  percentage: z.string(),
  /** The service charge, rounded down to the yen. */
  amount: yen,
  /** The amount the service charge is computed on (lines it applies to, after discounts). */
  amountSubject: yen,
});
export type ServiceChargeSubtotal = z.infer<typeof ServiceChargeSubtotalSchema>;

export const SubjectSubtotalSchema = z.object({
  subject: TransactionSubject.strict,
  /** Tax-exclusive, before service charge; negative for DISCOUNT. */
  amount: yen,
});

export const MealQuantitySchema = z.object({ age: z.number().int().min(0), number: z.number().int().min(0) });

export const OrderLineSchema = z.object({
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  title: z.string(),
  category: OrderCategory.strict.nullable(),
  date: DateSchema.nullable(),
  /** A count, or for meals the quantities by age. */
  quantity: z.union([z.number().int(), z.array(MealQuantitySchema)]),
  status: OrderStatus.strict,
  /** Tax-exclusive, before service charge. */
  amount: yen,
  adjustmentAmount: yen,
  /** For display only: the invoice's tax is computed per rate on the whole billing. */
  taxInclusiveAmount: yen,
  consumptionTax: yen,
  consumptionTaxRate: z.number().int(),
  consumptionTaxRateType: ConsumptionTaxRateType.strict,
  serviceChargeApplicable: z.boolean(),
  subject: TransactionSubject.strict,
  source: TransactionSource.strict.nullable(),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

export const CancellationFeeDetailSchema = z.object({
  percentage: z.number().int().min(0).max(100),
  amount: yen,
  source: CancellationFeeSource.strict,
  consumedSlot: ConsumedSlot.strict.nullable(),
});

export const CancellationFeePerDateSchema = z.object({
  date: DateSchema,
  amount: yen,
  details: z.array(CancellationFeeDetailSchema),
});
export type CancellationFeePerDate = z.infer<typeof CancellationFeePerDateSchema>;

export const BillingDetailSchema = z.object({
  billingNumber: z.string(),
  isSplitSource: z.boolean(),
  /** Everything on the billing, service charge, consumption tax and accommodation tax included. */
  taxInclusiveTotalAmount: yen,
  subtotalsBySubject: z.array(SubjectSubtotalSchema),
  mutualUseExtraChargePerDay: yen,
  preDiscountSubtotalsByConsumptionTaxRate: z.array(TaxSubtotalSchema),
  preDiscountTaxExclusiveSubtotalAmount: yen,
  preDiscountTaxInclusiveSubtotalAmount: yen,
  nacGuaranteedDiscountAmount: yen,
  subtotalsByConsumptionTaxRate: z.array(TaxSubtotalSchema),
  adjustmentAmount: yen,
  orders: z.array(OrderLineSchema),
  ownUseFee: yen,
  mutualUseExtraCharge: yen,
  accommodationAmount: yen,
  cancellationFee: z.array(CancellationFeePerDateSchema),
  subtotalByServiceChargePercentage: ServiceChargeSubtotalSchema,
  /** Discount lines, as a positive amount. */
  discountAmount: yen,
  serviceChargeAmount: yen,
  /** Local accommodation tax, outside consumption tax, on its own line. */
  accommodationTaxAmount: yen,
});
export type BillingDetail = z.infer<typeof BillingDetailSchema>;

// Methods -------------------------------------------------------------------------

const id = IdSchema;

export const listBillings = defineMethod({
  path: 'list_billings',
  access: 'user',
  summary:
    "The billings of one of the signed-in user's bookings, oldest first, with their details and the amount not yet billed. Another account's booking answers 404 CodeBookingNotFound.",
  input: z.object({ bookingId: id }).strict(),
  output: z.object({
    billings: z.array(BillingSummarySchema),
    billingWithDetails: z.array(BillingWithDetailsSchema),
    totalUnbilledAmount: yen,
  }),
});

export const getBillingDetail = defineMethod({
  path: 'get_billing_detail',
  access: 'user',
  summary:
    'One billing of the signed-in user with its lines, subtotals per subject, per consumption-tax rate (tax computed once per rate, rounded down) and the service charge. 404 CodeBillingNotFound otherwise.',
  input: z.object({ billingId: id }).strict(),
  output: z.object({ billing: DetailedBillingSchema, billingDetail: BillingDetailSchema }),
});

export const PaymentAttemptSchema = z.object({
  status: z.enum(['PAID', 'REQUIRES_ACTION', 'PENDING', 'FAILED']),
  /** The card issuer's 3-D Secure page, when status is REQUIRES_ACTION. */
  challengeUrl: z.string().optional(),
  /** Why the card was refused, when status is FAILED (an error reason of the catalogue). */
  reason: z.string().optional(),
});

export const payBilling = defineMethod({
  path: 'pay_billing',
  access: 'user',
  idempotent: true,
  summary:
    'Pays a DEFAULT or ADDITIONAL billing (or a part of a split billing) of the signed-in user with, in any mix, points (1 point = 1 yen), NAC at a rate quote and a registered card for the rest; points and NAC together never more than the amount billed. NAC: ask get_nac_rate_quote for the yen to pay in NAC and send back its nacAmount (nacPaymentAmount), amountInJpy (nacPaymentAmountInJpy), nacToJpyRate and nacToJpyRateHash, all four or none; the NAC is taken in the step that reserves the points and given back (PAYMENT_REFUND) if the card part fails. 3-D Secure may answer REQUIRES_ACTION with the challenge page; then call complete_billing_payment. A FAILED billing may be paid again. Refusals: CodeBillingNotFound, CodeBillingNotPayable, CodeBillingIsSplit, CodeInsufficientPoints, CodePointsExceedAmount, CodeNacPaymentExceedsAmount, CodeRateQuoteExpired, CodeRateQuoteInvalid, CodeNacInsufficientBalance, CodeBillingPaymentMethodRequired, CodePaymentMethodNotFound, CodePaymentPending.',
  input: z
    .object({
      billingId: id,
      /** The card for what points and NAC leave; not needed when they pay it all. */
      paymentMethodId: id.optional(),
      pointPaymentAmount: z.number().int().min(0).max(1_000_000_000).default(0),
      /** The NAC amount of the quote (get_nac_rate_quote nacAmount). */
      nacPaymentAmount: NacAmountInputSchema.optional(),
      /** The yen that NAC pays (the quote's amountInJpy). */
      nacPaymentAmountInJpy: z.number().int().min(1).max(10_000_000_000).optional(),
      nacToJpyRate: NacRateSchema.optional(),
      /** The quote's signature; it carries the quote's expiry. */
      nacToJpyRateHash: z.string().min(1).max(200).optional(),
      /** Where the 3-D Secure page sends the browser back (a path of this site); the booking page when absent. */
      returnUrl: SameSitePathSchema.optional(),
    })
    .strict(),
  output: z.object({ billing: DetailedBillingSchema, payment: PaymentAttemptSchema }),
});

/** The most parts a billing is split into: a house's party, enough for a group, few enough to check by eye. */
export const MAX_SPLIT_PARTS = 10;

export const splitBilling = defineMethod({
  path: 'split_billing',
  access: 'user',
  idempotent: true,
  summary:
    "Splits one of the signed-in booker's unpaid DEFAULT or ADDITIONAL billings into 2 to 10 parts, each a whole yen amount for a payer named by the email of a registered user (the booker's own email, or none, keeps a part for the booker); the parts add up exactly to the amount billed. Each payer sees their part in list_split_billings and pays it with pay_billing by their own card, NAC or points; the source (isSplitSource) counts as PAID when every part is. Refusals: CodeBillingNotFound, CodeBillingSplitNotAllowed (paid, partly paid, already split, payment under way), CodeBillingSplitTotalMismatch, CodeBillingSplitPartInvalid, CodeBillingSplitTooManyParts, CodeBillingSplitPayerNotFound.",
  input: z
    .object({
      billingId: id,
      parts: z
        .array(
          z
            .object({
              amount: z.number().int(),
              /** A registered user's email; absent: the booker's own part. */
              payerEmail: z.string().trim().max(254).optional(),
            })
            .strict(),
        )
        .max(100),
    })
    .strict(),
  output: BillingWithDetailsSchema,
});

export const SplitPartSchema = z.object({
  billing: DetailedBillingSchema,
  paymentMethod: BillingPaymentMethodSchema.nullable(),
  /** The source billing's number and the booker's name, so the payer knows what they pay for. */
  sourceBillingNumber: z.string(),
  bookerName: z.string(),
  /**
   * The stay the part pays for: the house group in the caller's language and the booked dates
   * (null for a billing that belongs to no booking of a house).
   */
  houseGroupName: z.string().nullable(),
  checkinDate: DateSchema.nullable(),
  checkoutDate: DateSchema.nullable(),
});

export const listSplitBillings = defineMethod({
  path: 'list_split_billings',
  access: 'user',
  summary:
    'The parts of split billings the signed-in user is to pay (or has paid), newest first: each with the billing it was split from and who split it.',
  input: z.object({}).strict(),
  output: z.object({ splitBillings: z.array(SplitPartSchema) }),
});

export const completeBillingPayment = defineMethod({
  path: 'complete_billing_payment',
  access: 'user',
  summary:
    "After the 3-D Secure page (or a payment still pending), asks the card processor for the billing's payment and records the outcome: PAID, still REQUIRES_ACTION or PENDING, or FAILED with the reason.",
  input: z.object({ billingId: id }).strict(),
  output: z.object({ billing: DetailedBillingSchema, payment: PaymentAttemptSchema }),
});

export const BILLING_METHODS = [
  listBillings,
  getBillingDetail,
  payBilling,
  completeBillingPayment,
  splitBilling,
  listSplitBillings,
] as const;
