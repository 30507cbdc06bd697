import { z } from 'zod';
import { DateSchema, DateTimeSchema, IdSchema, TypedIdSchema } from './common.schema.js';
import { defineMethod } from './method.js';
import { ShareFractionSchema } from './ownership.contract.js';

/*
 * High-season allocation rounds (docs/decisions/0029-high-season-allocation.md): owners of a house
 * group rank the high-season periods a round offers during its request window; a seeded, recorded
 * draw allocates them by share and by earlier wins, and books the winners' own-use stays.
 */

/** The most periods one round offers. */
export const MAX_ROUND_PERIODS = 40;
/** The longest period a round offers, in nights. */
export const MAX_PERIOD_NIGHTS = 21;
/** The most periods an owner may rank in one round (a round may allow fewer). */
export const MAX_RANKED_PERIODS = 5;

/** SCHEDULED before its request window, OPEN during it, CLOSED after it until the draw has run, then DRAWN. */
export const AllocationRoundStatusSchema = z.enum(['SCHEDULED', 'OPEN', 'CLOSED', 'DRAWN']);
export type AllocationRoundStatus = z.infer<typeof AllocationRoundStatusSchema>;

export const AllocationPeriodSchema = z.object({
  periodId: z.string(),
  checkinDate: DateSchema,
  checkoutDate: DateSchema,
  nights: z.number().int(),
  /** Owners' stays allocated to the period by the draw (0 before it). */
  allocatedCount: z.number().int(),
});

export const AllocationRoundSchema = z.object({
  roundId: z.string(),
  houseGroupId: z.string(),
  houseGroupName: z.string(),
  /** The slot year whose high slots the periods take (a calendar year in the house group's zone). */
  slotYear: z.number().int(),
  opensAt: DateTimeSchema,
  closesAt: DateTimeSchema,
  status: AllocationRoundStatusSchema,
  /** The most periods an owner may rank. */
  maxRequests: z.number().int(),
  /** The adults a stay of the house group takes (its minimum adults and capacity). */
  minAdults: z.number().int(),
  maxAdults: z.number().int(),
  periods: z.array(AllocationPeriodSchema),
  /** Shares with a ranked list in the round. */
  requestCount: z.number().int(),
  createdAt: DateTimeSchema,
  drawnAt: DateTimeSchema.nullable(),
});

/** A share's ranked list: the periods best first, how many of them at most it wants, and the party size. */
export const AllocationRequestSchema = z.object({
  shareId: z.string(),
  periodIds: z.array(z.string()),
  wantedPeriods: z.number().int(),
  adults: z.number().int(),
  submittedAt: DateTimeSchema,
  /** The share's place in the draw's order (1 = first), once drawn. */
  drawPosition: z.number().int().nullable(),
});

/** A request as staff see it: with its holder. */
export const StaffAllocationRequestSchema = AllocationRequestSchema.extend({
  holderName: z.string(),
  romanizedHolderName: z.string(),
  userNumber: z.string(),
  fraction: ShareFractionSchema,
});

export const AllocationOutcomeSchema = z.enum(['PENDING', 'BOOKED', 'FAILED']);

/** A period the draw gave a share, and the own-use booking made for it. */
export const AllocationSchema = z.object({
  allocationId: z.string(),
  periodId: z.string(),
  shareId: z.string(),
  checkinDate: DateSchema,
  checkoutDate: DateSchema,
  nights: z.number().int(),
  /** The snake pass (1 = first) and the turn within the draw (1 = first) that allocated it. */
  pass: z.number().int(),
  turn: z.number().int(),
  outcome: AllocationOutcomeSchema,
  bookingId: z.string().nullable(),
  bookingNumber: z.string().nullable(),
  /** The reason code the booking was refused with (FAILED). */
  failureReason: z.string().nullable(),
});

