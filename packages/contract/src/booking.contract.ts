import { z } from 'zod';
import {
  BillingDetailSchema,
  BillingSummarySchema,
  BillingWithDetailsSchema,
  CancellationFeePerDateSchema,
  TaxSubtotalSchema,
} from './billing.contract.js';
import { BookingType, HouseGroupShortSchema, HouseSchema, PlaceSchema, PriceType } from './catalogue.contract.js';
import {
  AddressSchema,
  DateSchema,
  DateTimeSchema,
  IdSchema,
  PageRequestSchema,
  PhoneSchema,
  YenSchema,
} from './common.schema.js';
import { CouponCodeSchema, CouponType } from './coupon.contract.js';
import { specEnum } from './enum.schema.js';
import {
  BookingMealEntrySchema,
  ExtraOptionSchema,
  ExtraOptionSelectionSchema,
  MealOrderInputSchema,
  MealQuantitySchema,
  MealSchema,
} from './meal.contract.js';
import { defineMethod } from './method.js';

// Enumerations -------------------------------------------------------------------

/** Booking status (spec, section 4). */
export const BookingStatus = specEnum([
  'TENTATIVE',
  'GIFTED',
  'BOOKED',
  'READY_TO_CHECKIN',
  'STAYING',
  'CHECKED_OUT',
  'CANCELLED',
  'NO_SHOW',
]);
export type BookingStatusValue = (typeof BookingStatus.values)[number];

/** The booking types a guest books with yen (the others are owners' and gifts'). */
export const GuestBookingType = specEnum(['GUEST_USE', 'EXCLUSIVE_ACCOMMODATION_USE']);

/** The booking types an owner books on a share's slots. */
export const OwnerBookingType = specEnum(['OWN_USE', 'MUTUAL_USE']);

/** The types get_booking_quote prices: the guest types, and the owner types (with the share that pays). */
export const QuoteBookingType = specEnum(['GUEST_USE', 'EXCLUSIVE_ACCOMMODATION_USE', 'OWN_USE', 'MUTUAL_USE']);

/** How an owner booking's fees are settled (spec: booking debt option): DEFAULT in the next owner statement, NO_DEBT at once. */
export const BookingDebtOption = specEnum(['DEFAULT', 'NO_DEBT']);
export type BookingDebtOptionValue = (typeof BookingDebtOption.values)[number];

/** The fees the debt option decides on (spec: fee target, shown TARGET_ prefixed). */
export const DebtOptionTarget = specEnum([
  'TARGET_OWN_USE_FEE',
  'TARGET_MUTUAL_USE_EXTRA_CHARGE',
  'TARGET_CANCELLATION_FEE',
]);

/** Owners cancel free until this many months before check-in; later the nights are consumed. */
export const OWNER_FREE_CANCELLATION_MONTHS = 1;
/** How far ahead owners book their own house group (months). */
export const OWN_USE_WINDOW_MONTHS = 12;
/** How far ahead owners book other house groups of the owner network (months)… */
export const MUTUAL_USE_WINDOW_MONTHS = 4;
/** …and owners holding at least MUTUAL_USE_LONG_WINDOW_NIGHTS nights a year in that network (months). */
export const MUTUAL_USE_LONG_WINDOW_MONTHS = 6;
export const MUTUAL_USE_LONG_WINDOW_NIGHTS = 30;

/** Which bookings list_bookings shows: UPCOMING (TENTATIVE, BOOKED, READY_TO_CHECKIN, STAYING), PAST (CHECKED_OUT, NO_SHOW), CANCELLED. */
export const BookingListFilter = specEnum(['UPCOMING', 'PAST', 'CANCELLED']);

/** How long a TENTATIVE booking holds its house before it is released. */
export const TENTATIVE_HOLD_MINUTES = 20;

const yen = YenSchema;
const id = IdSchema;
const count = z.number().int().min(0).max(99);

// Shapes (spec, section 3 "Bookings") -----------------------------------------------

/** Guests and dogs of a booking. Adults are males + females; infants do not count against capacity. */
export const HeadcountSchema = z.object({
  males: count.default(0),
  females: count.default(0),
  children: count.default(0),
  infants: count.optional(),
  largeDogs: count.default(0),
  mediumDogs: count.default(0),
  smallDogs: count.default(0),
});
export type Headcount = z.infer<typeof HeadcountSchema>;

/** What the house should know about the dogs coming (their counts are in the headcount). */
export const PetSchema = z.object({
  /** Breeds, names, anything the house should prepare for. */
  description: z.string().max(1000).default(''),
  /** Every dog has its rabies and combination vaccinations (required by the houses' pet rules). */
  vaccinated: z.boolean().default(false),
});
export type Pet = z.infer<typeof PetSchema>;

