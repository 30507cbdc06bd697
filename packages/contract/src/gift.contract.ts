import { z } from 'zod';
import { BookingRequestSchema, GiftSenderSchema } from './booking.contract.js';
import { HouseGroupShortSchema } from './catalogue.contract.js';
import { DateSchema, DateTimeSchema, EmptySchema, IdSchema } from './common.schema.js';
import { specEnum } from './enum.schema.js';
import { defineMethod } from './method.js';

/** The kinds of gift an owner gives (their booking types). */
export const GiftType = specEnum(['GIFT_USE', 'SLOTS_GIFT_USE', 'DATED_SLOTS_GIFT_USE']);
export type GiftTypeValue = (typeof GiftType.values)[number];

/**
 * OPEN: waiting for a recipient; ACCEPTED: a recipient took it (the stay is booked in their name);
 * WITHDRAWN by the owner, DECLINED by a recipient, EXPIRED unaccepted: the nights went back to the share.
 */
export const GiftStatus = specEnum(['OPEN', 'ACCEPTED', 'WITHDRAWN', 'DECLINED', 'EXPIRED']);
export type GiftStatusValue = (typeof GiftStatus.values)[number];

/** A dated gift must be accepted by this hour (house group's zone) of the day before check-in. */
export const GIFT_ACCEPTANCE_CUTOFF_HOUR = 17;
/** The longest an undated gift may stay open (days). */
export const SLOTS_GIFT_MAX_OPEN_DAYS = 365;

/** The web page a gift's link opens: `${origin}${giftPath(token, 'ja')}`. */
export const giftPath = (token: string, language: 'en' | 'ja' = 'en'): string =>
  `${language === 'ja' ? '/ja' : ''}/gift/${encodeURIComponent(token)}`;

/** A gift link's token. */
const GiftTokenSchema = z.string().trim().min(20).max(100);

/** A gift as its owner sees it in list_sent_gifts. */
export const SentGiftSchema = z.object({
  giftId: z.string(),
  giftType: GiftType.strict,
  status: GiftStatus.strict,
  /** The secret of the link (/gift/{giftToken}); shown to the owner only. */
  giftToken: z.string(),
  houseGroup: HouseGroupShortSchema,
  /** Dated gifts: the nights given. Undated: null (the recipient's once booked). */
  checkinDate: DateSchema.nullable(),
  checkoutDate: DateSchema.nullable(),
  /** The nights given per slot tier. */
  slotStandard: z.number().int(),
  slotHigh: z.number().int(),
  slotYear: z.number().int().nullable(),
  /** Until when it may be accepted (a dated gift: 17:00 the day before check-in, house group's zone). */
  giftExpireDatetime: DateTimeSchema,
  message: z.string(),
  /** The recipient's name once accepted. */
  recipientName: z.string().nullable(),
  /** The booking the gift holds or became (null for an undated gift not used yet). */
  bookingId: z.string().nullable(),
  createdAt: DateTimeSchema,
  acceptedAt: DateTimeSchema.nullable(),
  endedAt: DateTimeSchema.nullable(),
});
export type SentGift = z.output<typeof SentGiftSchema>;

/**
 * A gift as its link shows it. Anyone with the link sees the house group and the nights; a signed-in
 * user also the sender and the message, unless someone else accepted it (CodeGiftOfAnotherRecipient).
 */
export const GiftViewSchema = z.object({
  giftType: GiftType.strict,
  status: GiftStatus.strict,
  houseGroup: HouseGroupShortSchema,
  checkinDate: DateSchema.nullable(),
  checkoutDate: DateSchema.nullable(),
  slotStandard: z.number().int(),
  slotHigh: z.number().int(),
  slotYear: z.number().int().nullable(),
  giftExpireDatetime: DateTimeSchema,
  /** Signed-in callers only; null for anyone else. */
  senderLastName: z.string().nullable(),
  /** The sender's full name: a GIFT_USE to a signed-in caller only. */
  sender: GiftSenderSchema.nullable(),
  message: z.string().nullable(),
  /** The caller is the recipient who accepted it. */
  acceptedByCaller: z.boolean(),
  /** The booking, to its recipient only. */
  bookingId: z.string().nullable(),
});
export type GiftView = z.output<typeof GiftViewSchema>;

