import { z } from 'zod';
import { DateSchema, DateTimeSchema, TypedIdSchema } from './common.schema.js';
import { specEnum } from './enum.schema.js';
import { defineMethod } from './method.js';

/**
 * The waitlist ("cancellation subscriptions"): a guest waits for taken nights of a house group.
 * When a cancellation or a lapsed hold frees them, subscribers whose nights are wholly free are
 * offered them in the order they subscribed; each offer keeps one house for its subscriber alone
 * for WAITLIST_EXCLUSIVE_MINUTES, then passes to the next subscriber, and once the list is
 * exhausted the nights are anyone's (docs/decisions/0045-waitlist-offers.md).
 */

/** How long an offer keeps the freed nights for its subscriber alone. */
export const WAITLIST_EXCLUSIVE_MINUTES = 30;
/** The longest stay one can wait for. */
export const WAITLIST_MAX_NIGHTS = 14;
/** How many open subscriptions (waiting or offered) one account may have at a time. */
export const WAITLIST_MAX_OPEN = 10;

/**
 * WAITING: in line; OFFERED: the nights are kept for the subscriber now (see offer); BOOKED: the
 * subscriber held the offered nights; OFFER_EXPIRED: the offer lapsed unused; EXPIRED: the check-in
 * day came while waiting.
 */
export const CancellationSubscriptionState = specEnum(['WAITING', 'OFFERED', 'BOOKED', 'OFFER_EXPIRED', 'EXPIRED']);
export type CancellationSubscriptionState = (typeof CancellationSubscriptionState.values)[number];

const count = z.number().int().min(0).max(99);

export const WaitlistHeadcountSchema = z.object({
  adults: z.number().int().min(1).max(99),
  children: count.default(0),
  infants: count.default(0),
});

export const WaitlistOfferSchema = z.object({
  offeredAt: DateTimeSchema,
  /** Until then only the subscriber may hold the nights. */
  exclusiveUntil: DateTimeSchema,
  /** Whether the offer still keeps the nights (false once used or lapsed). */
  active: z.boolean(),
  /** The booking page for the offered nights and guests (a path inside the product). */
  bookingPath: z.string(),
});

export const CancellationSubscriptionSchema = z.object({
  id: z.string(),
  houseGroup: z.object({ id: z.string(), name: z.string(), placeName: z.string(), timezone: z.string() }),
  checkinDate: DateSchema,
  checkoutDate: DateSchema,
  headcount: WaitlistHeadcountSchema,
  state: CancellationSubscriptionState.strict,
  /** The latest offer made to this subscription, if any. */
  offer: WaitlistOfferSchema.nullable(),
  createdAt: DateTimeSchema,
});
export type CancellationSubscription = z.output<typeof CancellationSubscriptionSchema>;

const REFUSALS =
  'Refused: 404 CodeNotFound (no such house group), 400 CodeWaitlistStayTooLong, 400 CodeWaitlistDatesPast, 400 CodeWaitlistGuestsInvalid, 409 CodeWaitlistDatesAvailable (the nights are free: book them), 409 CodeWaitlistDuplicate, 429 CodeWaitlistLimitReached.';

export const createCancellationSubscription = defineMethod({
  path: 'create_cancellation_subscription',
  access: 'user',
  idempotent: true,
  summary: `Waits for taken nights of a house group: when they are freed, the caller is offered them in subscription order and notified (WAITLIST_DATES_FREED), with ${WAITLIST_EXCLUSIVE_MINUTES} minutes in which only they may hold them. At most ${WAITLIST_MAX_NIGHTS} nights, ${WAITLIST_MAX_OPEN} open subscriptions per account. ${REFUSALS}`,
  input: z
    .object({
      houseGroupId: TypedIdSchema,
      checkinDate: DateSchema,
      checkoutDate: DateSchema,
      headcount: WaitlistHeadcountSchema.strict(),
    })
    .strict(),
  output: z.object({ cancellationSubscription: CancellationSubscriptionSchema }),
});

export const listCancellationSubscriptions = defineMethod({
  path: 'list_cancellation_subscriptions',
  access: 'user',
  summary:
    "The caller's cancellation subscriptions, newest first (at most 100), each with its state and its latest offer.",
  input: z.object({}).strict(),
  output: z.object({ cancellationSubscriptions: z.array(CancellationSubscriptionSchema) }),
});

export const deleteCancellationSubscription = defineMethod({
  path: 'delete_cancellation_subscription',
  access: 'user',
  idempotent: true,
  summary:
    "Removes one of the caller's cancellation subscriptions; an active offer is given up and passes to the next subscriber. Refused: 404 CodeWaitlistSubscriptionNotFound (none of the caller's).",
  input: z.object({ cancellationSubscriptionId: TypedIdSchema }).strict(),
  output: z.object({}),
});

export const WAITLIST_METHODS = [
  createCancellationSubscription,
  listCancellationSubscriptions,
  deleteCancellationSubscription,
] as const;