/** One share's place in the draw's order and the numbers that put it there. */
export const DrawOrderEntrySchema = z.object({
  position: z.number().int(),
  shareId: z.string(),
  fraction: ShareFractionSchema,
  priorHighNights: z.number().int(),
  highSlotsAtDraw: z.number().int(),
  /** The share's uniform number from the seeded generator, in (0, 1). */
  random: z.number(),
  /** ln(random) / adjusted weight: the larger, the earlier. */
  priority: z.number(),
});

/** One turn of the draw: who chose, what they took (or why nothing), which better-ranked periods were passed over. */
export const DrawStepSchema = z.object({
  turn: z.number().int(),
  pass: z.number().int(),
  shareId: z.string(),
  periodId: z.string().nullable(),
  outcome: z.enum(['ALLOCATED', 'NOTHING_LEFT']),
  passedOver: z.array(z.object({ periodId: z.string(), reason: z.enum(['FULL', 'TOO_FEW_SLOTS', 'ALREADY_WON']) })),
});

export const DrawRecordSchema = z.object({
  seed: z.string(),
  algorithmVersion: z.string(),
  drawnAt: DateTimeSchema,
  drawnBy: z.string(),
  order: z.array(DrawOrderEntrySchema),
  steps: z.array(DrawStepSchema),
  /** The input the draw ran on, as recorded: running the same algorithm version on it with the seed gives `steps` again. */
  inputSnapshot: z.record(z.string(), z.unknown()),
});

/** One of the caller's shares of the round's house group: its high slots, its list and what it won. */
export const OwnerRoundShareSchema = z.object({
  shareId: z.string(),
  fraction: ShareFractionSchema,
  highSlotsRemaining: z.number().int(),
  request: AllocationRequestSchema.nullable(),
  allocations: z.array(AllocationSchema),
});

export const OwnerAllocationRoundSchema = AllocationRoundSchema.extend({ shares: z.array(OwnerRoundShareSchema) });

const SeedSchema = z
  .string()
  .trim()
  .max(64)
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, "-" and "_", at most 64');

const PeriodInputSchema = z.object({ checkinDate: DateSchema, checkoutDate: DateSchema }).strict();

export const staffCreateAllocationRound = defineMethod({
  path: 'staff_create_allocation_round',
  access: 'staff',
  idempotent: true,
  summary:
    "Creates a high-season allocation round for a house group: the slot year, the owners' request window (opensAt before closesAt, closing in the future) and the periods offered, each a check-in/check-out range of HIGH dates on sale of the season calendar, in the slot year, starting after the window closes, not overlapping each other nor a period of another round not drawn yet (409 CodeAllocationPeriodOverlaps). From now until its draw the periods' dates are reserved: first-come own-use holds of them are refused (CodeDatesReservedForAllocation). Audited.",
  input: z
    .object({
      houseGroupId: TypedIdSchema,
      slotYear: z.number().int().min(2000).max(2999),
      opensAt: DateTimeSchema,
      closesAt: DateTimeSchema,
      periods: z.array(PeriodInputSchema).min(1).max(MAX_ROUND_PERIODS),
      /** The most periods an owner may rank (default and most: 5). */
      maxRequests: z.number().int().min(1).max(MAX_RANKED_PERIODS).optional(),
    })
    .strict(),
  output: z.object({ round: AllocationRoundSchema }),
});

export const staffListAllocationRounds = defineMethod({
  path: 'staff_list_allocation_rounds',
  access: 'staff',
  summary: 'Allocation rounds, newest first (at most 200), optionally of one house group.',
  input: z.object({ houseGroupId: TypedIdSchema.optional() }).strict(),
  output: z.object({ rounds: z.array(AllocationRoundSchema) }),
});