/** A gift the caller accepted, as /mypage lists it. */
export const ReceivedGiftSchema = z.object({
  giftId: z.string(),
  giftType: GiftType.strict,
  houseGroup: HouseGroupShortSchema,
  checkinDate: DateSchema.nullable(),
  checkoutDate: DateSchema.nullable(),
  senderLastName: z.string(),
  message: z.string(),
  bookingId: z.string().nullable(),
  acceptedAt: DateTimeSchema,
});
export type ReceivedGift = z.output<typeof ReceivedGiftSchema>;

const GiftOutput = z.object({ gift: SentGiftSchema });

/** The dated nights an owner gives (GIFT_USE, DATED_SLOTS_GIFT_USE). */
const DatedGiftInput = z
  .object({
    houseGroupId: IdSchema,
    checkinDate: DateSchema,
    checkoutDate: DateSchema,
    /** The share whose slots pay; left out: the caller's share of the house group. */
    shareId: IdSchema.optional(),
    message: z.string().trim().max(500).default(''),
  })
  .strict();

/** What the recipient chooses when accepting a stay: who comes, meals and options. */
const StayChoices = BookingRequestSchema.pick({
  headcount: true,
  childrenAge: true,
  allergy: true,
  request: true,
  pet: true,
  meals: true,
  extraOptions: true,
});

export const createGiftTentativeBooking = defineMethod({
  path: 'create_gift_tentative_booking',
  access: 'owner',
  idempotent: true,
  summary: `Gives a stay at the caller's own house group (GIFT_USE): a house is held for the nights on the share's slots as a GIFTED booking, and a gift with an unguessable link is made for whoever accepts it by ${GIFT_ACCEPTANCE_CUTOFF_HOUR}:00 (house group's zone) the day before check-in; the recipient sees the sender's name. The own-use fee goes to the owner's next statement. Refusals as create_own_use_tentative_booking (CodeInsufficientSlots, CodeOutsideBookingWindow, CodeHouseNotAvailable, CodeNotOwner, CodeShareNotFound), and CodeGiftDeadlinePassed when that time has already passed.`,
  input: DatedGiftInput,
  output: GiftOutput,
});

export const createDatedSlotsGift = defineMethod({
  path: 'create_dated_slots_gift',
  access: 'owner',
  idempotent: true,
  summary: `Gives dated nights (DATED_SLOTS_GIFT_USE): as create_gift_tentative_booking, the nights held as a GIFTED booking on the share's slots; the recipient sees only the sender's last name and must accept by ${GIFT_ACCEPTANCE_CUTOFF_HOUR}:00 (house group's zone) the day before check-in, else a job cancels the booking and the nights return to the share.`,
  input: DatedGiftInput,
  output: GiftOutput,
});

export const createSlotsGift = defineMethod({
  path: 'create_slots_gift',
  access: 'owner',
  idempotent: true,
  summary: `Gives undated nights (SLOTS_GIFT_USE): slotStandard standard and slotHigh high nights of the share's slot year, consumed from the share at once and returned if the gift is withdrawn, declined or not used by giftExpireDatetime (at most ${SLOTS_GIFT_MAX_OPEN_DAYS} days ahead). The recipient books dates of that slot year at the house group within the owner's window (create_slots_gift_tentative_booking). CodeInsufficientSlots, CodeNotOwner, CodeShareNotFound.`,
  input: z
    .object({
      /** The share whose slots are given; left out: the caller's first share. */
      shareId: IdSchema.optional(),
      slotYear: z.number().int().min(2000).max(2999).optional(),
      slotStandard: z.number().int().min(0).max(366),
      slotHigh: z.number().int().min(0).max(366),
      giftExpireDatetime: DateTimeSchema,
      message: z.string().trim().max(500).default(''),
    })
    .strict(),
  output: GiftOutput,
});