/** The spec's basic booking. In a quote (nothing saved yet) id and bookingNumber are '' and bookedTime is null. */
export const BasicBookingSchema = z.object({
  id: z.string(),
  bookingNumber: z.string(),
  userId: z.string(),
  bookingUserFirstName: z.string(),
  bookingUserLastName: z.string(),
  /** When the booking became BOOKED (deposit paid); null before. */
  bookedTime: DateTimeSchema.nullable(),
  /** '' in a quote: a house is assigned when the tentative booking is created. */
  houseId: z.string(),
  /** Check-in and check-out moments in the house group's time zone (its utcOffset). */
  checkinTime: DateTimeSchema,
  checkoutTime: DateTimeSchema,
  bookingStatus: BookingStatus.strict,
  bookingType: BookingType.strict,
  bookingHeadcount: HeadcountSchema,
  allergy: z.string(),
  request: z.string(),
  childrenAge: z.array(z.number().int()),
  pet: PetSchema.nullable(),
  createdAt: DateTimeSchema.nullable(),
  updatedAt: DateTimeSchema.nullable(),
});
export type BasicBooking = z.infer<typeof BasicBookingSchema>;

/** A meal of a quote: one meal on one date with its portions by age. */
export const QuoteMealSchema = z.object({
  date: DateSchema,
  meal: MealSchema,
  /** Yen, tax-exclusive, before service charge. */
  subtotal: yen,
  quantities: z.array(MealQuantitySchema),
  serviceChargeAndTaxInclusiveAmount: yen,
});

/** One night of the stay with its season price type and nightly price (yen, tax-exclusive). */
export const QuoteNightSchema = z.object({ date: DateSchema, priceType: PriceType.strict, amount: yen });

/** The coupon applied to a quote or booking. */
export const AppliedCouponSchema = z.object({
  couponType: CouponType.strict,
  code: z.string(),
  title: z.string(),
  /** Taken off the accommodation amount, before service charge and tax. */
  discountAmount: yen,
});

/**
 * The spec's booking quote. Amounts are whole yen. accommodationAmount, mealAmount and
 * extraOptionAmount are tax-exclusive and before service charge; totalAmount is everything the
 * guest pays (after the coupon discount, with service charge, consumption tax computed once per
 * rate, and accommodation tax). Slot fields are 0 and the TEMAIRAZU fields empty for guest bookings.
 */
export const BookingQuoteSchema = z.object({
  booking: BasicBookingSchema,
  totalAmount: yen,
  mealAmount: yen,
  /** Nightly prices plus the extra charge for guests above baseCapacity. */
  accommodationAmount: yen,
  consumptionSlotStandard: z.number().int(),
  consumptionSlotHigh: z.number().int(),
  consumptionSlotHighSubstitute: z.number().int(),
  /** The house group whose slots a stay consumes; null for bookings paid in yen. */
  consumptionHouseGroup: HouseGroupShortSchema.nullable(),
  /** Extra charge per night for the guests above baseCapacity. */
  extraChargePerDay: yen,
  totalExtraCharge: yen,
  /** The DEPOSIT billed at confirmation (30% of totalAmount, rounded down). */
  depositAmount: yen,
  /** Until when a tentative booking holds the house (for a quote: the deadline a booking made now would get). */
  tentativeBookingDeadline: DateTimeSchema,
  /** The last day the booking can be cancelled without a fee. */
  freeCancellationLimitDate: DateSchema,
  extraOptions: z.array(ExtraOptionSchema),
  extraOptionAmount: yen,
  temairazuAmount: yen,
  /** The house assigned ('' in a quote). */
  consumptionHouseId: z.string(),
  temairazuMeals: z.array(QuoteMealSchema),
  meals: z.array(QuoteMealSchema),
  datesFixed: z.boolean(),
  // Additions the booking pages show -----------------------------------------
  nights: z.array(QuoteNightSchema),
  /** Service charge on the lines it applies to, after the discount, rounded down. */
  serviceChargeAmount: yen,
  /** Consumption tax of every rate together (computed once per rate, rounded down). */
  consumptionTaxAmount: yen,
  subtotalsByConsumptionTaxRate: z.array(TaxSubtotalSchema),
  /** The municipality's accommodation tax, outside consumption tax. */
  accommodationTaxAmount: yen,
  /** The coupon discount, as a positive amount. */
  discountAmount: yen,
  coupon: AppliedCouponSchema.nullable(),
  /** totalAmount without accommodation tax: what the service charge and consumption tax are part of. */
  serviceChargeAndTaxInclusiveAmount: yen,
  /** What remains after the deposit (the DEFAULT billing, charged 3 days before check-in). */
  remainingAmount: yen,
  /** OWN_USE and MUTUAL_USE: the own-use fee of the stay (yen, tax-exclusive); 0 otherwise. */
  totalOwnUseFee: yen.default(0),
  /** OWN_USE and MUTUAL_USE: the share whose slots the stay consumes; '' otherwise. */
  consumptionShareId: z.string().default(''),
});
export type BookingQuote = z.infer<typeof BookingQuoteSchema>;