export const staffRunAllocationDraw = defineMethod({
  path: 'staff_run_allocation_draw',
  access: 'staff',
  idempotent: true,
  summary:
    "Runs a round's draw once its request window has closed (409 CodeAllocationWindowNotClosed before): with the seed given, or a random one, it records the seed, the algorithm version, the input (shares, fractions, earlier high-season wins, high slots, ranked lists, the houses free per period) and every step, then books each allocated period as the winner's own-use stay. A second call returns the recorded draw (a seed given then is ignored) and finishes any booking left undone. Running the recorded algorithm on the recorded input with the seed gives the same steps.",
  input: z.object({ roundId: IdSchema, seed: SeedSchema.optional() }).strict(),
  output: z.object({
    round: AllocationRoundSchema,
    draw: DrawRecordSchema,
    allocations: z.array(AllocationSchema),
  }),
});

export const getAllocationRound = defineMethod({
  path: 'get_allocation_round',
  access: 'user',
  summary:
    "One allocation round. Staff see every request with its holder, every allocation and the draw's record; an owner of the house group sees the round, their own shares' requests, places in the order and allocations (anyone else, guests included: 404 CodeAllocationRoundNotFound).",
  input: z.object({ roundId: IdSchema }).strict(),
  output: z.object({
    round: AllocationRoundSchema,
    /** The caller's shares of the house group (owners). */
    shares: z.array(OwnerRoundShareSchema),
    /** Every request (staff only; empty for owners). */
    requests: z.array(StaffAllocationRequestSchema),
    /** Every allocation for staff; the caller's for owners. */
    allocations: z.array(AllocationSchema),
    /** The draw's record (staff only), null before the draw. */
    draw: DrawRecordSchema.nullable(),
  }),
});

export const listOpenAllocationRounds = defineMethod({
  path: 'list_open_allocation_rounds',
  access: 'owner',
  summary:
    "The allocation rounds of the house groups the caller holds a share of, for this slot year and later: open ones first, then scheduled, waiting for the draw and drawn, each soonest window first; each with the caller's shares, their high slots left, their ranked lists and what the draw gave them.",
  input: z.object({}).strict(),
  output: z.object({ rounds: z.array(OwnerAllocationRoundSchema) }),
});

export const submitAllocationRequests = defineMethod({
  path: 'submit_allocation_requests',
  access: 'owner',
  idempotent: true,
  summary:
    "Sets one of the caller's shares' ranked list in a round, replacing any earlier list: periods the round offers, best first, distinct, at most the round's maxRequests; how many of them at most the share wants (wantedPeriods, default 1) and the adults staying. Only while the window is open (409 CodeAllocationWindowClosed). Every period listed must fit the share's high slots left in the round's slot year (409 CodeInsufficientSlots): the draw pays high-season periods from high slots. Another owner's share: 404 CodeShareNotFound.",
  input: z
    .object({
      roundId: IdSchema,
      shareId: IdSchema,
      periodIds: z.array(IdSchema).min(1).max(MAX_RANKED_PERIODS),
      wantedPeriods: z.number().int().min(1).max(MAX_RANKED_PERIODS).optional(),
      adults: z.number().int().min(1).max(50),
    })
    .strict(),
  output: z.object({ request: AllocationRequestSchema }),
});

export const withdrawAllocationRequests = defineMethod({
  path: 'withdraw_allocation_requests',
  access: 'owner',
  summary:
    "Withdraws a share's ranked list from a round while its window is open (409 CodeAllocationWindowClosed after). Withdrawing a list that is not there is no error (withdrawn: false).",
  input: z.object({ roundId: IdSchema, shareId: IdSchema }).strict(),
  output: z.object({ withdrawn: z.boolean() }),
});

export const HIGH_SEASON_METHODS = [
  staffCreateAllocationRound,
  staffListAllocationRounds,
  staffRunAllocationDraw,
  getAllocationRound,
  listOpenAllocationRounds,
  submitAllocationRequests,
  withdrawAllocationRequests,
] as const;

export type AllocationRound = z.output<typeof AllocationRoundSchema>;
export type OwnerAllocationRound = z.output<typeof OwnerAllocationRoundSchema>;
export type Allocation = z.output<typeof AllocationSchema>;