export const listSentGifts = defineMethod({
  path: 'list_sent_gifts',
  access: 'owner',
  summary: "The caller's gifts, newest first, each with its status, link token and recipient once accepted.",
  input: EmptySchema,
  output: z.object({ gifts: z.array(SentGiftSchema) }),
});

export const cancelGift = defineMethod({
  path: 'cancel_gift',
  access: 'owner',
  idempotent: true,
  summary:
    "Withdraws one of the caller's gifts not yet accepted: its GIFTED booking is cancelled and its nights return to the share, once. An accepted gift: 409 CodeGiftAlreadyAccepted; one already ended: 409 CodeGiftNotOpen; another owner's: 404 CodeGiftNotFound.",
  input: z.object({ giftId: IdSchema }).strict(),
  output: GiftOutput,
});

export const getGift = defineMethod({
  path: 'get_gift',
  access: 'public',
  summary:
    'What a gift link shows: the house group and the nights to anyone; the sender and the message to a signed-in caller. Once accepted, only its recipient sees it (403 CodeGiftOfAnotherRecipient). An unknown token: 404 CodeGiftNotFound.',
  input: z.object({ giftToken: GiftTokenSchema }).strict(),
  output: z.object({ gift: GiftViewSchema }),
});

export const acceptGift = defineMethod({
  path: 'accept_gift',
  access: 'user',
  idempotent: true,
  summary:
    "Accepts a dated gift (GIFT_USE, DATED_SLOTS_GIFT_USE) with the headcount, meals and options chosen: the booking becomes BOOKED in the caller's name and its orders are billed to the caller. Refused, nothing changed: accepted by someone else (403 CodeGiftOfAnotherRecipient), accepted already by the caller (409 CodeGiftAlreadyAccepted), expired (410 CodeGiftExpired), withdrawn or declined (410 CodeGiftWithdrawn), the owner's own gift (409 CodeGiftOwnGift), an undated gift (CodeBookingTypeNotAvailable: book dates with create_slots_gift_tentative_booking); headcount, meal and option refusals as a booking's.",
  input: StayChoices.extend({ giftToken: GiftTokenSchema }).strict(),
  output: z.object({ bookingId: z.string(), gift: GiftViewSchema }),
});

export const createSlotsGiftTentativeBooking = defineMethod({
  path: 'create_slots_gift_tentative_booking',
  access: 'user',
  idempotent: true,
  summary:
    "Uses an undated gift (SLOTS_GIFT_USE): the caller picks nights of the gift's slot year at its house group within the owner's booking window, with headcount, meals and options; the stay is booked in the caller's name at once (SLOTS_GIFT_USE, BOOKED) on the gift's nights and the nights not used return to the share. Refusals as accept_gift, and CodeGiftSlotsExceeded when the nights need more (or higher) slots than given.",
  input: BookingRequestSchema.omit({ coupon: true, houseGroupId: true, stayStyleId: true })
    .extend({ giftToken: GiftTokenSchema })
    .strict(),
  output: z.object({ bookingId: z.string(), gift: GiftViewSchema }),
});

export const declineGift = defineMethod({
  path: 'decline_gift',
  access: 'user',
  idempotent: true,
  summary:
    'Declines an open gift: its GIFTED booking is cancelled and its nights return to the share, once. Refusals as accept_gift.',
  input: z.object({ giftToken: GiftTokenSchema }).strict(),
  output: z.object({ gift: GiftViewSchema }),
});

export const listReceivedGifts = defineMethod({
  path: 'list_received_gifts',
  access: 'user',
  summary: 'The gifts the caller accepted, newest first, with their bookings.',
  input: EmptySchema,
  output: z.object({ gifts: z.array(ReceivedGiftSchema) }),
});

export const GIFT_METHODS = [
  createGiftTentativeBooking,
  createSlotsGift,
  createDatedSlotsGift,
  listSentGifts,
  cancelGift,
  getGift,
  acceptGift,
  createSlotsGiftTentativeBooking,
  declineGift,
  listReceivedGifts,
] as const;