/** The guest-use type extension; EXCLUSIVE_ACCOMMODATION_USE has the same fields (its discountAmount is 0). */
export const GuestUseExtensionSchema = z.object({
  accommodationAmount: yen,
  depositAmount: yen,
  /** The DEPOSIT billing, once confirmation created it. */
  deposit: BillingSummarySchema.nullable(),
  depositDetail: BillingDetailSchema.nullable(),
  discountAmount: yen,
});
export type GuestUseExtension = z.infer<typeof GuestUseExtensionSchema>;
export const ExclusiveAccommodationExtensionSchema = GuestUseExtensionSchema.omit({ discountAmount: true });

/** Which hourly price an exclusive time use pays: OWNER for holders of a share of the house group, MEMBERSHIP otherwise. */
export const TimeUsePriceKind = specEnum(['OWNER', 'MEMBERSHIP']);

/** The exclusive-time-use type extension (the spec names none): the hours booked, their price and what paid them. */
export const ExclusiveTimeUseExtensionSchema = z.object({
  start: DateTimeSchema,
  end: DateTimeSchema,
  hours: z.number().int(),
  /** Tax-exclusive yen per hour of the price kind. */
  pricePerHour: yen,
  priceKind: TimeUsePriceKind.strict,
  /** hours × pricePerHour, tax-exclusive. */
  usageAmount: yen,
  /** The billing that paid the hours at confirmation, once created. */
  payment: BillingSummarySchema.nullable(),
});

/** The spec's slot consumption: what an owner stay takes from a share, by slot tier. */
export const SlotConsumptionSchema = z.object({
  /** The house group whose slots are consumed (the share's). */
  houseGroup: HouseGroupShortSchema,
  /** The house stayed in. */
  house: HouseSchema,
  slotStandard: z.number().int(),
  slotHigh: z.number().int(),
  slotHighSubstitute: z.number().int(),
});

/** The spec's debt option UI: the option, whether it may change now, and the fees it applies to. */
export const DebtOptionUiSchema = z.object({
  debtOption: BookingDebtOption.strict,
  canUpdateDebtOption: z.boolean(),
  targets: z.array(DebtOptionTarget.strict),
});
export type DebtOptionUi = z.infer<typeof DebtOptionUiSchema>;

/** The own-use type extension: slots consumed, the own-use fee (tax-inclusive yen) and the debt option. */
export const OwnUseExtensionSchema = z.object({
  consumption: SlotConsumptionSchema,
  totalOwnUseFee: yen,
  debtOptionUi: DebtOptionUiSchema,
});
/** Mutual use adds the extra charge of the stay (tax-inclusive yen, extraChargePerDay × nights). */
export const MutualUseExtensionSchema = OwnUseExtensionSchema.extend({ extraCharge: yen });

/** Who gave a gift, as its recipient sees them. */
export const GiftSenderSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  romanizedFirstName: z.string(),
  romanizedLastName: z.string(),
});

/** The gift-use type extension: the slots the owner gave, and who gave them. */
/** Key-token use (spec: tokenId, walletAddress; the master key adds datesFixed). */
export const NftKeyUseExtensionSchema = z.object({ tokenId: z.string(), walletAddress: z.string() });
export const NftMasterKeyUseExtensionSchema = NftKeyUseExtensionSchema.extend({
  /** Always true: a master key books only its fixed dates. */
  datesFixed: z.boolean(),
});

/** DAO use: the slot whose days the stay took. */
/** A DAO_USE stay's room is paid by a DAO accommodation slot or by an accommodation voucher (decision 0050). */
export const DaoUseExtensionSchema = z.object({
  daoAccommodationSlotId: z.string().nullable(),
  accommodationVoucherId: z.string().nullable(),
});

export const GiftUseExtensionSchema = z.object({
  consumption: SlotConsumptionSchema,
  sender: GiftSenderSchema,
  senderLastName: z.string(),
});
/** The slots-gift type extension: undated nights the recipient dated; accepted before giftExpireDatetime. */
export const SlotsGiftExtensionSchema = z.object({
  consumption: SlotConsumptionSchema,
  isDatedSlotsGift: z.boolean(),
  giftExpireDatetime: DateTimeSchema,
});
/** The dated-slots-gift type extension: to be accepted by giftExpireDatetime (17:00 the day before check-in). */
export const DatedSlotsGiftExtensionSchema = z.object({
  consumption: SlotConsumptionSchema,
  giftExpireDatetime: DateTimeSchema,
  senderLastName: z.string(),
});

/** The tentative status extension: the hold's deadline and the amounts the booking page shows before confirmation. */
export const TentativeExtensionSchema = z.object({
  deadline: DateTimeSchema,
  extraOptions: z.array(ExtraOptionSchema),
  extraOptionAmount: yen,
  mealAmount: yen,
  totalAmount: yen,
  serviceChargeAndTaxInclusiveAmount: yen,
  serviceChargeAmount: yen,
  discountAmount: yen,
});

/** The gifted status extension: the tentative one without deadline and discount (a GIFTED booking's amounts). */
export const GiftedExtensionSchema = z.object({
  extraOptions: z.array(ExtraOptionSchema),
  extraOptionAmount: yen,
  mealAmount: yen,
  totalAmount: yen,
  serviceChargeAndTaxInclusiveAmount: yen,
  serviceChargeAmount: yen,
});

export const BookingUserSchema = z.object({
  id: z.string(),
  userNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  romanizedFirstName: z.string(),
  romanizedLastName: z.string(),
  profilePhotoUrl: z.string(),
});

/** One guest in the register the Hotel Business Act requires. */
export const GuestRegisterEntrySchema = z.object({
  fullName: z.string().trim().min(1).max(200),
  address: AddressSchema,
  phoneNumber: PhoneSchema.nullable().default(null),
  emailAddress: z.email().max(254).nullable().default(null),
  /** ISO 3166-1 alpha-2, e.g. 'JP'. */
  nationalityCountryCode: z.string().regex(/^[A-Z]{2}$/, 'two capital letters (ISO 3166-1)'),
  /** Required for a foreign national whose address is not in Japan. */
  passportNumber: z.string().trim().max(30).nullable().default(null),
  age: z.number().int().min(0).max(120).nullable().default(null),
});
export type GuestRegisterEntry = z.infer<typeof GuestRegisterEntrySchema>;

/** The spec's full booking detail. */
export const BookingDetailSchema = z.object({
  bookingId: z.string(),
  bookingNumber: z.string(),
  place: PlaceSchema,
  houseGroup: HouseGroupShortSchema,
  house: HouseSchema,
  bookingStatus: BookingStatus.strict,
  bookingType: BookingType.strict,
  /** A family member of the share's holder booked this owner stay on the holder's slots. */
  isBookedByFamilySharedUser: z.boolean(),
  /** The one type extension of the booking's type (the others are null). */
  guestUse: GuestUseExtensionSchema.nullable(),
  exclusiveAccommodationUse: ExclusiveAccommodationExtensionSchema.nullable(),
  exclusiveTimeUse: ExclusiveTimeUseExtensionSchema.nullable(),
  ownUse: OwnUseExtensionSchema.nullable(),
  mutualUse: MutualUseExtensionSchema.nullable(),
  giftUse: GiftUseExtensionSchema.nullable(),
  slotsGiftUse: SlotsGiftExtensionSchema.nullable(),
  datedSlotsGiftUse: DatedSlotsGiftExtensionSchema.nullable(),
  nftTheKeyUse: NftKeyUseExtensionSchema.nullable(),
  nftMasterKeyUse: NftMasterKeyUseExtensionSchema.nullable(),
  daoUse: DaoUseExtensionSchema.nullable(),
  /** The status extension of a TENTATIVE booking; null otherwise. */
  tentative: TentativeExtensionSchema.nullable(),
  /** The status extension of a GIFTED booking (waiting for its recipient); null otherwise. */
  gifted: GiftedExtensionSchema.nullable(),
  checkinTime: DateTimeSchema,
  checkoutTime: DateTimeSchema,
  checkinDate: DateSchema,
  checkoutDate: DateSchema,
  user: BookingUserSchema,
  bookingHeadcount: HeadcountSchema,
  childrenAge: z.array(z.number().int()),
  allergy: z.string(),
  request: z.string(),
  billings: z.array(BillingSummarySchema),
  billingWithDetails: z.array(BillingWithDetailsSchema),
  totalUnbilledAmount: yen,
  freeCancellationLimitDate: DateSchema,
  underFreeCancellationPeriod: z.boolean(),
  /** The fee each stay date would cost if the booking were cancelled now. */
  cancellationFee: z.array(CancellationFeePerDateSchema),
  conversationId: z.string(),
  meals: z.array(BookingMealEntrySchema),
  extraOptions: z.array(ExtraOptionSchema),
  pet: PetSchema.nullable(),
  stayingPeriodNotes: z.array(z.string()),
  isMealOrderRequired: z.boolean(),
  isAdditionalMealRequestRecommended: z.boolean(),
  access: z.object({ address: AddressSchema, latitude: z.number().nullable(), longitude: z.number().nullable() }),
  /** The stay style the guest chose (spec: stayStyleId), with its name; null without one. */
  stayStyleId: z.string().nullable(),
  stayStyleName: z.string().nullable(),
  /** The amounts as quoted at booking time (and re-quoted on a headcount change). */
  quote: BookingQuoteSchema,
  /** Everything on the booking's billings and the quote, tax-inclusive. */
  totalAmount: yen,
  guestRegister: z.object({
    /** True once one entry per guest (adults and children, infants included) is valid. */
    complete: z.boolean(),
    requiredEntries: z.number().int(),
    guests: z.array(GuestRegisterEntrySchema),
  }),
  /** What the guest can do now (the server refuses the rest with CodeBookingStatusInvalid). */
  actions: z.object({
    canConfirm: z.boolean(),
    canCancel: z.boolean(),
    canChangeHeadcount: z.boolean(),
    canSubmitGuestRegister: z.boolean(),
    canCheckin: z.boolean(),
    canCheckout: z.boolean(),
    canOrder: z.boolean(),
  }),
  /** The deposit payment still waiting for 3-D Secure or the processor, if any. */
  pendingPayment: z
    .object({ status: z.enum(['REQUIRES_ACTION', 'PENDING']), challengeUrl: z.string().optional() })
    .nullable(),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
export type BookingDetail = z.infer<typeof BookingDetailSchema>;

/** A row of list_bookings. */
export const BookingListItemSchema = z.object({
  bookingId: z.string(),
  bookingNumber: z.string(),
  bookingStatus: BookingStatus.strict,
  bookingType: BookingType.strict,
  houseGroup: HouseGroupShortSchema,
  house: HouseSchema,
  checkinDate: DateSchema,
  checkoutDate: DateSchema,
  checkinTime: DateTimeSchema,
  checkoutTime: DateTimeSchema,
  bookingHeadcount: HeadcountSchema,
  totalAmount: yen,
  /** Set while TENTATIVE. */
  tentativeBookingDeadline: DateTimeSchema.nullable(),
  createdAt: DateTimeSchema,
});
export type BookingListItem = z.infer<typeof BookingListItemSchema>;

/** What confirm_booking and complete_booking_payment answer; a refused card is a 402 error with its reason instead. */
export const BookingPaymentResultSchema = z.object({
  bookingId: z.string(),
  bookingStatus: BookingStatus.strict,
  /** PAID: the deposit is paid and the booking BOOKED. REQUIRES_ACTION: open challengeUrl (3-D Secure). PENDING: ask again with complete_booking_payment. */
  status: z.enum(['PAID', 'REQUIRES_ACTION', 'PENDING']),
  challengeUrl: z.string().optional(),
});
export type BookingPaymentResult = z.infer<typeof BookingPaymentResultSchema>;

export const CancellationFeeResultSchema = z.object({
  cancellationFee: z.array(CancellationFeePerDateSchema),
  underFreeCancellationPeriod: z.boolean(),
  freeCancellationLimitDate: DateSchema,
  totalFee: yen,
  /** Paid so far (card and points), before any refund. */
  paidAmount: yen,
  /** What goes back: paidAmount less the fee (never below 0). */
  refundAmount: yen,
  /** Owed beyond what was paid (billed as a CANCELLATION billing). */
  outstandingFee: yen,
});

// Inputs -------------------------------------------------------------------------

/** The stay a guest asks about or books. */
export const BookingRequestSchema = z
  .object({
    houseGroupId: id,
    checkinDate: DateSchema,
    checkoutDate: DateSchema,
    headcount: HeadcountSchema,
    /** One age per child and per infant, in years. */
    childrenAge: z.array(z.number().int().min(0).max(17)).max(99).default([]),
    allergy: z.string().max(1000).default(''),
    request: z.string().max(2000).default(''),
    pet: PetSchema.strict().nullable().optional(),
    meals: z.array(MealOrderInputSchema).max(100).default([]),
    extraOptions: z.array(ExtraOptionSelectionSchema).max(50).default([]),
    coupon: z.object({ couponType: CouponType.strict, code: CouponCodeSchema }).strict().optional(),
    /** One of the house group's stay styles (list_stay_styles), which guides its suggested meals and options. */
    stayStyleId: id.optional(),
  })
  .strict();
export type BookingRequest = z.infer<typeof BookingRequestSchema>;

/** An owner's stay on a share's slots: the stay without a coupon, the share that pays and the debt option. */
export const OwnerBookingRequestSchema = BookingRequestSchema.omit({ coupon: true, stayStyleId: true })
  .extend({
    /** The share whose slots pay; left out: the caller's (or, for a family member, the sharing owner's) share that fits. */
    shareId: id.optional(),
    debtOption: BookingDebtOption.strict.default('DEFAULT'),
  })
  .strict();
export type OwnerBookingRequest = z.infer<typeof OwnerBookingRequestSchema>;

const BookingIdInput = z.object({ bookingId: id }).strict();
const BookingOutput = z.object({ booking: BookingDetailSchema });
export const CreatedOutput = z.object({ bookingId: z.string(), bookingNumber: z.string(), quote: BookingQuoteSchema });

// Methods ------------------------------------------------------------------------

export const getBookingQuote = defineMethod({
  path: 'get_booking_quote',
  access: 'user',
  summary:
    'Prices a stay without holding anything: nights from the season calendar, the extra charge above baseCapacity, meals, options, the coupon, service charge, consumption tax (once per rate), accommodation tax, the deposit and the free-cancellation limit. Refusals: CodeDatesNotBookable, CodeHeadcountNotAllowed (fields named), CodeBookingTypeNotAvailable, CodeHouseNotAvailable, coupon and meal reasons.',
  input: BookingRequestSchema.extend({
    bookingType: QuoteBookingType.strict.default('GUEST_USE'),
    /** OWN_USE and MUTUAL_USE: the share whose slots would pay (as in their create methods). */
    shareId: id.optional(),
  }).strict(),
  output: z.object({ quote: BookingQuoteSchema }),
});

export const createGuestUseTentativeBooking = defineMethod({
  path: 'create_guest_use_tentative_booking',
  access: 'user',
  idempotent: true,
  summary: `Holds a free house of the group for the stay as a TENTATIVE GUEST_USE booking until tentativeBookingDeadline (${TENTATIVE_HOLD_MINUTES} minutes), with its meal and option orders and the coupon redeemed. Confirm it with confirm_booking before then. Refusals as get_booking_quote, and 409 CodeHouseNotAvailable when every house is taken.`,
  input: BookingRequestSchema,
  output: CreatedOutput,
});

export const createAccommodationTentativeBooking = defineMethod({
  path: 'create_accommodation_tentative_booking',
  access: 'user',
  idempotent: true,
  summary:
    'As create_guest_use_tentative_booking, for EXCLUSIVE_ACCOMMODATION_USE of an EXCLUSIVE house group (no coupon). Other house groups: CodeBookingTypeNotAvailable.',
  input: BookingRequestSchema.omit({ coupon: true }).strict(),
  output: CreatedOutput,
});

export const createOwnUseTentativeBooking = defineMethod({
  path: 'create_own_use_tentative_booking',
  access: 'user',
  idempotent: true,
  summary: `Holds a house of the caller's own house group (a share of it, or, for a family member, the sharing owner's share) as a TENTATIVE OWN_USE booking: up to ${OWN_USE_WINDOW_MONTHS} months ahead (CodeOutsideBookingWindow with the window's dates), one slot per night of the night's price type, a standard slot as high-substitute for a HIGH night where the house group allows it (CodeInsufficientSlots with the balance otherwise), and the house group's own-use fee. The slots are consumed at once and given back if the hold lapses. Confirm with confirm_booking (no card under the DEFAULT debt option). CodeNotOwner, CodeNotFamilyMember, CodeShareNotFound.`,
  input: OwnerBookingRequestSchema,
  output: CreatedOutput,
});

export const createMutualUseTentativeBooking = defineMethod({
  path: 'create_mutual_use_tentative_booking',
  access: 'user',
  idempotent: true,
  summary: `Holds a house of another house group of the owner network as a TENTATIVE MUTUAL_USE booking paid with the slots of one of the caller's shares (shareId; left out: the share with most nights left): up to ${MUTUAL_USE_WINDOW_MONTHS} months ahead (${MUTUAL_USE_LONG_WINDOW_MONTHS} for owners of ${MUTUAL_USE_LONG_WINDOW_NIGHTS} nights a year or more), slots as own use, plus the house group's extraChargePerDay for each night. Refusals as create_own_use_tentative_booking; the caller's own house group: CodeBookingTypeNotAvailable.`,
  input: OwnerBookingRequestSchema,
  output: CreatedOutput,
});

export const updateBookingDebtOption = defineMethod({
  path: 'update_booking_debt_option',
  access: 'user',
  idempotent: true,
  summary:
    "Changes how an owner booking's fees are settled while canUpdateDebtOption: DEFAULT books them to the owner's next statement; NO_DEBT bills them at once (pay the billing with pay_billing). Once a NO_DEBT fee billing is paid, or the booking has ended: 409 CodeDebtOptionLocked.",
  input: z.object({ bookingId: id, debtOption: BookingDebtOption.strict }).strict(),
  output: BookingOutput,
});

export const confirmBooking = defineMethod({
  path: 'confirm_booking',
  access: 'user',
  idempotent: true,
  summary:
    'Confirms a TENTATIVE booking: bills the DEPOSIT and charges it to the card (points first, 1 point = 1 yen). PAID: the booking is BOOKED. REQUIRES_ACTION: send the guest to challengeUrl (3-D Secure); it returns to returnPath with ?bookingPayment=<bookingId>, then call complete_booking_payment. A refused card answers 402 with the reason (CodePaymentDeclined, CodePaymentInsufficientFunds, CodePaymentCardExpired, CodePaymentAuthenticationFailed) and the booking stays TENTATIVE until its deadline, so another card may be tried. Also: CodeTentativeBookingExpired, CodeBookingStatusInvalid, CodePaymentMethodNotFound, CodeInsufficientPoints, CodePointsExceedAmount.',
  input: z
    .object({
      bookingId: id,
      /** The card to pay with; an owner booking with nothing to pay now (DEFAULT debt option) needs none. */
      paymentMethodId: id.optional(),
      pointPaymentAmount: z.number().int().min(0).max(1_000_000_000).default(0),
      /** A path of this site (starting with '/') the 3-D Secure page returns to. */
      returnPath: z
        .string()
        .max(500)
        .regex(/^\/(?!\/)/, "a path of this site, starting with a single '/'")
        .default('/mypage/bookings'),
    })
    .strict(),
  output: BookingPaymentResultSchema,
});

export const completeBookingPayment = defineMethod({
  path: 'complete_booking_payment',
  access: 'user',
  summary:
    "After the 3-D Secure page (or a PENDING answer), asks the processor for the deposit payment and finishes the booking: PAID (BOOKED), still REQUIRES_ACTION or PENDING, or 402 with the card's refusal reason (the booking stays TENTATIVE).",
  input: BookingIdInput,
  output: BookingPaymentResultSchema,
});

export const getBooking = defineMethod({
  path: 'get_booking',
  access: 'user',
  summary:
    "One of the signed-in user's bookings in full: house, status and its extension, amounts, billings, cancellation fees per date, meals, options, guest register and the actions open now. 404 CodeBookingNotFound otherwise.",
  input: BookingIdInput,
  output: BookingOutput,
});

export const listBookings = defineMethod({
  path: 'list_bookings',
  access: 'user',
  summary:
    "The signed-in user's bookings: UPCOMING (TENTATIVE, BOOKED, READY_TO_CHECKIN, STAYING; soonest check-in first), PAST (CHECKED_OUT, NO_SHOW; latest first) or CANCELLED (latest first).",
  input: z
    .object({
      filter: BookingListFilter.strict,
      pageRequest: PageRequestSchema.default({ pageSize: 20, pageToken: '' }),
    })
    .strict(),
  output: z.object({ bookings: z.array(BookingListItemSchema), nextPageToken: z.string() }),
});

export const getCancellationFee = defineMethod({
  path: 'get_cancellation_fee',
  access: 'user',
  summary:
    "What cancelling now would cost: the fee per stay date by the house group's policy (free until freeCancellationLimitDate), the total, and what would be refunded of what was paid.",
  input: BookingIdInput,
  output: CancellationFeeResultSchema,
});

export const cancelBooking = defineMethod({
  path: 'cancel_booking',
  access: 'user',
  idempotent: true,
  summary:
    'Cancels a TENTATIVE, BOOKED or READY_TO_CHECKIN booking: the fee (get_cancellation_fee) becomes a CANCELLATION billing, the rest of what was paid is refunded to the card and points, the house, the coupon and the orders are released. Other states: CodeBookingStatusInvalid.',
  input: BookingIdInput,
  output: BookingOutput.extend({ fee: CancellationFeeResultSchema }),
});

export const updateBookingHeadcount = defineMethod({
  path: 'update_booking_headcount',
  access: 'user',
  idempotent: true,
  summary:
    'Changes the guests of a TENTATIVE, BOOKED or READY_TO_CHECKIN booking: re-checks capacity (CodeHeadcountNotAllowed) and re-prices the stay (the extra charge) at the nightly prices it was booked at; a deposit already billed stays. Once the rest is billed (3 days before check-in): CodeBookingStatusInvalid.',
  input: z
    .object({
      bookingId: id,
      headcount: HeadcountSchema,
      childrenAge: z.array(z.number().int().min(0).max(17)).max(99).default([]),
    })
    .strict(),
  output: BookingOutput,
});

export const submitGuestRegister = defineMethod({
  path: 'submit_guest_register',
  access: 'user',
  summary:
    "The guest register (Hotel Business Act): one entry per guest with name, address and contact; a foreign national without an address in Japan also gives a passport number. Replaces the booking's register; kept 3 years.",
  input: z.object({ bookingId: id, guests: z.array(GuestRegisterEntrySchema.strict()).min(1).max(99) }).strict(),
  output: BookingOutput,
});

export const checkinBooking = defineMethod({
  path: 'checkin_booking',
  access: 'user',
  summary:
    "Checks in (STAYING) from the check-in time of the check-in day in the house group's time zone (CodeCheckinNotOpen before), once the guest register is complete (CodeGuestRegisterIncomplete).",
  input: BookingIdInput,
  output: BookingOutput,
});

export const checkoutBooking = defineMethod({
  path: 'checkout_booking',
  access: 'user',
  summary: 'Checks out a STAYING booking (CHECKED_OUT); points are earned on the paid accommodation.',
  input: BookingIdInput,
  output: BookingOutput,
});

export const staffCheckinBooking = defineMethod({
  path: 'staff_checkin_booking',
  access: 'staff',
  summary: 'Staff check a BOOKED or READY_TO_CHECKIN guest in on the check-in day (any time of it).',
  input: BookingIdInput,
  output: BookingOutput,
});

export const staffCheckoutBooking = defineMethod({
  path: 'staff_checkout_booking',
  access: 'staff',
  summary: 'Staff check a STAYING guest out.',
  input: BookingIdInput,
  output: BookingOutput,
});

export const orderMeals = defineMethod({
  path: 'order_meals',
  access: 'user',
  idempotent: true,
  summary:
    'Orders meals for a booking: before the stay they join the quote and the DEFAULT billing; during the stay (STAYING) they are billed on an ADDITIONAL billing. Meal reasons: CodeMealNotFound, CodeMealOrderDeadlinePassed, CodeMealNotProvided.',
  input: z.object({ bookingId: id, meals: z.array(MealOrderInputSchema).min(1).max(100) }).strict(),
  output: BookingOutput,
});

export const cancelMealOrder = defineMethod({
  path: 'cancel_meal_order',
  access: 'user',
  summary: 'Cancels a meal order before its order deadline (CodeMealOrderDeadlinePassed); CodeOrderNotFound otherwise.',
  input: z.object({ bookingId: id, orderId: id }).strict(),
  output: BookingOutput,
});

export const orderExtraOptions = defineMethod({
  path: 'order_extra_options',
  access: 'user',
  idempotent: true,
  summary:
    'Adds extra options to a booking (as meals: the quote and DEFAULT billing before the stay, an ADDITIONAL billing during it). CodeExtraOptionNotFound, CodeExtraOptionQuantityInvalid.',
  input: z.object({ bookingId: id, extraOptions: z.array(ExtraOptionSelectionSchema).min(1).max(50) }).strict(),
  output: BookingOutput,
});

export const staffCreateCustomMealOrder = defineMethod({
  path: 'staff_create_custom_meal_order',
  access: 'staff',
  summary:
    "A meal arranged by hand for a booking (a chef's special, a cake): name, quantity, unit price (yen, tax-exclusive), date and time; billed like other orders.",
  input: z
    .object({
      bookingId: id,
      name: z.string().trim().min(1).max(200),
      quantity: z.number().int().min(1).max(99),
      unitAmount: z.number().int().min(0).max(10_000_000),
      providingDate: DateSchema,
      providingTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM'),
      taxRateType: z.enum(['STANDARD', 'REDUCED']).default('STANDARD'),
    })
    .strict(),
  output: BookingOutput,
});

/** Which stay dates staff_list_bookings matches against its date: check-in on it, check-out on it, or a night over it. */
export const StaffBookingDayFilter = specEnum(['ARRIVALS', 'DEPARTURES', 'IN_HOUSE']);

/** A row of staff_list_bookings: enough to find the guest at the door and act on the booking. */
export const StaffBookingListItemSchema = z.object({
  bookingId: z.string(),
  bookingNumber: z.string(),
  bookingStatus: BookingStatus.strict,
  bookingType: BookingType.strict,
  guest: z.object({ userId: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  houseGroup: z.object({ id: z.string(), name: z.string() }),
  house: z.object({ id: z.string(), name: z.string() }),
  checkinDate: DateSchema,
  checkoutDate: DateSchema,
  bookingHeadcount: HeadcountSchema,
  /** Everything the guest pays for the stay as quoted (yen, tax-inclusive). */
  totalAmount: yen,
});
export type StaffBookingListItem = z.infer<typeof StaffBookingListItemSchema>;

export const staffListBookings = defineMethod({
  path: 'staff_list_bookings',
  access: 'staff',
  summary:
    "Every guest's bookings, by check-in date: optionally of one house group, of some statuses, and arriving on, departing on or staying over (a night starting on) a date. Paged.",
  input: PageRequestSchema.extend({
    houseGroupId: id.optional(),
    date: DateSchema.optional(),
    /** How `date` is matched; ignored without a date. */
    dayFilter: StaffBookingDayFilter.strict.default('ARRIVALS'),
    /** Empty: every status. */
    statuses: z.array(BookingStatus.strict).max(8).default([]),
  }).strict(),
  output: z.object({ bookings: z.array(StaffBookingListItemSchema), nextPageToken: z.string() }),
});

export const BOOKING_METHODS = [
  getBookingQuote,
  createGuestUseTentativeBooking,
  createAccommodationTentativeBooking,
  createOwnUseTentativeBooking,
  createMutualUseTentativeBooking,
  updateBookingDebtOption,
  confirmBooking,
  completeBookingPayment,
  getBooking,
  listBookings,
  getCancellationFee,
  cancelBooking,
  updateBookingHeadcount,
  submitGuestRegister,
  checkinBooking,
  checkoutBooking,
  staffCheckinBooking,
  staffCheckoutBooking,
  orderMeals,
  cancelMealOrder,
  orderExtraOptions,
  staffCreateCustomMealOrder,
  staffListBookings,
] as const;
